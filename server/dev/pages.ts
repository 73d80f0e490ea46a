import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { devMailRoutes } from './mail-pages';
import { createDevIdentityProvider, devIdentityProviderRoutes, type DevIdentityProvider } from './identity-provider';
import { registerLandingPages } from './landing-pages';
import { registerDemoAppPages } from './demo-apps';
import { loadTotpKey } from '../auth/totp-secrets';

/**
 * Development helpers, registered only outside production: the outbox as pages (/dev/mail), a
 * SAML identity provider (/dev/idp) and an OpenID Provider (/dev/oidc-idp) that the demo and the
 * e2e tests sign in through, landing
 * pages for the platform's apps under PLATFORM_HOST, and two apps that sign in through the OpenID
 * Provider (server/dev/demo-apps.ts).
 */
export async function registerDevelopmentPages(app: FastifyInstance, services: Services, loaded?: DevIdentityProvider): Promise<void> {
  registerLandingPages(app, services);
  registerDemoAppPages(app, services.config);
  await app.register(devMailRoutes, { db: services.db });
  const idp = loaded ?? (await createDevIdentityProvider({ dataDir: services.config.dataDir }));
  await app.register(devIdentityProviderRoutes, { services, idp });
  const { config } = services;
  // Its engine is loaded here, as the front door's own provider's is (server/app.ts).
  const { createDevOidcProvider, devOidcProviderRoutes, devOidcSignInRoutes } = await import('./oidc-identity-provider');
  const provider = createDevOidcProvider(config, loadTotpKey({ totpKey: config.totpKey, dataDir: config.dataDir }));
  // Two plugins: the sign-in page reads form bodies, the engine reads its requests' own.
  await app.register(devOidcSignInRoutes, { provider });
  await app.register(devOidcProviderRoutes, { provider });
}
