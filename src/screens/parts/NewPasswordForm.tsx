import type { ReactNode } from 'react';
import { Button, Field, PasswordField, RuleList, useFormModel } from '@frontdoor/ui';
import { useT } from '../../i18n/t';
import { CURRENT_PASSWORD_MISSING, changedPasswordErrors, newPasswordPairErrors, ruleKey } from '../../schemas/new-password';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULES, brokenPasswordRules } from '../../../rules/password';
import { shown } from './field-errors';

export interface NewPassword {
  password: string;
  currentPassword?: string;
}

/** A password the server refused, and its error, translated. */
export interface Refused {
  password: string;
  error: string;
}

/** The field's own state, or the server's refusal while the field still holds the refused password. */
function refusedOr(refused: Refused | undefined, value: string, own: { required: boolean; errors: string[] | undefined }) {
  return refused && refused.password === value ? { required: own.required, errors: [refused.error] } : own;
}

export interface NewPasswordFormProps {
  heading: string;
  intro?: ReactNode;
  /** The account's e-mail, shown read-only so password managers save the new pair. */
  email: string | undefined;
  /** Ask for the current password too (a change from a session, not from a link). */
  askCurrent?: boolean;
  /** The server refused this current password: its error, translated, stays on the field while it holds that password. */
  currentRefused?: Refused;
  /** The server refused this new password (one attackers try first): its error stays on the field while it holds it. */
  passwordRefused?: Refused;
  submitLabel: string;
  onSubmit(values: NewPassword): Promise<void>;
  children?: ReactNode;
}

/**
 * A new password and its repetition (flows 5, PasswordUpdate, Signup, PasswordChange): each rule
 * ticks as it is met while the person types; once the field is left its first broken rule shows
 * and the rules turn to the error style; Continue stays disabled until both fields are right.
 */
export function NewPasswordForm({
  heading,
  intro,
  email,
  askCurrent = false,
  currentRefused,
  passwordRefused,
  submitLabel,
  onSubmit,
  children,
}: NewPasswordFormProps) {
  const t = useT();
  const form = useFormModel({
    initialValues: { current: '', password: '', repeat: '' },
    validate: ({ current, ...pair }) =>
      askCurrent
        ? { ...changedPasswordErrors({ current, ...pair }), current: current ? [] : [CURRENT_PASSWORD_MISSING] }
        : { ...newPasswordPairErrors(pair), current: [] },
    required: askCurrent ? ['current', 'password', 'repeat'] : ['password', 'repeat'],
    onSubmit: ({ current, password }) => onSubmit({ password, ...(askCurrent ? { currentPassword: current } : {}) }),
  });
  const password = form.field('password');
  const current = form.field('current');
  const currentShown = refusedOr(currentRefused, form.values.current, shown(current, t));
  const broken = brokenPasswordRules(form.values.password);
  const passwordTexts = { showLabel: t('field.password.show'), hideLabel: t('field.password.hide') };

  return (
    <form ref={form.ref} className="fd-card" noValidate>
      <h1>{heading}</h1>
      {intro && <p className="fd-card__intro">{intro}</p>}
      {email !== undefined && <Field label={t('field.email.label')} name="username" type="email" autoComplete="username" value={email} readOnly />}
      {askCurrent && (
        <PasswordField label={t('field.current-password.label')} name="current" autoComplete="current-password" {...passwordTexts} {...currentShown} />
      )}
      <PasswordField
        label={t('field.new-password.label')}
        name="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        hint={
          <RuleList
            label={t('field.new-password.rules')}
            metText={t('field.new-password.rule-met')}
            unmetText={t('field.new-password.rule-unmet')}
            broken={password.error}
            rules={PASSWORD_RULES.map((rule) => ({ label: t(ruleKey(rule)), met: !broken.includes(rule) }))}
          />
        }
        {...passwordTexts}
        {...refusedOr(passwordRefused, form.values.password, shown(password, t))}
      />
      <PasswordField
        label={t('field.repeat-password.label')}
        name="repeat"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        {...passwordTexts}
        {...shown(form.field('repeat'), t)}
      />
      <Button type="submit" enabled={form.valid} busy={form.submitting} busyLabel={t('app.busy')}>
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
