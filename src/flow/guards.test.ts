import { afterEach, describe, expect, it } from 'vitest';
import { needsPendingMfaSetup, needsSession } from './guards';
import { beginMfaSetup, endSession, establishSession } from '../stores/session';
import { testToken } from '../testing/tokens';

afterEach(() => endSession());

describe('the guards', () => {
  it('let a password sign-in with context, token and policy into MFA setup', () => {
    expect(needsPendingMfaSetup()).toEqual({ to: '/login', replace: true });
    beginMfaSetup({ context: 'acme', token: testToken(), policy: 'OPTIONAL' });
    expect(needsPendingMfaSetup()).toBeUndefined();
  });

  it('let a valid, unexpired session into company selection', () => {
    expect(needsSession()).toEqual({ to: '/login', replace: true });
    establishSession(testToken({ exp: 2_000_000 }));
    expect(needsSession(1_000_000_000)).toBeUndefined();
    expect(needsSession(2_000_000_000)).toEqual({ to: '/login', replace: true });
  });
});
