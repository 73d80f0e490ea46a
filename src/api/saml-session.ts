/**
 * POST saml2/session (contract, confirmSamlSession): whether the server handed the `lcq` the SSO
 * success page arrived with to this very browser, so a link carrying someone else's session signs
 * no one in. The token goes as the bearer of this one call; nothing is stored before the answer.
 */
import { api } from './client';
import { answerOf } from './request';

export async function confirmSamlSession(lcq: string): Promise<boolean> {
  const answer = await answerOf(api.POST('/saml2/session', { headers: { Authorization: `Bearer ${lcq}` }, parseAs: 'text' }));
  return answer.status === 204;
}
