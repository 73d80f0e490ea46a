import { useMemo, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/t';
import { useFlow } from '../../flow/flow';
import { PATHS, type AppPath } from '../../flow/paths';
import { FlowLink } from '../../flow/FlowLink';
import { showFailure } from '../../steps/failure';
import { setPassword } from '../../api/account';
import { isExpired, readLinkToken } from '../../session/token';
import { showToast } from '../../stores/first-view/toast';
import { NewPasswordForm } from './NewPasswordForm';
import { useLive } from '../../flow/live';
import { LoadingCard } from './LoadingCard';

export interface PasswordFromLinkProps {
  screen: string;
  /** The link's `token` parameter. */
  linkToken: string | undefined;
  heading: string;
  intro?: (email: string) => ReactNode;
  /** Where a new password leads: the reset or the signup success page (flows 4.10). */
  success: AppPath;
  children?: ReactNode;
}

/**
 * A password set from an invitation or reset link (flows 4.10, 4.12, 5): the link's token must read
 * as a session token that has not expired, else the error-token message ends with a link to reset,
 * before anything is typed; a link the server refuses (one used already) ends there too. The
 * token's e-mail is shown read-only. `set-password` gets `challenge: ''`; success says "Password
 * successfully updated!" and goes on to the success page.
 */
export function PasswordFromLink({ screen, linkToken, heading, intro, success, children }: PasswordFromLinkProps) {
  const t = useT();
  const flow = useFlow();
  const token = useMemo(() => readLinkToken(linkToken), [linkToken]);
  const [spent, setSpent] = useState(false);
  // A password the server refused as one attackers try first: said under the field while it holds it.
  const [known, setKnown] = useState<string>();
  const live = useLive();

  // Whether the link has run out is known in the browser only, when the page runs: its `exp` is read
  // there, unverified (the server still decides), and not again while the person types.
  const expired = useMemo(() => live && token !== undefined && isExpired(token), [live, token]);

  // The prerendered page has no link to read: it waits for the script rather than call a link
  // it has not seen broken (a first paint that tells the truth), and so does the script's first
  // render, which keeps that paint until the link is judged.
  if (!live) return <LoadingCard heading={heading} />;

  if (!token || expired || spent) {
    return (
      <section className="fd-card" role="alert">
        <h1>{heading}</h1>
        <p className="fd-card__intro">
          {t('page.password-update.error-token')}{' '}
          <FlowLink to={PATHS.passwordReset} search={{ username: token?.email }} className="fd-link">
            {t('page.password-update.error-token-link')}
          </FlowLink>
          .
        </p>
      </section>
    );
  }

  const { raw } = token;
  async function submit({ password }: { password: string }) {
    const result = await setPassword(raw, password);
    if (result.kind === 'set') {
      showToast(t('page.password-update.message-success'), 'success');
      flow.go({ to: success, replace: true });
    } else if (result.kind === 'invalid-token') setSpent(true);
    else if (result.kind === 'known-password') setKnown(password);
    else if (result.kind === 'weak-password') showToast(t('field.new-password.weak'), 'error');
    else showFailure(screen, 'set-password', result);
  }

  return (
    <NewPasswordForm
      heading={heading}
      intro={intro?.(token.email)}
      email={token.email}
      passwordRefused={known === undefined ? undefined : { password: known, error: t('field.new-password.compromised') }}
      submitLabel={t('button.continue')}
      onSubmit={submit}
    >
      {children}
    </NewPasswordForm>
  );
}
