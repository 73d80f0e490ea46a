/**
 * Two reference servers side by side on one PostgreSQL schema, sharing the signing and TOTP keys by
 * configuration as instances do (README, "Configuration").
 */
import { randomBytes } from 'node:crypto';
import { testDatabases, type TestDatabase } from './databases';
import { testApp } from './app';
import { generateSigningJwk } from '../auth/signing-key';

const postgres = testDatabases.find((target) => target.name === 'PostgreSQL') as TestDatabase;

export type TwoInstances = Awaited<ReturnType<typeof twoInstances>>;

export async function twoInstances() {
  const opened = await postgres.open();
  const again = await postgres.open(opened.schema);
  const env = { SIGNING_KEY: JSON.stringify(await generateSigningJwk()), TOTP_KEY: randomBytes(32).toString('base64') };
  const first = await testApp(opened.db, env);
  const second = await testApp(again.db, env);
  return {
    first,
    second,
    /** The first instance's connection. */
    db: opened.db,
    async close() {
      await first.app.close();
      await second.app.close();
      await opened.db.close();
      await again.db.close();
      await postgres.drop(opened.schema);
    },
  };
}
