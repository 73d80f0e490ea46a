import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/preact';
import { createPageRouter } from '../router/page-router';
import { ALIASES, ROUTE_TABLE } from '../router/route-table';
import { endSession, enterContext, establishSession } from '../stores/session';
import { readSessionCookie } from '../session/cookies';
import { testToken } from '../testing/tokens';
import { memoryHistory } from '../testing/memory-history';
import { $toast } from '../stores/first-view/toast';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
  document.body.innerHTML = '';
});

describe('a session the API refuses under a screen that needs one', () => {
  it('ends, and the screen goes through Logout to Login, which says so and stays: no way round through company selection again', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push(new URL(request.url).pathname);
        // The screen's second call answers later, after the page has drawn the ended session.
        if (request.url.includes('/user/')) await new Promise((resolve) => setTimeout(resolve, 100));
        return request.url.endsWith('/client-errors')
          ? new Response(null, { status: 204 })
          : new Response('{"code":"unauthorized","message":"The session is not valid."}', { status: 401, headers: { 'content-type': 'application/json' } });
      }),
    );
    establishSession(testToken());
    enterContext('acme');
    const history = memoryHistory('/company/acme/terms');
    const root = document.body.appendChild(document.createElement('div'));
    const router = createPageRouter({ root, history, table: { rows: ROUTE_TABLE, aliases: ALIASES } });
    await router.showAddress();
    await waitFor(() => expect(history.pathname).toBe('/login'));
    await waitFor(() => expect($toast.get()?.message).toBe('You were signed out on this device.'));
    expect(readSessionCookie()).toBeNull();
    expect(document.cookie).not.toContain('token_acme');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(history.pathname).toBe('/login');
    expect(calls.filter((path) => path.endsWith('/organization/current'))).toHaveLength(1);
    router.stop();
  });
});
