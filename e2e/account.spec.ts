import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { test, expect, mailedLink, mailsTo, registerAccount, consoleErrors } from './fixtures';
import { acceptTerms, enterEmail, enterPassword } from './screens/sign-in';
import { chooseNewPassword, passwordRules } from './screens/account';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';
import { ALLOWED_PARENT } from '../playwright.config';
import { admin, startFrontDoorOnFreePort, stopFrontDoor } from './own-front-door';

/** What the new-password field says of a password attackers try first (password_compromised). */
const KNOWN_PASSWORD_MESSAGE = 'This password is too easy to guess';

test.use({ locale: 'en-GB' });

const freshEmail = () => `e2e-${randomUUID()}@example.com`;

test('a newcomer registers, opens the link from the mail, sets a password with the rules ticking as they type, and signs in', async ({
  page,
  request,
}, testInfo) => {
  const errors = consoleErrors(page);
  const email = freshEmail();
  await page.goto(`/register?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await expectNoAxeViolations(page, 'register');
  await keepScreenshots(page, testInfo, 'register');
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page, 'register success');
  await keepScreenshots(page, testInfo, 'register-success');

  await page.goto((await mailedLink(request, email, '/signup')).href);
  await expect(page.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  const password = page.getByLabel('New password', { exact: true });
  await password.pressSequentially('abc');
  expect(await passwordRules(page)).toEqual([
    ['At least 9 characters', false],
    ['At least 1 lowercase letter', true],
    ['At least 1 capital letter', false],
    ['At least 1 number', false],
  ]);
  // Leaving the field with broken rules shows the first one.
  await page.getByLabel('Repeat the new password').focus();
  await expect(page.getByText('At least 9 characters').last()).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'signup with broken rules');
  await keepScreenshots(page, testInfo, 'signup-rules');
  await password.fill('Password123');
  expect((await passwordRules(page)).every(([, met]) => met)).toBe(true);
  await page.getByLabel('Repeat the new password').fill('Password124');
  await page.getByLabel('New password', { exact: true }).focus();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('Repeat the new password').fill('Password123');
  await page.getByRole('button', { name: 'Continue' }).click();
  // It keeps the rules, and it is among the first passwords every attacker tries.
  await expect(page.getByText(KNOWN_PASSWORD_MESSAGE)).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'signup with a known-breached password');
  await keepScreenshots(page, testInfo, 'signup-known-password');
  await chooseNewPassword(page, 'Harbour-Lantern-72');

  await expect(page.getByRole('status').filter({ hasText: 'Password successfully updated!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await expectNoAxeViolations(page, 'signup success');
  await keepScreenshots(page, testInfo, 'signup-success');
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterPassword(page, 'Harbour-Lantern-72');
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a user resends the registration mail and gets a second one', async ({ page, request }) => {
  const email = freshEmail();
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Create' }).click();
  await mailedLink(request, email, '/signup');
  await page.getByRole('button', { name: 'Send it again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email successfully sent.' })).toBeVisible();
  await expect.poll(async () => (await mailsTo(request, email)).length).toBe(2);
});

test('a user resets a forgotten password through the mailed link; the old password then fails and the new one works', async ({
  page,
  request,
  account,
}, testInfo) => {
  await enterEmail(page, account.email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(account.email);
  await expectNoAxeViolations(page, 'password reset');
  await keepScreenshots(page, testInfo, 'password-reset');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(account.email)).toBeVisible();
  await expectNoAxeViolations(page, 'password reset success');
  await keepScreenshots(page, testInfo, 'password-reset-success');

  await page.goto((await mailedLink(request, account.email, '/reset-password/update')).href);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page, 'password update');
  await keepScreenshots(page, testInfo, 'password-update');
  await chooseNewPassword(page, 'Welcome2024');
  await expect(page.getByText(KNOWN_PASSWORD_MESSAGE)).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await chooseNewPassword(page, 'Brand-New-Pass-7');
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  await expectNoAxeViolations(page, 'password update success');
  await keepScreenshots(page, testInfo, 'password-update-success');

  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
  await enterPassword(page, 'Brand-New-Pass-7');
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
});

test('a tampered or used link shows the error-token message, whose link leads to reset', async ({ page, request, account }, testInfo) => {
  await page.goto('/reset-password/update?token=dGFtcGVyZWQ');
  await expect(page.getByRole('alert').filter({ hasText: 'the invitation link might have expired' })).toBeVisible();
  await expectNoAxeViolations(page, 'password update with a broken link');
  await keepScreenshots(page, testInfo, 'password-update-error-token');
  await page.getByRole('link', { name: 'resetting your password' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  // A link that worked once does not work twice.
  await request.post('/api/forgot-password', { data: { email: account.email, language: 'en' } });
  const link = await mailedLink(request, account.email, '/reset-password/update');
  await page.goto(link.href);
  await chooseNewPassword(page, 'Once-Only-Pass-1');
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  await page.goto(link.href);
  await chooseNewPassword(page, 'Twice-Over-Pass-2');
  await expect(page.getByRole('alert').filter({ hasText: 'the invitation link might have expired' })).toBeVisible();
});

/** An app's page that frames the front door's change-password page and records the messages it receives. */
const embeddingPage = (frontDoor: string) =>
  `<!doctype html><title>App</title><script>window.received=[];addEventListener('message',(e)=>received.push({origin:e.origin,data:e.data}))</script><iframe title="Change password" src="${frontDoor}/change-password" style="width:320px;height:640px;border:0"></iframe>`;
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: unknown[] }).received);

/** Signs the account in at the front door (the test's own origin unless given), so it holds the session cookie. */
async function signedIn(page: Page, account: { email: string; password: string }, frontDoor = '') {
  await page.goto(`${frontDoor}/login`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
}

test.describe('the embedded change-password page', () => {
  // One server for the apps that embed the page, on the allowed origin and on another one.
  test.describe.configure({ mode: 'serial' });
  const OTHER_PARENT = `http://127.0.0.1:${Number(new URL(ALLOWED_PARENT).port) + 1}`;
  const servers: Server[] = [];

  test.beforeAll(async ({ baseURL }) => {
    for (const origin of [ALLOWED_PARENT, OTHER_PARENT]) {
      const server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(embeddingPage(baseURL!));
      });
      await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), '127.0.0.1', resolve));
      servers.push(server);
    }
  });
  test.afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** An app page on another origin that frames /change-password and records the messages it receives. */
  async function appEmbedding(page: Page, appOrigin: string) {
    await page.goto(`${appOrigin}/settings`);
  }

  test('an app on an allowed origin embeds it and receives the success message', async ({ page, account, baseURL, request }, testInfo) => {
    await signedIn(page, account);
    // Entering the organisation sets the shared layer's token_acme cookie too.
    await acceptTerms(page);
    await page.waitForURL((url) => url.searchParams.get('context') === 'acme', { waitUntil: 'commit' });
    const sessionCookies = async () =>
      Object.fromEntries(
        (await page.context().cookies(baseURL)).filter((cookie) => cookie.name.startsWith('token')).map((cookie) => [cookie.name, cookie.value]),
      );
    const before = await sessionCookies();
    expect(Object.keys(before).sort()).toEqual(['token', 'token_acme']);
    await appEmbedding(page, ALLOWED_PARENT);
    const frame = page.frameLocator('iframe[title="Change password"]');
    await expect(frame.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await frame.getByLabel('Current password').fill(account.password);
    await frame.getByLabel('New password', { exact: true }).fill('Changed-Pass-42');
    await frame.getByLabel('Repeat the new password').fill('Changed-Pass-42');
    await keepScreenshots(page, testInfo, 'password-change-embedded');
    await expectNoAxeViolations(page.frame({ url: /\/change-password/ })!, 'password change');
    await frame.getByRole('button', { name: 'Save' }).click();
    await expect(frame.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    await expect.poll(() => received(page)).toEqual([{ origin: baseURL, data: { action: 'password-change', success: true } }]);
    // The API revoked the old token: the session cookie and token_acme both carry the new one.
    const after = await sessionCookies();
    expect(after.token).not.toBe(before.token);
    expect(after.token_acme).toBe(after.token);
    const organizations = (token: string) => request.get('/api/acme/user/organizations', { headers: { authorization: `Bearer ${token}` } });
    expect((await organizations(before.token!)).status()).toBe(401);
    expect((await organizations(after.token_acme!)).status()).toBe(200);
  });

  test('an app on a subdomain of the platform embeds it with no origin listed and receives the message', async ({ page, account, baseURL }) => {
    // The demo platform under PLATFORM_HOST's default, frontdoor.localhost (docs/decisions/0007).
    const port = new URL(baseURL!).port;
    const frontDoor = `http://auth.frontdoor.localhost:${port}`;
    const app = `http://acme.frontdoor.localhost:${port}`;
    // The app's page, answered by the story on the app's own origin in place of the demo's landing
    // page. With no address of its own, Chromium takes it for a public page that may frame a loopback
    // one only with the local-network permission; a real app and front door are both public.
    await page.route(`${app}/settings`, (route) => route.fulfill({ contentType: 'text/html', body: embeddingPage(frontDoor) }));
    await page.context().grantPermissions(['local-network-access'], { origin: app });
    await signedIn(page, account, frontDoor);
    await appEmbedding(page, app);
    const frame = page.frameLocator('iframe[title="Change password"]');
    await frame.getByLabel('Current password').fill(account.password);
    await frame.getByLabel('New password', { exact: true }).fill('Changed-Pass-42');
    await frame.getByLabel('Repeat the new password').fill('Changed-Pass-42');
    await frame.getByRole('button', { name: 'Save' }).click();
    await expect(frame.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    await expect.poll(() => received(page)).toEqual([{ origin: frontDoor, data: { action: 'password-change', success: true } }]);
  });

  test('an app on an origin that is not allowed cannot embed it and receives nothing', async ({ page, account }) => {
    await signedIn(page, account);
    await appEmbedding(page, OTHER_PARENT);
    // The browser refuses to show the front door in a frame of that origin (CSP frame-ancestors).
    await expect
      .poll(() =>
        page
          .frames()
          .find((frame) => frame !== page.mainFrame())
          ?.url(),
      )
      .toMatch(/^chrome-error:/);
    expect(await received(page)).toEqual([]);
  });

  test('a wrong current password is said in the page and on its field, and the app hears of the failure', async ({ page, account, baseURL }, testInfo) => {
    await signedIn(page, account);
    await appEmbedding(page, ALLOWED_PARENT);
    const frame = page.frameLocator('iframe[title="Change password"]');
    await frame.getByLabel('Current password').fill('Not-My-Password-1');
    await frame.getByLabel('New password', { exact: true }).fill('Changed-Pass-42');
    await frame.getByLabel('Repeat the new password').fill('Changed-Pass-42');
    await frame.getByRole('button', { name: 'Save' }).click();
    await expect(frame.getByRole('alert').filter({ hasText: 'the current password is incorrect' })).toBeVisible();
    const current = frame.getByLabel('Current password');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(frame.getByText('This is not your current password.')).toBeVisible();
    await expectNoAxeViolations(page.frame({ url: /\/change-password/ })!, 'password change with a wrong current password');
    await keepScreenshots(page, testInfo, 'password-change-wrong-current');
    // Another current password is another try: the refusal leaves the field.
    await current.fill(account.password);
    await expect(current).not.toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => received(page)).toEqual([{ origin: baseURL, data: { action: 'password-change', success: false } }]);
  });
  test('a new password attackers try first is refused on its field and in the page, and the app hears of the failure', async ({
    page,
    account,
    baseURL,
  }, testInfo) => {
    await signedIn(page, account);
    await appEmbedding(page, ALLOWED_PARENT);
    const frame = page.frameLocator('iframe[title="Change password"]');
    await frame.getByLabel('Current password').fill(account.password);
    const fresh = frame.getByLabel('New password', { exact: true });
    await fresh.fill('Qwerty12345');
    await frame.getByLabel('Repeat the new password').fill('Qwerty12345');
    await frame.getByRole('button', { name: 'Save' }).click();
    await expect(frame.getByRole('alert').filter({ hasText: KNOWN_PASSWORD_MESSAGE })).toBeVisible();
    await expect(fresh).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page.frame({ url: /\/change-password/ })!, 'password change with a known-breached password');
    await keepScreenshots(page, testInfo, 'password-change-known-password');
    // Another password is another try: the refusal leaves the field.
    await fresh.fill('Harbour-Lantern-72');
    await expect(fresh).not.toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => received(page)).toEqual([{ origin: baseURL, data: { action: 'password-change', success: false } }]);
  });
});

