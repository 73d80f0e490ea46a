import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, enableTotp, expect, test } from './fixtures';
import { acceptTerms, enterCode, enterPassword, freshCode, saveRecoveryCodes, scanQrCode } from './screens/sign-in';
import { confirmItsYou, enterCredentials, hostsOf } from './screens/apps';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';
import { withAuthenticator } from './authenticator';
import { admin, startFrontDoor, startFrontDoorOnFreePort, stopFrontDoor } from './own-front-door';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Apps outside the cookie domain sign in through the front door as an OpenID Provider (flows 4.18):
 * the demo apps Notes and Wiki (server/dev/demo-apps.ts), built on openid-client, at
 * http://{notes,wiki}.localhost, registered by the server at start.
 */

/** A fresh account's first sign-in at a demo app: MFA setup skipped, the terms accepted, back at the app. */
async function firstSignInAt(page: Page, app: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(app);
  await page.getByRole('link', { name: 'Sign in with Frontdoor' }).click();
  await enterCredentials(page, account);
  await page.getByRole('button', { name: 'Skip' }).click();
  await acceptTerms(page);
  await expect(page).toHaveURL(`${app}/`);
}

/** The claims the app shows from its verified ID token, by name. */
async function idTokenClaims(page: Page): Promise<Record<string, unknown>> {
  // The body's rows: each a claim's name (its row header) and its value as JSON.
  const rows = page
    .getByRole('table', { name: 'ID token' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
  await expect(rows.first()).toBeVisible();
  const claims: Record<string, unknown> = {};
  for (const row of await rows.all()) {
    const [name, value] = [await row.getByRole('rowheader').textContent(), await row.getByRole('cell').textContent()];
    if (name && value) claims[name] = JSON.parse(value) as unknown;
  }
  return claims;
}

test('an app outside the cookie domain signs a TOTP user in with a second factor, a second app signs in without a question, and the app’s sign-out ends both and the front door’s session', async ({
  page,
  request,
  account,
  baseURL,
}, testInfo) => {
  // A fresh code may wait for the authenticator's next 30-second step.
  test.slow();
  const { frontDoor, notes, wiki } = hostsOf(baseURL);
  const { authenticator, usedStep } = await enableTotp(request, account);

  await page.goto(notes);
  await page.getByRole('link', { name: 'With a second factor (acr_values=mfa)' }).click();
  await expect(page).toHaveURL(new RegExp(`^${frontDoor}/login\\?oidc=`));
  await enterCredentials(page, account);
  await enterCode(page, await freshCode(authenticator, new Set([usedStep])));
  await acceptTerms(page);

  await expect(page).toHaveURL(`${notes}/`);
  const claims = await idTokenClaims(page);
  expect(claims).toMatchObject({ iss: frontDoor, aud: 'notes', email: account.email, email_verified: true, org: 'acme', amr: ['pwd', 'otp'], acr: 'mfa' });
  expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
  expect(typeof claims.auth_time).toBe('number');
  expect(typeof claims.nonce).toBe('string');

  // The second app: the provider's session answers at once, no screen of the front door shown.
  await page.goto(wiki);
  const shown: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && shown.push(new URL(frame.url()).pathname));
  await page.getByRole('link', { name: 'Sign in with Frontdoor' }).click();
  await expect(page).toHaveURL(`${wiki}/`);
  expect(shown.filter((path) => path === '/login' || path.startsWith('/company'))).toEqual([]);
  expect(await idTokenClaims(page)).toMatchObject({ aud: 'wiki', sub: claims.sub, org: 'acme' });

  // Notes signs out through the provider: the front door asks, then ends its session.
  await page.goto(notes);
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
  await expect(page.getByText('Notes asks to sign you out.')).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-out question');
  await keepScreenshots(page, testInfo, 'oidc-sign-out');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${notes}/`);
  await expect(page.getByText('Not signed in.')).toBeVisible();
  expect((await page.context().cookies(frontDoor)).filter((cookie) => cookie.name === 'token' || cookie.name.startsWith('token_'))).toEqual([]);

  await page.goto(wiki);
  await page.getByRole('link', { name: 'Only if already signed in (prompt=none)' }).click();
  await expect(page.getByRole('alert')).toContainText('login_required');

  await page.goto(`${frontDoor}/company`);
  await expect(page).toHaveURL(/\/login$/);
});

test('an app hears by back-channel logout that the front door session it signed in with has ended, when another app signs the person out', async ({
  page,
  account,
  baseURL,
}, testInfo) => {
  const { frontDoor, notes, wiki } = hostsOf(baseURL);
  await firstSignInAt(page, notes, account);
  await page.goto(wiki);
  await page.getByRole('link', { name: 'Sign in with Frontdoor' }).click();
  await expect(page).toHaveURL(`${wiki}/`);
  expect(await idTokenClaims(page)).toMatchObject({ aud: 'wiki', email: account.email });

  // The sessions page names the apps signed in with this browser's session.
  await page.goto(`${frontDoor}/account/sessions`);
  const thisDevice = page.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(thisDevice).toContainText('Apps signed in with this session: Notes and Wiki');
  await expectNoAxeViolations(page, 'the sessions page with its apps');
  await keepScreenshots(page, testInfo, 'sessions-with-apps');

  await page.goto(notes);
  await page.getByRole('link', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Not signed in.')).toBeVisible();

  // Wiki was told by the front door's queue, not by this browser: its own page says so.
  await expect(async () => {
    await page.goto(wiki);
    await expect(page.getByRole('status')).toHaveText('Signed out by the front door: the session this app signed in with has ended.', { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Sign in with Frontdoor' })).toBeVisible();
  await keepScreenshots(page, testInfo, 'oidc-backchannel-logout');
});

test('an app that asks for a fresh sign-in has the password asked again, and one that asks in German with a hint gets German with the e-mail filled in', async ({
  page,
  browser,
  account,
  baseURL,
}, testInfo) => {
  const { frontDoor, notes } = hostsOf(baseURL);
  await firstSignInAt(page, notes, account);
  const first = await idTokenClaims(page);
  expect(first).toMatchObject({ amr: ['pwd'], acr: 'pwd', org: 'acme' });

  // prompt=login: the stored session is not enough; the password step comes again.
  // auth_time counts whole seconds: the new sign-in is in a later one.
  await page.waitForTimeout(1100);
  await page.getByRole('link', { name: 'Sign in again (prompt=login)' }).click();
  // The front door knows who it is: the password step, "Confirm it's you", the e-mail filled in.
  await expect(page).toHaveURL(new RegExp(`^${frontDoor}/login/password\\?.*prompt=login`));
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  await expectNoAxeViolations(page, 'the fresh sign-in an app asked for');
  await keepScreenshots(page, testInfo, 'oidc-confirm-its-you');
  await confirmItsYou(page, account);
  // MFA setup was skipped today: not asked again (flows 4.4).
  await expect(page).toHaveURL(`${notes}/`);
  const again = await idTokenClaims(page);
  expect(again.auth_time as number).toBeGreaterThan(first.auth_time as number);

  // Another browser: ui_locales=de and login_hint.
  const german = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await german.goto(`${notes}/sign-in?ui_locales=de&login_hint=${encodeURIComponent(account.email)}`);
  await expect(german.getByRole('heading', { name: 'Passwort eingeben' })).toBeVisible();
  await expect(german.locator('html')).toHaveAttribute('lang', 'de');
  await expect(german.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(account.email);
  await expectNoAxeViolations(german, 'the password step of an app’s sign-in in German');
  await keepScreenshots(german, testInfo, 'oidc-password-de');
});

test('an app that asks for a second factor has a person without one set up an authenticator app on the way, and gets acr mfa', async ({
  page,
  account,
  baseURL,
}) => {
  test.slow();
  const { notes } = hostsOf(baseURL);
  await page.goto(notes);
  await page.getByRole('link', { name: 'With a second factor (acr_values=mfa)' }).click();
  await enterCredentials(page, account);
  await page.getByRole('button', { name: 'Skip' }).click();
  await acceptTerms(page);

  // The app's request asks for more than a password: the setup comes again, without Skip.
  await expect(page.getByRole('alert').filter({ hasText: 'The app asks for a second factor: set up an authenticator app to go on.' })).toBeVisible();
  const authenticator = await scanQrCode(page);
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await freshCode(authenticator, new Set()));
  await saveRecoveryCodes(page);

  await expect(page).toHaveURL(`${notes}/`);
  expect(await idTokenClaims(page)).toMatchObject({ email: account.email, amr: ['pwd', 'otp'], acr: 'mfa', org: 'acme' });
});

test('an app’s request the front door refuses shows its own page in the app’s language, never a redirect to an unregistered address, and its signed-out page and the demo app speak the browser’s language', async ({
  browser,
  baseURL,
}, testInfo) => {
  const { frontDoor, notes } = hostsOf(baseURL);
  const headings = {
    en: ['This sign-in request cannot be used', 'You are signed out', 'Sign in with Frontdoor'],
    de: ['Diese Anmeldeanfrage kann nicht verwendet werden', 'Sie sind abgemeldet', 'Mit Frontdoor anmelden'],
    it: ['Questa richiesta di accesso non può essere usata', 'Sei uscito', 'Accedi con Frontdoor'],
    fr: ['Cette demande de connexion ne peut pas être utilisée', 'Vous êtes déconnecté', 'Se connecter avec Frontdoor'],
    az: ['Bu giriş sorğusundan istifadə etmək olmur', 'Çıxış etdiniz', 'Frontdoor ilə daxil ol'],
  };
  for (const [language, [refused, signedOut, signIn]] of Object.entries(headings)) {
    const page = await (await browser.newContext({ locale: language })).newPage();
    const stray = new URL(`${frontDoor}/oidc/auth`);
    stray.search = new URLSearchParams({
      client_id: 'notes',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'https://evil.example/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ui_locales: language,
    }).toString();
    const answer = await page.goto(stray.href);
    expect(answer?.status()).toBe(400);
    await expect(page).toHaveURL(stray.href);
    await expect(page.getByRole('heading', { name: refused! })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectNoAxeViolations(page, `the refused request in ${language}`);
    if (language === 'fr') await keepScreenshots(page, testInfo, 'oidc-error-fr');

    // A sign-out asked for without a session: nothing to ask, straight to the page that says it is
    // done, in the browser's language (server/oidc/logout.ts). The question itself is the first story's.
    await page.goto(`${frontDoor}/oidc/logout?client_id=notes`);
    await expect(page.getByRole('heading', { name: signedOut! })).toBeVisible();
    await expectNoAxeViolations(page, `the signed-out page in ${language}`);
    if (language === 'de') await keepScreenshots(page, testInfo, 'oidc-signed-out-de');

    // The demo app's own page (server/dev/demo-apps.ts) in the browser's language.
    await page.goto(notes);
    await expect(page.getByRole('link', { name: signIn! })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectNoAxeViolations(page, `the demo app in ${language}`);
  }
});

test('a passkey sign-in through an app carries the passkey’s methods in the ID token', async ({ page, account, baseURL }) => {
  const { frontDoor, notes } = hostsOf(baseURL);
  await withAuthenticator(page, { suggestions: false });
  await page.goto(`${frontDoor}/login`);
  await enterCredentials(page, account);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/company\/acme\/terms$/);
  await page.goto(`${frontDoor}/account/passkeys`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added.' })).toBeVisible();
  await page.goto(`${frontDoor}/logout`);
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(notes);
  await page.getByRole('link', { name: 'Sign in with Frontdoor' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await acceptTerms(page);
  await expect(page).toHaveURL(`${notes}/`);
  const claims = await idTokenClaims(page);
  expect(claims.amr).toContain('user');
  expect((claims.amr as string[]).some((method) => method === 'hwk' || method === 'swk')).toBe(true);
  expect(claims).toMatchObject({ acr: 'mfa', email: account.email });
});

test('on a front door of its own: a SAML sign-in through an app carries saml, and an app that asks for an organisation the person is not in hears access_denied without a list to choose from', async ({
  browser,
}) => {
  // A front door of its own started twice, beside the other worker's stories on two cores: once
  // past 90 s in a clean clone's run.
  test.setTimeout(180_000);
  // A front door of its own: accepting the SSO organisation's terms would change what the other
  // stories of its demo user see, and its operator adds a person of two organisations.
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-oidc-own-'));
  const { server: firstServer, port } = await startFrontDoorOnFreePort(dataDir);
  let server = firstServer;
  try {
    await stopFrontDoor(server);
    admin(dataDir, ['create-user', '--email', 'kim@example.com', '--context', 'acme', '--context', 'serviceProvider'], { FRONTDOOR_PASSWORD: DEMO_PASSWORD });
    server = await startFrontDoor(port, dataDir);
    const notes = `http://notes.localhost:${port}`;

    const saml = await (await browser.newContext()).newPage();
    await saml.goto(notes);
    await saml.getByRole('link', { name: 'Sign in with Frontdoor' }).click();
    await saml.getByRole('textbox', { name: 'E-mail' }).fill('sam@globex.example');
    await saml.getByRole('button', { name: 'Continue' }).click();
    await expect(saml.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
    await saml.getByLabel('E-mail').fill('sam@globex.example');
    await saml.getByRole('button', { name: 'Sign in' }).click();
    await acceptTerms(saml);
    await expect(saml).toHaveURL(`${notes}/`);
    expect(await idTokenClaims(saml)).toMatchObject({ amr: ['saml'], acr: 'mfa', org: 'globex', email: 'sam@globex.example' });

    const kim = await (await browser.newContext()).newPage();
    await kim.goto(`${notes}/sign-in?org=vault&login_hint=kim%40example.com`);
    await enterPassword(kim, DEMO_PASSWORD);
    await kim.getByRole('button', { name: 'Skip' }).click();
    await expect(kim).toHaveURL(`${notes}/`);
    await expect(kim.getByRole('alert')).toContainText('access_denied');
  } finally {
    await stopFrontDoor(server);
  }
});
