/** Login steps of flows 4.1 and 4.2: how an e-mail or a context signs in. */
import { expectError, expectStatus, expectThat } from '../expect';
import { unclaimedEmail, unknownContext, type CheckRun } from './check-run';

const PASSWORD_MODES = ['NOT_SET', 'LOGIN_SAML'];

export async function checkSsoModes({ api, report, account }: CheckRun): Promise<void> {
  await report.check("ssoMode for the account's e-mail answers a mode that allows a password login (NOT_SET or LOGIN_SAML)", async () => {
    const answer = await api.send({ operationId: 'getSsoModeByEmail', params: { email: account.email } });
    expectStatus(answer, 200);
    expectThat(PASSWORD_MODES.includes(answer.body), answer, PASSWORD_MODES.join(' or '));
  });

  await report.check('ssoMode for an address at a domain no organisation claims answers NOT_SET', async () => {
    const answer = await api.send({ operationId: 'getSsoModeByEmail', params: { email: unclaimedEmail() } });
    expectStatus(answer, 200);
    expectThat(answer.body === 'NOT_SET', answer, 'NOT_SET');
  });

  await report.check('ssoMode takes every address the e-mail rule takes: other scripts, and 254 characters in the path', async () => {
    const email = unclaimedEmail();
    const domain = email.slice(email.indexOf('@') + 1);
    for (const email of [`jöhn@${domain}`, `${'a'.repeat(254 - domain.length - 1)}@${domain}`]) {
      const answer = await api.send({ operationId: 'getSsoModeByEmail', params: { email } });
      expectStatus(answer, 200);
    }
  });

  await report.check('a malformed path answers 400 validation_failed in the error shape, without repeating the path', async () => {
    const answer = await api.send({ operationId: 'getSsoModeByEmail', rawPath: '/organization/%E0%A4%A/ssoMode' });
    expectError(answer, 400, 'validation_failed');
    expectThat(!answer.body.includes('%E0%A4%A'), answer, 'no echo of the path');
  });

  await report.check('ssoModeByContext for an unknown context answers NOT_SET', async () => {
    const answer = await api.send({ operationId: 'getSsoModeByContext', params: { context: unknownContext() } });
    expectStatus(answer, 200);
    expectThat(answer.body === 'NOT_SET', answer, 'NOT_SET');
  });
}
