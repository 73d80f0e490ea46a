import { useEffect, useState } from 'react';
import { Button, Field, useFormModel } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { showFailure } from '../steps/failure';
import { emailDomain, goToIdentityProvider } from '../flow/saml';
import { allowsSaml, ssoModeByEmail } from '../api/sign-in';
import { requestMail } from '../api/account';
import { $resetEmail } from '../stores/reset-email';
import { requestLanguage } from '../../rules/languages';

/**
 * Migration (flows 2, 4.11): a user of the old platform, with the e-mail (read-only) and the action
 * of the link. Logging in sends SAML users to their identity provider and password users a reset
 * mail (then the migration success page); registering sends a registration (then RegisterSuccess).
 */
export function Migration() {
  const t = useT();
  const flow = useFlow();
  const search = useSearch(PATHS.migration);
  const email = search.email ?? '';
  const { action } = search;
  // On the way to the identity provider: the button stays busy until the page is left.
  const [leaving, setLeaving] = useState(false);
  // Nothing to type: the e-mail comes from the link.
  const form = useFormModel({ initialValues: {}, onSubmit: carryOn });

  useEffect(() => {
    if (!email) flow.go({ to: PATHS.login, replace: true });
  }, [email, flow]);

  async function carryOn() {
    const language = requestLanguage(navigator.language);
    if (action === 'register') {
      const result = await requestMail('register', { email, language });
      if (result.kind === 'sent') flow.go({ to: PATHS.registerSuccess, search: { username: email } });
      else showFailure('Migration', 'register', result);
      return;
    }
    const mode = await ssoModeByEmail(email);
    if (mode.kind === 'mode' && allowsSaml(mode.mode)) {
      setLeaving(true);
      if (!(await goToIdentityProvider(flow, 'Migration', emailDomain(email), email))) setLeaving(false);
      return;
    }
    const result = mode.kind === 'mode' ? await requestMail('forgot-password', { email, language }) : mode;
    if (result.kind === 'sent') {
      $resetEmail.set(email);
      flow.go({ to: PATHS.passwordMigrationSuccess });
    } else showFailure('Migration', 'migration-login', result);
  }

  return (
    <form ref={form.ref} className="fd-card" noValidate>
      <h1>{t('page.migration.heading')}</h1>
      <p className="fd-card__intro">{t('page.migration.welcome')}</p>
      <Field label={t('field.email.label')} name="username" type="email" autoComplete="username" value={email} readOnly data-prefill="email" />
      <Button type="submit" busy={form.submitting || leaving} busyLabel={t('app.busy')}>
        {t(action === 'register' ? 'page.migration.register' : 'page.migration.login')}
      </Button>
    </form>
  );
}
