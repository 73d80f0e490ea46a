import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { apiPlugin } from './api/plugin';
import { createServices, type Services } from './services';
import { registerDevelopmentPages } from './dev/pages';
import type { DevIdentityProvider } from './dev/identity-provider';
import { SWEEP_INTERVAL_MS, sweepExpired } from './maintenance';
import { loggerOptions } from './logger';
import { securityHeadersHook } from './web/security-headers';
import { serveApp } from './web/static';
import { loadAppPage } from './web/app-page';

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  /** Made from config and db when not given. */
  services?: Services;
  /** The development identity provider, when the caller has loaded it already (demo data). */
  devIdentityProvider?: DevIdentityProvider;
  /** Logs to this stream instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

/** The reference server: the API under its base path and the built front door beside it. */
export async function buildApp({ config, db, logStream, services: given, devIdentityProvider }: AppDependencies): Promise<FastifyInstance> {
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: logStream ? { ...logger, stream: logStream } : logger,
    bodyLimit: 16 * 1024,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Reject what the contract does not allow instead of silently dropping or converting it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  const services = given ?? (await createServices(config, db, { log: app.log }));
  // Expired rows are swept at start and every hour, by every instance (deleting twice is harmless).
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => sweepExpired(db).catch((error: unknown) => app.log.error({ err: error }, 'sweeping expired rows failed'));
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await services.background.idle();
    await services.mailer.close();
  });
  // Without a build the server still answers the API (a backend-only deployment, the benchmark).
  const page = existsSync(join(config.distDir, 'index.html')) ? loadAppPage(config) : undefined;
  if (!page) app.log.warn({ distDir: config.distDir }, 'no built front door to serve: API only');
  app.addHook('onSend', securityHeadersHook(config, page?.inlineScriptHashes ?? []));
  await app.register(apiPlugin, { prefix: config.apiBasePath, services });
  if (config.devPages) await registerDevelopmentPages(app, services, devIdentityProvider);
  if (page) await serveApp(app, config, page);
  return app;
}
