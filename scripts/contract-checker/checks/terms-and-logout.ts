/** The end of a sign-in (flows 4.8, and Logout): accepting the terms, then logging out. */
import { decodeJwt } from 'jose';
import { expectStatus, expectThat, jsonBody, needs } from '../expect';
import type { Session } from '../tokens';
import { EMPTY_JSON_BODY, type CheckRun } from './check-run';

interface User {
  termsAndConditions: Record<string, { acceptedVersion: number }>;
}

export async function checkTermsAcceptance(
  { api, report }: CheckRun,
  { context, token }: Session,
  facts: { userId: string | undefined; termsVersion: number | undefined },
): Promise<void> {
  const accepted = await report.check('acceptTermsAndConditions answers 204', async () => {
    const answer = await api.send({ operationId: 'acceptTermsAndConditions', params: { context }, token, raw: EMPTY_JSON_BODY });
    expectStatus(answer, 204);
    return true;
  });

  await report.check("afterwards the user's acceptedVersion for the context equals the organisation's terms version", async () => {
    needs(accepted, 'the acceptance');
    const version = needs(facts.termsVersion, "the organisation's terms version");
    const answer = await api.send({ operationId: 'getUser', params: { context, userId: needs(facts.userId, 'the userId claim') }, token });
    expectStatus(answer, 200);
    const acceptedVersion = jsonBody<User>(answer).termsAndConditions[context]?.acceptedVersion;
    expectThat(acceptedVersion === version, answer, `termsAndConditions.${context}.acceptedVersion ${version}`, String(acceptedVersion));
  });
}

export async function checkLogout({ api, report }: CheckRun, { context, token }: Session): Promise<void> {
  const loggedOut = await report.check("logout at the token's aud answers 204", async () => {
    const { aud } = decodeJwt(token);
    expectThat(typeof aud === 'string', undefined, 'a token with a single aud', JSON.stringify(aud));
    const answer = await api.send({ operationId: 'logout', params: { aud }, token });
    expectStatus(answer, 204);
    return true;
  });

  await report.check('after logout the same token is refused with 401', async () => {
    needs(loggedOut, 'the logout');
    const answer = await api.send({ operationId: 'getUserOrganizations', params: { context }, token });
    expectStatus(answer, 401);
  });
}
