/**
 * The last step of an app's sign-in through the OpenID Provider (flows 4.18), without HTTP or the
 * provider's engine: what the app asked for, checked against the front door's session. A fresh
 * sign-in (`prompt=login`, `max_age`), a second factor (`acr_values=mfa`), an organisation (`org`,
 * `domain`), whose refusal goes back to the app as `access_denied`; the other refusals stay with the
 * person. The route maps the outcomes to answers (server/api/routes/oidc.ts), as it does a password
 * sign-in's; server/oidc/finish.ts reads the interaction and hands the provider its result.
 */
import type { Services } from '../services';
import type { TokenClaims } from './tokens';
import { sessionTermsAccepted } from './sign-in';
import { audit } from '../db/audit';
import { acrOf, askedOrganization, asksForMfa, ACR_MFA } from './oidc-claims';

/** What the app asked for, as the provider's interaction holds it. */
export interface AskedByApp {
  params: Readonly<Record<string, unknown>>;
  /** Why the provider asks for a sign-in (`login_prompt` for `prompt=login`). */
  reasons: readonly string[];
  /** When the interaction began, in seconds. */
  startedAt: number | undefined;
}

export interface AppSignInRequest {
  claims: TokenClaims;
  /** The organisation chosen, or the API audience for a person in none. */
  context: string;
  clientAddress: string;
}

export type AppSignIn =
  | { kind: 'signed-in'; accountId: string; authTime: number; amr: string[]; acr: string; sid: string; org: string }
  /** The app asked for an organisation the person is not in: it hears `access_denied`. */
  | { kind: 'not-a-member' }
  | { kind: 'session-unfit' }
  | { kind: 'reauthentication-required' }
  | { kind: 'second-factor-required' }
  | { kind: 'organisation-not-reached' }
  | { kind: 'terms-required' };

export async function finishAppSignIn(services: Pick<Services, 'db' | 'config'>, asked: AskedByApp, request: AppSignInRequest): Promise<AppSignIn> {
  const { db, config } = services;
  const { claims } = request;
  if (claims.sid === undefined || claims.amr === undefined || claims.auth_time === undefined) return { kind: 'session-unfit' };
  const { params } = asked;
  const client = String(params.client_id);
  const now = Math.floor(Date.now() / 1000);
  const maxAge = typeof params.max_age === 'string' || typeof params.max_age === 'number' ? Number(params.max_age) : undefined;
  // A sign-in during this interaction is fresh enough for either; one before it only within max_age.
  const signedInDuring = claims.auth_time >= (asked.startedAt ?? now);
  const mustBeFresh = asked.reasons.includes('login_prompt') || (maxAge !== undefined && now - claims.auth_time > maxAge);
  if (mustBeFresh && !signedInDuring) return { kind: 'reauthentication-required' };
  const acr = acrOf(claims.amr);
  if (asksForMfa(params.acr_values) && acr !== ACR_MFA) return { kind: 'second-factor-required' };

  const wanted = askedOrganization(params);
  const withoutOrganization = request.context === config.tokenAudience && claims.contexts.length === 0;
  let org: string;
  if (wanted !== undefined) {
    const match = claims.contexts.find((context) => context.toLowerCase() === wanted.toLowerCase());
    if (match === undefined) {
      await audit(db, request.clientAddress, 'oidc.refused', { userId: claims.sub, detail: { client, reason: 'not_a_member' } });
      return { kind: 'not-a-member' };
    }
    org = match;
  } else if (withoutOrganization) {
    org = '';
  } else if (claims.contexts.includes(request.context)) {
    org = request.context;
  } else {
    return { kind: 'organisation-not-reached' };
  }
  if (org !== '' && !(await sessionTermsAccepted(db, claims.sub, [org])).includes(org)) return { kind: 'terms-required' };
  await audit(db, request.clientAddress, 'oidc.sign_in', { userId: claims.sub, context: org || undefined, detail: { client } });
  return { kind: 'signed-in', accountId: claims.sub, authTime: claims.auth_time, amr: claims.amr, acr, sid: claims.sid, org };
}
