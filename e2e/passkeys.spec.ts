import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import type { Page } from '@playwright/test';
import { expect, registerAccount, test } from './fixtures';
import { enterEmail, enterPassword } from './screens/sign-in';
import { expectNoAxeViolations } from './axe';
import { withAuthenticator } from './authenticator';
import { admin, startFrontDoor, startFrontDoorOnFreePort, stopFrontDoor } from './own-front-door';

/**
 * Passkeys (flows 4.14) in Chromium with a virtual authenticator of the DevTools protocol. The
 * stories run on the front door's public URL, whose host the passkeys belong to (its domain is the
 * relying party).
 */

/** A password sign-in through the screens, skipping the optional MFA setup, then a passkey added on the account page. */
async function addPasskeyAfterPassword(page: Page, frontDoor: string, account: { email: string; password: string }): Promise<void> {
  await enterEmail(page, account.email, '', frontDoor);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/company\/acme\/terms$/);

  await page.goto(`${frontDoor}/account/passkeys`);
  await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added.' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Passkey 1', { exact: true })).toBeVisible();
  await expect(list.getByText(/not used yet/)).toBeVisible();
  await expectNoAxeViolations(page, 'passkeys');

  await page.goto(`${frontDoor}/logout`);
}

/** The session the browser holds now: its `amr` says a passkey signed in, both factors at once. */
async function expectPasskeySession(page: Page): Promise<void> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  expect(token).toBeTruthy();
  const { amr } = decodeJwt(token!) as { amr: string[] };
  expect(amr).toContain('user');
  expect(amr.some((method) => method === 'hwk' || method === 'swk')).toBe(true);
  expect(amr).not.toContain('pwd');
}

const frontDoorOf = (baseURL: string | undefined) => `http://auth.frontdoor.localhost:${new URL(baseURL!).port}`;

test('a user adds a passkey after a password sign-in, signs out, and signs in with it from the e-mail step through the button', async ({
  page,
  account,
  baseURL,
}) => {
  const frontDoor = frontDoorOf(baseURL);
  await withAuthenticator(page, { suggestions: false });
  await addPasskeyAfterPassword(page, frontDoor, account);

  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // The same steps as after a password: the organisation's terms (flows 4.8).
  await expect(page).toHaveURL(/\/company\/acme\/terms$/);
  await expectPasskeySession(page);

  // The list now says when it was used, and removing it leaves none.
  await page.goto(`${frontDoor}/account/passkeys`);
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText(/last used on/)).toBeVisible();
  await list.getByRole('button', { name: 'Remove Passkey 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey removed.' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});

test('a user with a passkey signs in through the e-mail field’s suggestion, typing nothing', async ({ page, account, baseURL }) => {
  const frontDoor = frontDoorOf(baseURL);
  await withAuthenticator(page, { suggestions: true });
  const signIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/passkeys/sign-in');
  // Signing out lands on Login, whose e-mail field asks the browser for passkey suggestions
  // (conditional mediation); the virtual authenticator picks its one passkey, as a person would
  // from the list, and the sign-in goes on without a key pressed.
  await addPasskeyAfterPassword(page, frontDoor, account);
  expect((await signIn).status()).toBe(200);
  await expect(page).toHaveURL(/\/company\/acme\/terms$/);
  await expectPasskeySession(page);
});

test('a passkey of a user whose organisation now signs in through SAML only is refused', async ({ page, playwright }) => {
  // A front door of its own started twice, beside the other worker's stories on two cores: once
  // past 90 s in a clean clone's run.
  test.setTimeout(180_000);
  // A front door of its own, whose operator switches the organisation to SAML only (the admin CLI
  // works on the stopped server's database).
  const dataDir = await mkdtemp(join(tmpdir(), 'frontdoor-passkeys-'));
  const { server: firstServer, port } = await startFrontDoorOnFreePort(dataDir);
  let server = firstServer;
  const frontDoor = `http://auth.frontdoor.localhost:${port}`;
  try {
    const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const account = await registerAccount(request);
    await request.dispose();
    await withAuthenticator(page, { suggestions: false });
    await addPasskeyAfterPassword(page, frontDoor, account);
    await expect(page).toHaveURL(/\/login$/);

    await stopFrontDoor(server);
    admin(dataDir, ['set-sso-mode', '--context', 'acme', '--mode', 'SAML_ONLY']);
    server = await startFrontDoor(port, dataDir);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your company signs in through its own sign-in page. Continue with your e-mail.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).filter((cookie) => cookie.name === 'token')).toEqual([]);
  } finally {
    await stopFrontDoor(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});
