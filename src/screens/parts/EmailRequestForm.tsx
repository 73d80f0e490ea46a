import { Button, Field, useFormModel } from '@frontdoor/ui';
import { useT } from '../../i18n/t';
import { useLive } from '../../flow/live';
import { PATHS } from '../../flow/paths';
import { FlowLink } from '../../flow/FlowLink';
import { showFailure } from '../../steps/failure';
import { requestMail } from '../../api/account';
import { emailErrors } from '../../schemas/email-rule';
import { requestLanguage } from '../../../rules/languages';
import { EMAIL_INPUT_PATTERN, EMAIL_MAX_LENGTH } from '../../../rules/email';
import { shown } from './field-errors';

export interface EmailRequestFormProps {
  /** The screen, for error reports. */
  screen: string;
  /** Which mail the e-mail asks for. */
  kind: 'register' | 'forgot-password';
  heading: string;
  intro: string;
  submitLabel: string;
  /** The e-mail the link pre-fills, and the query parameters it comes from, first found first (flows 2). */
  prefill: { email: string | undefined; from: readonly ('username' | 'email')[] };
  /** The mail is on its way (the API answers the same for every address, flows 7). */
  onSent(email: string): void;
  /** The way back to sign in: a question before the link, and the link's text. */
  back: { prompt?: string; label: string };
}

/**
 * An e-mail that asks for a mail with a link: registration (Register) or a new password
 * (PasswordReset). `{email, language}` goes to the API with the language rule of flows 3.
 */
export function EmailRequestForm({ screen, kind, heading, intro, submitLabel, prefill, onSent, back }: EmailRequestFormProps) {
  const t = useT();
  const live = useLive();
  const initialEmail = prefill.email ?? '';
  const form = useFormModel({
    initialValues: { email: initialEmail },
    validate: ({ email }) => ({ email: emailErrors(email.trim()) }),
    required: ['email'],
    onSubmit: async ({ email }) => {
      const address = email.trim();
      const result = await requestMail(kind, { email: address, language: requestLanguage(navigator.language) });
      if (result.kind === 'sent') onSent(address);
      else showFailure(screen, kind, result);
    },
  });
  const email = form.field('email');
  return (
    <form ref={form.ref} className="fd-card" noValidate={live}>
      <h1>{heading}</h1>
      <p className="fd-card__intro">{intro}</p>
      <Field
        label={t('field.email.label')}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        maxLength={EMAIL_MAX_LENGTH}
        // Checks the address before the script arrives too, by the same rule.
        pattern={EMAIL_INPUT_PATTERN}
        defaultValue={initialEmail}
        // The server fills the prerendered field from these too (server/web/prefilled-fields.ts).
        data-prefill={prefill.from.join(' ')}
        {...shown(email, t)}
      />
      <Button type="submit" enabled={!live || form.valid} busy={form.submitting} busyLabel={t('app.busy')}>
        {submitLabel}
      </Button>
      <p className="fd-card__aside">
        {back.prompt && `${back.prompt} `}
        <FlowLink to={PATHS.login} className="fd-link">
          {back.label}
        </FlowLink>
      </p>
    </form>
  );
}
