/**
 * The person's own sessions: the list with the calling one marked current, a second sign-in as a
 * second session, signing that one out (its token then answers 401), and the refusals of an unknown
 * session and of a body that names neither `others` nor `all`. Signing out everywhere would end the
 * session the later checks use: the server tests and the stories cover it (server/api/own-sessions.test.ts).
 */
import { expectError, expectStatus, expectThat, jsonBody } from '../expect';
import type { Session } from '../tokens';
import type { CheckRun } from './check-run';

interface ListedSession {
  id: string;
  current: boolean;
}

export async function checkOwnSessions({ api, report, account }: CheckRun, { context, token }: Session): Promise<void> {
  const list = (bearer: string) => api.send({ operationId: 'listSessions', params: { context }, token: bearer });

  const other = await report.check('a second password login is a second session, which listSessions marks current for its own token', async () => {
    const answer = await api.send({ operationId: 'login', json: { email: account.email, password: account.password } });
    expectStatus(answer, 200);
    const second = jsonBody<{ token: string }>(answer).token;
    const listed = await list(second);
    expectStatus(listed, 200);
    const current = jsonBody<ListedSession[]>(listed).filter((session) => session.current);
    const [own] = current;
    expectThat(current.length === 1 && own !== undefined, listed, 'exactly one session marked current');
    return { token: second, id: own.id };
  });

  await report.check('listSessions answers 200 with the calling session marked current and the other one listed', async () => {
    const answer = await list(token);
    expectStatus(answer, 200);
    const sessions = jsonBody<ListedSession[]>(answer);
    expectThat(sessions.filter((session) => session.current).length === 1, answer, 'exactly one session marked current');
    if (other)
      expectThat(
        sessions.some((session) => session.id === other.id && !session.current),
        answer,
        `the other session ${other.id}, not current`,
      );
  });

  await report.check('signOutSession answers 404 not_found for a session the user does not have', async () => {
    const answer = await api.send({ operationId: 'signOutSession', params: { context, sessionId: '00000000-0000-4000-8000-000000000000' }, token });
    expectError(answer, 404, 'not_found');
  });

  if (other) {
    await report.check('signOutSession answers 204, and the signed-out session’s token then answers 401 invalid_token', async () => {
      expectStatus(await api.send({ operationId: 'signOutSession', params: { context, sessionId: other.id }, token }), 204);
      expectError(await list(other.token), 401, 'invalid_token');
    });
  }

  await report.check('signOutSessions answers 400 validation_failed to a body that names neither others nor all', async () => {
    expectError(await api.send({ operationId: 'signOutSessions', params: { context }, token, json: { which: 'everyone' } }), 400, 'validation_failed');
  });

  await report.check('signOutSessions with others answers 200 with how many ended, and the calling session goes on', async () => {
    const answer = await api.send({ operationId: 'signOutSessions', params: { context }, token, json: { which: 'others' } });
    expectStatus(answer, 200);
    expectThat(typeof jsonBody<{ signedOut?: unknown }>(answer).signedOut === 'number', answer, 'a signedOut count');
    expectStatus(await list(token), 200);
  });
}
