import { useEffect, useRef, useState } from 'react';
import { Button, Field, useArrival, useFormModel, useHandler } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow, type Flow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { useSearch } from '../flow/search';
import { FlowLink } from '../flow/FlowLink';
import { CarriedFields } from '../flow/CarriedFields';
import { useLive } from '../flow/live';
import { automaticSamlContext } from '../flow/saml-context';
import { showToast } from '../stores/first-view/toast';
import { emailErrors } from '../schemas/email-rule';
import { EMAIL_INPUT_PATTERN, EMAIL_MAX_LENGTH } from '../../rules/email';
import { shown } from './parts/field-errors';

/** Login's calls to the API: they arrive after the form takes presses (src/screens/parts/login-calls.ts). */
const loginCalls = () => import('./parts/login-calls');

/**
 * A Continue the page held before the takeover, with its look-up already sent (src/api/early-answer.ts),
 * taken before Login's first render: a sign-in that moves on shows the next step at once, without
 * rendering the screen it leaves (docs/decisions/0018-one-round-trip-a-step.md, "A held press taken
 * first"). Answers whether it left Login. A press it does not take (an e-mail the app refuses, an
 * automatic SAML check or a returned plain form to wait for, calls that could not arrive) is sent
 * again once Login renders; `taken` tells the page it is taken.
 */
export async function takeHeldPress(flow: Flow, form: HTMLFormElement, rawSearch: Readonly<Record<string, string>>, taken: () => void): Promise<boolean> {
  const field = form.elements.namedItem('username');
  const username = field instanceof HTMLInputElement ? field.value.trim() : '';
  if (emailErrors(username).length > 0 || automaticSamlContext(flow.search.context, flow.search.domain) || rawSearch.username) return false;
  const calls = await loginCalls().catch(() => undefined);
  if (!calls) return false;
  taken();
  return calls.lookUp(flow, username, () => undefined, false);
}

/**
 * Login (flows 2, 4.1, 4.2): e-mail first. The organisation's SSO mode decides between the
 * identity provider and the password page. A valid stored session goes straight on to company
 * selection; the context or domain parameter starts its SAML sign-in at once (flows 4.2), and a
 * Continue pressed while that is checked is acted on once the check ends without leaving.
 * Before the script arrives the form works with the browser's validation; sent, the page holds it
 * until the script takes over (scripts/prerender/start-scripts.ts). Without any script it is a
 * plain form: it comes back here with `username`, and a script that arrives later carries on.
 * Passkeys (flows 4.14): the browser offers them among the e-mail field's suggestions where it can,
 * and a button asks for one; their code loads only then (src/steps/lazy/passkey-sign-in.ts). The calls
 * to the API come in a chunk of their own once the form has taken over; a Continue pressed
 * earlier waits for it.
 */
export function Login() {
  const t = useT();
  const flow = useFlow();
  const live = useLive();
  const search = useSearch(PATHS.login);
  // The automatic SAML check of a context or domain: Continue stays usable meanwhile.
  const [checking, setChecking] = useState(false);
  // On the way to the identity provider.
  const [leaving, setLeaving] = useState(false);
  const samlContext = automaticSamlContext(search.context, search.domain);
  // The running automatic check: true once it has left for the identity provider.
  const check = useRef<Promise<boolean>>(Promise.resolve(false));
  const form = useFormModel({
    initialValues: { username: search.username ?? '' },
    validate: ({ username }) => ({ username: emailErrors(username.trim()) }),
    required: ['username'],
    // The e-mail shows its error once sent (flows 5).
    showErrors: 'once-sent',
    // A press during the automatic check waits for it, busy, and is looked up when it ends here.
    onSubmit: async ({ username }) => {
      if (await check.current) return;
      const calls = await loginCalls().catch(() => undefined);
      if (calls) await calls.lookUp(flow, username.trim(), setLeaving);
      else showToast(t('error.general'), 'error');
    },
  });
  const email = form.field('username');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const busy = form.submitting || leaving || passkeyBusy;

  useArrival(() => {
    // A valid stored session goes straight on (flows 4.7); else passkeys are offered until the
    // screen is left.
    let leave: (() => void) | undefined;
    let left = false;
    void loginCalls().then(
      (calls) => (leave = left ? undefined : calls.arrive(flow)),
      () => undefined,
    );
    return () => {
      left = true;
      leave?.();
    };
  });

  const leaveFor = useHandler(async (context: string) => (await loginCalls()).goToIdentityProvider(flow, 'Login', context));
  useEffect(() => {
    if (!samlContext) return;
    let current = true;
    setChecking(true);
    check.current = loginCalls()
      .then((calls) => calls.signsInWithSaml(samlContext))
      // Calls that cannot arrive leave the sign-in to the e-mail, whose Continue says so.
      .catch(() => false)
      .then(async (saml) => {
        if (!current) return false;
        if (saml && (await leaveFor(samlContext))) return true;
        setChecking(false);
        return false;
      });
    return () => {
      current = false;
    };
    // Once per context, not on every change of the flow object.
  }, [samlContext, leaveFor]);

  useArrival(() => {
    // An e-mail sent before the script arrived (the plain form came back with it) is looked up now,
    // as the field holds it: what was typed since is kept. After the check effect: it waits for it.
    if (search.username) form.submit();
  });

  /** The button's ceremony, for the e-mail typed if any (src/screens/parts/login-calls.ts). */
  const askForPasskey = useHandler(async () => {
    setPasskeyBusy(true);
    const calls = await loginCalls().catch(() => undefined);
    if (!(await calls?.askForPasskey(flow, form.valid ? form.values.username.trim() : undefined))) setPasskeyBusy(false);
  });

  return (
    <form ref={form.ref} className="fd-card" method="get" action={PATHS.login} noValidate={live} aria-busy={busy || undefined}>
      <h1>{t('page.login.heading')}</h1>
      <p className="fd-card__intro">{t('page.login.intro')}</p>
      <Field
        label={t('field.email.label')}
        name="username"
        type="email"
        // `webauthn`: the browser may offer passkeys among the suggestions (flows 4.14).
        autoComplete="username webauthn"
        inputMode="email"
        maxLength={EMAIL_MAX_LENGTH}
        pattern={EMAIL_INPUT_PATTERN}
        defaultValue={search.username}
        {...shown(email, t)}
        // The server fills the prerendered field from `username` (server/web/prefilled-fields.ts).
        data-prefill="username"
      />
      <p className="fd-card__status" role="status">
        {checking || leaving ? t('page.login.sso-validating') : ''}
      </p>
      <Button type="submit" enabled={!live || form.valid} busy={busy} busyLabel={t('app.busy')}>
        {t('button.continue')}
      </Button>
      {/* A passkey needs the script: until it has taken over, the button says so by being off. */}
      <Button variant="quiet" enabled={live} onClick={() => void askForPasskey()} busy={passkeyBusy} busyLabel={t('app.busy')}>
        {t('page.login.passkey')}
      </Button>
      <p className="fd-card__aside">
        {t('page.login.register-prompt')}{' '}
        <FlowLink to={PATHS.register} search={{ username: form.valid ? form.values.username.trim() : undefined }} className="fd-link">
          {t('page.login.register-link')}
        </FlowLink>
      </p>
      <CarriedFields />
    </form>
  );
}