test.describe('a user of the old platform', () => {
  test('migrates with the login action: a password user gets a mail to choose a password', async ({ page, request, account }, testInfo) => {
    await page.goto(`/migration?email=${encodeURIComponent(account.email)}&action=login`);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(account.email);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly', '');
    await expectNoAxeViolations(page, 'migration');
    await keepScreenshots(page, testInfo, 'migration');
    await page.getByRole('button', { name: 'Continue with my account' }).click();
    await expect(page).toHaveURL(/\/migration\/password\/sucess$/);
    await expect(page.getByText(account.email)).toBeVisible();
    await expectNoAxeViolations(page, 'migration success');
    await keepScreenshots(page, testInfo, 'migration-success');
    await mailedLink(request, account.email, '/reset-password/update');
  });

  test('migrates with the register action and gets the registration mail', async ({ page, request }) => {
    const email = freshEmail();
    await page.goto(`/migration?email=${encodeURIComponent(email)}&action=register`);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL(/\/register\/success\?username=/);
    await mailedLink(request, email, '/signup');
  });

  test('with an unknown action migrates as a login', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`/migration?email=${encodeURIComponent('someone@example.com')}&action=delete`);
    await expect(page.getByRole('button', { name: 'Continue with my account' })).toBeVisible();
    await expect.poll(() => errors.some((text) => text.includes('Unknown migration action'))).toBe(true);
  });

  test('with a SAML-only organisation is sent to its identity provider', async ({ page }) => {
    await page.goto(`/migration?email=${encodeURIComponent('sam@globex.example')}&action=login`);
    await page.getByRole('button', { name: 'Continue with my account' }).click();
    await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('un utilisateur réinitialise son mot de passe oublié et se connecte avec le nouveau', async ({ page, request }) => {
    const account = await registerAccount(request, 'fr');
    await page.goto(`/reset-password?username=${encodeURIComponent(account.email)}`);
    await expect(page.getByRole('heading', { name: 'Réinitialiser votre mot de passe' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('heading', { name: 'Consultez vos e-mails' })).toBeVisible();
    await page.goto((await mailedLink(request, account.email, '/reset-password/update')).href);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau-Passe-7');
    await page.getByLabel('Répétez le nouveau mot de passe').fill('Nouveau-Passe-7');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Mot de passe mis à jour avec succès !' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mot de passe mis à jour' })).toBeVisible();
  });
});

