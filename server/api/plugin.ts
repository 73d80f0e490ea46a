import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { apiErrorHandler, errorBody } from './errors';
import { healthRoutes } from './health';

export interface ApiOptions {
  config: ServerConfig;
  db: Database;
}

/** The auth API of openapi/auth.yaml, mounted under the configured base path. */
export async function apiPlugin(app: FastifyInstance, options: ApiOptions) {
  app.setErrorHandler(apiErrorHandler);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, 'not_found', `No operation ${request.method} ${request.url.split('?')[0]}.`));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    // API answers carry tokens and personal data: never stored by a cache.
    reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(healthRoutes, { db: options.db });
}
