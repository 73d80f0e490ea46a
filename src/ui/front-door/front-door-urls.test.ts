import { describe, expect, it } from 'vitest';
import { changePasswordUrl, companySelectionUrl, companyUrl, loginUrl, logoutUrl, termsUrl } from './front-door-urls';

const FRONT_DOOR = 'https://auth.example.com';

describe('links into the front door', () => {
  it('sign in with every parameter the front door carries, in one order', () => {
    expect(loginUrl(FRONT_DOOR, { locale: 'de', route: '/orders/7', context: 'acme', domain: 'acme.com', app: 'portal' })).toBe(
      'https://auth.example.com/login?app=portal&domain=acme.com&route=%2Forders%2F7&context=acme&locale=de',
    );
  });

  it('sign in with no parameters, leaving out empty ones', () => {
    expect(loginUrl(FRONT_DOOR)).toBe('https://auth.example.com/login');
    expect(loginUrl(`${FRONT_DOOR}/`, { app: '', route: undefined })).toBe('https://auth.example.com/login');
  });

  it('encode every value, so none can add a parameter or change the path', () => {
    const url = new URL(loginUrl(FRONT_DOOR, { route: '/a b?tab=2&x=1#top', domain: 'ac&me=1' }));
    expect(url.pathname).toBe('/login');
    expect([...url.searchParams]).toEqual([
      ['domain', 'ac&me=1'],
      ['route', '/a b?tab=2&x=1#top'],
    ]);
    expect(url.hash).toBe('');
  });

  it('enter a company, its context a path segment of its own', () => {
    expect(companyUrl(FRONT_DOOR, 'acme', { app: 'admin', route: '/users' })).toBe('https://auth.example.com/company/acme?app=admin&route=%2Fusers');
    expect(companyUrl(FRONT_DOOR, 'a/b?c')).toBe('https://auth.example.com/company/a%2Fb%3Fc');
  });

  it('refuse a context that is no path segment of its own', () => {
    for (const context of ['', '.', '..']) {
      expect(() => companyUrl(FRONT_DOOR, context)).toThrow(RangeError);
      expect(() => termsUrl(FRONT_DOOR, context)).toThrow(RangeError);
    }
  });

  it("show a company's terms", () => {
    expect(termsUrl(FRONT_DOOR, 'acme', { app: 'portal', locale: 'fr' })).toBe('https://auth.example.com/company/acme/terms?app=portal&locale=fr');
    expect(termsUrl(FRONT_DOOR, '../x')).toBe('https://auth.example.com/company/..%2Fx/terms');
  });

  it('choose among the companies', () => {
    expect(companySelectionUrl(FRONT_DOOR, { app: 'meta' })).toBe('https://auth.example.com/company?app=meta');
  });

  it('sign out', () => {
    expect(logoutUrl(FRONT_DOOR)).toBe('https://auth.example.com/logout');
    expect(logoutUrl('http://auth.frontdoor.localhost:8080', { locale: 'az' })).toBe('http://auth.frontdoor.localhost:8080/logout?locale=az');
  });

  it('embed the change-password page', () => {
    expect(changePasswordUrl(FRONT_DOOR)).toBe('https://auth.example.com/change-password');
    expect(changePasswordUrl(FRONT_DOOR, { locale: 'it' })).toBe('https://auth.example.com/change-password?locale=it');
  });

  it('refuse a front door that is not an absolute URL', () => {
    expect(() => loginUrl('auth.example.com')).toThrow(TypeError);
  });
});
