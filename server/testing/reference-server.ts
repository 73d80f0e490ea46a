/**
 * The reference server the app's tests call (vitest.config.ts, globalSetup of the app project): on
 * an in-memory PGlite, with two organisations and a user of both to sign in as, listening on a free
 * port of 127.0.0.1. The tests' page names it as its API (src/testing/setup.ts), so a screen under
 * test asks a real server, as it does in a browser.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrations';
import { createOrganization, createUser } from '../admin/operations';
import { testApp } from './app';

export interface ReferenceUser {
  email: string;
  password: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API of the reference server the app's tests call. */
    apiBaseUrl: string;
    /** A user of `acme` (MFA optional, terms at version 1) and `vault`, with no authenticator yet. */
    referenceUser: ReferenceUser;
  }
}

const USER: ReferenceUser = { email: 'ada@example.com', password: 'Reference-Pass-1' };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const db = await openDatabase({});
  await migrate(db);
  await createOrganization(db, {
    context: 'acme',
    name: 'Acme Corporation',
    mfaPolicy: 'OPTIONAL',
    termsVersion: 1,
    termsContent: { en: 'https://example.com/acme/terms-en.pdf' },
  });
  await createOrganization(db, { context: 'vault', name: 'Vault Bank' });
  await createUser(db, { ...USER, contexts: ['acme', 'vault'] });
  const { app } = await testApp(db);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  project.provide('apiBaseUrl', `${address}/api`);
  project.provide('referenceUser', USER);
  return async () => {
    await app.close();
    await db.close();
  };
}
