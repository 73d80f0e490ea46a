import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/preact';
import { createPageRouter } from '../router/page-router';
import { ALIASES, ROUTE_TABLE } from '../router/route-table';
import { memoryHistory } from '../testing/memory-history';
import { $toast, clearToast } from '../stores/first-view/toast';
import { showFailure } from '../steps/failure';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearToast();
  document.body.innerHTML = '';
});

/** The front door at `address`, with an API that answers nothing but error reports. */
async function open(address: string) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push(new URL(request.url).pathname);
      return new Response(null, { status: 204 });
    }),
  );
  const history = memoryHistory(address);
  const root = document.body.appendChild(document.createElement('div'));
  await createPageRouter({ root, history, table: { rows: ROUTE_TABLE, aliases: ALIASES } }).showAddress();
  return { history, calls };
}

describe('a person the identity provider vouched for whom the organisation does not let in', () => {
  it('is told on Login to ask the organisation’s administrator, and stays there: the app’s parameters go on, the organisation’s do not', async () => {
    const { history, calls } = await open('/login/sso/success?refused=not-invited&app=portal&domain=globex');
    await waitFor(() => expect(history.pathname).toBe('/login'));
    expect(history.search).toContain('app=portal');
    expect(history.search).not.toContain('domain=');
    expect($toast.get()?.message).toBe('Your organisation hasn’t added you to this service yet. Ask your organisation’s administrator to add you.');
    expect(calls).toEqual([]);
  });

  it('whose account signs in nowhere is told so', async () => {
    const { history } = await open('/login/sso/success?refused=account-disabled');
    await waitFor(() => expect(history.pathname).toBe('/login'));
    expect($toast.get()?.message).toBe('This account can’t sign in. If you think it should, ask your organisation’s administrator.');
  });
});

describe('a sign-in refused because the account signs in nowhere', () => {
  it('says so instead of the general error, and reports nothing', async () => {
    const report = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', report);
    showFailure('LoginWithPassword', 'login', { kind: 'failed', status: 403, code: 'account_disabled' });
    await waitFor(() => expect($toast.get()?.message).toBeDefined());
    expect($toast.get()?.message).toBe('This account can’t sign in. If you think it should, ask your organisation’s administrator.');
    showFailure('LoginWithPassword', 'login', { kind: 'failed', status: 500 });
    expect($toast.get()?.message).not.toBe('This account can’t sign in. If you think it should, ask your organisation’s administrator.');
    await waitFor(() => expect(report).toHaveBeenCalledOnce());
  });
});
