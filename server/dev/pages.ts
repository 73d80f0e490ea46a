import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { devMailRoutes } from './mail-pages';
import { createDevIdentityProvider, devIdentityProviderRoutes, type DevIdentityProvider } from './identity-provider';
import { registerLandingPages } from './landing-pages';

/**
 * Development helpers, registered only outside production: the outbox as pages (/dev/mail), a
 * SAML identity provider (/dev/idp) that the demo and the e2e tests sign in through, and landing
 * pages for the platform's apps under PLATFORM_HOST.
 */
export async function registerDevelopmentPages(app: FastifyInstance, services: Services, loaded?: DevIdentityProvider): Promise<void> {
  registerLandingPages(app, services);
  await app.register(devMailRoutes, { db: services.db });
  const idp = loaded ?? (await createDevIdentityProvider({ dataDir: services.config.dataDir }));
  await app.register(devIdentityProviderRoutes, { services, idp });
}
