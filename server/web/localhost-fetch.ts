/**
 * fetch for the development front door's own names: `*.localhost` is this machine (RFC 6761), which
 * browsers know and Node's resolver does not. The demo apps reach the front door's OpenID Provider
 * with it, and the front door its development OpenID Provider (server/dev/).
 */
export function localhostFetch(url: string | URL, options?: RequestInit): Promise<Response> {
  const target = new URL(url);
  if (target.hostname.endsWith('.localhost')) target.hostname = '127.0.0.1';
  return fetch(target, options);
}
