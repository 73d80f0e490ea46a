/**
 * Register, forgot-password and set-password (flows 4.10 to 4.12): the mail requests
 * answer alike for known and unknown e-mails; set-password holds the password rules and needs a token.
 * And the "This wasn't me" link of the alert mails.
 */
import { randomBytes } from 'node:crypto';
import { expectError, expectStatus, expectThat } from '../expect';
import type { Session } from '../tokens';
import { strongPassword, unknownEmail, type CheckRun } from './check-run';

export async function checkMailRequests({ api, report, account }: CheckRun): Promise<void> {
  await report.check('register takes a language that is not an interface language (es) and a regional tag (de-CH)', async () => {
    for (const language of ['es', 'de-CH']) expectStatus(await api.send({ operationId: 'register', json: { email: unknownEmail(), language } }), 202);
  });

  for (const operationId of ['register', 'forgotPassword']) {
    const name = operationId === 'register' ? 'register' : 'forgot-password';
    await report.check(`${name} answers 202 for an unknown e-mail, the same as for the account's e-mail`, async () => {
      const unknown = await api.send({ operationId, json: { email: unknownEmail(), language: 'en' } });
      const known = await api.send({ operationId, json: { email: account.email, language: 'en' } });
      expectStatus(unknown, 202);
      expectStatus(known, 202);
      expectThat(unknown.body === known.body, unknown, `the body of the known e-mail, "${known.body}"`, `"${unknown.body}"`);
    });
  }
}

export async function checkSetPasswordRefusals({ api, report, account }: CheckRun, { context, token }: Session): Promise<void> {
  await report.check('set-password with a session token and a weak password answers 400 weak_password', async () => {
    const answer = await api.send({ operationId: 'setPassword', token, json: { password: 'weakpass', currentPassword: account.password, challenge: '' } });
    expectError(answer, 400, 'weak_password');
  });

  await report.check('answerPasswordNotice answers 204 to later, and 400 validation_failed to a choice that is neither change nor later', async () => {
    expectStatus(await api.send({ operationId: 'answerPasswordNotice', params: { context }, token, json: { choice: 'later' } }), 204);
    expectError(await api.send({ operationId: 'answerPasswordNotice', params: { context }, token, json: { choice: 'never' } }), 400, 'validation_failed');
  });

  // It keeps the rules of flows 5 and is among the first passwords every attacker tries.
  await report.check('set-password with a session token and a known-breached password answers 400 password_compromised', async () => {
    const answer = await api.send({ operationId: 'setPassword', token, json: { password: 'Password123', currentPassword: account.password, challenge: '' } });
    expectError(answer, 400, 'password_compromised');
  });

  await report.check('set-password with a session token and no currentPassword answers 400 validation_failed', async () => {
    const answer = await api.send({ operationId: 'setPassword', token, json: { password: strongPassword(), challenge: '' } });
    expectError(answer, 400, 'validation_failed');
  });

  await report.check('set-password with a session token and a wrong currentPassword answers 400 invalid_credentials', async () => {
    const answer = await api.send({
      operationId: 'setPassword',
      token,
      json: { password: strongPassword(), currentPassword: `${account.password}-wrong`, challenge: '' },
    });
    expectError(answer, 400, 'invalid_credentials');
  });

  await report.check('set-password with a session token and the current password as the new one answers 400 password_unchanged', async () => {
    const answer = await api.send({
      operationId: 'setPassword',
      token,
      json: { password: account.password, currentPassword: account.password, challenge: '' },
    });
    expectError(answer, 400, 'password_unchanged');
  });

  await report.check('set-password answers 400 validation_failed to a new password with a control character', async () => {
    const answer = await api.send({
      operationId: 'setPassword',
      token,
      json: { password: `${strongPassword()}\u0000`, currentPassword: account.password, challenge: '' },
    });
    expectError(answer, 400, 'validation_failed');
  });

  await report.check('set-password without a token answers 401', async () => {
    const answer = await api.send({ operationId: 'setPassword', json: { password: strongPassword(), challenge: '' } });
    expectStatus(answer, 401);
  });
}

/** "This wasn't me" (secureAccount): only a link the server mailed acts, once. */
export async function checkSecureAccount({ api, report }: CheckRun): Promise<void> {
  await report.check('secureAccount answers 401 invalid_token to a link the server never mailed', async () => {
    expectError(await api.send({ operationId: 'secureAccount', json: { token: randomBytes(32).toString('base64url') } }), 401, 'invalid_token');
  });

  await report.check('secureAccount answers 400 validation_failed to a token that is no link', async () => {
    expectError(await api.send({ operationId: 'secureAccount', json: { token: 'not-a-link' } }), 400, 'validation_failed');
  });
}
