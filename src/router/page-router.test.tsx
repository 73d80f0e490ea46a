import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { render } from 'preact';
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { createPageRouter, type PageRouter } from './page-router';
import { ALIASES, ROUTE_TABLE, matchRoute } from './route-table';
import { SCREENS } from './screens';
import { login } from '../api/sign-in';
import { setLocale } from '../i18n/locale';
import { $secret, beginMfaSetup, endSession, establishSession } from '../stores/session';
import { memoryHistory, type MemoryHistory } from '../testing/memory-history';

/** A password sign-in of the reference server's user (flows 4.3): its context, token and MFA policy. */
async function signIn() {
  const result = await login(inject('referenceUser'));
  if (result.kind !== 'signed-in' || !result.policy) throw new Error(`The reference user could not sign in: ${result.kind}.`);
  return { context: result.context, token: result.token, policy: result.policy };
}

const routers: { router: PageRouter; root: HTMLElement }[] = [];

/** A router over the front door's table at `address`, rendering into a root of the page. */
function routerAt(address: string | MemoryHistory, options: { gallery?: boolean } = {}) {
  const history = typeof address === 'string' ? memoryHistory(address) : address;
  const root = document.body.appendChild(document.createElement('div'));
  const router = createPageRouter({ root, history, table: { rows: ROUTE_TABLE, aliases: ALIASES }, ...options });
  routers.push({ router, root });
  return { router, history, root };
}

const here = (history: MemoryHistory) => history.pathname + history.search;

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  sessionStorage.clear();
});

afterEach(async () => {
  for (const { router, root } of routers.splice(0)) {
    router.stop();
    render(null, root);
  }
  cleanup();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  endSession();
  await setLocale('en');
});

/** What a guarded row needs from the flow by then (flows 4.4, 4.7), from a real sign-in: its screen asks the API. */
const SIGNED_IN = async () => establishSession((await signIn()).token);
const SETTING_UP_MFA = async () => beginMfaSetup(await signIn());
/** Confirmation takes the secret setup offered (flows 4.6). */
const SECRET_OFFERED = async () => {
  await SETTING_UP_MFA();
  $secret.set('otpauth://totp/Frontdoor:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Frontdoor');
};

/**
 * Every row of the route table, loaded directly: the address it lands on (its own, or where the
 * screen or its guard sends a visitor in that state) and its title there (flows 2: titles come from
 * route metadata).
 */
const ROWS: { address: string; title: string; lands?: string; before?: () => Promise<unknown> }[] = [
  { address: '/login', title: 'Login' },
  { address: '/login/password?username=ada%40example.com', title: 'Login' },
  { address: '/login/sso/success', title: 'Login', lands: '/login' },
  { address: '/login/mfa?username=ada%40example.com', title: 'Login' },
  { address: '/logout', title: 'Login', lands: '/login' },
  { address: '/register', title: 'Register' },
  { address: '/register/success?username=ada%40example.com', title: 'Register' },
  { address: '/mfa/setup', title: 'Setup MFA', before: SETTING_UP_MFA },
  { address: '/mfa/setup/confirm', title: 'Confirm MFA', before: SECRET_OFFERED },
  { address: '/reset-password', title: 'Reset password' },
  { address: '/reset-password/success', title: 'Reset password', lands: '/reset-password' },
  { address: '/reset-password/update', title: 'Reset password' },
  { address: '/reset-password/update/success', title: 'Reset password' },
  { address: '/change-password', title: 'Change password' },
  { address: '/signup', title: 'Sign up' },
  { address: '/signup/success', title: 'Sign up' },
  { address: '/migration?email=ada%40example.com&action=register', title: 'Migration' },
  // With no e-mail saved by the migration before, Login.
  { address: '/migration/password/sucess', title: 'Login', lands: '/login' },
  { address: '/company', title: 'Company selection', before: SIGNED_IN },
  { address: '/company/acme/terms', title: 'Accept Terms and Conditions', before: SIGNED_IN },
  { address: '/account/recovery-codes', title: 'Recovery codes', before: SIGNED_IN },
  { address: '/account/authenticator', title: 'Set up a new authenticator app', before: SIGNED_IN },
  { address: '/account/passkeys', title: 'Passkeys', before: SIGNED_IN },
  { address: '/account/sessions', title: 'Where you’re signed in', before: SIGNED_IN },
  { address: `/secure-account?token=${'A'.repeat(43)}`, title: 'Secure your account' },
];

