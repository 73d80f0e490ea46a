/**
 * The call that finishes an app's OpenID Connect sign-in (flows 4.18): without a sign-in of an app
 * waiting in this client (no interaction cookie) it answers 404, without a token 401, and a
 * `uid` outside its pattern or a body without `context` 400. A whole sign-in needs an app
 * registered by the operator and a browser: the server tests and the stories cover it
 * (server/api/openid-provider.test.ts, e2e/openid-connect.spec.ts).
 */
import { expectError } from '../expect';
import type { Session } from '../tokens';
import type { CheckRun } from './check-run';

const UID = 'Xk4wP0bq2rNf7Hc9LmTz1';

export async function checkOidcFinish({ api, report }: CheckRun, { token }: Session): Promise<void> {
  await report.check('finishOidcSignIn answers 404 not_found when no sign-in of an app waits in this client', async () => {
    expectError(await api.send({ operationId: 'finishOidcSignIn', params: { uid: UID }, token, json: { context: 'acme' } }), 404, 'not_found');
  });
  await report.check('finishOidcSignIn answers 401 unauthorized without a bearer token', async () => {
    expectError(await api.send({ operationId: 'finishOidcSignIn', params: { uid: UID }, json: { context: 'acme' } }), 401, 'unauthorized');
  });
  await report.check('finishOidcSignIn answers 400 validation_failed to a body without context', async () => {
    expectError(await api.send({ operationId: 'finishOidcSignIn', params: { uid: UID }, token, json: {} }), 400, 'validation_failed');
  });
}
