import { contextCookieName, isSessionCookieName } from './session-cookies';
import { describe, expect, it } from 'vitest';
import { EMAIL_INPUT_PATTERN, EMAIL_PATTERN, emailDomain, isEmail } from './email';
import { brokenPasswordRules } from './password';
import { primaryLanguage, requestLanguage, supportedLanguage } from './languages';
import { isMfaCode } from './mfa-code';
import { fillPath, matchPath } from './route-pattern';

describe('the e-mail rule', () => {
  it('accepts one address: plain, plus-addressed, in any script, with an IDN domain, up to 254 characters', () => {
    for (const value of [
      'ada@example.com',
      'ada.lovelace+newsletter@example.com',
      "o'brien@example.co.uk",
      'jöhn@exämple.co.uk',
      'ada@例え.テスト',
      'ada@xn--bcher-kva.example',
      `${'a'.repeat(64)}@${'b'.repeat(185)}.com`,
      // Counted in characters, as JSON Schema's maxLength counts them: an astral letter is one.
      `${'𝒜'.repeat(64)}@${'b'.repeat(185)}.com`,
    ]) {
      expect(isEmail(value), value).toBe(true);
    }
  });

  it('refuses what lacks a part or is longer than 254 characters', () => {
    for (const value of [
      '',
      'ada',
      'ada@example',
      '@example.com',
      'ada@.com',
      'ada@example.',
      'ada@example..com',
      `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
    ]) {
      expect(isEmail(value), value).toBe(false);
    }
  });

  it('refuses lists, quotes, angle brackets, comments and escapes, which a mailer reads as other addresses', () => {
    for (const value of [
      'a@evil.example,victim@corp.example',
      'a@evil.example;victim@corp.example',
      'victim@corp.example<a@evil.example>',
      '<a@evil.example>',
      '"x"@evil.example',
      '"victim@corp.example"@evil.example',
      'a(victim@corp.example)@evil.example',
      'a@evil.example(comment)',
      'a\\b@evil.example',
      'undisclosed:victim@corp.example',
      'a@evil.example@corp.example',
      'a@[127.0.0.1]',
    ]) {
      expect(isEmail(value), value).toBe(false);
    }
  });

  it('refuses whitespace and control characters anywhere, NUL and Unicode line separators included', () => {
    for (const character of ['\u0000', '\t', '\n', '\r', ' ', '\u007f', '\u0085', '\u00a0', '\u2028', '\u2029', '\u202e', '\ufeff']) {
      for (const value of [`ada${character}@example.com`, `ada@exa${character}mple.com`, `ada@example.com${character}`]) {
        expect(isEmail(value), JSON.stringify(value)).toBe(false);
      }
    }
    expect(isEmail('ada@example.com\r\nBcc: victim@corp.example')).toBe(false);
  });

  it('takes a local part of dot-separated atoms and a domain of labels of letters, digits and inner hyphens', () => {
    for (const value of [
      '.ada@example.com',
      'ada.@example.com',
      'a..da@example.com',
      'ada@exa_mple.com',
      'ada@exam!ple.com',
      'ada@-.com',
      'ada@example-.com',
      'ada@example.-com',
    ]) {
      expect(isEmail(value), value).toBe(false);
    }
  });
});

describe('the e-mail pattern', () => {
  it('holds no angle bracket, so it sits in an HTML attribute that is read up to the first >', () => {
    expect(EMAIL_PATTERN.source).not.toMatch(/[<>]/);
    expect(EMAIL_INPUT_PATTERN).not.toMatch(/[<>]/);
  });

  it('for an input, compiled as browsers compile it, takes exactly the strings the rule takes', () => {
    const rule = new RegExp(EMAIL_PATTERN.source, 'u');
    const input = new RegExp(`^(?:${EMAIL_INPUT_PATTERN})$`, 'v');
    // Every string of up to six of these: letters of two scripts, a combining mark, a digit, the
    // separators the rule places, a special, whitespace and a line break.
    const characters = ['a', 'ä', '\u0301', '1', '-', '.', '@', '"', ' ', '\n'];
    const differ: string[] = [];
    const each = (value: string, more: number): void => {
      if (rule.test(value) !== input.test(value)) differ.push(value);
      if (more > 0) for (const character of characters) each(value + character, more - 1);
    };
    each('', 6);
    for (const value of [
      'ada.lovelace+newsletter@example.com',
      'ada@例え.テスト',
      'a-.b@x.y',
      'a@b--c.d',
      'a@b.c-d.e',
      'a@b.-c.d',
      'a@b.c-',
      `${'a.'.repeat(40)}a@b.c`,
    ]) {
      if (rule.test(value) !== input.test(value)) differ.push(value);
    }
    expect(differ).toEqual([]);
  });

  it("compiles with the v flag, as browsers compile an input's pattern", () => {
    const inBrowsers = new RegExp(`^(?:${EMAIL_PATTERN.source})$`, 'v');
    expect(inBrowsers.test('jöhn@exämple.com')).toBe(true);
    expect(inBrowsers.test('a@evil.example,victim@corp.example')).toBe(false);
  });
});

describe('the domain of an e-mail address', () => {
  it('is the part after the last at sign, lower-case', () => {
    expect(emailDomain('Ada@Example.COM')).toBe('example.com');
    expect(emailDomain('"a@b"@globex.example')).toBe('globex.example');
  });
});

describe('the new-password rules', () => {
  it('accepts 9 characters with a lowercase letter, an uppercase letter and a digit', () => {
    expect(brokenPasswordRules('Abcdefgh1')).toEqual([]);
  });

  it('names each rule a password breaks, in order', () => {
    expect(brokenPasswordRules('')).toEqual(['length', 'lowercase', 'uppercase', 'digit']);
    expect(brokenPasswordRules('abcdefgh1')).toEqual(['uppercase']);
    expect(brokenPasswordRules('ABCDEFGH1')).toEqual(['lowercase']);
    expect(brokenPasswordRules('Abcdefghi')).toEqual(['digit']);
    expect(brokenPasswordRules('Abcdef1')).toEqual(['length']);
  });

  it('counts characters, not UTF-16 units, and bounds the length at 1024', () => {
    expect(brokenPasswordRules('Aa1😀😀😀😀😀')).toEqual(['length']);
    expect(brokenPasswordRules(`Aa1${'x'.repeat(1021)}`)).toEqual([]);
    expect(brokenPasswordRules(`Aa1${'x'.repeat(1022)}`)).toEqual(['length']);
  });
});

describe('the language rule', () => {
  it('takes the first part of the tag, lower-case', () => {
    expect(primaryLanguage('AZ-Latn-AZ')).toBe('az');
    expect(supportedLanguage('de-CH')).toBe('de');
  });

  it('falls back to English for an unsupported or missing language', () => {
    expect(supportedLanguage('es-ES')).toBe('en');
    expect(supportedLanguage('')).toBe('en');
    expect(supportedLanguage(undefined)).toBe('en');
  });
});

describe('the MFA code rule', () => {
  it('takes exactly six digits', () => {
    expect(isMfaCode('012345')).toBe(true);
    expect(isMfaCode('12345')).toBe(false);
    expect(isMfaCode('1234567')).toBe(false);
    expect(isMfaCode('12345a')).toBe(false);
  });
});

describe('route patterns', () => {
  it('match a path and read its parameters', () => {
    expect(matchPath('/company/$context/terms', '/company/acme/terms')).toEqual({ context: 'acme' });
    expect(matchPath('/company/$context/terms', '/company/a%20b/terms')).toEqual({ context: 'a b' });
    expect(matchPath('/login', '/login/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
  });

  it('refuse a path of another shape, an empty parameter or a broken encoding', () => {
    expect(matchPath('/login', '/login/password')).toBeUndefined();
    expect(matchPath('/company/$context/terms', '/company//terms')).toBeUndefined();
    expect(matchPath('/company/$context', '/company/%E0%A4%A')).toBeUndefined();
    expect(matchPath('/', '/login')).toBeUndefined();
  });

  it('ignore any number of trailing slashes, in a time that grows with the path, not its square', () => {
    const started = performance.now();
    expect(matchPath('/login', `/login${'/'.repeat(100_000)}`)).toEqual({});
    expect(matchPath('/', '/'.repeat(100_000))).toEqual({});
    expect(matchPath('/login', `${'/'.repeat(100_000)}x`)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('fill a pattern with encoded parameters', () => {
    expect(fillPath('/company/$context/terms', { context: 'a/b' })).toBe('/company/a%2Fb/terms');
  });
});

describe('the language of a register or forgot-password request', () => {
  it('is the first part of the browser language, lower-case, even one the front door does not speak', () => {
    expect(requestLanguage('ES-es')).toBe('es');
    expect(requestLanguage('de-CH')).toBe('de');
  });

  it('is en without a browser language', () => {
    expect(requestLanguage('')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });
});

describe('the session cookies’ names', () => {
  it('are token and token_ with a context, nothing else', () => {
    expect(contextCookieName('acme')).toBe('token_acme');
    for (const name of ['token', 'token_acme', 'token_a-b_c']) expect(isSessionCookieName(name), name).toBe(true);
    for (const name of ['tokens', 'token_', 'token_-acme', 'token_acme;', 'frontdoor_device', 'xtoken']) expect(isSessionCookieName(name), name).toBe(false);
  });
});
