/**
 * What comes after each answer of the sign-in (flows 4.3 to 4.9), as pure functions of the API's
 * result: a password, a code, the list to choose a company from, the terms. Screens take the step
 * they are given (src/steps/take-step.ts) and render what stays on them.
 */
import type { CodeLoginResult, LoginResult } from '../api/sign-in';
import type { PasskeySignInResult } from '../api/passkey-sign-in';
import type { MfaConfirmResult } from '../api/mfa';
import type { AcceptTermsResult, CurrentOrganization, Organization, OrganizationsResult, TermsSubjectResult } from '../api/organizations';
import type { Failed, RateLimited } from '../api/request';

/** The e-mail and password of a sign-in that waits for its code (flows 4.5). */
export interface Credentials {
  email: string;
  password: string;
}

/** A step that leaves the screen. */
export type Move =
  /**
   * A complete sign-in: the session cookie, flow storage cleared, company selection (flows 4.5,
   * 4.6), or the app when the answer says the terms of the one organisation are accepted (4.8);
   * with how many recovery codes are left when one stood in for the TOTP code, and then the way to
   * a new authenticator app first.
   */
  | {
      kind: 'signed-in';
      token: string;
      recoveryCodesLeft?: number | undefined;
      termsAccepted?: readonly string[] | undefined;
      /** The step that signed in takes no place in the history (the SSO success page's token). */
      replace?: true;
      /** The password that signed in is one attackers try first: the notice comes first (flows 4.17). */
      passwordCompromised?: boolean | undefined;
    }
  /** TOTP set up: the session cookie, and the recovery codes shown once, in memory only (flows 4.6). */
  | { kind: 'recovery-codes'; token: string; codes: string[] }
  /** A password sign-in of a user without TOTP: context, token and policy kept for MFA setup (flows 4.4). */
  | {
      kind: 'mfa-setup';
      context: string;
      token: string;
      policy: string;
      termsAccepted?: readonly string[] | undefined;
      passwordCompromised?: boolean | undefined;
    }
  /** The code of a user with TOTP, with the e-mail and password to send again (flows 4.5). */
  | { kind: 'code'; credentials: Credentials }
  /**
   * Back to the password of this e-mail (to Login when it is not known): it changed while the code
   * was asked for, or the sign-in the server kept pending for the code has expired (flows 4.5).
   */
  | { kind: 'password'; email: string | undefined; expired: boolean }
  /** The API no longer takes the session (flows 4.7). */
  | { kind: 'logout' }
  /** A load the step cannot do without failed: reported, then Login (flows 4.8). */
  | { kind: 'login'; failed: { operation: string; status: number } }
  /** Into the organisation's app (flows 4.9). */
  | { kind: 'app'; context: string }
  /** An answer no step expects: the general error or the wait, reported (flows 8). */
  | { kind: 'failure'; operation: string; result: Failed | RateLimited };

/** After the password (flows 4.3, 4.4): on, or "Incorrect email or password" on the step itself. */
export type AfterPassword = Move | { kind: 'wrong-credentials' };

export function afterPassword(result: LoginResult, credentials: Credentials): AfterPassword {
  switch (result.kind) {
    case 'signed-in':
      return result.policy
        ? {
            kind: 'mfa-setup',
            context: result.context,
            token: result.token,
            policy: result.policy,
            termsAccepted: result.termsAccepted,
            passwordCompromised: result.passwordCompromised,
          }
        : { kind: 'signed-in', token: result.token, termsAccepted: result.termsAccepted, passwordCompromised: result.passwordCompromised };
    case 'mfa-required':
      return { kind: 'code', credentials };
    case 'invalid-credentials':
    case 'invalid-code':
      return { kind: 'wrong-credentials' };
    default:
      return { kind: 'failure', operation: 'login', result };
  }
}

/** After a passkey (flows 4.14): on as after a password and code, or a refusal said on the e-mail step. */
export type AfterPasskey = Move | { kind: 'passkey-refused'; sso: boolean };

