import { useEffect, useState } from 'react';
import { Image, linkClassName, useHandler, useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { FlowLink } from '../flow/FlowLink';
import { useSearch } from '../flow/search';
import { afterOrganizations } from '../steps/next-step';
import { takeStep } from '../steps/take-step';
import { userOrganizations, type Organization } from '../api/organizations';
import { $session } from '../stores/session';
import { homeContext, mayHaveTotp, shortcutContext } from '../session/token';
import { passwordNoticeDue } from '../stores/password-notice';
import { PasswordNotice } from './parts/PasswordNotice';

type State = { kind: 'loading' } | { kind: 'list'; organizations: Organization[] } | { kind: 'failed' };

/**
 * CompanySelection (flows 2, 4.7): the organisations the user may enter, reserved contexts first,
 * each with its logo and name. A domain parameter that names one, or a single organisation, goes
 * straight on to its terms: the route's guard does so before this screen loads (src/flow/guards.ts),
 * and the screen does too when the session changes under it. A sign-in whose password is known to
 * attackers is told so first (flows 4.17), and then goes on. An app's sign-in with nothing to
 * choose here ends at the app (flows 4.18).
 */
export function CompanySelection() {
  const t = useT();
  const flow = useFlow();
  const session = useStore($session);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const { domain } = useSearch(PATHS.companySelection);
  const shortcut = session ? shortcutContext(session.contexts, domain) : undefined;
  const [notice, setNotice] = useState(passwordNoticeDue);

  async function load() {
    const context = session && homeContext(session);
    if (!context) {
      setState({ kind: 'list', organizations: [] });
      return;
    }
    setState({ kind: 'loading' });
    const step = afterOrganizations(await userOrganizations(context));
    if (step.kind === 'choose') return setState({ kind: 'list', organizations: step.organizations });
    if (step.kind === 'failure') setState({ kind: 'failed' });
    takeStep(flow, 'CompanySelection', step);
  }

  // Once per session: the list does not follow the flow object.
  const arrive = useHandler(() => {
    if (notice) return;
    const app = endsAtApp();
    if (shortcut) flow.go({ to: PATHS.termsAndConditions, params: { context: shortcut }, replace: true });
    else if (app) void finishForApp(app.interaction, app.context);
    else void load();
  });
  useEffect(() => arrive(), [session, shortcut, notice, arrive]);

  /**
   * An app's sign-in (flows 4.18) that asked for an organisation the person is not in, or of a
   * person in none, has nothing to choose here: it ends at the app, which hears which.
   */
  function endsAtApp(): { interaction: string; context: string } | undefined {
    const interaction = flow.search.oidc;
    if (!interaction || !session) return undefined;
    if (domain) return { interaction, context: domain };
    return session.contexts.length === 0 ? { interaction, context: session.aud } : undefined;
  }
  async function finishForApp(interaction: string, context: string) {
    const finish = await import('../steps/lazy/finish-app-sign-in').catch(() => undefined);
    // Refused (the app's sign-in has expired) or not sent: the list, with the refusal said.
    if (!(await finish?.finishAppSignIn(flow, interaction, context, true))) await load();
  }

  if (notice) return <PasswordNotice onDone={() => setNotice(false)} />;

  return (
    <section className="fd-card fd-card--wide" aria-busy={state.kind === 'loading' || undefined}>
      <h1>{t('page.company.heading')}</h1>
      {state.kind === 'loading' && <p className="fd-card__intro">{t('app.loading')}</p>}
      {state.kind === 'failed' && (
        <button type="button" className={linkClassName('button')} onClick={() => void load()}>
          {t('button.retry')}
        </button>
      )}
      {state.kind === 'list' && state.organizations.length === 0 && (
        <>
          <p className="fd-card__intro">{t('page.company.none')}</p>
          <FlowLink to={PATHS.logout} className={linkClassName('button')}>
            {t('button.sign-out')}
          </FlowLink>
        </>
      )}
      {state.kind === 'list' && state.organizations.length > 0 && (
        <>
          <p className="fd-card__intro">{t('page.company.intro')}</p>
          <ul className="fd-companies">
            {state.organizations.map((organization) => (
              <li key={organization.context}>
                <FlowLink to={PATHS.termsAndConditions} params={{ context: organization.context }} className="fd-company">
                  <Image src={organization.logo} alt="" shape="rounded" width={56} height={56} />
                  <span className="fd-company__name">{organization.name}</span>
                </FlowLink>
              </li>
            ))}
          </ul>
          <p className="fd-card__aside fd-card__links">
            <FlowLink to={PATHS.passkeys} className="fd-link">
              {t('page.company.passkeys-link')}
            </FlowLink>{' '}
            <FlowLink to={PATHS.sessions} className="fd-link">
              {t('page.company.sessions-link')}
            </FlowLink>{' '}
            <FlowLink to={PATHS.logout} className="fd-link">
              {t('button.sign-out')}
            </FlowLink>
          </p>
        </>
      )}
      {state.kind === 'list' && session && mayHaveTotp(session) && (
        // Recovery codes come with TOTP (flows 4.6): the way to new ones, for a user who may have it.
        <p className="fd-card__aside">
          <FlowLink to={PATHS.recoveryCodes} className="fd-link">
            {t('page.company.renew-recovery-codes')}
          </FlowLink>
        </p>
      )}
    </section>
  );
}
