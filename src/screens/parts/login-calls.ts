/**
 * What Login asks the API (flows 4.1, 4.2, 4.14), a chunk of its own: the first view of /login
 * takes presses before the API client has arrived, and a press that comes earlier waits for it
 * (docs/decisions/0014-a-page-carries-its-screen.md).
 */
import type { Flow } from '../../flow/flow';
import { PATHS } from '../../flow/paths';
import { showFailure } from '../../steps/failure';
import { emailDomain, goToIdentityProvider } from '../../flow/saml';
import { allowsSaml, ssoModeByContext, ssoModeByEmail } from '../../api/sign-in';
import { reportError } from '../../api/report';
import { clearToast } from '../../stores/first-view/toast';
import { $storedSession, restoreSessionOnce } from '../../stores/session';
import { isExpired } from '../../session/token';
import { passkeySignInOptions } from '../../api/passkey-sign-in';
import { pressUnderWay } from '../../api/early-answer';

export { goToIdentityProvider };

/** Does the organisation of a context or domain sign in with SAML? A failed check answers no (flows 4.2). */
export async function signsInWithSaml(context: string): Promise<boolean> {
  const result = await ssoModeByContext(context);
  return result.kind === 'mode' && allowsSaml(result.mode);
}

/**
 * The e-mail's organisation decides (flows 4.1): its identity provider, or the password step.
 * `leaving` tells the screen it is on the way to the identity provider, and when that failed. A
 * look-up that stays on Login offers passkeys in the field, unless Login has yet to arrive and
 * offer them itself (`arrived` false: a held press taken before its render). Answers whether the
 * sign-in left Login.
 */
export async function lookUp(flow: Flow, username: string, leaving: (on: boolean) => void, arrived = true): Promise<boolean> {
  clearToast();
  const result = await ssoModeByEmail(username);
  if (result.kind === 'mode') {
    if (allowsSaml(result.mode)) {
      leaving(true);
      if (await goToIdentityProvider(flow, 'Login', emailDomain(username), username)) return true;
      leaving(false);
      if (arrived) offerOnce(flow);
      return false;
    }
    // A fresh sign-in an app asked for stays one on the password step (flows 4.18).
    await flow.go({ to: PATHS.loginWithPassword, search: { username, ...(flow.search.prompt === 'login' ? { prompt: 'login' } : {}) } });
    return true;
  }
  if (result.kind === 'unknown-mode') {
    // Any mode but the three known ones is an error (flows 4.1).
    console.error(new Error(`Unknown SSO mode "${result.mode}".`));
    void reportError({ screen: 'Login', operation: 'sso-mode' });
  }
  showFailure('Login', 'sso-mode', result);
  if (arrived) offerOnce(flow);
  return false;
}

/**
 * Login's arrival: a valid session stored in this browser goes straight on (flows 4.7), once these
 * calls with the stores have arrived; anyone else is offered passkeys in the e-mail field. Answers
 * what leaving the screen ends.
 */
export function arrive(flow: Flow): () => void {
  restoreSessionOnce();
  const stored = $storedSession.get();
  // An app that asks for a fresh sign-in (`prompt=login`, flows 4.18) has the person prove it again.
  if (stored && !isExpired(stored) && flow.search.prompt !== 'login') {
    void flow.go({ to: PATHS.companySelection, replace: true });
    return () => undefined;
  }
  // A Continue pressed before the takeover is on its way to the next step: an offer now would only
  // add a call and the browser's ceremony to the wait (docs/decisions/0018-one-round-trip-a-step.md).
  if (!pressUnderWay()) void keepOfferingPasskeys(flow);
  return () => offer?.abort();
}

/** The field's offer of passkeys now, one at a time: a new one, or the button's ceremony, withdraws it. */
let offer: AbortController | undefined;

function withdrawable(): AbortSignal {
  offer?.abort();
  offer = new AbortController();
  return offer.signal;
}

/** How many offers of the e-mail field are being made (one left by a screen ends once withdrawn). */
let offering = 0;

/** Offers passkeys in the e-mail field, again after each chosen one whose sign-in did not go on. */
async function keepOfferingPasskeys(flow: Flow): Promise<void> {
  offering += 1;
  try {
    while (await offerPasskeys(flow, withdrawable)) {
      // Chosen, and the sign-in did not go on: offered again.
    }
  } finally {
    offering -= 1;
  }
}

/** The field's offer once a press sent before the takeover has stayed on the screen, unless it is being made. */
function offerOnce(flow: Flow): void {
  if (offering === 0) void keepOfferingPasskeys(flow);
}

/**
 * The passkey button's ceremony (flows 4.14), for the e-mail typed if any: the field's offer is
 * withdrawn meanwhile and made again after it. Answers whether the sign-in went on.
 */
export async function askForPasskey(flow: Flow, email: string | undefined): Promise<boolean> {
  offer?.abort();
  const { passkeySignIn } = await import('../../steps/lazy/passkey-sign-in');
  if (await passkeySignIn(flow, email)) return true;
  void keepOfferingPasskeys(flow);
  return false;
}

/**
 * The e-mail field's offer of passkeys (flows 4.14), with the browser's own JSON forms of WebAuthn:
 * no library loads unless one is chosen, so a password sign-in carries none of it. `withdrawable`
 * gives the offer its signal once its options are at hand. Answers whether a passkey was chosen
 * and its sign-in did not go on, so the offer is made again.
 */
async function offerPasskeys(flow: Flow, withdrawable: () => AbortSignal): Promise<boolean> {
  const browser = globalThis.PublicKeyCredential;
  if (!browser?.parseRequestOptionsFromJSON || !(await browser.isConditionalMediationAvailable?.())) return false;
  const options = await passkeySignInOptions(undefined);
  if (options.kind !== 'options') return false;
  let chosen: Credential | null;
  try {
    chosen = await navigator.credentials.get({
      mediation: 'conditional',
      publicKey: browser.parseRequestOptionsFromJSON(options.options),
      signal: withdrawable(),
    });
  } catch {
    // Withdrawn (the button's ceremony, the screen left) or refused by the browser: no offer.
    return false;
  }
  if (!(chosen instanceof browser)) return false;
  const { finishPasskeySignIn } = await import('../../steps/lazy/passkey-sign-in');
  return !(await finishPasskeySignIn(flow, chosen.toJSON()));
}
