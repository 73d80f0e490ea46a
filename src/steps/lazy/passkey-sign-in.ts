/**
 * Signing in with a passkey from the e-mail step (flows 4.14), loaded only when a passkey is asked
 * for or chosen: the button's WebAuthn ceremony with @simplewebauthn/browser, then, for it and for
 * a passkey the browser offered in the e-mail field, the same steps as after a password
 * (src/steps/take-step.ts).
 */
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { passkeySignInOptions, signInWithPasskey, type PasskeyAssertion } from '../../api/passkey-sign-in';
import { t } from '../../i18n/t';
import { showToast } from '../../stores/first-view/toast';
import { afterPasskey } from '../next-step';
import { takeStep } from '../take-step';
import type { Flow } from '../../flow/flow';

/** The authenticator's answer signs in; answers whether the screen was left. */
export async function finishPasskeySignIn(flow: Flow, response: PasskeyAssertion): Promise<boolean> {
  const step = afterPasskey(await signInWithPasskey(response));
  if (step.kind === 'passkey-refused') {
    showToast(t(step.sso ? 'page.login.error-passkey-sso' : 'page.login.error-passkey'), 'error');
    return false;
  }
  takeStep(flow, 'Login', step);
  return step.kind === 'signed-in';
}

/** The browser's dialog asks for a passkey, of the e-mail's account when one is given. */
export async function passkeySignIn(flow: Flow, email: string | undefined): Promise<boolean> {
  const options = await passkeySignInOptions(email);
  if (options.kind !== 'options') {
    takeStep(flow, 'Login', { kind: 'failure', operation: 'passkey-sign-in', result: options });
    return false;
  }
  let response;
  try {
    // The contract's options are WebAuthn's JSON form, which the library takes as they are.
    response = await startAuthentication({ optionsJSON: options.options as PublicKeyCredentialRequestOptionsJSON });
  } catch {
    // Dismissed or timed out: nothing to say, the e-mail step stays.
    return false;
  }
  return finishPasskeySignIn(flow, response);
}
