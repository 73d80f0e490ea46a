import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { beginMfaSetup, endSession } from '../stores/session';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

function recordRequests(body: string, contentType: string) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      return new Response(body, { status: 200, headers: { 'content-type': contentType } });
    }),
  );
  return requests;
}

describe('the API client', () => {
  it('sends the session token as bearer and a JSON content type', async () => {
    const requests = recordRequests('{}', 'application/json');
    beginMfaSetup({ context: 'acme', token: 'header.payload.signature', policy: 'OPTIONAL' });
    await createApiClient('https://auth.example.com/api').GET('/{context}/organization/current', {
      params: { path: { context: 'acme' } },
    });
    expect(requests[0]!.url).toBe('https://auth.example.com/api/acme/organization/current');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer header.payload.signature');
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
