import { useState } from 'react';
import { Button, linkClassName, useArrival, useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { FlowLink } from '../flow/FlowLink';
import { showFailure } from '../steps/failure';
import { listSessions, signOutSession, signOutSessions, type Session } from '../api/sessions';
import { $session } from '../stores/session';
import { $locale } from '../i18n/locale';
import { clearToast, showToast } from '../stores/first-view/toast';
import { homeContext } from '../session/token';

type State = { kind: 'loading' } | { kind: 'list'; sessions: Session[] } | { kind: 'failed' };
/** What is being signed out: a session's id, the other sessions, or all of them. */
type Pending = string | 'others' | 'all' | undefined;

/**
 * Sessions (flows 2, 4.16): where the signed-in person is signed in, one row per sign-in with its
 * browser and system, when it started and was last active, its address with the host part hidden,
 * the apps signed in with it (4.18) and "This device" on the one in hand; "Sign out" on a row, "Sign out of other devices" and "Sign
 * out everywhere". Signing out this device, or everywhere, ends this browser's session too: it goes
 * the way of Logout.
 */
export function Sessions() {
  const t = useT();
  const flow = useFlow();
  const locale = useStore($locale);
  const session = useStore($session);
  const context = session ? (homeContext(session) ?? session.aud) : '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [pending, setPending] = useState<Pending>();
  const when = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const device = (row: Session) =>
    t('page.sessions.device', { browser: row.browser || t('page.sessions.unknown-browser'), system: row.system || t('page.sessions.unknown-system') });

  async function load() {
    setState({ kind: 'loading' });
    const result = await listSessions(context);
    setState(result.kind === 'list' ? result : { kind: 'failed' });
  }
  useArrival(() => void load());

  /** Signs out what `which` names; this browser's own session ending, it leaves as Logout does. */
  async function signOut(which: Exclude<Pending, undefined>, endsThisOne: boolean) {
    clearToast();
    setPending(which);
    try {
      const many = which === 'others' || which === 'all';
      const result = many ? await signOutSessions(context, which) : await signOutSession(context, which);
      if (result.kind !== 'signed-out') return showFailure('Sessions', many ? 'sign-out-sessions' : 'sign-out-session', result);
      if (endsThisOne) return flow.go({ to: PATHS.logout, replace: true });
      showToast(t(which === 'others' ? 'page.sessions.signed-out-others' : 'page.sessions.signed-out-one'), 'success');
      setState((current) =>
        current.kind === 'list' ? { kind: 'list', sessions: current.sessions.filter((row) => (which === 'others' ? row.current : row.id !== which)) } : current,
      );
    } finally {
      setPending(undefined);
    }
  }

  const others = state.kind === 'list' && state.sessions.some((row) => !row.current);
  return (
    <section className="fd-card fd-card--wide" aria-busy={state.kind === 'loading' || undefined}>
      <h1>{t('page.sessions.heading')}</h1>
      <p className="fd-card__intro">{t('page.sessions.intro')}</p>
      {state.kind === 'loading' && <p>{t('app.loading')}</p>}
      {state.kind === 'failed' && (
        <button type="button" className={linkClassName('button')} onClick={() => void load()}>
          {t('button.retry')}
        </button>
      )}
      {state.kind === 'list' && (
        <ul className="fd-sessions" aria-label={t('page.sessions.list-label')}>
          {state.sessions.map((row) => (
            <li key={row.id} className="fd-session">
              <span className="fd-session__device" id={`session-${row.id}`}>
                {device(row)}
                {row.current && (
                  <>
                    {' '}
                    <span className="fd-session__this">{t('page.sessions.this-device')}</span>
                  </>
                )}
              </span>
              <span className="fd-session__facts">
                {t('page.sessions.started', { date: when(row.startedAt) })} · {t('page.sessions.last-active', { date: when(row.lastActiveAt) })}
                {row.address && <> · {t('page.sessions.address', { address: row.address })}</>}
              </span>
              {row.apps && row.apps.length > 0 && (
                <span className="fd-session__facts">
                  {t('page.sessions.apps', { apps: new Intl.ListFormat(locale, { type: 'conjunction' }).format(row.apps.map((app) => app.name)) })}
                </span>
              )}
              <Button
                variant="quiet"
                aria-describedby={`session-${row.id}`}
                busy={pending === row.id}
                busyLabel={t('app.busy')}
                enabled={pending === undefined}
                onClick={() => void signOut(row.id, row.current)}
              >
                {t('page.sessions.sign-out')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {state.kind === 'list' && (
        <div className="fd-card__actions">
          {others && (
            <Button
              variant="quiet"
              busy={pending === 'others'}
              busyLabel={t('app.busy')}
              enabled={pending === undefined}
              onClick={() => void signOut('others', false)}
            >
              {t('page.sessions.sign-out-others')}
            </Button>
          )}
          <Button busy={pending === 'all'} busyLabel={t('app.busy')} enabled={pending === undefined} onClick={() => void signOut('all', true)}>
            {t('page.sessions.sign-out-everywhere')}
          </Button>
        </div>
      )}
      <p className="fd-card__aside">
        <FlowLink to={PATHS.companySelection} className="fd-link">
          {t('page.sessions.back')}
        </FlowLink>
      </p>
    </section>
  );
}
