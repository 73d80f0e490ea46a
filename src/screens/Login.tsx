import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Field } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { FlowLink } from '../flow/FlowLink';
import { CarriedFields } from '../flow/CarriedFields';
import { useLive } from '../flow/live';
import { showFailure } from '../flow/failure';
import { automaticSamlContext, emailDomain, goToIdentityProvider } from '../flow/saml';
import { allowsSaml, ssoModeByContext, ssoModeByEmail } from '../api/sign-in';
import { reportError } from '../api/report';
import { $storedSession } from '../stores/session';
import { isExpired } from '../session/token';
import { clearToast } from '../stores/toast';
import { emailErrors } from '../schemas/email-rule';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../rules/email';

/**
 * Login (flows 2, 4.1, 4.2): e-mail first. The organisation's SSO mode decides between the
 * identity provider and the password page. A valid stored session goes straight on to company
 * selection; the context or domain parameter starts its SAML sign-in at once (flows 4.2), and a
 * Continue pressed while that is checked is acted on once the check ends without leaving.
 * Before the script arrives the form works with the browser's validation; sent, the page holds it
 * until the script takes over (scripts/prerender/start-scripts.ts). Without any script it is a
 * plain form: it comes back here with `username`, and a script that arrives later carries on.
 */
export function Login() {
  const t = useT();
  const flow = useFlow();
  const live = useLive();
  const stored = useStore($storedSession);
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<'checking' | 'sso' | undefined>();
  const username = email.trim();
  const errorKeys = emailErrors(username);
  const valid = errorKeys.length === 0;
  const samlContext = automaticSamlContext(flow.search.context, flow.search.domain);
  // The automatic SAML check runs from the first render until it ends here: a press made meanwhile
  // waits for it, its e-mail kept in `waiting`.
  const [checked, setChecked] = useState<string>();
  const checkingContext = samlContext !== undefined && checked !== samlContext;
  const waiting = useRef<string | undefined>(undefined);

  useEffect(() => {
    // What was typed before the script took over the page is kept; an e-mail sent before it
    // arrived is looked up now.
    const typed = input.current?.value || flow.search.username || '';
    if (input.current && !input.current.value) input.current.value = typed;
    setEmail(typed);
    if (flow.search.username && emailErrors(typed.trim()).length === 0) carryOn(typed.trim());
  }, []);

  useEffect(() => {
    if (stored && !isExpired(stored)) flow.go({ to: PATHS.companySelection, replace: true });
  }, [stored, flow]);

  useEffect(() => {
    if (!samlContext) return;
    let current = true;
    void ssoModeByContext(samlContext).then(async (result) => {
      if (!current) return;
      if (result.kind === 'mode' && allowsSaml(result.mode) && (await goToIdentityProvider(flow, 'Login', samlContext))) return;
      setChecked(samlContext);
      const pressed = waiting.current;
      waiting.current = undefined;
      if (pressed) void lookUp(pressed);
    });
    return () => {
      current = false;
    };
    // Once per context, not on every change of the flow object.
  }, [samlContext]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (valid) carryOn(username);
  }

  /** Continue: looked up now, or once the automatic SAML check has ended without leaving. */
  function carryOn(username: string) {
    if (busy) return;
    if (checkingContext) {
      waiting.current = username;
      setBusy('checking');
      return;
    }
    void lookUp(username);
  }

  async function lookUp(username: string) {
    clearToast();
    setBusy('checking');
    const result = await ssoModeByEmail(username);
    if (result.kind === 'mode') {
      if (allowsSaml(result.mode)) {
        setBusy('sso');
        if (!(await goToIdentityProvider(flow, 'Login', emailDomain(username), username))) setBusy(undefined);
        return;
      }
      flow.go({ to: PATHS.loginWithPassword, search: { username } });
      return;
    }
    setBusy(undefined);
    if (result.kind === 'unknown-mode') {
      // Any mode but the three known ones is an error (flows 4.1).
      console.error(new Error(`Unknown SSO mode "${result.mode}".`));
      void reportError({ screen: 'Login', operation: 'sso-mode' });
    }
    showFailure('Login', 'sso-mode', result);
  }

  return (
    <form className="fd-card" method="get" action={PATHS.login} onSubmit={submit} noValidate={live} aria-busy={busy || checkingContext ? true : undefined}>
      <h1>{t('page.login.heading')}</h1>
      <p className="fd-card__intro">{t('page.login.intro')}</p>
      <Field
        ref={input}
        label={t('field.email.label')}
        name="username"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        pattern={EMAIL_PATTERN.source}
        errors={submitted ? errorKeys.map((key) => t(key)) : undefined}
        onInput={(event) => setEmail(event.currentTarget.value)}
        // The server fills the prerendered field from `username` (server/web/prefilled-fields.ts).
        data-prefill="username"
      />
      <p className="fd-card__status" role="status">
        {busy === 'sso' || checkingContext ? t('page.login.sso-validating') : ''}
      </p>
      <Button type="submit" enabled={!live || valid} busy={busy !== undefined} busyLabel={t('app.busy')}>
        {t('button.continue')}
      </Button>
      <p className="fd-card__aside">
        {t('page.login.register-prompt')} <FlowLink to={PATHS.register} search={{ username: valid ? username : undefined }} className="fd-link">{t('page.login.register-link')}</FlowLink>
      </p>
      <CarriedFields />
    </form>
  );
}
