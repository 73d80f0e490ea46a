import type Provider from 'oidc-provider';

/**
 * A middleware of the engine's (`provider.use`), as the provider's checks beside it are written:
 * its own module, so they need not import the provider that uses them (server/oidc/provider.ts).
 */
export type Middleware = Parameters<Provider['use']>[0];
