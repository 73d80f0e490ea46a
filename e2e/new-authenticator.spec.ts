import { test, expect, consoleErrors } from './fixtures';
import { enterCode, enterEmail, enterPassword, freshCode, saveRecoveryCodes, scanQrCode, signInSettingUpTotp } from './screens/sign-in';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';

test.use({ locale: 'en-GB' });

test('a user who lost the authenticator app signs in with a recovery code, sets up a new app without the old code, and signs in with the new one', async ({
  page,
  account,
}, testInfo) => {
  // The sign-in with the new app may wait for the next 30-second TOTP step: the server takes each step's code once.
  test.slow();
  const errors = consoleErrors(page);
  await signInSettingUpTotp(page, account);
  const codes = await saveRecoveryCodes(page);
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  // The phone is gone: a recovery code signs in, and the new app's setup is offered first.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/authenticator/);
  await expect(page).toHaveTitle(/Set up a new authenticator app/);
  const authenticator = await scanQrCode(page, 'Set up a new authenticator app');
  await expectNoAxeViolations(page, 'new authenticator');
  await keepScreenshots(page, testInfo, 'new-authenticator');
  await page.getByRole('button', { name: 'Continue' }).click();
  const used = new Set<number>();
  await enterCode(page, await freshCode(authenticator, used));
  const renewed = await saveRecoveryCodes(page);
  expect(renewed.filter((code) => codes.includes(code))).toEqual([]);
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  // Signed out, the new app's code signs in.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await enterCode(page, await freshCode(authenticator, used));
  await expect(page).toHaveURL(/\/company\/acme\/terms/);
  expect(errors).toEqual([]);
});
