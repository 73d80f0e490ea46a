/**
 * Sign-ins by method and outcome, counted where the API answers them (server/api/sign-in-counts.ts).
 */
import { Counter, type Registry } from 'prom-client';

/** A password (POST /login), the code step of a password's sign-in (POST /login/code), a passkey, a SAML identity provider's answer. */
export type SignInMethod = 'password' | 'code' | 'passkey' | 'saml';

/**
 * `code_required`: a right password on its way to the code. `throttled`: refused for too many
 * attempts (server/auth/login-throttle.ts, server/auth/rate-limit.ts). `expired`: a code step whose
 * pending sign-in is gone. `sso_required`: a right passkey of an account that signs in through its
 * identity provider only. `error`: the server failed (its database out of reach, a fault).
 */
export type SignInOutcome = 'succeeded' | 'failed' | 'throttled' | 'code_required' | 'expired' | 'sso_required' | 'error';

export type CountSignIn = (method: SignInMethod, outcome: SignInOutcome) => void;

export function signInCounter(registry: Registry): CountSignIn {
  const counter = new Counter({
    name: 'frontdoor_sign_ins_total',
    help: 'Sign-in attempts by method and outcome.',
    labelNames: ['method', 'outcome'] as const,
    registers: [registry],
  });
  return (method, outcome) => counter.inc({ method, outcome });
}
