import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, login, openApi, type Api } from '../testing/api';
import { updateTerms } from '../db/organizations';
import { createOrganization, createUser } from '../admin/operations';
import { codeAt, currentStep, newTotpSecret } from '../auth/totp';
import { LOCK_AFTER_FAILURES, accountKey } from '../auth/login-throttle';
import { awayFromStepBoundary } from '../testing/totp';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('signing in on $name', (target) => {
  let api: Api;
  const totpSecret = newTotpSecret();
  let emailCounter = 0;
  const newEmail = () => `user${++emailCounter}@example.com`;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    await createOrganization(api.db, { context: 'vault', name: 'Vault', mfaPolicy: 'REQUIRED' });
    await createOrganization(api.db, { context: 'serviceProvider', name: 'Services' });
  });
  afterAll(() => api.close());

  async function user(options: { contexts?: string[]; totp?: boolean } = {}) {
    const email = newEmail();
    await createUser(api.db, {
      email,
      password: PASSWORD,
      contexts: options.contexts ?? ['acme'],
      ...(options.totp ? { totp: { secret: totpSecret, secrets: api.services.totpSecrets } } : {}),
    });
    return email;
  }

  /** As if the last failure were this instant, so the test does not depend on the machine's speed. */
  async function justFailed(email: string) {
    await api.db.query('UPDATE rate_counters SET window_end = now() WHERE key = $1', [accountKey(email)]);
  }

  it('answers the context, a session token and the OPTIONAL policy to a user without TOTP', async () => {
    const email = await user({ contexts: ['acme', 'serviceProvider'] });
    const response = await login(api.app, { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.headers['www-authenticate']).toBe('OPTIONAL');
    const body = response.json<{ context: string; token: string }>();
    expect(body.context).toBe('serviceProvider');
    const claims = await api.services.tokens.verifySession(body.token);
    expect(claims).toMatchObject({ email, aud: 'frontdoor', iss: 'https://auth.example.test', contexts: ['serviceProvider', 'acme'] });
    expect(claims.sub).toBe(claims.userId);
  });

  it("answers which of the session's organisations have their current terms accepted, so the app goes past them without asking", async () => {
    await createOrganization(api.db, { context: 'terms-co', name: 'Terms Co' });
    const email = await user({ contexts: ['acme', 'terms-co'] });
    const termsAccepted = async () => (await login(api.app, { email, password: PASSWORD })).json<{ termsAccepted: string[] }>().termsAccepted;
    expect(await termsAccepted()).toEqual([]);

    const { token } = (await login(api.app, { email, password: PASSWORD })).json<{ token: string }>();
    const accepted = await call(api.app, { method: 'POST', url: '/terms-co/user/acceptTermsAndConditions', token });
    expect(accepted.statusCode).toBeLessThan(300);
    expect(await termsAccepted()).toEqual(['terms-co']);

    // New terms are not accepted until the user accepts them.
    await updateTerms(api.db, 'terms-co', 2);
    expect(await termsAccepted()).toEqual([]);
  });

  it('matches the e-mail ignoring case', async () => {
    const email = await user();
    expect((await login(api.app, { email: email.toUpperCase(), password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers REQUIRED when one of the user’s organisations requires MFA', async () => {
    const email = await user({ contexts: ['acme', 'vault'] });
    const response = await login(api.app, { email, password: PASSWORD });
    expect(response.headers['www-authenticate']).toBe('REQUIRED');
  });

  it('answers a wrong password and an unknown e-mail with the same 400', async () => {
    const email = await user();
    const wrong = await login(api.app, { email, password: 'Wrong-Horse-9' });
    const unknown = await login(api.app, { email: 'nobody@example.com', password: 'Wrong-Horse-9' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('takes as long for an unknown e-mail as for a wrong password', async () => {
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const time = async (email: string) => {
      const start = performance.now();
      await login(api.app, { email, password: 'Wrong-Horse-9' });
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 9; round += 1) {
      known.push(await time(await user()));
      unknown.push(await time(`ghost${round}@example.com`));
    }
    // Both verify one argon2id hash; what is left is noise. Without the dummy hash the unknown
    // e-mail would answer in a small fraction of the time.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(known)).toBeLessThan(2);
  });

  it('reads the same for a known and an unknown e-mail, statement for statement, when the password is wrong', async () => {
    const known = await user();
    const statementsOf = async (email: string) => {
      const query = vi.spyOn(api.db, 'query');
      try {
        expect((await login(api.app, { email, password: 'Wrong-Horse-9' })).statusCode).toBe(400);
        return query.mock.calls.map(([sql]) => sql);
      } finally {
        query.mockRestore();
      }
    };
    expect(await statementsOf(known)).toEqual(await statementsOf('nobody-known@example.com'));
  });

  it('asks a user with TOTP for a code with 401 and www-authenticate MFA', async () => {
    const email = await user({ totp: true });
    const response = await login(api.app, { email, password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('MFA');
    expect(response.json()).toMatchObject({ code: 'mfa_required' });
  });

  it('takes an empty challenge for no code yet', async () => {
    expect((await login(api.app, { email: await user(), password: PASSWORD, challenge: '' })).statusCode).toBe(200);
    const withTotp = await login(api.app, { email: await user({ totp: true }), password: PASSWORD, challenge: '' });
    expect(withTotp.statusCode).toBe(401);
    expect(withTotp.headers['www-authenticate']).toBe('MFA');
  });

  it('checks the password before the code', async () => {
    const email = await user({ totp: true });
    const response = await login(api.app, { email, password: 'Wrong-Horse-9', challenge: codeAt(totpSecret, currentStep()) });
    expect(response.statusCode).toBe(400);
  });

  it('signs in with the current code, without a policy header, and refuses the code a second time', async () => {
    const email = await user({ totp: true });
    const challenge = codeAt(totpSecret, currentStep());
    const first = await login(api.app, { email, password: PASSWORD, challenge });
    expect(first.statusCode).toBe(200);
    expect(first.headers['www-authenticate']).toBeUndefined();
    const replay = await login(api.app, { email, password: PASSWORD, challenge });
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['www-authenticate']).toBeUndefined();
    expect(replay.json()).toMatchObject({ code: 'invalid_code' });
  });

  it('accepts the previous step’s code and refuses an older one', async () => {
    const previous = await user({ totp: true });
    await awayFromStepBoundary();
    expect((await login(api.app, { email: previous, password: PASSWORD, challenge: codeAt(totpSecret, currentStep() - 1) })).statusCode).toBe(200);
    const older = await user({ totp: true });
    expect((await login(api.app, { email: older, password: PASSWORD, challenge: codeAt(totpSecret, currentStep() - 2) })).statusCode).toBe(401);
  });

  it('accepts one of two requests sending the same code at the same moment', async () => {
    const email = await user({ totp: true });
    const challenge = codeAt(totpSecret, currentStep());
    const answers = await Promise.all([1, 2, 3].map(() => login(api.app, { email, password: PASSWORD, challenge })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('makes an account wait after five failed passwords, even for the right one', async () => {
    const email = await user();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(api.app, { email, password: 'Wrong-Horse-9' })).statusCode).toBe(400);
    }
    await justFailed(email);
    const waiting = await login(api.app, { email, password: PASSWORD });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(waiting.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('cannot be outrun by wrong passwords sent all at once', async () => {
    const email = await user();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(api.app, { email, password: 'Wrong-Horse-9' })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('counts an attempt that waited for a concurrent one, however their transactions began', async () => {
    const email = await user();
    await login(api.app, { email, password: 'Wrong-Horse-9' });
    // A concurrent attempt committed its failure with a time later than this attempt's start.
    await api.db.query(`UPDATE rate_counters SET window_end = now() + interval '2 seconds' WHERE key = $1`, [accountKey(email)]);
    expect((await login(api.app, { email, password: 'Wrong-Horse-9' })).statusCode).toBe(400);
    expect((await login(api.app, { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('throttles an unknown e-mail exactly like a known one, so a 429 reveals no account', async () => {
    const known = await user();
    const run = async (email: string) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await login(api.app, { email, password: 'Wrong-Horse-9' })).statusCode);
      return statuses;
    };
    expect(await run('nobody-at-all@example.com')).toEqual(await run(known));
  });

  it('counts wrong codes as failures too', async () => {
    const email = await user({ totp: true });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(api.app, { email, password: PASSWORD, challenge: '000000' })).statusCode).toBe(401);
    }
    await justFailed(email);
    expect((await login(api.app, { email, password: PASSWORD, challenge: codeAt(totpSecret, currentStep()) })).statusCode).toBe(429);
  });

  it('locks an account after 100 consecutive failures until its password is reset', async () => {
    const email = await user();
    await api.db.query(`INSERT INTO rate_counters (key, count, window_end) VALUES ($1, $2, now() - interval '1 day')`, [
      accountKey(email),
      LOCK_AFTER_FAILURES,
    ]);
    const locked = await login(api.app, { email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/reset your password/i);
  });

  it('stops one client address after 30 failures, whatever the accounts', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await login(api.app, { email: `guess${attempt}@example.com`, password: 'Wrong-Horse-9' }, address);
    }
    const email = await user();
    expect((await login(api.app, { email, password: PASSWORD }, address)).statusCode).toBe(429);
    expect((await login(api.app, { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a malformed body with 400 and the error shape', async () => {
    const response = await login(api.app, { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'validation_failed' });
  });
});
