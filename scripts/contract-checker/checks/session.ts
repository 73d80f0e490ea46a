/**
 * What a session token opens (flows 4.7 and 4.8): its signature and claims, the
 * organisations, the current organisation and the user.
 */
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { expectError, expectStatus, expectThat, jsonBody, needs } from '../expect';
import { SESSION_TYP, sessionClaimProblems, sessionTypeProblems, verifyWithKeySet, type Session, type SessionClaims } from '../tokens';
import type { CheckRun } from './check-run';

interface Organization {
  context: string;
  termsAndConditions: { version: number };
}

export interface SessionFacts {
  claims: SessionClaims;
  /** The terms version of the login context's organisation. */
  termsVersion: number | undefined;
}

export async function checkSession({ api, report, account }: CheckRun, session: Session): Promise<SessionFacts | undefined> {
  const { context, token } = session;

  const keySet = await report.check("the JWKS holds the token header's kid, and that ES256 key verifies the session token", async () => {
    const answer = await api.send({ operationId: 'getJwks' });
    expectStatus(answer, 200);
    await verifyWithKeySet(token, jsonBody<JSONWebKeySet>(answer));
    return jsonBody<JSONWebKeySet>(answer);
  });

  await report.check(
    `the session token is typed: typ ${SESSION_TYP} and the API audience, which a relying party verifies (RFC 8725 section 3.11)`,
    async () => {
      const payload = decodeJwt(token);
      const problems = sessionTypeProblems(token, payload);
      if (problems.length > 0) throw new Error(`session token: ${problems.join('; ')}`);
      // What a platform app does with jose: signature, issuer, audience, expiry and typ.
      await jwtVerify(token, createLocalJWKSet(needs(keySet, 'the JWKS')), {
        algorithms: ['ES256'],
        typ: SESSION_TYP,
        audience: String(payload.aud),
        ...(typeof payload.iss === 'string' ? { issuer: payload.iss } : {}),
      });
    },
  );

  // Read without verifying, so the flows go on when only the signature check failed.
  const claims = await report.check(
    'the session token carries exp, aud, contexts with the login context, sub equal to userId, the e-mail, iss and amr',
    async () => {
      const payload = decodeJwt(token);
      const problems = sessionClaimProblems(payload, account.email);
      if (Array.isArray(payload.contexts) && !payload.contexts.includes(context)) {
        problems.push(`contexts must include the login context ${context}, got ${JSON.stringify(payload.contexts)}`);
      }
      if (problems.length > 0) throw new Error(`session token claims: ${problems.join('; ')}`);
      return payload as unknown as SessionClaims;
    },
  );

  await report.check('organizations of the login context answer a map keyed by context that includes the login context', async () => {
    const answer = await api.send({ operationId: 'getUserOrganizations', params: { context }, token });
    expectStatus(answer, 200);
    const organizations = jsonBody<Record<string, Organization>>(answer);
    expectThat(context in organizations, answer, `an entry for ${context}`);
    const misfiled = Object.entries(organizations).filter(([key, organization]) => organization.context !== key);
    expectThat(misfiled.length === 0, answer, 'every entry under its own context', `${misfiled.map(([key]) => key).join(', ')} under another key`);
  });

  await report.check('ssoModeByContext answers the login context in upper case as it answers it exactly (flows 4.7)', async () => {
    const exact = await api.send({ operationId: 'getSsoModeByContext', params: { context } });
    const upper = await api.send({ operationId: 'getSsoModeByContext', params: { context: context.toUpperCase() } });
    expectStatus(upper, 200);
    expectThat(upper.body === exact.body, upper, exact.body);
  });

  const termsVersion = await report.check("organization/current answers the login context's organisation", async () => {
    const answer = await api.send({ operationId: 'getCurrentOrganization', params: { context }, token });
    expectStatus(answer, 200);
    const organization = jsonBody<Organization>(answer);
    expectThat(organization.context === context, answer, `the organisation of ${context}`);
    return organization.termsAndConditions.version;
  });

  const userId = claims?.userId;
  await report.check("user answers the token's own user", async () => {
    const answer = await api.send({ operationId: 'getUser', params: { context, userId: needs(userId, 'the userId claim') }, token });
    expectStatus(answer, 200);
    const user = jsonBody<{ id: string; email: string }>(answer);
    expectThat(user.id === userId, answer, `the user ${userId}`);
    expectThat(user.email.toLowerCase() === account.email.toLowerCase(), answer, `the e-mail ${account.email}`);
  });

  await report.check('user answers 403 forbidden for another userId', async () => {
    const answer = await api.send({ operationId: 'getUser', params: { context, userId: randomUUID() }, token });
    expectError(answer, 403, 'forbidden');
  });

  return claims && { claims, termsVersion };
}
