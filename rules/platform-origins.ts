/**
 * The platform's own origins (flows 4.10): its host (PLATFORM_HOST, with its port when it has one)
 * and every subdomain of it, over the front door's own scheme. They may frame the change-password
 * page and hear its message without being named in ALLOWED_PARENT_ORIGINS. Shared by the server,
 * which names them in the page's CSP `frame-ancestors`, and the app, which posts its message only to
 * a parent among the allowed origins.
 */

/** The platform host as a URL writes it: lower case, without the scheme's default port. */
function platformHostOf(protocol: string, platformHost: string): string | undefined {
  try {
    return new URL(`${protocol}//${platformHost}`).host;
  } catch {
    return undefined;
  }
}

/** The origin of the platform's host itself: `https://example.com`. */
export function platformOrigin(protocol: string, platformHost: string): string | undefined {
  const host = platformHostOf(protocol, platformHost);
  return host ? `${protocol}//${host}` : undefined;
}

/** The CSP sources of the platform's origins: `https://example.com https://*.example.com`. */
export function platformFrameSources(protocol: string, platformHost: string): string[] {
  const host = platformHostOf(protocol, platformHost);
  return host ? [`${protocol}//${host}`, `${protocol}//*.${host}`] : [];
}

/** Whether an origin (`https://portal.example.com`) is the platform's own or one of its subdomains. */
export function isPlatformOrigin(origin: string, protocol: string, platformHost: string): boolean {
  const host = platformHostOf(protocol, platformHost);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // The exact origin, as a browser gives it: no path, no user, the same scheme.
  if (!host || url.origin !== origin || url.protocol !== protocol) return false;
  return url.host === host || url.host.endsWith(`.${host}`);
}
