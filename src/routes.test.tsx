import { afterEach, describe, expect, inject, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from './routes';
import { login } from './api/sign-in';
import { setLocale } from './stores/locale';
import { beginMfaSetup, endSession, establishSession } from './stores/session';
import { testToken } from './testing/tokens';

/** A password sign-in of the reference server's user (flows 4.3): its context, token and MFA policy. */
async function signIn() {
  const result = await login(inject('referenceUser'));
  if (result.kind !== 'signed-in' || !result.policy) throw new Error(`The reference user could not sign in: ${result.kind}.`);
  return { context: result.context, token: result.token, policy: result.policy };
}

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(async () => {
  cleanup();
  endSession();
  await setLocale('en');
});

// Page titles come from route metadata (flows 2).
const titles: [string, string][] = [
  ['/login', 'Login'],
  ['/login/password', 'Login'],
  ['/logout', 'Logout'],
  ['/register', 'Register'],
  ['/register/success', 'Register'],
  ['/mfa/setup', 'Setup MFA'],
  ['/mfa/setup/confirm', 'Confirm MFA'],
  ['/reset-password', 'Reset password'],
  ['/reset-password/update', 'Reset password'],
  ['/change-password', 'Change password'],
  ['/signup', 'Sign up'],
  ['/migration', 'Migration'],
  ['/migration/password/sucess', 'Migration'],
  ['/company', 'Company selection'],
  ['/company/acme/terms', 'Accept Terms and Conditions'],
];

describe('the route table', () => {
  it.each(titles)('titles %s "%s"', async (path, title) => {
    // The guarded steps need what the flow has stored by then (flows 4.4, 4.7), from a real sign-in:
    // their screens ask the API.
    if (path.startsWith('/mfa')) beginMfaSetup(await signIn());
    if (path.startsWith('/company')) establishSession((await signIn()).token);
    renderAt(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('translates the title into the interface language', async () => {
    await setLocale('de');
    renderAt('/reset-password');
    await waitFor(() => expect(document.title).toBe('Passwort zurücksetzen'));
  });

  it('sends / to /login', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('treats /company/:context as the terms page of that context', async () => {
    establishSession(testToken());
    const router = renderAt('/company/acme?app=portal');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/acme/terms'));
    expect(router.state.location.search).toEqual({ app: 'portal' });
  });

  it('sends a visitor without a session from company selection to login, carrying app, domain and route', async () => {
    const router = renderAt('/company?app=portal&domain=acme&route=%2Fdashboard&other=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ app: 'portal', domain: 'acme', route: '/dashboard' });
  });

  it('sends a visitor without a password sign-in from MFA setup to login', async () => {
    const router = renderAt('/mfa/setup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('drops a carried parameter that breaks its rule instead of carrying it on', async () => {
    const router = renderAt('/?app=%2F%2Fevil.example&domain=acme');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ domain: 'acme' });
  });

  it('shows a not-found page with a way back to login for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('link', { name: 'Go to login' })).toBeTruthy();
  });
});

describe('the register page', () => {
  it('gives the browser the e-mail rule for the form sent before the script', async () => {
    renderAt('/register');
    const email = await screen.findByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
    fireEvent.input(email, { target: { value: 'ada@example.com,victim@corp.example' } });
    expect(email.validity.patternMismatch).toBe(true);
    fireEvent.input(email, { target: { value: 'jöhn@exämple.com' } });
    expect(email.validity.patternMismatch).toBe(false);
  });
});

describe('the login page', () => {
  it('keeps Continue disabled until the e-mail is valid', async () => {
    renderAt('/login');
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    const next = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(next).toHaveProperty('disabled', true));
    fireEvent.input(email, { target: { value: 'ada@example' } });
    expect(next).toHaveProperty('disabled', true);
    fireEvent.input(email, { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(next).toHaveProperty('disabled', false));
  });

  it('refuses an e-mail that holds more than one address, before the script and with it', async () => {
    renderAt('/login');
    const email = await screen.findByRole<HTMLInputElement>('textbox', { name: 'E-mail' });
    const next = screen.getByRole('button', { name: 'Continue' });
    for (const value of [
      'ada@example.com,victim@corp.example',
      'ada@example.com;victim@corp.example',
      'victim@corp.example<ada@example.com>',
      '"ada"@example.com',
    ]) {
      fireEvent.input(email, { target: { value } });
      await waitFor(() => expect(next, value).toHaveProperty('disabled', true));
      // The browser's own check of the prerendered form: the pattern compiles and refuses it.
      expect(email.validity.patternMismatch, value).toBe(true);
    }
    fireEvent.input(email, { target: { value: 'jöhn@exämple.com' } });
    await waitFor(() => expect(next).toHaveProperty('disabled', false));
    expect(email.validity.patternMismatch).toBe(false);
  });
});
