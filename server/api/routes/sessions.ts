import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { listSessions, signOutSession, signOutSessions } from '../../auth/sessions';
import type { Answer, Route } from '../contract';
import { HttpError } from '../errors';
import { routeOptions, routePath } from '../openapi-schemas';
import { signedIn } from '../session-guard';

/** The person's own sessions (server/auth/sessions.ts): the list, and signing one, the others or all of them out. */
export async function sessionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  const guarded = { preHandler: app.requireAccountContext };

  app.get<Route<'listSessions'>>(routePath('listSessions'), { ...routeOptions('listSessions'), ...guarded }, async (request) => {
    const { claims, user } = signedIn(request);
    return (await listSessions(db, user.id, claims.sid)) satisfies Answer<'listSessions'>;
  });

  app.post<Route<'signOutSessions'>>(routePath('signOutSessions'), { ...routeOptions('signOutSessions'), ...guarded }, async (request) => {
    const { claims, user } = signedIn(request);
    const signedOut = await signOutSessions(services, { userId: user.id, currentSid: claims.sid, clientAddress: request.ip }, request.body.which);
    return { signedOut } satisfies Answer<'signOutSessions'>;
  });

  app.delete<Route<'signOutSession'>>(routePath('signOutSession'), { ...routeOptions('signOutSession'), ...guarded }, async (request, reply) => {
    const { claims, user } = signedIn(request);
    const who = { userId: user.id, currentSid: claims.sid, clientAddress: request.ip };
    if (!(await signOutSession(services, who, request.params.sessionId)))
      throw new HttpError(404, 'not_found', 'You have no such session that is still signed in.');
    return reply.code(204).send();
  });
}
