import { test, expect, consoleErrors } from './fixtures';
import { enterCode, enterEmail, enterPassword, freshCode, saveRecoveryCodes, signInSettingUpTotp } from './screens/sign-in';
import { currentStep } from '../scripts/contract-checker/totp';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';

test.use({ locale: 'en-GB' });

test('a signed-in user with TOTP makes new recovery codes with a current code: ten new ones are shown once, and an old one no longer signs in', async ({
  page,
  account,
}, testInfo) => {
  // Two codes of the authenticator, each of its own 30-second step: the second may wait for the next step.
  test.slow();
  const errors = consoleErrors(page);
  const { authenticator, used } = await signInSettingUpTotp(page, account);
  const old = await saveRecoveryCodes(page);
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  await page.goto('/account/recovery-codes');
  await expect(page.getByRole('heading', { name: 'Make new recovery codes' })).toBeVisible();
  await expect(page).toHaveTitle(/Recovery codes/);
  await expectNoAxeViolations(page, 'recovery codes renewal');
  await keepScreenshots(page, testInfo, 'recovery-codes-renewal');

  // A code of another time is refused, and the field says so.
  await enterCode(page, authenticator.codeAt(currentStep() + 1000));
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Invalid code.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '6-digit code' })).toHaveAttribute('aria-invalid', 'true');

  await enterCode(page, await freshCode(authenticator, used));
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await keepScreenshots(page, testInfo, 'recovery-codes-renewed');
  const renewed = await saveRecoveryCodes(page);
  expect(renewed.filter((code) => old.includes(code))).toEqual([]);
  // Continue goes to company selection, which enters the only organisation.
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  // The old set stopped working; the new one signs in.
  await page.context().clearCookies();
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(old[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Invalid code.' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(renewed[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/authenticator/);
  await expect(page.getByRole('status').filter({ hasText: 'Recovery codes left: 9.' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in user without TOTP who opens the screen is told the account has no authenticator app', async ({ page, account }) => {
  const errors = consoleErrors(page);
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  await page.goto('/account/recovery-codes');
  // The code field takes typing once the page's script has taken it over.
  await page.waitForLoadState('networkidle');
  await enterCode(page, '123456');
  await expect(page.getByRole('alert').filter({ hasText: 'Your account has no authenticator app' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/company\/acme\/terms/);
  expect(errors).toEqual([]);
});
