import { useState } from 'react';
import { Button, linkClassName, useArrival, useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { PATHS } from '../flow/paths';
import { FlowLink } from '../flow/FlowLink';
import { showFailure } from '../steps/failure';
import { addPasskey, listPasskeys, passkeyRegistrationOptions, removePasskey, type Passkey } from '../api/passkeys';
import { $session } from '../stores/session';
import { $locale } from '../i18n/locale';
import { clearToast, showToast } from '../stores/first-view/toast';
import { homeContext } from '../session/token';

type State = { kind: 'loading' } | { kind: 'list'; passkeys: Passkey[] } | { kind: 'failed' };

/**
 * Passkeys (flows 2, 4.14): the signed-in user's passkeys, each with when it was added and last
 * used and a button to remove it, and a button that adds one with the browser's WebAuthn dialog
 * (@simplewebauthn/browser, loaded when pressed). Adding and removing need a recent sign-in with
 * everything the account has; an older session is told to sign in again.
 */
export function Passkeys() {
  const t = useT();
  const locale = useStore($locale);
  const session = useStore($session);
  const context = session ? (homeContext(session) ?? session.aud) : '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [adding, setAdding] = useState(false);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

  async function load() {
    setState({ kind: 'loading' });
    const result = await listPasskeys(context);
    setState(result.kind === 'list' ? result : { kind: 'failed' });
  }
  useArrival(() => void load());

  async function add() {
    clearToast();
    setAdding(true);
    try {
      const options = await passkeyRegistrationOptions(context);
      if (options.kind === 'recent-sign-in-required') return showToast(t('page.passkeys.error-recent-sign-in'), 'error');
      if (options.kind !== 'options') return showFailure('Passkeys', 'passkey-registration-options', options);
      const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) return showToast(t('page.passkeys.unsupported'), 'error');
      let response;
      try {
        // The contract's options are WebAuthn's JSON form, which the library takes as they are.
        response = await startRegistration({ optionsJSON: options.options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      } catch {
        // Dismissed or timed out in the browser's dialog: nothing was added, nothing to say.
        return;
      }
      const added = await addPasskey(context, response);
      if (added.kind === 'added') {
        showToast(t('page.passkeys.added'), 'success');
        setState((current) => ({ kind: 'list', passkeys: [...(current.kind === 'list' ? current.passkeys : []), added.passkey] }));
      } else if (added.kind === 'recent-sign-in-required') showToast(t('page.passkeys.error-recent-sign-in'), 'error');
      else if (added.kind === 'rejected') showToast(t('page.passkeys.error-add'), 'error');
      else showFailure('Passkeys', 'add-passkey', added);
    } finally {
      setAdding(false);
    }
  }

  async function remove(passkey: Passkey) {
    clearToast();
    const removed = await removePasskey(context, passkey.id);
    if (removed.kind === 'recent-sign-in-required') return showToast(t('page.passkeys.error-recent-sign-in-remove'), 'error');
    if (removed.kind !== 'removed') return showFailure('Passkeys', 'remove-passkey', removed);
    showToast(t('page.passkeys.removed'), 'success');
    setState((current) => (current.kind === 'list' ? { kind: 'list', passkeys: current.passkeys.filter((kept) => kept.id !== passkey.id) } : current));
  }

  return (
    <section className="fd-card fd-card--wide" aria-busy={state.kind === 'loading' || undefined}>
      <h1>{t('page.passkeys.heading')}</h1>
      <p className="fd-card__intro">{t('page.passkeys.intro')}</p>
      {state.kind === 'loading' && <p>{t('app.loading')}</p>}
      {state.kind === 'failed' && (
        <button type="button" className={linkClassName('button')} onClick={() => void load()}>
          {t('button.retry')}
        </button>
      )}
      {state.kind === 'list' && state.passkeys.length === 0 && <p>{t('page.passkeys.empty')}</p>}
      {state.kind === 'list' && state.passkeys.length > 0 && (
        <ul className="fd-passkeys" aria-label={t('page.passkeys.list-label')}>
          {state.passkeys.map((passkey) => (
            <li key={passkey.id} className="fd-passkey">
              <span className="fd-passkey__name">{passkey.name}</span>
              <span className="fd-passkey__dates">
                {t('page.passkeys.created', { date: date(passkey.createdAt) })},{' '}
                {passkey.lastUsedAt ? t('page.passkeys.last-used', { date: date(passkey.lastUsedAt) }) : t('page.passkeys.never-used')}
              </span>
              <Button variant="quiet" onClick={() => void remove(passkey)}>
                {t('page.passkeys.remove', { name: passkey.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {/* Offered once the list is known: the first view's button, before the app takes over, would take a click and do nothing. */}
      <Button onClick={() => void add()} enabled={state.kind === 'list'} busy={adding} busyLabel={t('app.busy')}>
        {t('page.passkeys.add')}
      </Button>
      <p className="fd-card__aside">
        <FlowLink to={PATHS.companySelection} className="fd-link">
          {t('page.passkeys.back')}
        </FlowLink>
      </p>
    </section>
  );
}
