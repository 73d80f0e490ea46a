import { useEffect, useState } from 'react';
import { Button, Field, PasswordField, useFormModel } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { useLive } from '../flow/live';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { FlowLink } from '../flow/FlowLink';
import { afterPassword } from '../steps/next-step';
import { takeStep } from '../steps/take-step';
import { login } from '../api/sign-in';
import { clearToast, showToast } from '../stores/first-view/toast';

/**
 * LoginWithPassword (flows 2, 4.3 to 4.5): the e-mail of the route's `username`, shown as a field
 * so password managers save the pair, and the password; "Confirm it's you" when an app asked the
 * person the front door knows to sign in again (4.18). The answer decides the next step: MFA
 * setup after a first password sign-in, the code when the user has TOTP, else an error.
 */
export function LoginWithPassword() {
  const t = useT();
  const flow = useFlow();
  const live = useLive();
  const username = useSearch(PATHS.loginWithPassword).username ?? '';
  // An app asked the person it knows to prove it again (flows 4.18): Login kept `prompt=login`.
  const confirming = flow.search.prompt === 'login';
  // The password the API refused: its error stays while the field holds it.
  const [refused, setRefused] = useState<string>();
  // The login password only has to be non-empty (flows 5).
  const form = useFormModel({ initialValues: { password: '' }, required: ['password'], onSubmit: ({ password }) => signIn(password) });
  const rejected = refused !== undefined && refused === form.values.password;

  useEffect(() => {
    // Without an e-mail there is nothing to sign in: back to its step.
    if (!username) flow.go({ to: PATHS.login, replace: true });
  }, [username, flow]);

  async function signIn(password: string) {
    clearToast();
    const credentials = { email: username, password };
    const step = afterPassword(await login(credentials), credentials);
    if (step.kind !== 'wrong-credentials') return takeStep(flow, 'LoginWithPassword', step);
    setRefused(password);
    showToast(t('page.login.error-incorrect-credentials'), 'error');
  }

  return (
    // Before the script the browser checks the form, and a press waits for the takeover (scripts/prerender/start-scripts.ts).
    <form ref={form.ref} className="fd-card" noValidate={live}>
      <h1>{t(confirming ? 'page.login-password.confirm-heading' : 'page.login-password.heading')}</h1>
      <Field
        label={t('field.email.label')}
        name="username"
        type="email"
        autoComplete="username"
        value={username}
        readOnly
        // The server fills the prerendered field from `username` (server/web/prefilled-fields.ts).
        data-prefill="username"
        invalid={rejected}
        hint={
          <FlowLink to={PATHS.login} search={confirming ? { prompt: 'login' } : undefined} className="fd-link">
            {t('page.login-password.change-email')}
          </FlowLink>
        }
      />
      <PasswordField
        label={t('field.password.label')}
        name="password"
        autoComplete="current-password"
        required={form.field('password').required}
        autoFocus
        errors={rejected ? [t('page.login.error-incorrect-credentials')] : undefined}
        showLabel={t('field.password.show')}
        hideLabel={t('field.password.hide')}
      />
      <p className="fd-card__aside fd-card__aside--end">
        <FlowLink to={PATHS.passwordReset} search={{ username }} className="fd-link">
          {t('page.login-password.forgot')}
        </FlowLink>
      </p>
      <Button type="submit" enabled={!live || form.valid} busy={form.submitting} busyLabel={t('app.busy')}>
        {t('button.login')}
      </Button>
      <p className="fd-card__aside">
        {t('page.login.register-prompt')}{' '}
        <FlowLink to={PATHS.register} search={{ username }} className="fd-link">
          {t('page.login.register-link')}
        </FlowLink>
      </p>
    </form>
  );
}
