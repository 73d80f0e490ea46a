import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database-types';
import { apiPlugin } from './api/plugin';
import { createServices } from './create-services';
import type { Services } from './services';
import { scimRoutes } from './scim/routes';
import { registerDevelopmentPages } from './dev/pages';
import type { DevIdentityProvider } from './dev/identity-provider';
import { loggerOptions } from './logger';
import { resourceHeaders, securityHeadersHook } from './web/security-headers';
import { errorBody } from './api/errors';
import { EMAIL_MAX_LENGTH } from '../rules/email';
import { serveApp } from './web/static';
import { hasAppPages, loadAppPages } from './web/app-page';
import { openIdProviderRoutes } from './oidc/mount';
import { measureRequests } from './metrics/requests';
import { serveMetrics } from './metrics/listener';

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

/**
 * Errors raised before routing (a malformed or too long URL) answer in the contract's error shape
 * with the security headers, and never repeat the path, which may hold an e-mail address.
 */
function answerBeforeRouting(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const status = tooLong ? 414 : 400;
    const message = tooLong ? 'A part of the URL is longer than this server takes.' : 'The URL is not valid.';
    void reply
      .code(status)
      .headers(headers)
      .header('cache-control', 'no-store')
      .send(errorBody(status, 'validation_failed', message));
  };
}

/**
 * The longest path the server looks at (RFC 9110 section 15.5.15): the route table's paths and the
 * API's are far shorter, so a longer one is refused before any handler spends time on it.
 */
export const MAX_PATH_LENGTH = 2048;

function refuseLongPaths(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const query = request.url.indexOf('?');
  if ((query === -1 ? request.url.length : query) <= MAX_PATH_LENGTH) return done();
  void reply
    .code(414)
    .header('cache-control', 'no-store')
    .send(errorBody(414, 'validation_failed', 'The URL is longer than this server takes.'));
}

/** The reference server: the API under its base path and the built front door beside it. */
export async function buildApp({ config, db, logStream, services: given, devIdentityProvider }: AppDependencies): Promise<FastifyInstance> {
  const logger = loggerOptions(config.logLevel);
  // Without a build the server still answers the API (a backend-only deployment, the benchmark).
  const pages = hasAppPages(config) ? loadAppPages(config) : undefined;
  const scripts = pages?.scriptHashes ?? [];
  const app = Fastify({
    logger: logStream ? { ...logger, stream: logStream } : logger,
    bodyLimit: 16 * 1024,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Reject what the contract does not allow instead of silently dropping or converting it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    // A path part may hold a whole e-mail address (the SSO-mode look-up; up to 254 characters). The
    // router counts UTF-16 code units, two for a character beyond the BMP; within that, the
    // contract's schema decides, so an address one character too long is a 400 like any other.
    routerOptions: { maxParamLength: 2 * EMAIL_MAX_LENGTH },
    frameworkErrors: answerBeforeRouting(resourceHeaders(config)),
  });
  const services = given ?? (await createServices(config, db, { log: app.log }));
  measureRequests(app, services.metrics.answered);
  if (config.metricsPort !== undefined) serveMetrics(app, services.metrics.registry, { host: config.host, port: config.metricsPort });
  app.addHook('onReady', async () => {
    // Expired rows are swept at start and every hour, by every instance (deleting twice is harmless).
    services.sweeper.start();
    // Mail queued before this start, by a process that ended or by the admin command, leaves now.
    services.mail.start();
    services.mail.kick();
  });
  app.addHook('onClose', async () => {
    await services.sweeper.stop();
    await services.mail.stop();
  });
  if (!pages) app.log.warn({ distDir: config.distDir }, 'no built front door to serve: API only');
  app.addHook('onRequest', refuseLongPaths);
  app.addHook('onSend', securityHeadersHook(config, scripts));
  // The OpenID Provider's engine is loaded here, not with the services: the admin command never needs it.
  const { createOpenIdProvider } = await import('./oidc/provider');
  const provider = createOpenIdProvider(services, app.log);
  await app.register(apiPlugin, { prefix: config.apiBasePath, services, provider });
  await app.register(openIdProviderRoutes, { provider, publicUrl: config.publicUrl, db });
  await app.register(scimRoutes, { prefix: '/scim/v2', services });
  if (config.devPages) await registerDevelopmentPages(app, services, devIdentityProvider);
  if (pages) await serveApp(app, config, pages);
  return app;
}
