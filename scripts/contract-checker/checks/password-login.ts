/** Password login, flows 4.3 and 4.4: wrong credentials, then the right ones. */
import { isDeepStrictEqual } from 'node:util';
import { describeAnswer, expectError, expectStatus, expectThat, jsonBody, needs } from '../expect';
import type { Session } from '../tokens';
import { unknownEmail, type CheckRun } from './check-run';

const POLICIES = ['OPTIONAL', 'REQUIRED'];

export async function checkPasswordLogin({ api, report, account }: CheckRun): Promise<Session | undefined> {
  const wrongPassword = await report.check('login with a wrong password answers 400 invalid_credentials', async () => {
    const answer = await api.send({ operationId: 'login', json: { email: account.email, password: `${account.password}-wrong` } });
    expectError(answer, 400, 'invalid_credentials');
    return answer;
  });

  const unknownAccount = await report.check('login with an unknown e-mail answers 400 invalid_credentials', async () => {
    const answer = await api.send({ operationId: 'login', json: { email: unknownEmail(), password: account.password } });
    expectError(answer, 400, 'invalid_credentials');
    return answer;
  });

  await report.check('a wrong password and an unknown e-mail get the same body, so the answer does not reveal the account', async () => {
    const wrong = needs(wrongPassword, 'the wrong-password answer');
    const unknown = needs(unknownAccount, 'the unknown-e-mail answer');
    expectThat(isDeepStrictEqual(jsonBody(wrong), jsonBody(unknown)), unknown, `the body of the wrong password, ${describeAnswer(wrong)}`);
  });

  await report.check('login with an empty challenge answers as without one: 200 for an account without TOTP', async () => {
    const answer = await api.send({ operationId: 'login', json: { email: account.email, password: account.password, challenge: '' } });
    expectStatus(answer, 200);
  });

  return report.check('login with the right password answers 200 with {context, token} and www-authenticate OPTIONAL or REQUIRED', async () => {
    const answer = await api.send({ operationId: 'login', json: { email: account.email, password: account.password } });
    expectStatus(answer, 200);
    const policy = answer.headers.get('www-authenticate');
    const policyAnswered = policy !== null && POLICIES.includes(policy);
    expectThat(policyAnswered, answer, 'www-authenticate OPTIONAL or REQUIRED', `www-authenticate ${policy ?? '(absent)'}`);
    return jsonBody<Session>(answer);
  });
}
