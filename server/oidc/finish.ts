/**
 * The provider's side of an app's sign-in's last step (flows 4.18): only the browser that started
 * it can finish it (the interaction's cookie); the use case decides (server/auth/app-sign-in.ts),
 * and its result, or the app's `access_denied`, goes to the provider's engine here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InteractionResults } from 'oidc-provider';
import type { AppSignIn, AskedByApp } from '../auth/app-sign-in';
import type { OpenIdProvider } from './provider';

type Http = { request: IncomingMessage; response: ServerResponse };

/** What the app of the interaction `uid` asked for, or undefined when this browser has no such interaction waiting. */
export async function waitingAppSignIn(oidc: OpenIdProvider, http: Http, uid: string): Promise<AskedByApp | undefined> {
  let interaction;
  try {
    interaction = await oidc.interactionDetails(http.request, http.response);
  } catch (error) {
    // The engine's SessionNotFound: no interaction cookie, or none stored under it.
    if (error instanceof Error && error.name === 'SessionNotFound') return undefined;
    throw error;
  }
  if (interaction.uid !== uid) return undefined;
  return { params: interaction.params, reasons: interaction.prompt.reasons, startedAt: interaction.iat };
}

/** Hands the provider the sign-in, or the app's refusal; answers where the browser goes next. */
export function answerApp(oidc: OpenIdProvider, http: Http, outcome: Extract<AppSignIn, { kind: 'signed-in' | 'not-a-member' }>): Promise<string> {
  const result: InteractionResults =
    outcome.kind === 'not-a-member'
      ? { error: 'access_denied', error_description: 'The person is not a member of the organisation the app asked for.' }
      : {
          login: { accountId: outcome.accountId, ts: outcome.authTime, amr: outcome.amr, acr: outcome.acr, remember: true },
          // The platform's apps are its own: their grant needs no question (`prompt=consent` included).
          consent: {},
          frontDoor: { sid: outcome.sid, org: outcome.org },
        };
  return oidc.interactionResult(http.request, http.response, result, { mergeWithLastSubmission: false });
}
