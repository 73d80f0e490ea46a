/** The signed-in person's own sessions: the list, and signing one, the others or all of them out. */
import type { components } from '../../openapi/auth';
import { api } from './client';
import { answerOf, failed, type Failed } from './request';

export type Session = components['schemas']['Session'];

export type SessionsResult = { kind: 'list'; sessions: Session[] } | Failed;

/** GET {context}/user/sessions. */
export async function listSessions(context: string): Promise<SessionsResult> {
  const answer = await answerOf(api.GET('/{context}/user/sessions', { params: { path: { context } } }));
  return answer.status === 200 && answer.data ? { kind: 'list', sessions: answer.data } : failed(answer);
}

export type SignOutResult = { kind: 'signed-out' } | Failed;

/** DELETE {context}/user/sessions/{sessionId}: signed out, also when it had ended already (404). */
export async function signOutSession(context: string, sessionId: string): Promise<SignOutResult> {
  const answer = await answerOf(api.DELETE('/{context}/user/sessions/{sessionId}', { params: { path: { context, sessionId } }, parseAs: 'text' }));
  return answer.status === 204 || answer.status === 404 ? { kind: 'signed-out' } : failed(answer);
}

/** POST {context}/user/sessions/sign-out: every session but this one (`others`), or every one (`all`). */
export async function signOutSessions(context: string, which: 'others' | 'all'): Promise<SignOutResult> {
  const answer = await answerOf(api.POST('/{context}/user/sessions/sign-out', { params: { path: { context } }, body: { which } }));
  return answer.status === 200 ? { kind: 'signed-out' } : failed(answer);
}
