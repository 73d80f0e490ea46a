/**
 * The new password and its repetition (flows 5): the rules of rules/password.ts, each with the key
 * of its text, and the repetition equal to the password. The screens show the rules ticking as
 * the person types and the first broken rule once the field is left.
 */
import { object, refine, string, type ZodMiniType } from 'zod/mini';
import { PASSWORD_RULES, brokenPasswordRules, type PasswordRule } from '../../rules/password';

export const ruleKey = (rule: PasswordRule) => `field.new-password.rule-${rule}`;
export const PASSWORDS_DIFFER = 'field.repeat-password.mismatch';

export const newPasswordSchema = string().check(...PASSWORD_RULES.map((rule) => refine<string>((value) => !brokenPasswordRules(value).includes(rule), ruleKey(rule))));

/** A form's new password and its repetition, which must be equal. */
export const newPasswordPairSchema = <Shape extends Record<string, ZodMiniType>>(others: Shape) =>
  object({ ...others, password: newPasswordSchema, repeat: string() })
    .check(
      refine((values) => {
        const { password, repeat } = values as { password: string; repeat: string };
        return password === repeat;
      }, { message: PASSWORDS_DIFFER, path: ['repeat'] }),
    );
