import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appBaseUrl, impliedApp, platformSubdomain, redirectTarget, type PlatformLocation } from './redirect';

const front: PlatformLocation = { platformHost: 'example.com', currentHost: 'auth.example.com', protocol: 'https:' };

describe('the platform subdomain', () => {
  it('is the first label of the current host', () => {
    expect(platformSubdomain('acme.example.com')).toBe('acme');
  });

  it('is app when the first label names a platform site', () => {
    for (const label of ['admin', 'app', 'meta', 'services', 'auth', 'AUTH']) expect(platformSubdomain(`${label}.example.com`)).toBe('app');
  });

  it('is app for a bare host', () => {
    expect(platformSubdomain('localhost')).toBe('app');
  });
});

describe('the outbound URL shapes', () => {
  const acme: PlatformLocation = { ...front, currentHost: 'acme.example.com' };

  it('builds the portal, admin, marketplace and meta URLs', () => {
    expect(appBaseUrl('portal', acme).href).toBe('https://acme.example.com/');
    expect(appBaseUrl('admin', acme).href).toBe('https://acme.example.com/admin/');
    expect(appBaseUrl('marketplace', acme).href).toBe('https://services.example.com/');
    expect(appBaseUrl('meta', acme).href).toBe('https://meta.example.com/');
  });

  it('keeps the platform host port and a plain-http development front door', () => {
    expect(appBaseUrl('portal', { platformHost: 'frontdoor.localhost:8080', currentHost: 'auth.frontdoor.localhost', protocol: 'http:' }).href).toBe(
      'http://app.frontdoor.localhost:8080/',
    );
  });
});

describe('the redirect after sign-in', () => {
  it('goes to the app the context implies: marketplace, meta, else the portal', () => {
    expect(impliedApp('serviceProvider')).toBe('marketplace');
    expect(impliedApp('meta')).toBe('meta');
    expect(impliedApp('acme')).toBe('portal');
    expect(redirectTarget({ context: 'serviceProvider' }, front)).toBe('https://services.example.com/?context=serviceProvider');
    expect(redirectTarget({ context: 'acme' }, front)).toBe('https://app.example.com/?context=acme');
  });

  it('goes to the app of the query when it is a platform app', () => {
    expect(redirectTarget({ app: 'admin', context: 'acme' }, front)).toBe('https://app.example.com/admin/?context=acme');
    expect(redirectTarget({ app: 'unknown', context: 'meta' }, front)).toBe('https://meta.example.com/?context=meta');
    expect(redirectTarget({ app: '__proto__', context: 'acme' }, front)).toBe('https://app.example.com/?context=acme');
  });

  it('appends the route as a path and sets context in the query', () => {
    expect(redirectTarget({ context: 'acme', route: '/orders/7?tab=items#top' }, front)).toBe('https://app.example.com/orders/7?tab=items&context=acme#top');
    expect(redirectTarget({ app: 'admin', context: 'acme', route: '/users' }, front)).toBe('https://app.example.com/admin/users?context=acme');
  });

  it('takes a route without its leading slash as a path of the app', () => {
    expect(redirectTarget({ context: 'acme', route: 'orders/7' }, front)).toBe('https://app.example.com/orders/7?context=acme');
    expect(redirectTarget({ app: 'admin', context: 'acme', route: 'users?tab=2' }, front)).toBe('https://app.example.com/admin/users?tab=2&context=acme');
  });

  it('lands on the app itself when the route could leave it (rules/landing/app-route.ts)', () => {
    for (const route of [
      '//evil.example',
      'https://evil.example/',
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/./%2e/.//evil.example/x',
      '/x/.././/evil.example?a=1',
    ]) {
      expect(redirectTarget({ context: 'acme', route }, front), route).toBe('https://app.example.com/?context=acme');
      expect(redirectTarget({ app: 'admin', context: 'acme', route }, front), route).toBe('https://app.example.com/admin/?context=acme');
    }
  });
});

/** Values an attacker would put in app, domain or route. */
const hostile = fc.oneof(
  fc.constantFrom(
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/..%2F..%2Fevil',
    '/.%2e/%2e%2e/evil',
    'https://evil.example/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//user:pass@evil.example',
    '/@evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '@evil.example',
    'http://example.com.evil.example/',
    'https://exаmple.com/',
    'https://xn--exmple-4nf.com/',
    '/\u2215\u2215evil.example',
    '/\r\nLocation: https://evil.example',
    '/a\u0000b',
    ' /x',
    '/x#@evil.example',
    '\u3002evil.example',
    'evil.example',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.constantFrom('/', '//', '/\\', '\\', '@', 'http:', 'https:', ''), fc.domain()).map(([prefix, domain]) => `${prefix}${domain}`),
  fc.webUrl().map((url) => url.replace(/^https?:/, '')),
);

describe('a redirect built from hostile query values', () => {
  it('never leaves the platform hosts (1,000+ tries)', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, fc.constantFrom('acme', 'serviceProvider', 'meta'), (app, route, host, context) => {
        const location: PlatformLocation = { platformHost: 'example.com', currentHost: host, protocol: 'https:' };
        const url = new URL(redirectTarget({ app, route, context }, location));
        expect(url.protocol).toBe('https:');
        expect(url.username + url.password).toBe('');
        expect(url.hostname === 'example.com' || url.hostname.endsWith('.example.com')).toBe(true);
        expect(url.hostname.split('.')).toHaveLength(3);
        expect(url.pathname).not.toMatch(/^\/[/\\]/);
        expect(url.searchParams.get('context')).toBe(context);
      }),
      { numRuns: 1500 },
    );
  });
});
