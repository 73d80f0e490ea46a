import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionCookies,
  hasSkippedMfa,
  readSessionCookie,
  sessionCookieAttributes,
  skipMfaCookieAttributes,
  writeContextCookies,
  writeSessionCookie,
  writeSkipMfaCookie,
} from './cookies';
import { parseSessionToken } from './token';
import { contextCookieName } from '../../rules/session-cookies';
import { testToken } from '../testing/tokens';

afterEach(() => {
  clearSessionCookies(undefined, ['acme']);
  for (const cookie of document.cookie.split('; ')) document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

const ADA = '3f0c9a8e-5b7d-4c1e-9f2a-6d8b7e4a1c05';
const BOB = '9b2d7c41-0e6f-4a8b-b3c5-1d2e3f4a5b6c';

describe('the session cookie', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('expires at 80 % of the token remaining lifetime', () => {
    const exp = now / 1000 + 10_000;
    expect(sessionCookieAttributes({ exp }, now).expires.getTime()).toBe(now + 8_000_000);
  });

  it('expires at once for a token already expired', () => {
    expect(sessionCookieAttributes({ exp: now / 1000 - 60 }, now).expires.getTime()).toBe(now);
  });

  it('is SameSite=Strict and on Path=/, and Secure only on an https page: WebKit drops a Secure cookie written over http', () => {
    expect(location.protocol).toBe('http:');
    expect(sessionCookieAttributes({ exp: now / 1000 + 60 }, now)).toMatchObject({ secure: false, samesite: 'Strict', path: '/' });
    vi.stubGlobal('location', { protocol: 'https:', hostname: 'auth.example.com' });
    try {
      expect(sessionCookieAttributes({ exp: now / 1000 + 60 }, now)).toMatchObject({ secure: true, samesite: 'Strict', path: '/' });
    } finally {
      vi.unstubAllGlobals();
    }
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

  it("is stored as 'true' under the name of the user who skipped", () => {
    expect(hasSkippedMfa(ADA)).toBe(false);
    writeSkipMfaCookie(undefined, ADA);
    expect(document.cookie).toContain(`skipMfa_${ADA}=true`);
    expect(hasSkippedMfa(ADA)).toBe(true);
  });

  it('skips MFA setup only for the user who chose Skip, not for another user of the browser', () => {
    writeSkipMfaCookie(undefined, ADA);
    expect(hasSkippedMfa(BOB)).toBe(false);
  });

  it('is not written for a user id that cannot stand in a cookie name', () => {
    writeSkipMfaCookie(undefined, 'x; Domain=example.com');
    expect(document.cookie).toBe('');
    expect(hasSkippedMfa('x; Domain=example.com')).toBe(false);
  });
});

describe('writing and clearing the session cookies', () => {
  it('writes the token to the session cookie, and to token_{context} for a context entered', () => {
    const raw = testToken();
    writeSessionCookie(parseSessionToken(raw)!, undefined);
    expect(readSessionCookie()).toBe(raw);
    expect(document.cookie).not.toContain('token_acme');
    writeContextCookies(parseSessionToken(raw)!, undefined, ['acme']);
    expect(document.cookie).toContain(`token_acme=${raw}`);
    clearSessionCookies(undefined, ['acme']);
    expect(readSessionCookie()).toBeNull();
    expect(document.cookie).not.toContain('token_acme');
  });
});

describe('the contexts that name cookies', () => {
  it('are only those that match the context pattern: no cookie is named after anything else', () => {
    const raw = testToken();
    writeSessionCookie(parseSessionToken(raw)!, undefined);
    writeContextCookies(parseSessionToken(raw)!, undefined, ['acme=x; Max-Age=31536000; Path=/', 'globex']);
    const names = document.cookie.split('; ').map((cookie) => cookie.split('=')[0]);
    expect(names.sort()).toEqual(['token', 'token_globex']);
    clearSessionCookies(undefined, ['globex']);
  });

  it('are only those that match the context pattern when cookies are cleared too', () => {
    document.cookie = 'token_acme=kept; path=/';
    clearSessionCookies(undefined, ['acme=; Path=/']);
    expect(document.cookie).toContain('token_acme=kept');
  });
});
