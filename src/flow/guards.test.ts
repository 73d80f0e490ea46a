import { afterEach, describe, expect, it } from 'vitest';
import { companyChoice, needsPendingMfaSetup, needsSession } from './guards';
import { forgetPasswordNotice, notePassword } from '../stores/password-notice';
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

  it('let company selection say first that a password is known to attackers, before it goes on to the only organisation', () => {
    establishSession(testToken({ contexts: ['acme'] }));
    expect(companyChoice({})).toEqual({ to: '/company/$context/terms', params: { context: 'acme' }, replace: true });
    notePassword(true);
    expect(companyChoice({})).toBeUndefined();
    forgetPasswordNotice();
    expect(companyChoice({})).toEqual({ to: '/company/$context/terms', params: { context: 'acme' }, replace: true });
  });

  it('forget the notice at the next sign-in whose password is not known to attackers', () => {
    establishSession(testToken({ contexts: ['acme'] }));
    notePassword(true);
    notePassword(undefined);
    expect(companyChoice({})).toEqual({ to: '/company/$context/terms', params: { context: 'acme' }, replace: true });
  });
});
