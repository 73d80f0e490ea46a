import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { devMailRoutes } from './mail-pages';
import { createDevIdentityProvider, devIdentityProviderRoutes, type DevIdentityProvider } from './identity-provider';

/**
 * Development helpers, registered only outside production: the outbox as pages (/dev/mail) and a
 * SAML identity provider (/dev/idp) that the demo and the e2e tests sign in through.
 */
export async function registerDevelopmentPages(app: FastifyInstance, services: Services, loaded?: DevIdentityProvider): Promise<void> {
  await app.register(devMailRoutes, { db: services.db });
  const idp = loaded ?? (await createDevIdentityProvider({ dataDir: services.config.dataDir }));
  await app.register(devIdentityProviderRoutes, { services, idp });
}
