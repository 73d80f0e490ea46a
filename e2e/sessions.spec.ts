import type { Browser, Page } from '@playwright/test';
import { expect, mailsTo, test, type Account } from './fixtures';
import { enterEmail, enterPassword } from './screens/sign-in';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';

/**
 * Where a person is signed in, and signing sessions out (flows 4.16), with two browsers of one
 * person; a sign-in from a new browser is mailed, with "This wasn't me" (flows 4.15).
 */

const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser of its own, signed in through the screens past the optional MFA setup. */
async function signedInBrowser(browser: Browser, account: Account, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ userAgent, locale: 'en-GB' });
  const page = await context.newPage();
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/company\/acme\/terms$/);
  return page;
}

const sessionRows = (page: Page, name = 'Your sessions') => page.getByRole('list', { name }).getByRole('listitem');

test('two browsers of one person show two sessions; signing one out sends it to Login at its next step, and the other stays in', async ({
  browser,
  account,
}, testInfo) => {
  const laptop = await signedInBrowser(browser, account, LAPTOP);
  const phone = await signedInBrowser(browser, account, PHONE);

  await laptop.goto('/account/sessions');
  await expect(laptop.getByRole('heading', { name: 'Where you’re signed in' })).toBeVisible();
  // The account's own setup (e2e/fixtures.ts) signed in a third time, through the API.
  await expect(sessionRows(laptop)).toHaveCount(3);
  const here = sessionRows(laptop).filter({ hasText: 'Chrome 131 on Windows 10' });
  const there = sessionRows(laptop).filter({ hasText: 'Mobile Safari 17 on iOS 17.5' });
  await expect(here.getByText('This device')).toBeVisible();
  await expect(there.getByText('This device')).toHaveCount(0);
  await expect(there).toContainText('127.0.0.*');
  await expect(there).toContainText(/Signed in .* · last active /);
  await expectNoAxeViolations(laptop, 'sessions');
  await keepScreenshots(laptop, testInfo, 'sessions');

  await there.getByRole('button', { name: 'Sign out' }).click();
  await expect(laptop.getByRole('status').filter({ hasText: 'That device is signed out.' })).toBeVisible();
  await expect(there).toHaveCount(0);

  await phone.goto('/company');
  await expect(phone).toHaveURL(/\/login$/);
  await expect(phone.getByRole('textbox', { name: 'E-mail' })).toBeVisible();

  await laptop.reload();
  await expect(here).toContainText('This device');
  await expect(there).toHaveCount(0);
});

test('Sign out everywhere ends every session, this browser’s too, and each browser says it was signed out', async ({ browser, account }) => {
  const laptop = await signedInBrowser(browser, account, LAPTOP);
  const phone = await signedInBrowser(browser, account, PHONE);
  await laptop.goto('/account/sessions');
  await expect(sessionRows(laptop)).toHaveCount(3);
  await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(laptop).toHaveURL(/\/login$/);
  await expect(laptop.getByRole('status').filter({ hasText: 'You were signed out on this device.' })).toBeVisible();
  await phone.goto('/company');
  await expect(phone).toHaveURL(/\/login$/);
  await expect(phone.getByRole('status').filter({ hasText: 'You were signed out on this device.' })).toBeVisible();
  await laptop.goto('/account/sessions');
  await expect(laptop).toHaveURL(/\/login/);
});

test('Sign out of other devices, by keyboard alone, in German, keeps this one', async ({ browser, account }, testInfo) => {
  const laptop = await signedInBrowser(browser, account, LAPTOP);
  const phone = await signedInBrowser(browser, account, PHONE);
  await laptop.goto('/account/sessions?locale=de');
  await expect(laptop.getByRole('heading', { name: 'Wo Sie angemeldet sind' })).toBeVisible();
  const rows = sessionRows(laptop, 'Ihre Sitzungen');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Chrome 131 auf Windows 10' })).toContainText('Dieses Gerät');
  await expectNoAxeViolations(laptop, 'sessions in German');
  await keepScreenshots(laptop, testInfo, 'sessions-de');

  const others = laptop.getByRole('button', { name: 'Auf anderen Geräten abmelden' });
  for (let presses = 0; presses < 20 && !(await others.evaluate((button) => button === document.activeElement)); presses += 1) {
    await laptop.keyboard.press('Tab');
  }
  await expect(others).toBeFocused();
  await laptop.keyboard.press('Enter');
  await expect(laptop.getByRole('status').filter({ hasText: 'Ihre anderen Geräte sind abgemeldet.' })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await phone.goto('/company');
  await expect(phone).toHaveURL(/\/login$/);
});

test('the sessions page speaks each language, with no axe violation, and keeps the “This device” pill on one line on a phone', async ({
  browser,
  account,
}, testInfo) => {
  const laptop = await signedInBrowser(browser, account, LAPTOP);
  for (const [locale, heading] of [
    ['de', 'Wo Sie angemeldet sind'],
    ['it', 'Dove hai effettuato l’accesso'],
    ['fr', 'Où vous êtes connecté'],
    ['az', 'Harada daxil olmusunuz'],
  ]) {
    await laptop.setViewportSize({ width: 390, height: 900 });
    await laptop.goto(`/account/sessions?locale=${locale}`);
    await expect(laptop.getByRole('heading', { name: heading })).toBeVisible();
    await expect(laptop.getByRole('listitem').first()).toBeVisible();
    // A pill split across two lines draws two boxes.
    expect(await laptop.locator('.fd-session__this').evaluate((pill) => pill.getClientRects().length), `the pill in ${locale}`).toBe(1);
    await expectNoAxeViolations(laptop, `sessions in ${locale}`);
    await keepScreenshots(laptop, testInfo, `sessions-${locale}`);
  }
});

test('a sign-in from a new browser sends one new-device mail, a second sign-in from it none, and “This wasn’t me” from it ends every session and mails a new password’s link', async ({
  browser,
  account,
  page,
}) => {
  const newDevice = async () => (await mailsTo(page.request, account.email)).filter((mail) => mail.subject === 'New sign-in to your account');
  const laptop = await signedInBrowser(browser, account, LAPTOP);
  const phone = await signedInBrowser(browser, account, PHONE);
  await expect.poll(async () => (await newDevice()).length, { timeout: 15_000 }).toBe(1);

  await phone.goto('/logout');
  await expect(phone).toHaveURL(/\/login$/);
  await enterEmail(phone, account.email);
  await enterPassword(phone, account.password);
  // Skip was chosen in this browser today: the sign-in goes on to the organisation (flows 4.4).
  await expect(phone).toHaveURL(/\/company\/acme\/terms$/);
  // The queue sends within a second (server/mail/mail-queue.ts): a second mail would be there by now.
  await phone.waitForTimeout(2_000);
  const [mail] = await newDevice();
  expect(await newDevice()).toHaveLength(1);

  const notMe = mail!.links.find((link) => new URL(link).pathname === '/secure-account')!;
  await page.goto(notMe);
  await page.getByRole('button', { name: 'Secure my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is secured' })).toBeVisible();
  for (const signedOut of [laptop, phone]) {
    await signedOut.goto('/company');
    await expect(signedOut).toHaveURL(/\/login$/);
  }
  await expect
    .poll(async () => (await mailsTo(page.request, account.email)).some((sent) => sent.subject === 'Choose a new password'), { timeout: 15_000 })
    .toBe(true);
});
