/**
 * Where the front door sends a signed-in user (flows 4.9) and the platform's outbound URL shapes
 * (flows 2): portal {subdomain}.{host}, admin {subdomain}.{host}/admin/, the marketplace (services)
 * and the meta site. Pure functions of their inputs; a redirect never leaves the platform's hosts,
 * whatever the query says (the carried `app` and `route` come from links anyone can write).
 */
import { appRoute } from '../../rules/landing/app-route';

export type PlatformApp = 'portal' | 'admin' | 'marketplace' | 'meta';

/** Labels that name a platform site rather than a company (flows 2). */
export const KNOWN_SUBDOMAINS = ['admin', 'app', 'meta', 'services', 'auth'] as const;
const DEFAULT_SUBDOMAIN = 'app';

export interface PlatformLocation {
  /** The platform's host, with its port when it has one: example.com, frontdoor.localhost:8080. */
  platformHost: string;
  /** The front door's own hostname, whose first label names the company (flows 2). */
  currentHost: string;
  /** http: or https:, as the front door itself is served. */
  protocol: string;
}

/** The first label of the current host, unless it names a platform site; then `app` (flows 2). */
export function platformSubdomain(currentHost: string): string {
  const label = currentHost.split('.')[0]?.toLowerCase() ?? '';
  const isCompany = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label) && currentHost.includes('.');
  return isCompany && !(KNOWN_SUBDOMAINS as readonly string[]).includes(label) ? label : DEFAULT_SUBDOMAIN;
}

const APP_ALIASES: Record<string, PlatformApp> = {
  portal: 'portal',
  admin: 'admin',
  marketplace: 'marketplace',
  services: 'marketplace',
  meta: 'meta',
};

/** The app a context implies: serviceProvider the marketplace, meta the meta site, else the portal (flows 4.9). */
export function impliedApp(context: string): PlatformApp {
  if (context === 'serviceProvider') return 'marketplace';
  if (context === 'meta') return 'meta';
  return 'portal';
}

/** The app named in the query when it is one of the platform's, else the one the context implies. */
export function targetApp(app: string | undefined, context: string): PlatformApp {
  // Own keys only: a query value such as `__proto__` must not find the object's prototype.
  const alias = app?.toLowerCase();
  return (alias && Object.hasOwn(APP_ALIASES, alias) && APP_ALIASES[alias]) || impliedApp(context);
}

function scheme(protocol: string): 'http:' | 'https:' {
  return protocol === 'http:' ? 'http:' : 'https:';
}

/** The root URL of a platform app (flows 2, outbound URL shapes). */
export function appBaseUrl(app: PlatformApp, location: PlatformLocation): URL {
  const origin = (sub: string) => `${scheme(location.protocol)}//${sub}.${location.platformHost}`;
  switch (app) {
    case 'portal':
      return new URL(`${origin(platformSubdomain(location.currentHost))}/`);
    case 'admin':
      return new URL(`${origin(platformSubdomain(location.currentHost))}/admin/`);
    case 'marketplace':
      return new URL(`${origin('services')}/`);
    case 'meta':
      return new URL(`${origin('meta')}/`);
  }
}

/**
 * The URL of the app to land in after sign-in (flows 4.9): the app from the query or implied by the
 * context, the route appended as a path inside it (rules/landing/app-route.ts), and `context` set in the query.
 */
export function redirectTarget(target: { app?: string | undefined; route?: string | undefined; context: string }, location: PlatformLocation): string {
  const app = targetApp(target.app, target.context);
  const base = appBaseUrl(app, location);
  const route = appRoute(target.route);
  const url = new URL(base.href);
  if (route) {
    const routed = new URL(route, base.origin);
    // The app's own prefix stays: the admin area lives under /admin/.
    url.pathname = `${base.pathname.replace(/\/$/, '')}${routed.pathname}`;
    url.search = routed.search;
    url.hash = routed.hash;
  }
  url.searchParams.set('context', target.context);
  return url.href;
}
