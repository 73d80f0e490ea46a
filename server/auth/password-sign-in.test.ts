import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { openApi, type Api } from '../testing/api';
import { createOrganization, createUser } from '../admin/operations';
import { awayFromStepBoundary } from '../testing/totp';
import { signInWithPassword, signInWithPendingCode } from './password-sign-in';
import { codeAt, currentStep, newTotpSecret } from './totp';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabases)('the password sign-in as a use case, without HTTP, on $name', (target) => {
  let api: Api;
  let counter = 0;
  const secret = newTotpSecret();

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
  });
  afterAll(() => api.close());

  async function user(withTotp: boolean) {
    const email = `use-case${++counter}@example.com`;
    await createUser(api.db, { email, password: PASSWORD, contexts: ['acme'], ...(withTotp ? { totp: { secret, secrets: api.services.totpSecrets } } : {}) });
    return email;
  }
  const signIn = (email: string, password: string, challenge?: string) =>
    signInWithPassword(api.services, { email, password, challenge, clientAddress: '10.9.0.1' });

  it('names each outcome: wrong password, code required, wrong code, signed in', async () => {
    await awayFromStepBoundary();
    const plain = await user(false);
    const withCode = await user(true);
    expect(await signIn(plain, 'Wrong-Horse-9')).toEqual({ kind: 'invalid-credentials' });
    expect(await signIn('nobody@example.com', PASSWORD)).toEqual({ kind: 'invalid-credentials' });
    expect(await signIn(plain, PASSWORD)).toMatchObject({ kind: 'signed-in', context: 'acme', policy: 'OPTIONAL' });
    expect(await signIn(withCode, PASSWORD)).toEqual({ kind: 'code-required', pendingSignIn: expect.stringMatching(/^[\w-]{43}$/) });
    expect(await signIn(withCode, PASSWORD, codeAt(secret, currentStep() + 10))).toEqual({ kind: 'invalid-code' });
    const signedIn = await signIn(withCode, PASSWORD, codeAt(secret, currentStep()));
    expect(signedIn).toMatchObject({ kind: 'signed-in', context: 'acme' });
    // A user with TOTP has nothing left to set up: no policy comes with the session.
    expect(signedIn).not.toHaveProperty('policy');
  });

  it('completes a pending sign-in with the code alone, and names a missing one', async () => {
    await awayFromStepBoundary();
    const email = await user(true);
    const started = await signIn(email, PASSWORD);
    if (started.kind !== 'code-required') throw new Error(`expected code-required, got ${started.kind}`);
    const complete = (pendingSignIn: string | undefined, challenge: string) =>
      signInWithPendingCode(api.services, { pendingSignIn, challenge, clientAddress: '10.9.0.2' });
    expect(await complete(undefined, codeAt(secret, currentStep()))).toEqual({ kind: 'sign-in-expired' });
    expect(await complete(started.pendingSignIn, codeAt(secret, currentStep() + 10))).toEqual({ kind: 'invalid-code' });
    expect(await complete(started.pendingSignIn, codeAt(secret, currentStep()))).toMatchObject({ kind: 'signed-in', context: 'acme' });
  });
});
