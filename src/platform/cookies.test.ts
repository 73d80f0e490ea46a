import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSessionCookies,
  cookieDomainFor,
  contextCookieName,
  hasSkippedMfa,
  readSessionCookie,
  sessionCookieAttributes,
  skipMfaCookieAttributes,
  writeSessionCookies,
  writeSkipMfaCookie,
} from './cookies';
import { parseSessionToken } from '../session/token';
import { testToken } from '../testing/tokens';

afterEach(() => {
  clearSessionCookies(undefined, ['acme']);
  document.cookie = 'skipMfa=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the session cookie', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('expires at 80 % of the token remaining lifetime', () => {
    const exp = now / 1000 + 10_000;
    expect(sessionCookieAttributes({ exp }, now).expires.getTime()).toBe(now + 8_000_000);
  });

  it('expires at once for a token already expired', () => {
    expect(sessionCookieAttributes({ exp: now / 1000 - 60 }, now).expires.getTime()).toBe(now);
  });

  it('is Secure, SameSite=Strict and on Path=/', () => {
    const attributes = sessionCookieAttributes({ exp: now / 1000 + 60 }, now);
    expect(attributes).toMatchObject({ secure: true, samesite: 'Strict', path: '/' });
  });

  it("is set on the product's domain when one is configured, else on the front door's host", () => {
    expect(sessionCookieAttributes({ exp: 0 }, now, 'example.com').domain).toBe('example.com');
    expect(sessionCookieAttributes({ exp: 0 }, now)).not.toHaveProperty('domain');
  });

  it('names per-context cookies token_ followed by the context', () => {
    expect(contextCookieName('acme')).toBe('token_acme');
  });
});

describe('the skip-MFA cookie', () => {
  it('expires 0 days ahead: at the end of the day it is set', () => {
    const setAt = new Date(2026, 10, 22, 9, 30).getTime();
    const expires = skipMfaCookieAttributes(setAt).expires;
    expect([expires.getFullYear(), expires.getMonth(), expires.getDate(), expires.getHours(), expires.getMinutes()]).toEqual([2026, 10, 22, 23, 59]);
  });

  it("is stored as 'true'", () => {
    expect(hasSkippedMfa()).toBe(false);
    writeSkipMfaCookie(undefined);
    expect(document.cookie).toContain('skipMfa=true');
    expect(hasSkippedMfa()).toBe(true);
  });
});

describe('writing and clearing the session cookies', () => {
  it('writes the token to the session cookie and, given a context, to token_{context}', () => {
    const raw = testToken();
    writeSessionCookies(parseSessionToken(raw)!, undefined, 'acme');
    expect(readSessionCookie()).toBe(raw);
    expect(document.cookie).toContain(`token_acme=${raw}`);
    clearSessionCookies(undefined, ['acme']);
    expect(readSessionCookie()).toBeNull();
    expect(document.cookie).not.toContain('token_acme');
  });
});

describe('the domain of the cookies', () => {
  it("is the product's domain when the page is on it", () => {
    expect(cookieDomainFor('frontdoor.localhost', 'auth.frontdoor.localhost')).toBe('frontdoor.localhost');
    expect(cookieDomainFor('.example.com', 'example.com')).toBe('example.com');
  });

  it("is none when the page is reached by another name, so the cookie stays on the page's host", () => {
    expect(cookieDomainFor('frontdoor.localhost', '127.0.0.1')).toBeUndefined();
    expect(cookieDomainFor('example.com', 'evilexample.com')).toBeUndefined();
    expect(cookieDomainFor(undefined, 'auth.example.com')).toBeUndefined();
  });
});
