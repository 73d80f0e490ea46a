import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/preact';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '../routes';
import { endSession, enterContext, establishSession } from '../stores/session';
import { readSessionCookie } from '../platform/cookies';
import { testToken } from '../testing/tokens';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
});

describe('a session the API refuses under a screen that needs one', () => {
  it('ends, and the screen goes to Login, which stays: no way round through company selection again', async () => {
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
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/company/acme/terms'] }) });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readSessionCookie()).toBeNull();
    expect(document.cookie).not.toContain('token_acme');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.filter((path) => path.endsWith('/organization/current'))).toHaveLength(1);
  });
});
