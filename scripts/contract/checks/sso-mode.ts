/** Login step 1 and 2 of spec section 4: how an e-mail or a context signs in. */
import { expectStatus, expectThat } from '../expect';
import { unknownContext, unknownEmail, type CheckRun } from './check-run';

const PASSWORD_MODES = ['NOT_SET', 'LOGIN_SAML'];

export async function checkSsoModes({ api, report, account }: CheckRun): Promise<void> {
  await report.check("ssoMode for the account's e-mail answers a mode that allows a password login (NOT_SET or LOGIN_SAML)", async () => {
    const answer = await api.send({ operationId: 'getSsoModeByEmail', params: { email: account.email } });
    expectStatus(answer, 200);
    expectThat(PASSWORD_MODES.includes(answer.body), answer, PASSWORD_MODES.join(' or '));
  });

  await report.check('ssoMode for an unknown e-mail answers NOT_SET', async () => {
    const answer = await api.send({ operationId: 'getSsoModeByEmail', params: { email: unknownEmail() } });
    expectStatus(answer, 200);
    expectThat(answer.body === 'NOT_SET', answer, 'NOT_SET');
  });

  await report.check('ssoModeByContext for an unknown context answers NOT_SET', async () => {
    const answer = await api.send({ operationId: 'getSsoModeByContext', params: { context: unknownContext() } });
    expectStatus(answer, 200);
    expectThat(answer.body === 'NOT_SET', answer, 'NOT_SET');
  });
}
