/**
 * The last step of an app's sign-in (flows 4.18): the front door's session finishes the provider's
 * interaction in place of entering a platform app. Only the browser that started it can (the
 * interaction's cookie); what the app asked for is checked against the session: a fresh sign-in
 * (`prompt=login`, `max_age`), a second factor (`acr_values=mfa`), an organisation (`org`,
 * `domain`), whose refusal goes back to the app as `access_denied`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InteractionResults } from 'oidc-provider';
import type { Services } from '../services';
import type { TokenClaims } from '../auth/tokens';
import { sessionTermsAccepted } from '../auth/sign-in';
import { audit } from '../db/audit';
import { HttpError } from '../api/errors';
import { acrOf, askedOrganization, asksForMfa, ACR_MFA } from './claims';
import type { OpenIdProvider } from './provider';

export interface FinishRequest {
  uid: string;
  claims: TokenClaims;
  /** The organisation chosen, or the API audience for a person in none. */
  context: string;
  clientAddress: string;
}

export async function finishSignIn(
  services: Services,
  oidc: OpenIdProvider,
  http: { request: IncomingMessage; response: ServerResponse },
  finish: FinishRequest,
): Promise<string> {
  const { db, config } = services;
  const { claims } = finish;
  let interaction;
  try {
    interaction = await oidc.interactionDetails(http.request, http.response);
  } catch (error) {
    // The engine's SessionNotFound: no interaction cookie, or none stored under it.
    if (error instanceof Error && error.name === 'SessionNotFound')
      throw new HttpError(404, 'not_found', 'No sign-in of an app waits in this browser: it has expired or was finished.');
    throw error;
  }
  if (interaction.uid !== finish.uid) throw new HttpError(404, 'not_found', 'No such sign-in of an app waits in this browser.');
  if (claims.sid === undefined || claims.amr === undefined || claims.auth_time === undefined) {
    throw new HttpError(401, 'invalid_token', 'This session cannot sign in to an app: sign in again.');
  }
  const { params, prompt } = interaction;
  const reasons = new Set(prompt.reasons);
  const now = Math.floor(Date.now() / 1000);
  const maxAge = typeof params.max_age === 'string' || typeof params.max_age === 'number' ? Number(params.max_age) : undefined;
  // A sign-in during this interaction is fresh enough for either; one before it only within max_age.
  const signedInDuring = claims.auth_time >= (interaction.iat ?? now);
  const mustBeFresh = reasons.has('login_prompt') || (maxAge !== undefined && now - claims.auth_time > maxAge);
  if (mustBeFresh && !signedInDuring) throw new HttpError(403, 'reauthentication_required', 'The app asks you to sign in again.');
  const acr = acrOf(claims.amr);
  if (asksForMfa(params.acr_values) && acr !== ACR_MFA) throw new HttpError(403, 'second_factor_required', 'The app asks for a second factor.');

  const asked = askedOrganization(params);
  const withoutOrganization = finish.context === config.tokenAudience && claims.contexts.length === 0;
  let org: string;
  if (asked !== undefined) {
    const match = claims.contexts.find((context) => context.toLowerCase() === asked.toLowerCase());
    if (match === undefined) {
      await audit(db, finish.clientAddress, 'oidc.refused', { userId: claims.sub, detail: { client: String(params.client_id), reason: 'not_a_member' } });
      return oidc.interactionResult(
        http.request,
        http.response,
        { error: 'access_denied', error_description: 'The person is not a member of the organisation the app asked for.' },
        { mergeWithLastSubmission: false },
      );
    }
    org = match;
  } else if (withoutOrganization) {
    org = '';
  } else if (claims.contexts.includes(finish.context)) {
    org = finish.context;
  } else {
    throw new HttpError(403, 'forbidden', 'The session does not reach this organisation.');
  }
  if (org !== '' && !(await sessionTermsAccepted(db, claims.sub, [org])).includes(org)) {
    throw new HttpError(403, 'forbidden', 'Accept the organisation’s terms first.');
  }
  const result: InteractionResults & { frontDoor: { sid: string; org: string } } = {
    login: { accountId: claims.sub, ts: claims.auth_time, amr: claims.amr, acr, remember: true },
    // The platform's apps are its own: their grant needs no question (`prompt=consent` included).
    consent: {},
    frontDoor: { sid: claims.sid, org },
  };
  await audit(db, finish.clientAddress, 'oidc.sign_in', { userId: claims.sub, context: org || undefined, detail: { client: String(params.client_id) } });
  return oidc.interactionResult(http.request, http.response, result, { mergeWithLastSubmission: false });
}