test('a person whose password is known to attackers is told after signing in: Later goes on, Change it now takes a new one', async ({ page }, testInfo) => {
  // A front door of its own, three operator's commands and three sign-ins: about 45 s alone, and
  // once past 90 s beside the other worker's stories on two cores.
  test.setTimeout(180_000);
  // A front door of its own, whose operator made the account with such a password before it started
  // (the admin CLI works on a stopped server's database; people choosing one are refused).
  const dataDir = await mkdtemp(join(tmpdir(), 'frontdoor-known-password-'));
  admin(dataDir, ['create-organization', '--context', 'oldco', '--name', 'Old Habits Ltd']);
  admin(dataDir, ['set-terms', '--context', 'oldco', '--version', '1', '--content-en', 'https://example.com/oldco/terms-en.pdf']);
  admin(dataDir, ['create-user', '--email', 'old.habits@example.com', '--context', 'oldco'], { FRONTDOOR_PASSWORD: 'Welcome2024' });
  const { server, port } = await startFrontDoorOnFreePort(dataDir);
  const frontDoor = `http://auth.frontdoor.localhost:${port}`;
  try {
    await enterEmail(page, 'old.habits@example.com', '', frontDoor);
    await enterPassword(page, 'Welcome2024');
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', { name: 'Your password is easy to guess' })).toBeVisible();
    await expect(page).toHaveURL(/\/company$/);
    await expectNoAxeViolations(page, 'password notice');
    await keepScreenshots(page, testInfo, 'password-notice');
    await page.getByRole('button', { name: 'Later' }).click();
    await expect(page).toHaveURL(/\/company\/oldco\/terms$/);

    // Each sign-in with it is told again.
    await page.goto(`${frontDoor}/logout`);
    await expect(page).toHaveURL(/\/login$/);
    await enterEmail(page, 'old.habits@example.com', '', frontDoor);
    await enterPassword(page, 'Welcome2024');
    await expect(page.getByRole('heading', { name: 'Your password is easy to guess' })).toBeVisible();
    await page.getByRole('button', { name: 'Change it now' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeFocused();
    await page.keyboard.type('Welcome2024');
    await chooseNewPassword(page, 'Qwerty12345', 'Save');
    await expect(page.getByText(KNOWN_PASSWORD_MESSAGE)).toBeVisible();
    await expectNoAxeViolations(page, 'password notice, a new password refused');
    await keepScreenshots(page, testInfo, 'password-notice-change');
    await chooseNewPassword(page, 'Harbour-Lantern-72', 'Save');
    await expect(page).toHaveURL(/\/company\/oldco\/terms$/);

    await page.goto(`${frontDoor}/logout`);
    await expect(page).toHaveURL(/\/login$/);
    await enterEmail(page, 'old.habits@example.com', '', frontDoor);
    await enterPassword(page, 'Harbour-Lantern-72');
    await expect(page).toHaveURL(/\/company\/oldco\/terms$/);
  } finally {
    await stopFrontDoor(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});
