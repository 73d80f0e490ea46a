import { readFile } from 'node:fs/promises';
import { withPageCache } from './chromium';
import { test, expect, consoleErrors } from './fixtures';
import { enterCode, enterEmail, enterPassword, freshCode, saveRecoveryCodes, signInSettingUpTotp } from './screens/sign-in';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';

test.use({ locale: 'en-GB' });

test('a user saves the recovery codes shown once after setting up TOTP, signs in with one in place of the code, sees how many are left, the same code fails next time, and the last ones warn', async ({
  page,
  account,
  request,
}, testInfo) => {
  const errors = consoleErrors(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInSettingUpTotp(page, account);

  // Shown once, to read, copy, download and print; Continue only once they are saved.
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your recovery codes' });
  const shown = await list.getByRole('listitem').allTextContents();
  expect(shown).toHaveLength(10);
  for (const code of shown) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectNoAxeViolations(page, 'recovery codes');
  await keepScreenshots(page, testInfo, 'recovery-codes');

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The codes are copied.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  for (const code of shown) expect(copied).toContain(code);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(`frontdoor-recovery-codes-${account.email}.txt`);
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).toContain(`Frontdoor recovery codes for ${account.email}`);
  for (const code of shown) expect(file).toContain(code);

  const codes = await saveRecoveryCodes(page);
  expect(codes).toEqual(shown);
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  // The phone is lost: a recovery code stands in for the 6 digits, typed as a person might.
  await page.context().clearCookies();
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const field = page.getByRole('textbox', { name: 'Recovery code' });
  await expect(field).toBeFocused();
  await expect(page.getByRole('textbox', { name: '6-digit code' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'MFA login with a recovery code');
  await keepScreenshots(page, testInfo, 'mfa-login-recovery-code');
  await field.fill(codes[0]!.toLowerCase().replaceAll('-', ' '));
  await page.getByRole('button', { name: 'Continue' }).click();
  // The way to a new authenticator app comes first; not now goes on.
  await expect(page).toHaveURL(/\/account\/authenticator/);
  await expect(page.getByRole('status').filter({ hasText: 'Recovery codes left: 9.' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  // Used once: the same code never works again, and the way back to the app's code is there.
  await page.context().clearCookies();
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Invalid code.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Recovery code' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Use the authenticator app' }).click();
  await expect(page.getByRole('textbox', { name: '6-digit code' })).toBeVisible();

  // Seven more used elsewhere: with two or fewer left, the next sign-in warns.
  for (const code of codes.slice(1, 8)) {
    const signIn = await request.post('/api/login', { data: { email: account.email, password: account.password, challenge: code } });
    expect(signIn.status()).toBe(200);
  }
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[8]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/authenticator/);
  await expect(page.getByRole('status').filter({ hasText: 'Only 1 left' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a reload of the recovery codes screen says the codes were shown once and links to making a new set', async ({ page, account }, testInfo) => {
  // The new set waits for the TOTP step after the one the setup spent.
  test.slow();
  const errors = consoleErrors(page);
  const { authenticator, used } = await signInSettingUpTotp(page, account);
  // Shown on the recovery codes screen, whose page a reload comes back to.
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/recovery-codes$/);
  const shown = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();

  // In memory only: a reload loses them, and the screen says so instead of asking for a code.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your recovery codes were shown once' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'They are not shown again' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your recovery codes' })).toHaveCount(0);
  for (const code of shown) await expect(page.getByText(code)).toHaveCount(0);
  const newSet = page.getByRole('link', { name: 'Make new recovery codes' });
  await expect(newSet).toHaveAttribute('href', '/account/recovery-codes');
  await expectNoAxeViolations(page, 'recovery codes shown once');
  await keepScreenshots(page, testInfo, 'recovery-codes-shown-once');

  // The link makes a new set with a current code; the ones lost to the reload stop working.
  await newSet.click();
  await expect(page.getByRole('heading', { name: 'Make new recovery codes' })).toBeVisible();
  await enterCode(page, await freshCode(authenticator, used));
  const renewed = await saveRecoveryCodes(page);
  expect(renewed.some((code) => shown.includes(code))).toBe(false);
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  // Saved: the screen has nothing more to say of them, and asks for a code to make another set.
  await page.goto('/account/recovery-codes');
  await expect(page.getByRole('heading', { name: 'Make new recovery codes' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the recovery codes are shown once: Back after Continue does not show them again', async ({ page, account }) => {
  await signInSettingUpTotp(page, account);
  const shown = await saveRecoveryCodes(page);
  await expect(page).toHaveURL(/\/company\/acme\/terms/);
  // Back from the next screen: the address changes as a move starts, before that screen is shown.
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/account\/recovery-codes$/);
  await expect(page.getByRole('heading', { name: 'Make new recovery codes' })).toBeVisible();
  for (const code of shown) await expect(page.getByText(code)).toHaveCount(0);
});

test('the recovery codes are shown once: a page left with them on screen comes back from the browser’s page cache without them', async ({
  account,
  baseURL,
}) => {
  await withPageCache(async (cached) => {
    const page = await (await cached.newContext({ baseURL })).newPage();
    await signInSettingUpTotp(page, account);
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    const shown = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();
    await page.evaluate(() => Object.assign(window, { keptPage: true }));

    // Another page typed into the address bar, then Back: the page comes back as it was left.
    await page.goto('/login');
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/account\/recovery-codes$/);
    expect(await page.evaluate(() => 'keptPage' in window), 'the page came back from the cache').toBe(true);
    // Not saved: the screen says they were shown once, as after a reload.
    await expect(page.getByRole('heading', { name: 'Your recovery codes were shown once' })).toBeVisible();
    for (const code of shown) await expect(page.getByText(code)).toHaveCount(0);
  });
});
