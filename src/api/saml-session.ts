/**
 * POST saml2/session (contract, confirmSamlSession): whether the server handed the `lcq` the SSO
 * success page arrived with to this very browser, so a link carrying someone else's session signs
 * no one in. The token goes as the bearer of this one call; nothing is stored before the answer,
 * which says, as a password sign-in's does, whose current terms are accepted (flows 4.8).
 */
import { api } from './client';
import { answerOf } from './request';

export type SamlSessionResult = { kind: 'confirmed'; termsAccepted: string[] } | { kind: 'refused' };

export async function confirmSamlSession(lcq: string): Promise<SamlSessionResult> {
  const answer = await answerOf(api.POST('/saml2/session', { headers: { Authorization: `Bearer ${lcq}` } }));
  return answer.status === 200 && answer.data ? { kind: 'confirmed', termsAccepted: answer.data.termsAccepted } : { kind: 'refused' };
}
