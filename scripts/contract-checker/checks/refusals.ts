/**
 * What a server must refuse: requests without a usable session token, and bodies the contract does
 * not allow. The tokens are tried on getUserOrganizations, an ordinary authenticated read.
 */
import { expectError, expectStatus } from '../expect';
import { unsignedCopy, withTamperedSignature, type Session } from '../tokens';
import { unknownContext, type CheckRun } from './check-run';

/** Far beyond any legitimate body of this API (a password is at most 1024 characters); the reference server's limit is 16 KB. */
const OVERSIZED_BODY_BYTES = 64 * 1024;

export async function checkTokenRefusals({ api, report }: CheckRun, { context, token }: Session): Promise<void> {
  const readOrganizations = (sent?: string) =>
    api.send({ operationId: 'getUserOrganizations', params: { context }, ...(sent === undefined ? {} : { token: sent }) });

  await report.check('an authenticated call without a token answers 401', async () => {
    expectStatus(await readOrganizations(), 401);
  });

  await report.check('a session token with a tampered signature answers 401 invalid_token', async () => {
    expectError(await readOrganizations(withTamperedSignature(token)), 401, 'invalid_token');
  });

  await report.check('the same claims as an unsigned alg: none token answer 401 invalid_token', async () => {
    expectError(await readOrganizations(unsignedCopy(token)), 401, 'invalid_token');
  });

  await report.check('a context that is not in the token answers 403 forbidden', async () => {
    const answer = await api.send({ operationId: 'getUserOrganizations', params: { context: unknownContext() }, token });
    expectError(answer, 403, 'forbidden');
  });

  // A genuine session that no assertion consumer handed to this client: what a link to
  // /login/sso/success carrying someone else's session presents (login CSRF).
  await report.check('confirmSamlSession answers 403 forbidden for a session not handed to this client by the assertion consumer', async () => {
    expectError(await api.send({ operationId: 'confirmSamlSession', token }), 403, 'forbidden');
  });

  await report.check('confirmSamlSession answers 401 invalid_token for an unsigned alg: none copy of the session', async () => {
    expectError(await api.send({ operationId: 'confirmSamlSession', token: unsignedCopy(token) }), 401, 'invalid_token');
  });
}

/** On login, the first call of every sign-in, while the account has no TOTP yet. */
export async function checkBodyRefusals({ api, report, account }: CheckRun): Promise<void> {
  const { email, password } = account;

  await report.check('login with malformed JSON answers 400 validation_failed in the error shape', async () => {
    const cutShort = `{"email": ${JSON.stringify(email)}, "password": `;
    const answer = await api.send({ operationId: 'login', raw: { body: cutShort, contentType: 'application/json' } });
    expectError(answer, 400, 'validation_failed');
  });

  // The right credentials: a server that ignores the extra field signs the account in instead.
  await report.check('login with a field the contract does not define answers 400 validation_failed', async () => {
    const answer = await api.send({ operationId: 'login', json: { email, password, role: 'admin' } });
    expectError(answer, 400, 'validation_failed');
  });

  await report.check(`login with a ${OVERSIZED_BODY_BYTES / 1024} KB body answers 413 payload_too_large`, async () => {
    const answer = await api.send({ operationId: 'login', json: { email, password: 'x'.repeat(OVERSIZED_BODY_BYTES) } });
    expectError(answer, 413, 'payload_too_large');
  });

  await report.check('login with a text/xml body answers 415 unsupported_media_type', async () => {
    const answer = await api.send({ operationId: 'login', raw: { body: `<login><email>${email}</email></login>`, contentType: 'text/xml' } });
    expectError(answer, 415, 'unsupported_media_type');
  });
}
