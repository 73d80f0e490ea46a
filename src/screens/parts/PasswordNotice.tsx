import { useEffect, useState } from 'react';
import { Button, useStore } from '@frontdoor/ui';
import { useT } from '../../i18n/t';
import { showFailure } from '../../steps/failure';
import { answerPasswordNotice, changePassword } from '../../api/account';
import { $session, $token } from '../../stores/session';
import { renewSession } from '../../stores/session-renewal';
import { forgetPasswordNotice } from '../../stores/password-notice';
import { showToast } from '../../stores/first-view/toast';
import { homeContext } from '../../session/token';
import { NewPasswordForm, type NewPassword } from './NewPasswordForm';

/** What the server refused last, said on its field while it holds that text. */
type Refusal = { field: 'current' | 'password'; password: string } | undefined;

/**
 * The notice of a password known to attackers (flows 4.17), which company selection shows first:
 * after a sign-in whose password is one attackers try first, the person is told so and chooses
 * "Change it now" (the current and a new password, here) or "Later"; either is recorded
 * (`answerPasswordNotice`), and company selection goes on (`onDone`).
 */
export function PasswordNotice({ onDone }: { onDone(): void }) {
  const t = useT();
  const session = useStore($session);
  const context = session ? (homeContext(session) ?? session.aud) : '';
  const [changing, setChanging] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();

  // "Change it now" replaces the notice with the form: the keyboard goes on in its first field.
  useEffect(() => {
    if (changing) document.querySelector<HTMLInputElement>('input[name="current"]')?.focus();
  }, [changing]);

  function goOn() {
    forgetPasswordNotice();
    onDone();
  }

  function choose(choice: 'change' | 'later') {
    // The answer is for the audit log: the person is not kept waiting on it.
    void answerPasswordNotice(context, choice);
    if (choice === 'later') goOn();
    else setChanging(true);
  }

  async function change({ password, currentPassword = '' }: NewPassword) {
    const result = await changePassword($token.get() ?? '', { password, currentPassword });
    if (result.kind === 'set' && result.token) {
      renewSession(result.token);
      showToast(t('page.password-change.success'), 'success');
      return goOn();
    }
    if (result.kind === 'wrong-current-password') return setRefusal({ field: 'current', password: currentPassword });
    if (result.kind === 'known-password') return setRefusal({ field: 'password', password });
    if (result.kind === 'unchanged-password') return showToast(t('field.new-password.same-as-current'), 'error');
    if (result.kind === 'rate-limited' || result.kind === 'failed') return showFailure('PasswordNotice', 'set-password', result);
    showToast(t('page.password-change.failure'), 'error');
  }

  if (changing) {
    return (
      <NewPasswordForm
        heading={t('page.password-notice.change-heading')}
        email={session?.email}
        askCurrent
        currentRefused={refusal?.field === 'current' ? { password: refusal.password, error: t('field.current-password.wrong') } : undefined}
        passwordRefused={refusal?.field === 'password' ? { password: refusal.password, error: t('field.new-password.compromised') } : undefined}
        submitLabel={t('button.save')}
        onSubmit={change}
      >
        <Button variant="quiet" onClick={() => choose('later')}>
          {t('page.password-notice.later')}
        </Button>
      </NewPasswordForm>
    );
  }

  return (
    <section className="fd-card">
      <h1>{t('page.password-notice.heading')}</h1>
      <p className="fd-card__intro">{t('page.password-notice.intro')}</p>
      <div className="fd-card__actions">
        <Button variant="quiet" onClick={() => choose('later')}>
          {t('page.password-notice.later')}
        </Button>
        <Button onClick={() => choose('change')}>{t('page.password-notice.change')}</Button>
      </div>
    </section>
  );
}
