import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, login, openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { FREE_FAILURES, accountKey } from '../auth/login-throttle';
import { awayFromStepBoundary } from '../testing/totp';
import { onHashWait } from '../auth/passwords';

const PASSWORD = 'Correct-Horse-9';

type Answer = Awaited<ReturnType<typeof login>>;

/** The Set-Cookie of the pending sign-in an answer sets or clears. */
function pendingCookieOf(answer: Answer): string | undefined {
  const header = answer.headers['set-cookie'];
  return (Array.isArray(header) ? header : header ? [header] : []).find((cookie) => cookie.startsWith('frontdoor_pending_sign_in='));
}

/** The Cookie header a browser sends back for a Set-Cookie. */
const sentBack = (setCookie: string | undefined) => setCookie?.split(';', 1)[0] ?? '';

/** How many argon2id hashes this process runs while `run` does. */
let hashes = 0;
onHashWait(() => (hashes += 1));
async function hashesDuring(run: () => Promise<unknown>): Promise<number> {
  const before = hashes;
  await run();
  return hashes - before;
}

describe.each(testDatabases)('the code step of a pending sign-in, without the password, on $name', (target) => {
  let api: Api;
  let counter = 0;
  const secret = newTotpSecret();
  const wrongCode = () => codeAt(secret, currentStep() + 10);

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(() => api.close());

  async function userWithTotp() {
    const email = `pending${++counter}@example.com`;
    await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'], totp: { secret, secrets: api.services.totpSecrets } });
    return email;
  }

  /** The password step: its 401 mfa_required and the cookie it sets. */
  async function passwordStep(email: string, remoteAddress = freshAddress()) {
    const answer = await login(api.app, { email, password: PASSWORD }, remoteAddress);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'mfa_required' });
    return { setCookie: pendingCookieOf(answer), cookie: sentBack(pendingCookieOf(answer)) };
  }

  const codeStep = (cookie: string, challenge: string, remoteAddress = freshAddress()) =>
    call(api.app, { method: 'POST', url: '/login/code', payload: { challenge }, remoteAddress, headers: cookie ? { cookie } : {} });

  it('keeps a right password that needs its code behind an HttpOnly, Secure, SameSite=Strict cookie of the login path, for five minutes', async () => {
    const { setCookie, cookie } = await passwordStep(await userWithTotp());
    const attributes = setCookie!.split('; ').slice(1);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=300', 'Path=/api/login', 'SameSite=Strict', 'Secure']);
    const value = cookie.split('=')[1]!;
    expect(value).toMatch(/^[\w-]{43}$/);
    // The server keeps only its hash: the table alone completes no sign-in.
    const stored = (await api.db.query<{ id_hash: string }>('SELECT id_hash FROM pending_sign_ins')).map((row) => row.id_hash);
    expect(stored).toContain(createHash('sha256').update(value).digest('hex'));
    expect(stored.some((hash) => hash.includes(value))).toBe(false);
  });

  it('completes the sign-in with the code alone, once, and clears the cookie', async () => {
    await awayFromStepBoundary();
    const email = await userWithTotp();
    const { cookie } = await passwordStep(email);
    const signedIn = await codeStep(cookie, codeAt(secret, currentStep()));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['www-authenticate']).toBeUndefined();
    const { context, token } = signedIn.json<{ context: string; token: string }>();
    expect(context).toBe('acme');
    expect(decodeJwt(token)).toMatchObject({ email, purpose: 'session', amr: ['pwd', 'otp'], contexts: ['acme'] });
    expect(pendingCookieOf(signedIn)).toMatch(/^frontdoor_pending_sign_in=; Max-Age=0;/);

    const again = await codeStep(cookie, codeAt(secret, currentStep()));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'sign_in_expired' });
  });

  it('refuses a wrong code, keeps the pending sign-in, and counts the wrong code as a failed sign-in as the password step does', async () => {
    await awayFromStepBoundary();
    const email = await userWithTotp();
    const address = freshAddress();
    const { cookie } = await passwordStep(email, address);
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      const refused = await codeStep(cookie, wrongCode(), address);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'invalid_code' });
      expect(pendingCookieOf(refused)).toBeUndefined();
    }
    expect(await api.db.query('SELECT count FROM rate_counters WHERE key = $1', [accountKey(email)])).toEqual([{ count: FREE_FAILURES }]);
    // Past the free failures the next attempt waits, with a code as with a password.
    const waiting = await codeStep(cookie, codeAt(secret, currentStep()), address);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(api.app, { email, password: PASSWORD }, address)).statusCode).toBe(429);
  });

  it('answers sign_in_expired without the cookie, after five minutes and after a new password, and clears the cookie', async () => {
    expect((await codeStep('', '123456')).json()).toMatchObject({ code: 'sign_in_expired' });
    expect((await codeStep('frontdoor_pending_sign_in=made-up', '123456')).json()).toMatchObject({ code: 'sign_in_expired' });

    const late = await passwordStep(await userWithTotp());
    await api.db.query(`UPDATE pending_sign_ins SET expires_at = now() - interval '1 second'`);
    const expired = await codeStep(late.cookie, codeAt(secret, currentStep()));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'sign_in_expired' });
    expect(pendingCookieOf(expired)).toMatch(/^frontdoor_pending_sign_in=; Max-Age=0;/);

    const email = await userWithTotp();
    const changed = await passwordStep(email);
    await api.db.query('UPDATE users SET session_generation = session_generation + 1 WHERE lower(email) = $1', [email]);
    expect((await codeStep(changed.cookie, codeAt(secret, currentStep()))).json()).toMatchObject({ code: 'sign_in_expired' });
  });

  it('ends the pending sign-in when the code is sent with the password instead', async () => {
    await awayFromStepBoundary();
    const email = await userWithTotp();
    const { cookie } = await passwordStep(email);
    const signedIn = await call(api.app, {
      method: 'POST',
      url: '/login',
      payload: { email, password: PASSWORD, challenge: codeAt(secret, currentStep()) },
      headers: { cookie },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(pendingCookieOf(signedIn)).toMatch(/^frontdoor_pending_sign_in=; Max-Age=0;/);
    expect((await codeStep(cookie, codeAt(secret, currentStep() - 1))).json()).toMatchObject({ code: 'sign_in_expired' });
  });

  const withCode = (email: string, password: string, cookie: string) =>
    call(api.app, { method: 'POST', url: '/login', payload: { email, password, challenge: codeAt(secret, currentStep()) }, headers: cookie ? { cookie } : {} });

  it('proves the password sent again with the code by its pending sign-in, with no second argon2id', async () => {
    await awayFromStepBoundary();
    const email = await userWithTotp();
    expect(await hashesDuring(() => passwordStep(email))).toBe(1);
    const { cookie } = await passwordStep(email);
    let answer: Answer | undefined;
    expect(await hashesDuring(async () => (answer = await withCode(email, PASSWORD, cookie)))).toBe(0);
    expect(answer?.statusCode).toBe(200);
    // Without the browser's pending sign-in the password is hashed, as on the password step.
    const other = await userWithTotp();
    expect(await hashesDuring(async () => (answer = await withCode(other, PASSWORD, '')))).toBe(1);
    expect(answer?.statusCode).toBe(200);
  });

  it('refuses a wrong password sent with the code as incorrect, though the browser holds a pending sign-in', async () => {
    await awayFromStepBoundary();
    const email = await userWithTotp();
    const { cookie } = await passwordStep(email);
    const refused = await withCode(email, `${PASSWORD}x`, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_credentials' });
    expect((await withCode(email, PASSWORD, cookie)).statusCode).toBe(200);
  });

  it('proves no password of another account, nor one from before a new password', async () => {
    await awayFromStepBoundary();
    const [first, second] = [await userWithTotp(), await userWithTotp()];
    const { cookie } = await passwordStep(first);
    expect(await hashesDuring(() => withCode(second, PASSWORD, cookie))).toBe(1);

    const { cookie: before } = await passwordStep(first);
    await api.db.query('UPDATE users SET session_generation = session_generation + 1 WHERE lower(email) = $1', [first]);
    expect(await hashesDuring(() => withCode(first, PASSWORD, before))).toBe(1);
  });
});

describe('the pending sign-in cookie of a front door served over http', () => {
  let api: Api;
  beforeAll(async () => {
    api = await openApi(testDatabases[0]!, { PUBLIC_URL: 'http://auth.frontdoor.localhost:8080' });
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createUser(api.db, {
      email: 'plain@example.com',
      password: PASSWORD,
      contexts: ['acme'],
      totp: { secret: newTotpSecret(), secrets: api.services.totpSecrets },
    });
  });
  afterAll(() => api.close());

  it('is not Secure, so the browser keeps it', async () => {
    const answer = await login(api.app, { email: 'plain@example.com', password: PASSWORD });
    expect(pendingCookieOf(answer)).toMatch(/; HttpOnly; SameSite=Strict$/);
  });
});
