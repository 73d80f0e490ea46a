import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { $session, $token, beginMfaSetup, endSession, enterContext, establishSession } from '../stores/session';
import { readSessionCookie } from '../session/cookies';
import { testToken } from '../testing/tokens';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

function recordRequests(body: string, contentType: string, status = 200, headers: Record<string, string> = {}) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      return new Response(body, { status, headers: { 'content-type': contentType, ...headers } });
    }),
  );
  return requests;
}

const client = () => createApiClient('https://auth.example.com/api');

describe('the API client', () => {
  it('sends the session token as bearer and a JSON content type', async () => {
    const requests = recordRequests('{}', 'application/json');
    const token = testToken();
    beginMfaSetup({ context: 'acme', token, policy: 'OPTIONAL' });
    await createApiClient('https://auth.example.com/api').GET('/{context}/organization/current', {
      params: { path: { context: 'acme' } },
    });
    expect(requests[0]!.url).toBe('https://auth.example.com/api/acme/organization/current');
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('sends no authorization header without a session', async () => {
    const requests = recordRequests('NOT_SET', 'text/plain');
    await createApiClient('https://auth.example.com/api').GET('/organization/{email}/ssoMode', {
      params: { path: { email: 'ada@example.com' } },
      parseAs: 'text',
    });
    expect(requests[0]!.headers.has('authorization')).toBe(false);
    expect(requests[0]!.url).toBe('https://auth.example.com/api/organization/ada%40example.com/ssoMode');
  });
});

describe('a session the API refuses', () => {
  const refused = () => recordRequests('{"code":"unauthorized","message":"The session is not valid."}', 'application/json', 401);

  it('ends in this browser on a 401 to its token: session cookie, token_{context} cookies and flow storage', async () => {
    refused();
    establishSession(testToken());
    enterContext('acme');
    await client().GET('/{context}/user/organizations', { params: { path: { context: 'acme' } } });
    expect(readSessionCookie()).toBeNull();
    expect(document.cookie).not.toContain('token_acme');
    expect($session.get()).toBeUndefined();
  });

  it('ends while MFA setup waits, and the setup flow leaves session storage', async () => {
    refused();
    beginMfaSetup({ context: 'acme', token: testToken(), policy: 'OPTIONAL' });
    await client().POST('/{context}/user/setMfa', { params: { path: { context: 'acme' } }, parseAs: 'text' });
    expect($token.get()).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('is not ended by the 401 with which login asks for a second factor', async () => {
    recordRequests('', 'text/plain', 401, { 'www-authenticate': 'MFA' });
    const token = testToken();
    establishSession(token);
    await client().POST('/login', { body: { email: 'ada@example.com', password: 'Secret-Pass-1' } });
    expect(readSessionCookie()).toBe(token);
  });

  it('is not ended by the 401 of a wrong code or an expired sign-in on the code step', async () => {
    recordRequests('{"code":"sign_in_expired","message":"The sign-in has expired."}', 'application/json', 401);
    const token = testToken();
    establishSession(token);
    await client().POST('/login/code', { body: { challenge: '123456' } });
    expect(readSessionCookie()).toBe(token);
  });

  it("is not ended by the refusal of a link's token sent as bearer", async () => {
    refused();
    const token = testToken();
    establishSession(token);
    await client().POST('/set-password', {
      body: { challenge: '', password: 'New-Pass-42' },
      headers: { Authorization: `Bearer ${testToken({ purpose: 'reset' })}` },
    });
    expect(readSessionCookie()).toBe(token);
  });
});
