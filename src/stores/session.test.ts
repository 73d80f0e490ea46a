import { afterEach, describe, expect, it, vi } from 'vitest';
import { $context, $policy, $secret, $session, $token, beginMfaSetup, endSession, enterContext, establishSession, restoreSession } from './session';
import { renewSession } from '../stores/session-renewal';
import { readSessionCookie } from '../session/cookies';
import { testToken } from '../testing/tokens';

afterEach(() => {
  endSession();
  sessionStorage.clear();
});

describe('the session stores', () => {
  it('keep a password sign-in waiting for MFA setup in session storage: context, token and policy', () => {
    const token = testToken();
    beginMfaSetup({ context: 'acme', token, policy: 'OPTIONAL' });
    expect([sessionStorage.getItem('context'), sessionStorage.getItem('token'), sessionStorage.getItem('policy')]).toEqual(['acme', token, 'OPTIONAL']);
    expect($token.get()).toBe(token);
    expect($session.get()?.userId).toBe('user-1');
  });

  it('restore that sign-in after a reload', () => {
    const token = testToken();
    sessionStorage.setItem('context', 'acme');
    sessionStorage.setItem('token', token);
    sessionStorage.setItem('policy', 'REQUIRED');
    restoreSession();
    expect([$context.get(), $token.get(), $policy.get()]).toEqual(['acme', token, 'REQUIRED']);
  });

  it('move a complete sign-in into the session cookie and clear the flow from session storage', () => {
    beginMfaSetup({ context: 'acme', token: testToken({ sub: 'first' }), policy: 'OPTIONAL' });
    $secret.set('otpauth://totp/x?secret=ABC');
    const token = testToken({ sub: 'second' });
    establishSession(token);
    expect(readSessionCookie()).toBe(token);
    expect(sessionStorage.length).toBe(0);
    expect($session.get()?.userId).toBe('second');
  });

  it('restore a complete sign-in from the session cookie on a new page', () => {
    const token = testToken();
    establishSession(token);
    restoreSession();
    expect($token.get()).toBe(token);
  });

  it('answer no session for a token that does not parse, and store none', () => {
    const error = console.error;
    console.error = () => {};
    expect(establishSession('broken')).toBeUndefined();
    console.error = error;
    expect(readSessionCookie()).toBeNull();
    expect($session.get()).toBeUndefined();
  });

  it('write the shared layer cookie of the context entered', () => {
    const token = testToken();
    establishSession(token);
    enterContext('acme');
    expect(document.cookie).toContain(`token_acme=${token}`);
  });

  it('write each cookie of a sign-in into a context once: the session cookie, then token_{context}', () => {
    const token = testToken();
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    establishSession(token);
    enterContext('acme');
    const names = written.mock.calls.map(([cookie]) => cookie.split('=')[0]);
    // Restored before the check, so a failure leaves no spy on the other tests' cookies.
    written.mockRestore();
    expect(names).toEqual(['token', 'token_acme']);
  });

  it('end the session: cookies and session storage', () => {
    establishSession(testToken());
    enterContext('acme');
    endSession();
    expect(readSessionCookie()).toBeNull();
    expect(document.cookie).not.toContain('token_acme');
    expect($session.get()).toBeUndefined();
  });

  it('renew after a password change the session cookie and every token_{context} cookie of the session the browser holds', () => {
    establishSession(testToken({ contexts: ['acme', 'globex', 'initech'] }));
    enterContext('acme');
    enterContext('globex');
    const renewed = testToken({ contexts: ['acme', 'globex', 'initech'], jti: 'after-password-change' });
    renewSession(renewed);
    expect(readSessionCookie()).toBe(renewed);
    expect(document.cookie).toContain(`token_acme=${renewed}`);
    expect(document.cookie).toContain(`token_globex=${renewed}`);
    // A context the browser had no cookie for gets none: entering it is the shared layer's step.
    expect(document.cookie).not.toContain('token_initech');
    expect($token.get()).toBe(renewed);
  });

  it('drop on renewal the token_{context} cookie of a context the new token no longer reaches', () => {
    establishSession(testToken({ contexts: ['acme', 'globex'] }));
    enterContext('acme');
    enterContext('globex');
    const renewed = testToken({ contexts: ['acme'] });
    renewSession(renewed);
    expect(document.cookie).toContain(`token_acme=${renewed}`);
    expect(document.cookie).not.toContain('token_globex');
    expect(readSessionCookie()).toBe(renewed);
  });
});
