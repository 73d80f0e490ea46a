/**
 * The people who sign in: one organisation like the demo's Acme (MFA optional, terms at version 1),
 * a returning user who accepted its terms and chose to skip MFA today, and users with TOTP set up.
 * The organisation and the users come from the admin command (scripts/admin.ts) before the server
 * starts, since the embedded database serves one process at a time and a production server has no
 * development outbox to register through; the terms and TOTP then go through the real API, as the
 * app and e2e/fixtures.ts do it.
 *
 * The server takes each 30-second TOTP step once per user (server/auth/totp.ts), so one user could
 * sign in with a code at most once per step: every sign-in with a code has a user of its own.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeJwt } from 'jose';
import { currentStep, readSetupUri, type Authenticator } from '../contract-checker/totp';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

export const CONTEXT = 'acme';
const PASSWORD = 'Bench-Sign-In-1';

export interface Person {
  email: string;
  password: string;
}

export interface ReturningUser extends Person {
  /** Names the skip-MFA cookie (src/session/cookies.ts). */
  id: string;
}

export interface TotpUser extends Person {
  authenticator: Authenticator;
  /** The step whose code the setup spent: a sign-in needs a later one. */
  usedStep: number;
}

const returningEmail = 'returning@bench.example.com';
const totpEmail = (index: number) => `totp-${index}@bench.example.com`;

/** One `npm run admin` command on the embedded database in dataDir, the password from the environment as it asks. */
async function admin(dataDir: string, args: string[]): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', FRONTDOOR_PASSWORD: PASSWORD },
  });
}

/** Writes the organisation and the users into dataDir; run before the server starts on it. */
export async function createAccounts(dataDir: string, totpUsers: number): Promise<void> {
  await admin(dataDir, ['create-organization', '--context', CONTEXT, '--name', 'Acme Corporation', '--mfa-policy', 'OPTIONAL']);
  await admin(dataDir, [
    'set-terms',
    '--context',
    CONTEXT,
    '--version',
    '1',
    '--content-en',
    'https://example.com/acme/terms-en.pdf||https://example.com/acme/privacy-en.pdf',
  ]);
  for (const email of [returningEmail, ...Array.from({ length: totpUsers }, (_, index) => totpEmail(index + 1))]) {
    await admin(dataDir, ['create-user', '--email', email, '--context', CONTEXT]);
  }
}

async function call(origin: string, path: string, init: RequestInit, expected: number): Promise<Response> {
  const response = await fetch(`${origin}/api${path}`, init);
  if (response.status !== expected)
    throw new Error(`${init.method ?? 'GET'} /api${path} answered ${response.status}, not ${expected}: ${await response.text()}`);
  return response;
}

/** Signs in with the password and accepts the organisation's current terms: the sign-ins to come go straight to the app. */
async function acceptTerms(origin: string, person: Person): Promise<{ token: string; headers: Record<string, string> }> {
  const signIn = await call(origin, '/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(person) }, 200);
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await call(origin, `/${CONTEXT}/user/acceptTermsAndConditions`, { method: 'POST', headers }, 204);
  return { token, headers };
}

/**
 * Turns TOTP on as the setup screens do. The confirmation sends the previous step's code, which the
 * server still takes, so the current step stays free for the first sign-in.
 */
async function enableTotp(origin: string, person: Person, headers: Record<string, string>): Promise<TotpUser> {
  const offered = await call(origin, `/${CONTEXT}/user/setMfa`, { method: 'POST', headers }, 200);
  const authenticator = readSetupUri(await offered.text());
  for (const step of [currentStep() - 1, currentStep()]) {
    const body = JSON.stringify({ mfaSecret: authenticator.secret, challenge: authenticator.codeAt(step) });
    const confirmed = await fetch(`${origin}/api/${CONTEXT}/user/setMfa`, { method: 'POST', headers, body });
    if (confirmed.ok) return { ...person, authenticator, usedStep: step };
  }
  throw new Error(`TOTP setup of ${person.email} was refused.`);
}

/** Through the API of the running server: terms for everyone, TOTP for the TOTP users. */
export async function prepareAccounts(origin: string, totpUsers: number): Promise<{ returning: ReturningUser; totp: TotpUser[] }> {
  const person = { email: returningEmail, password: PASSWORD };
  const { token } = await acceptTerms(origin, person);
  const id = decodeJwt(token).sub;
  if (!id) throw new Error('The session token names no user.');
  const totp: TotpUser[] = [];
  for (let index = 1; index <= totpUsers; index += 1) {
    const user = { email: totpEmail(index), password: PASSWORD };
    totp.push(await enableTotp(origin, user, (await acceptTerms(origin, user)).headers));
  }
  return { returning: { ...person, id }, totp };
}
