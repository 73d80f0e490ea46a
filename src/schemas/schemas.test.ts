import { describe, expect, it } from 'vitest';
import { emailErrors } from './email-rule';
import { newPasswordErrors, newPasswordPairErrors } from './new-password';

describe('the field rules', () => {
  it('take an e-mail by the rule of flows 5 and name the error by its key', () => {
    expect(emailErrors('jöhn@example.com')).toEqual([]);
    expect(emailErrors('john@example')).toEqual(['field.email.invalid']);
  });

  it('refuse an e-mail that holds more than one address', () => {
    for (const value of [
      'ada@example.com,victim@corp.example',
      'ada@example.com;victim@corp.example',
      'victim@corp.example<ada@example.com>',
      '"ada"@example.com',
    ]) {
      expect(emailErrors(value), value).toEqual(['field.email.invalid']);
    }
  });

  it('name every rule a new password breaks, in order', () => {
    expect(newPasswordErrors('abc')).toEqual(['field.new-password.rule-length', 'field.new-password.rule-uppercase', 'field.new-password.rule-digit']);
    expect(newPasswordErrors('Abcdefgh1')).toEqual([]);
  });

  it('want the repetition equal to the new password, whatever rules the password breaks', () => {
    expect(newPasswordPairErrors({ password: 'Abcdefgh1', repeat: 'Abcdefgh2' })).toEqual({ password: [], repeat: ['field.repeat-password.mismatch'] });
    expect(newPasswordPairErrors({ password: 'abc', repeat: '' }).repeat).toEqual(['field.repeat-password.mismatch']);
    expect(newPasswordPairErrors({ password: 'Abcdefgh1', repeat: 'Abcdefgh1' })).toEqual({ password: [], repeat: [] });
  });
});