describe('the router over the route table', () => {
  it('has a case here for every row of the table but the gallery', () => {
    const shown = new Set(ROWS.map(({ address }) => matchRoute(new URL(address, 'https://front.door').pathname)?.row.path));
    expect(ROUTE_TABLE.filter((row) => !row.development && !shown.has(row.path)).map((row) => row.path)).toEqual([]);
  });

  it.each(ROWS)('loads $address directly, titled "$title"', async ({ address, title, lands, before }) => {
    await before?.();
    const { router, history } = routerAt(address);
    await router.showAddress();
    await waitFor(() => expect(history.pathname).toBe(lands ?? new URL(address, 'https://front.door').pathname));
    await waitFor(() => expect(document.title).toBe(title));
  });

  // From a step that stays whoever comes (Login forwards a signed-in visitor).
  const START = '/reset-password';

  it.each(ROWS.filter(({ lands, address }) => !lands && address !== START))(
    'moves to $address, focuses its heading or its field, keeps every id unique, and comes back and forth',
    async ({ address, title, before }) => {
      await before?.();
      const { router, history, root } = routerAt(START);
      await router.showAddress();
      await waitFor(() => expect(document.title).toBe('Reset password'));
      await router.navigate(address);
      await waitFor(() => expect(document.title).toBe(title));
      expect(here(history)).toBe(address);
      await waitFor(() => expect(root.contains(document.activeElement)).toBe(true));
      expect(document.activeElement?.matches('h1, input, button, textarea, select')).toBe(true);
      // Each label, description and error names its own field, not one that stayed from the screen before.
      const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
      expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);

      history.back();
      await waitFor(() => expect(here(history)).toBe(START));
      await waitFor(() => expect(document.title).toBe('Reset password'));
      history.forward();
      await waitFor(() => expect(document.title).toBe(title));
      expect(here(history)).toBe(address);

      // A reload shows the same screen again.
      const reloaded = routerAt(history);
      await reloaded.router.showAddress();
      await waitFor(() => expect(document.title).toBe(title));
    },
  );

  it('translates the title into the interface language', async () => {
    await setLocale('de');
    const { router } = routerAt('/reset-password');
    await router.showAddress();
    await waitFor(() => expect(document.title).toBe('Passwort zurücksetzen'));
  });

  it('fetches the step a screen goes on to once the person engages with its form, not before (RouteRow.next)', async () => {
    const next = vi.spyOn(SCREENS, 'RegisterSuccess');
    const { router } = routerAt('/register');
    await router.showAddress();
    const email = await screen.findByRole('textbox', { name: /E-mail/ });
    expect(next).not.toHaveBeenCalled();
    email.focus();
    expect(next).toHaveBeenCalledOnce();
  });

  it('sends / to /login with the carried parameters, replacing the address', async () => {
    const { router, history } = routerAt('/?app=portal&route=%2Fdashboard');
    await router.showAddress();
    await waitFor(() => expect(here(history)).toBe('/login?app=portal&route=%2Fdashboard'));
    expect(history.entries).toEqual(['/login?app=portal&route=%2Fdashboard']);
  });

  it('treats /company/:context as the terms page of that context', async () => {
    await SIGNED_IN();
    const { router, history } = routerAt('/company/acme?app=portal');
    await router.showAddress();
    await waitFor(() => expect(here(history)).toBe('/company/acme/terms?app=portal'));
    await waitFor(() => expect(document.title).toBe('Accept Terms and Conditions'));
  });

  it('sends a visitor without a session from company selection to Login, carrying app, domain and route and nothing else', async () => {
    const { router, history } = routerAt('/company?app=portal&domain=acme&route=%2Fdashboard&other=x');
    await router.showAddress();
    await waitFor(() => expect(here(history)).toBe('/login?app=portal&domain=acme&route=%2Fdashboard'));
    await waitFor(() => expect(document.title).toBe('Login'));
  });

  it('sends a visitor without a password sign-in from MFA setup to Login', async () => {
    const { router, history } = routerAt('/mfa/setup');
    await router.showAddress();
    await waitFor(() => expect(history.pathname).toBe('/login'));
  });

  it('goes straight to the terms of the one organisation a domain names (flows 4.7)', async () => {
    await SIGNED_IN();
    const { router, history } = routerAt('/company?domain=VAULT');
    await router.showAddress();
    await waitFor(() => expect(here(history)).toBe('/company/vault/terms?domain=VAULT'));
  });

  it('drops a carried parameter that breaks its rule instead of carrying it on', async () => {
    const { router, history } = routerAt('/?app=%2F%2Fevil.example&domain=acme');
    await router.showAddress();
    await waitFor(() => expect(here(history)).toBe('/login?domain=acme'));
  });

  it('shows a not-found page with a way back to Login for an unknown path', async () => {
    const { router } = routerAt('/no/such/page');
    await router.showAddress();
    expect(await screen.findByRole('link', { name: 'Go to login' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found'));
  });

  it('gives the elements a move adds to a screen that stays (the gallery’s side panel) ids no other element has', async () => {
    const { router, history } = routerAt('/ui', { gallery: true });
    await router.showAddress();
    await waitFor(() => expect(document.title).toBe('Component gallery'));
    await router.navigate('/ui/panel');
    await screen.findByRole('dialog', { name: 'Edit team' });
    history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await router.navigate('/ui/panel');
    await screen.findByRole('dialog', { name: 'Edit team' });
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('serves the gallery only where the configuration says', async () => {
    const withGallery = routerAt('/ui', { gallery: true });
    await withGallery.router.showAddress();
    await waitFor(() => expect(document.title).toBe('Component gallery'));
    const without = routerAt('/ui');
    await without.router.showAddress();
    await waitFor(() => expect(document.title).toBe('Page not found'));
  });
});

describe('a screen that fails', () => {
  it('shows the error screen when it throws while rendering, and reports it', async () => {
    const reports: unknown[] = [];
    const api = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.url.endsWith('/client-errors')) reports.push(await request.json());
        return api(request);
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(SCREENS, 'Register').mockResolvedValue({
      Register: () => {
        throw new Error('The screen broke.');
      },
    });
    const { router } = routerAt('/register');
    await router.showAddress();
    expect(await screen.findByRole('heading', { name: 'Something went wrong, please try again.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeTruthy();
    await waitFor(() => expect(reports).toEqual([expect.objectContaining({ screen: '/register', message: 'render failed' })]));
  });

  it('whose chunk does not arrive is shown by a page load of its address, once; then the error screen says so', async () => {
    vi.spyOn(SCREENS, 'Register').mockRejectedValue(new Error('The chunk is gone.'));
    const { router, history } = routerAt('/login?app=portal');
    await router.showAddress();
    await router.navigate('/register?app=portal');
    expect(history.loads).toEqual(['/register?app=portal']);

    // The page that load brings fails the same way: no second load, the error screen instead.
    const again = routerAt(history);
    await again.router.showAddress();
    expect(history.loads).toEqual(['/register?app=portal']);
    expect(await screen.findByRole('heading', { name: 'Something went wrong, please try again.' })).toBeTruthy();
  });
});
