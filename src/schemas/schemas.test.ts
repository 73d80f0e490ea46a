import { describe, expect, it } from 'vitest';
import { minLength, string } from 'zod/mini';
import { emailSchema } from './email';
import { newPasswordPairSchema, newPasswordSchema } from './new-password';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the field schemas', () => {
  it('take an e-mail by the rule of flows 5 and name the error by its key', () => {
    expect(emailSchema.safeParse('jöhn@example.com').success).toBe(true);
    expect(messages(emailSchema.safeParse('john@example'))).toEqual([['', 'field.email.invalid']]);
  });

  it('refuse an e-mail that holds more than one address', () => {
    for (const value of ['ada@example.com,victim@corp.example', 'ada@example.com;victim@corp.example', 'victim@corp.example<ada@example.com>', '"ada"@example.com']) {
      expect(messages(emailSchema.safeParse(value)), value).toEqual([['', 'field.email.invalid']]);
    }
  });

  it('name every rule a new password breaks, in order', () => {
    expect(messages(newPasswordSchema.safeParse('abc'))).toEqual([
      ['', 'field.new-password.rule-length'],
      ['', 'field.new-password.rule-uppercase'],
      ['', 'field.new-password.rule-digit'],
    ]);
    expect(newPasswordSchema.safeParse('Abcdefgh1').success).toBe(true);
  });

  it('want the repetition equal to the new password', () => {
    const schema = newPasswordPairSchema({});
    expect(messages(schema.safeParse({ password: 'Abcdefgh1', repeat: 'Abcdefgh2' }))).toEqual([['repeat', 'field.repeat-password.mismatch']]);
    expect(schema.safeParse({ password: 'Abcdefgh1', repeat: 'Abcdefgh1' }).success).toBe(true);
  });

  it('compose with other fields', () => {
    const schema = newPasswordPairSchema({ current: string().check(minLength(1, 'field.current-password.required')) });
    expect(messages(schema.safeParse({ current: '', password: 'Abcdefgh1', repeat: 'Abcdefgh1' }))).toEqual([['current', 'field.current-password.required']]);
  });
});
