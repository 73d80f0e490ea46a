import { describe, expect, it, vi } from 'vitest';
import { messageTargets, parentOrigin, tellParent, type AllowedParents } from './parent-message';

const platform: AllowedParents = { listed: [], platformHost: 'example.com', protocol: 'https:' };
const withListed: AllowedParents = { ...platform, listed: ['https://partner.example.org', 'https://other.example.net'] };

describe('messages to the parent window', () => {
  it("go to a parent on the platform's host or any subdomain of it, with no origin listed", () => {
    for (const origin of ['https://example.com', 'https://acme.example.com', 'https://acme.admin.example.com']) {
      expect(messageTargets(origin, platform), origin).toEqual([origin]);
    }
  });

  it('go to a parent on a listed origin', () => {
    expect(messageTargets('https://partner.example.org', withListed)).toEqual(['https://partner.example.org']);
  });

  it('go nowhere when the parent is on another origin, another scheme or another port', () => {
    for (const origin of ['https://evil.test', 'https://example.com.evil.test', 'http://acme.example.com', 'https://acme.example.com:8443', 'null']) {
      expect(messageTargets(origin, withListed), origin).toEqual([]);
    }
  });

  it("go to each listed origin and the platform's host, one by one, when the parent's origin is unknown", () => {
    expect(messageTargets(undefined, withListed)).toEqual(['https://partner.example.org', 'https://other.example.net', 'https://example.com']);
    expect(messageTargets(undefined, { ...platform, listed: ['https://example.com'] })).toEqual(['https://example.com']);
  });

  it('never go to every origin', () => {
    const wild = { ...platform, listed: ['*', 'https://portal.example.org/path', 'javascript:x', 'https://ok.example.org'] };
    expect(messageTargets(undefined, wild)).toEqual(['https://ok.example.org', 'https://example.com']);
    expect(messageTargets('*', wild)).toEqual([]);
  });

  it("learn the parent's origin from the browser's ancestor origins, else from the referrer", () => {
    const ancestors = (...origins: string[]) => ({ item: (index: number) => origins[index] ?? null });
    expect(parentOrigin({ ancestorOrigins: ancestors('https://acme.example.com') }, 'https://other.example.com/x')).toBe('https://acme.example.com');
    expect(parentOrigin({ ancestorOrigins: ancestors() }, 'https://acme.example.com/settings?tab=1')).toBe('https://acme.example.com');
    expect(parentOrigin({}, 'https://acme.example.com/')).toBe('https://acme.example.com');
    expect(parentOrigin({}, '')).toBeUndefined();
    expect(parentOrigin({}, 'not a url')).toBeUndefined();
  });

  it('are posted exactly as {action, success} to each target, and not without a parent', () => {
    const parent = { postMessage: vi.fn() };
    expect(tellParent(parent, ['https://acme.example.com'], { action: 'password-change', success: true })).toBe(1);
    expect(parent.postMessage.mock.calls).toEqual([[{ action: 'password-change', success: true }, 'https://acme.example.com']]);
    expect(tellParent(null, ['https://acme.example.com'], { action: 'password-change', success: false })).toBe(0);
    expect(tellParent(parent, [], { action: 'password-change', success: false })).toBe(0);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
  });
});
