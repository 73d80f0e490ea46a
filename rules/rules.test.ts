import { describe, expect, it } from 'vitest';
import { emailDomain, isEmail } from './email';
import { brokenPasswordRules } from './password';
import { preferredLanguage, primaryLanguage, requestLanguage, supportedLanguage } from './languages';
import { isMfaCode } from './mfa-code';
import { fillPath, matchPath } from './route-pattern';

describe('the e-mail rule', () => {
  it('accepts non-space text, an at sign, non-space text, a dot and non-space text', () => {
    expect(isEmail('ada@example.com')).toBe(true);
    expect(isEmail('jöhn@exämple.co.uk')).toBe(true);
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(185)}.com`)).toBe(true);
  });

  it('refuses what lacks a part, holds a space or is longer than 254 characters', () => {
    for (const value of ['', 'ada', 'ada@example', '@example.com', 'ada@.com', 'ada@example.', 'a da@example.com', `${'a'.repeat(64)}@${'b'.repeat(186)}.com`]) {
      expect(isEmail(value), value).toBe(false);
    }
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

  it('picks the first supported language of a preference list', () => {
    expect(preferredLanguage(['pt-BR', 'fr-FR', 'de'])).toBe('fr');
    expect(preferredLanguage(['pt-BR', 'ja'])).toBe('en');
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
