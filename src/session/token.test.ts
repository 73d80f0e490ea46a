import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeSessionToken, homeContext, isExpired, mayHaveTotp, parseSessionToken, readLinkToken, shortcutContext } from './token';
import { testToken } from '../testing/tokens';

afterEach(() => vi.restoreAllMocks());

describe('reading a session token', () => {
  it('reads the same token once, however often a step asks for its session', () => {
    const raw = testToken({ sub: 'u-8', aud: 'acme' });
    const first = parseSessionToken(raw);
    expect(parseSessionToken(raw)).toBe(first);
    expect(parseSessionToken(testToken({ sub: 'u-9', aud: 'acme' }))?.userId).toBe('u-9');
    expect(parseSessionToken(raw)).not.toBe(first);
    expect(parseSessionToken(raw)).toEqual(first);
  });

  it('reads exp, aud, contexts, userId, email, iss and keeps the raw text', () => {
    const raw = testToken({ sub: 'u-7', aud: 'acme', contexts: ['acme', 'meta'], email: 'ada@example.com', iss: 'https://auth', exp: 2000000000 });
    expect(parseSessionToken(raw)).toEqual({
      raw,
      exp: 2000000000,
      aud: 'acme',
      contexts: ['acme', 'meta'],
      userId: 'u-7',
      email: 'ada@example.com',
      iss: 'https://auth',
    });
  });

  it('reads how the user proved who they are, and takes a token that does not say as one that may have TOTP', () => {
    const withTotp = parseSessionToken(testToken({ amr: ['pwd', 'otp'] }));
    expect(withTotp?.amr).toEqual(['pwd', 'otp']);
    expect(mayHaveTotp(withTotp!)).toBe(true);
    expect(mayHaveTotp(parseSessionToken(testToken({ amr: ['pwd'] }))!)).toBe(false);
    expect(mayHaveTotp(parseSessionToken(testToken({}))!)).toBe(true);
  });

  it('takes the contexts from an object whose keys are the contexts, as the shared layer writes them', () => {
    expect(parseSessionToken(testToken({ contexts: { acme: true, vault: {} } }))?.contexts).toEqual(['acme', 'vault']);
  });

  it('reads userId when there is no sub', () => {
    expect(parseSessionToken(testToken({ sub: undefined, userId: 'u-9' }))?.userId).toBe('u-9');
  });

  it('reads the API audience of a token that only sets up MFA, whose audience names its kind', () => {
    const token = decodeSessionToken(testToken({ sub: 'u-7', aud: 'frontdoor/mfa-setup', contexts: [] }));
    expect(token).toMatchObject({ aud: 'frontdoor', contexts: [] });
  });

  it('is no session without sub or without aud', () => {
    expect(parseSessionToken(testToken({ sub: undefined }))).toBeUndefined();
    expect(parseSessionToken(testToken({ aud: undefined }))).toBeUndefined();
  });

  it('logs a token that cannot be parsed as an error and treats it as none', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseSessionToken('not-a-token.%%%.x')).toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
  });

  it("raises 'Unable to parse JWT' for a token missing its payload", () => {
    expect(() => decodeSessionToken('eyJhbGciOiJFUzI1NiJ9')).toThrow('Unable to parse JWT');
    expect(() => decodeSessionToken('eyJhbGciOiJFUzI1NiJ9..sig')).toThrow('Unable to parse JWT');
  });

  it('tells an expired token by its exp', () => {
    const token = parseSessionToken(testToken({ exp: 1000 }))!;
    expect(isExpired(token, 999_000)).toBe(false);
    expect(isExpired(token, 1_000_000)).toBe(true);
  });
});

describe('the home context of a session', () => {
  it('is the audience when the audience is one of its contexts', () => {
    expect(homeContext({ aud: 'acme', contexts: ['meta', 'acme'] })).toBe('acme');
  });

  it('is the first context when the audience is the API', () => {
    expect(homeContext({ aud: 'frontdoor', contexts: ['serviceProvider', 'acme'] })).toBe('serviceProvider');
  });

  it('is none without contexts', () => {
    expect(homeContext({ aud: 'frontdoor', contexts: [] })).toBeUndefined();
  });
});

describe('entering a company without asking', () => {
  it('takes the context the domain parameter names, whatever its case', () => {
    expect(shortcutContext(['serviceProvider', 'acme'], 'ACME')).toBe('acme');
  });

  it('takes the only context', () => {
    expect(shortcutContext(['vault'], undefined)).toBe('vault');
  });

  it('asks when there are several and the domain names none of them', () => {
    expect(shortcutContext(['meta', 'acme'], 'globex')).toBeUndefined();
    expect(shortcutContext(['meta', 'acme'], undefined)).toBeUndefined();
  });
});

describe('the token of an invitation or reset link', () => {
  it('is read from base64 and gives the e-mail', () => {
    const raw = testToken({ email: 'new@example.com' });
    expect(readLinkToken(btoa(raw))?.email).toBe('new@example.com');
    expect(readLinkToken(btoa(raw))?.raw).toBe(raw);
  });

  it('is none when missing, not base64, or not a session token, and the error is logged', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readLinkToken(undefined)).toBeUndefined();
    expect(readLinkToken('%%%')).toBeUndefined();
    expect(readLinkToken(btoa('not.a.token'))).toBeUndefined();
    expect(readLinkToken(btoa(testToken({ sub: undefined })))).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(2);
  });
});
