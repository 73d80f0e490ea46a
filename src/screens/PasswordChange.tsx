import { useStore } from '@frontdoor/ui';
import { useState } from 'react';
import { useT } from '../i18n/t';
import { PATHS } from '../flow/paths';
import { reportError } from '../api/report';
import { changePassword } from '../api/account';
import { $storedSession } from '../stores/session';
import { renewSession } from '../stores/session-renewal';
import { isExpired } from '../session/token';
import { messageTargets, parentOrigin, tellParent } from '../platform/parent-message';
import { config } from '../config/runtime-config';
import { NewPasswordForm, type NewPassword } from './parts/NewPasswordForm';

type Outcome =
  | { kind: 'changed' }
  | { kind: 'refused' }
  | { kind: 'unchanged' }
  | { kind: 'wrong-current'; password: string }
  | { kind: 'known'; password: string }
  | undefined;

/**
 * PasswordChange (flows 2, 4.10): embedded in another app's frame, it changes the password of the
 * stored session (the current password first, OWASP ASVS). On success the new token goes into the
 * session cookie and every `token_{context}` cookie of the session (the API has revoked the old
 * token), and the parent hears `{action: 'password-change', success: true}`; on failure the
 * same with `success: false`, sent only to a parent on the platform or an allowed origin
 * (docs/decisions/0009-embedded-password-change.md). The page says what happened itself: no toast.
 */
export function PasswordChange() {
  const t = useT();
  const session = useStore($storedSession);
  const [outcome, setOutcome] = useState<Outcome>();
  const parent = () => (window.parent === window ? null : window.parent);

  if (!session || isExpired(session)) {
    return (
      <section className="fd-card fd-card--embedded" role="alert">
        <h1>{t('page.password-change.heading')}</h1>
        <p className="fd-card__intro">{t('page.password-change.no-session')}</p>
        <a className="fd-link" href={PATHS.login} target="_top">
          {t('error.go-to-login')}
        </a>
      </section>
    );
  }

  const refused = outcome !== undefined && outcome.kind !== 'changed';
  const { raw } = session;

  async function change(values: NewPassword) {
    const result = await changePassword(raw, { password: values.password, currentPassword: values.currentPassword ?? '' });
    const renewed = result.kind === 'set' ? result.token : undefined;
    const changed = Boolean(renewed);
    if (renewed) renewSession(renewed);
    else if (result.kind === 'failed') void reportError({ screen: 'PasswordChange', operation: 'set-password', status: result.status });
    setOutcome(
      changed
        ? { kind: 'changed' }
        : result.kind === 'wrong-current-password'
          ? { kind: 'wrong-current', password: values.currentPassword ?? '' }
          : result.kind === 'unchanged-password'
            ? { kind: 'unchanged' }
            : result.kind === 'known-password'
              ? { kind: 'known', password: values.password }
              : { kind: 'refused' },
    );
    const allowed = { listed: config.allowedParentOrigins, platformHost: config.platformHost, protocol: location.protocol };
    tellParent(parent(), messageTargets(parentOrigin(location, document.referrer), allowed), { action: 'password-change', success: changed });
  }

  return (
    <div className="fd-card--embedded">
      <NewPasswordForm
        heading={t('page.password-change.heading')}
        email={session.email}
        askCurrent
        currentRefused={outcome?.kind === 'wrong-current' ? { password: outcome.password, error: t('field.current-password.wrong') } : undefined}
        passwordRefused={outcome?.kind === 'known' ? { password: outcome.password, error: t('field.new-password.compromised') } : undefined}
        submitLabel={t('button.save')}
        onSubmit={change}
      />
      <p className={refused ? 'fd-outcome fd-outcome--error' : 'fd-outcome'} role={refused ? 'alert' : 'status'}>
        {outcome?.kind === 'changed'
          ? t('page.password-change.success')
          : refused
            ? t(
                outcome.kind === 'wrong-current'
                  ? 'page.password-change.wrong-current'
                  : outcome.kind === 'unchanged'
                    ? 'field.new-password.same-as-current'
                    : outcome.kind === 'known'
                      ? 'field.new-password.compromised'
                      : 'page.password-change.failure',
              )
            : ''}
      </p>
    </div>
  );
}
