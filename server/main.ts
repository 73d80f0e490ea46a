/**
 * Starts the reference server: configuration, database (migrated), HTTP. Stops cleanly on a signal
 * (server/clean-stop.ts).
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import type { DatabaseLog } from './db/database-types';
import { migrate } from './db/migrations';
import { buildApp } from './app';
import { seedDemoData } from './demo';
import { createDevIdentityProvider } from './dev/identity-provider';
import { DEV_OIDC_CLIENT_ID, devOidcClientSecret, devOidcIssuer } from './dev/oidc-identity-provider-settings';
import { loadTotpKey } from './auth/totp-secrets';
import { identityProviderSealing } from './auth/sealed-text';
import { clientSecretBinding } from './oidc-rp/relying-party';
import { registerDemoApps } from './dev/demo-apps';
import { stopOnSignals } from './clean-stop';

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  // Connections PostgreSQL ends are reported on the console until the server's log exists.
  let log: DatabaseLog = { warn: (details, message) => console.warn(message, details) };
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    timeoutMs: config.databaseTimeoutMs,
    log: { warn: (details, message) => log.warn(details, message) },
  });
  await migrate(db);
  const devIdentityProvider = config.devPages ? await createDevIdentityProvider({ dataDir: config.dataDir }) : undefined;
  if (!config.databaseUrl && devIdentityProvider) {
    const totpKey = loadTotpKey({ totpKey: config.totpKey, dataDir: config.dataDir });
    const oidc = {
      issuer: devOidcIssuer(config),
      clientId: DEV_OIDC_CLIENT_ID,
      sealSecret: (id: string) => identityProviderSealing(totpKey).seal(clientSecretBinding(id), devOidcClientSecret(totpKey)),
    };
    const seeded = await seedDemoData(db, { publicUrl: config.publicUrl, idp: devIdentityProvider, oidc });
    if (seeded) console.log('Wrote the demo data (README, "Demo data").');
  }
  if (devIdentityProvider) await registerDemoApps(db, config.publicUrl);
  const app = await buildApp({ config, db, devIdentityProvider });
  log = app.log;
  await app.listen({ port: config.port, host: config.host });
  stopOnSignals(app, db);

  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\nFrontdoor is running: open ${config.publicUrl}/login\nDatabase: ${database}. Stop with Ctrl+C.\n`);
  return app;
}

/** Starts the server, or says in one line why it cannot (a configuration error, its data directory in use) and exits 1. */
export function startServerOrExit() {
  return startServer().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void startServerOrExit();