export function afterPasskey(result: PasskeySignInResult): AfterPasskey {
  switch (result.kind) {
    case 'signed-in':
      return { kind: 'signed-in', token: result.token, termsAccepted: result.termsAccepted };
    case 'rejected':
      return { kind: 'passkey-refused', sso: false };
    case 'sso-required':
      return { kind: 'passkey-refused', sso: true };
    default:
      return { kind: 'failure', operation: 'passkey-sign-in', result };
  }
}

/** After a code (flows 4.5, 4.6): on, or "Invalid code." on the step itself. */
export type AfterCode = Move | { kind: 'wrong-code' };

/**
 * The code of a sign-in, sent with its e-mail and password, or alone after a reload to complete the
 * sign-in the server keeps pending (flows 4.3, 4.5). `email`: the sign-in's, when known.
 */
export function afterCode(result: LoginResult | CodeLoginResult, email: string | undefined): AfterCode {
  switch (result.kind) {
    case 'signed-in':
      return {
        kind: 'signed-in',
        token: result.token,
        recoveryCodesLeft: result.recoveryCodesLeft,
        termsAccepted: result.termsAccepted,
        passwordCompromised: result.passwordCompromised,
      };
    case 'invalid-code':
    case 'mfa-required':
      return { kind: 'wrong-code' };
    case 'invalid-credentials':
      return { kind: 'password', email, expired: false };
    case 'sign-in-expired':
      return { kind: 'password', email, expired: true };
    default:
      return { kind: 'failure', operation: 'login', result };
  }
}

/**
 * The code that confirms a new TOTP secret (flows 4.6). The API answers the full session once the
 * second factor is set up; an answer without one keeps the token of the setup. The recovery codes
 * it answers are shown before company selection.
 */
export function afterMfaConfirmation(result: MfaConfirmResult, setupToken: string | undefined): AfterCode {
  switch (result.kind) {
    case 'confirmed': {
      const token = result.token ?? setupToken ?? '';
      return result.recoveryCodes.length > 0 ? { kind: 'recovery-codes', token, codes: result.recoveryCodes } : { kind: 'signed-in', token };
    }
    // MFASetup is for a user without TOTP: one set up meanwhile asks its code, which is wrong here.
    case 'invalid-code':
    case 'current-code-required':
      return { kind: 'wrong-code' };
    default:
      return { kind: 'failure', operation: 'mfa-confirm', result };
  }
}

/** After the user's organisations have loaded (flows 4.7): the list to choose from, or on. */
export type AfterOrganizations = Move | { kind: 'choose'; organizations: Organization[] };

export function afterOrganizations(result: OrganizationsResult): AfterOrganizations {
  switch (result.kind) {
    case 'organizations':
      return { kind: 'choose', organizations: result.organizations };
    case 'unauthorized':
      return { kind: 'logout' };
    default:
      return { kind: 'failure', operation: 'organizations', result };
  }
}

/** After the terms and the user have loaded (flows 4.8): the box to tick, or on. */
export type AfterTermsLoad = Move | { kind: 'agree'; organization: CurrentOrganization };

export function afterTermsLoad(result: TermsSubjectResult, context: string): AfterTermsLoad {
  // A refused session goes through Logout, as company selection's does (src/flow/refusal.ts).
  if (result.kind !== 'loaded')
    return result.status === 401 ? { kind: 'logout' } : { kind: 'login', failed: { operation: 'terms-load', status: result.status } };
  const accepted = result.user.termsAndConditions[context]?.acceptedVersion;
  return accepted === result.organization.termsAndConditions.version ? { kind: 'app', context } : { kind: 'agree', organization: result.organization };
}

/** After Save on the terms (flows 4.8, 4.9). */
export function afterTermsAccepted(result: AcceptTermsResult, context: string): Move {
  return result.kind === 'accepted' ? { kind: 'app', context } : { kind: 'failure', operation: 'accept-terms', result };
}
