import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { apiPlugin } from './api/plugin';
import { loggerOptions } from './logger';
import { securityHeadersHook } from './web/security-headers';
import { serveApp } from './web/static';
import { loadAppPage } from './web/app-page';

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  /** Logs to this stream instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

/** The reference server: the API under its base path and the built front door beside it. */
export async function buildApp({ config, db, logStream }: AppDependencies): Promise<FastifyInstance> {
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: logStream ? { ...logger, stream: logStream } : logger,
    bodyLimit: 16 * 1024,
    trustProxy: false,
  });
  const page = loadAppPage(config);
  app.addHook('onSend', securityHeadersHook(config, page.inlineScriptHashes));
  await app.register(apiPlugin, { prefix: config.apiBasePath, config, db });
  await serveApp(app, config, page);
  return app;
}
