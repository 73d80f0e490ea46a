/**
 * Passkeys (flows 4.14) as far as a checker without an authenticator can go: the options of both
 * ceremonies, answers that cannot hold refused as `passkey_rejected`, the account's list, and the
 * refusals of a missing passkey or token. The ceremonies themselves are the stories'
 * (e2e/passkeys.spec.ts) and the server tests' (server/api/passkeys.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { expectError, expectStatus, expectThat, jsonBody } from '../expect';
import type { Session } from '../tokens';
import type { CheckRun } from './check-run';

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** The client data of a ceremony whose challenge no server issued. */
const clientData = (type: string) => b64url(JSON.stringify({ type, challenge: b64url(randomBytes(32)), origin: 'https://contract.invalid' }));

const credential = () => {
  const id = b64url(randomBytes(32));
  return { id, rawId: id, type: 'public-key', clientExtensionResults: {} };
};

export async function checkPasskeys({ api, report, account }: CheckRun, { context, token }: Session): Promise<void> {
  await report.check('passkeySignInOptions answers 200 with a challenge and user verification required, with and without an e-mail', async () => {
    for (const json of [{}, { email: account.email }]) {
      const answer = await api.send({ operationId: 'passkeySignInOptions', json });
      expectStatus(answer, 200);
      const options = jsonBody<{ challenge?: string; userVerification?: string; allowCredentials?: unknown[] }>(answer);
      expectThat(Boolean(options.challenge) && options.userVerification === 'required', answer, 'a challenge, userVerification required');
      expectThat((options.allowCredentials ?? []).length === 0, answer, 'no allowCredentials, the same for every e-mail');
    }
  });

  await report.check('signInWithPasskey answers 400 passkey_rejected to an answer whose challenge was never issued', async () => {
    const response = {
      ...credential(),
      response: { clientDataJSON: clientData('webauthn.get'), authenticatorData: b64url(randomBytes(37)), signature: b64url(randomBytes(70)) },
    };
    expectError(await api.send({ operationId: 'signInWithPasskey', json: { response } }), 400, 'passkey_rejected');
  });

  await report.check(
    'passkeyRegistrationOptions answers a fresh password session 200 with a discoverable, user-verified credential for its e-mail',
    async () => {
      const answer = await api.send({ operationId: 'passkeyRegistrationOptions', params: { context }, token });
      expectStatus(answer, 200);
      const options = jsonBody<{ user?: { name?: string }; authenticatorSelection?: { residentKey?: string; userVerification?: string } }>(answer);
      expectThat(options.user?.name === account.email, answer, `user.name ${account.email}`);
      expectThat(
        options.authenticatorSelection?.residentKey === 'required' && options.authenticatorSelection.userVerification === 'required',
        answer,
        'residentKey and userVerification required',
      );
    },
  );

  await report.check('addPasskey answers 400 passkey_rejected to an answer whose challenge was never issued', async () => {
    const response = { ...credential(), response: { clientDataJSON: clientData('webauthn.create'), attestationObject: b64url(randomBytes(64)) } };
    expectError(await api.send({ operationId: 'addPasskey', params: { context }, token, json: { response } }), 400, 'passkey_rejected');
  });

  await report.check('listPasskeys answers 200 with a list, removePasskey 404 for a passkey the user does not have', async () => {
    const list = await api.send({ operationId: 'listPasskeys', params: { context }, token });
    expectStatus(list, 200);
    expectThat(Array.isArray(jsonBody<unknown>(list)), list, 'a list');
    expectError(await api.send({ operationId: 'removePasskey', params: { context, passkeyId: credential().id }, token }), 404, 'not_found');
  });

  await report.check('listPasskeys and passkeyRegistrationOptions answer 401 without a token', async () => {
    expectError(await api.send({ operationId: 'listPasskeys', params: { context } }), 401, 'unauthorized');
    expectError(await api.send({ operationId: 'passkeyRegistrationOptions', params: { context } }), 401, 'unauthorized');
  });
}
