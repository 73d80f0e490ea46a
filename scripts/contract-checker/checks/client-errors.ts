/** The app's error reports (flows 8: error.general also triggers error reporting). */
import { expectError, expectStatus } from '../expect';
import type { CheckRun } from './check-run';

export async function checkClientErrors({ api, report }: CheckRun): Promise<void> {
  await report.check('reportClientError takes a report without a session and answers 204', async () => {
    const answer = await api.send({
      operationId: 'reportClientError',
      json: { message: 'contract check', screen: '/login', code: 'error.general', status: 0 },
    });
    expectStatus(answer, 204);
  });

  await report.check('reportClientError refuses a field the contract does not define with 400 validation_failed', async () => {
    const answer = await api.send({ operationId: 'reportClientError', json: { message: 'contract check', screen: '/login', token: 'a.b.c' } });
    expectError(answer, 400, 'validation_failed');
  });
}
