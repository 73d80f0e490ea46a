/**
 * The cookies a request carries, by name, from its Cookie header (RFC 6265 section 4.2). A value
 * that is not valid percent-encoding is left out: it was not written by this server.
 */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const parts = pair.trim().split('=');
    if (parts.length !== 2) continue;
    try {
      jar.set(parts[0]!, decodeURIComponent(parts[1]!));
    } catch {
      // A malformed value: ignored.
    }
  }
  return jar;
}
