import type { Browser, Page } from '@playwright/test';
import { test, expect, consoleErrors, enableTotp, mailsTo } from './fixtures';
import { enterCode, enterEmail, enterPassword, freshCode, saveRecoveryCodes, scanQrCode } from './screens/sign-in';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';
import { withAuthenticator } from './authenticator';

/**
 * The owner hears of every change to how the account signs in, and "This wasn't me" from the mail
 * ends what someone else started (docs/flows.md 4.15). The passkey stories run on the front door's
 * public URL, whose host the passkeys belong to.
 */
test.use({ locale: 'en-GB' });

const frontDoorOf = (baseURL: string | undefined) => `http://auth.frontdoor.localhost:${new URL(baseURL!).port}`;

/** The mails to the account with this subject, once as many as expected have arrived. */
async function mailsWithSubject(page: Page, email: string, subject: string, count = 1) {
  await expect.poll(async () => (await mailsTo(page.request, email)).filter((mail) => mail.subject === subject).length, { timeout: 15_000 }).toBe(count);
  return (await mailsTo(page.request, email)).filter((mail) => mail.subject === subject);
}

/** Another browser, signed in with the password (and code) through the screens, on company selection's next step. */
async function anotherBrowserSignedIn(browser: Browser, baseURL: string | undefined, signIn: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page);
  await expect(page).toHaveURL(/\/company\/acme\/terms$/);
  return page;
}

/** "This wasn't me": the mail's link, what it does, the button, and the confirmation. */
async function secureFromMail(page: Page, link: string, testInfo?: Parameters<typeof keepScreenshots>[1]): Promise<void> {
  await page.goto(link);
  await expect(page).toHaveTitle(/Secure your account/);
  await expect(page.getByRole('heading', { name: 'Secure your account' })).toBeVisible();
  await expect(page.getByText('signs you out on every device, this one included;')).toBeVisible();
  await expectNoAxeViolations(page, 'secure account');
  if (testInfo) await keepScreenshots(page, testInfo, 'secure-account');
  await page.getByRole('button', { name: 'Secure my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is secured' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expectNoAxeViolations(page, 'account secured');
  if (testInfo) await keepScreenshots(page, testInfo, 'secure-account-done');
}

test('a passkey added puts one mail in the outbox, and "This wasn\'t me" from it ends the session of another browser and removes that passkey', async ({
  page,
  browser,
  account,
  baseURL,
}, testInfo) => {
  const frontDoor = frontDoorOf(baseURL);
  const errors = consoleErrors(page);
  const other = await anotherBrowserSignedIn(browser, baseURL, async (tab) => {
    await enterEmail(tab, account.email);
    await enterPassword(tab, account.password);
    await tab.getByRole('button', { name: 'Skip' }).click();
  });

  await withAuthenticator(page, { suggestions: false });
  await enterEmail(page, account.email, '', frontDoor);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.goto(`${frontDoor}/account/passkeys`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added.' })).toBeVisible();

  const [mail] = await mailsWithSubject(page, account.email, 'A passkey was added to your account');
  await secureFromMail(page, mail!.links[0]!, testInfo);

  // The other browser's session has ended: its next step is Login.
  await other.goto('/account/passkeys');
  await expect(other).toHaveURL(/\/login/);
  await other.context().close();

  // The passkey is gone, and the password no longer signs in: a new one comes by mail.
  await page.goto(`${frontDoor}/login`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'This passkey could not sign you in.' })).toBeVisible();
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
  await mailsWithSubject(page, account.email, 'Choose a new password');

  // The link works once.
  await page.goto(mail!.links[0]!);
  await page.getByRole('button', { name: 'Secure my account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link has already been used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'reset your password' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a recovery code used and a TOTP replaced each put one mail in the outbox, and "This wasn\'t me" from the replacement ends the session of another browser', async ({
  page,
  browser,
  account,
  baseURL,
}) => {
  // The sign-ins with codes may wait for the next 30-second TOTP step: the server takes each step's code once.
  test.slow();
  const { authenticator, usedStep, recoveryCodes } = await enableTotp(page.request, account);
  const used = new Set([usedStep]);
  const other = await anotherBrowserSignedIn(browser, baseURL, async (tab) => {
    await enterEmail(tab, account.email);
    await enterPassword(tab, account.password);
    await enterCode(tab, await freshCode(authenticator, used));
  });

  // Someone else, with the password and a recovery code, replaces the authenticator.
  const code = recoveryCodes[0];
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  const thiefs = await scanQrCode(page, 'Set up a new authenticator app');
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await freshCode(thiefs, new Set()));
  await saveRecoveryCodes(page);

  await mailsWithSubject(page, account.email, 'A recovery code was used to sign in');
  const [replaced] = await mailsWithSubject(page, account.email, 'Your authenticator app was replaced');
  // The replacement already ended the other browser's session; securing the account ends the one that replaced it.
  const thief = page.context();
  const owner = await browser.newContext({ baseURL, locale: 'en-GB' });
  await secureFromMail(await owner.newPage(), replaced!.links[0]!);
  await other.goto('/account/passkeys');
  await expect(other).toHaveURL(/\/login/);
  const thiefPage = await thief.newPage();
  await thiefPage.goto('/account/passkeys');
  await expect(thiefPage).toHaveURL(/\/login/);
  await owner.close();
  await other.context().close();
});
