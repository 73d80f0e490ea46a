/** The sign-in screens as a person uses them, one helper per step (English interface). */
import { expect, type Page } from '@playwright/test';
import { readQrCode } from '../qr';
import { currentStep, readSetupUri, untilStep, type Authenticator } from '../../scripts/contract-checker/totp';

/** The next top-level navigation that leaves the front door for a platform app (flows 4.9). */
export const departure = (page: Page) => page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).searchParams.has('context'));

/** Login: the e-mail, then Continue; on the stories' base URL unless another origin is given. */
export async function enterEmail(page: Page, email: string, query = '', origin = ''): Promise<void> {
  await page.goto(`${origin}/login${query}`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** LoginWithPassword: the password, then Login. */
export async function enterPassword(page: Page, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** MFASetup, or another screen of that heading: reads the QR code from its pixels, as an authenticator app would. */
export async function scanQrCode(page: Page, heading = 'Set up two-step verification'): Promise<Authenticator> {
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  return readSetupUri(await readQrCode(qr));
}

/** A code step (MFALogin, MFASetupConfirmation): the 6 digits, then Continue. */
export async function enterCode(page: Page, code: string): Promise<void> {
  const field = page.getByRole('textbox', { name: '6-digit code' });
  await field.fill('');
  await field.pressSequentially(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * The recovery codes shown once after the TOTP confirmation: read from the list, saved (the box
 * ticked), then Continue. Answers the codes.
 */
export async function saveRecoveryCodes(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await next.click();
  return codes;
}

/** A code no earlier step has used: the server takes each step's code once per user. */
export async function freshCode(authenticator: Authenticator, used: Set<number>): Promise<string> {
  let step = currentStep();
  if (used.has(step)) {
    step += 1;
    await new Promise((resolve) => setTimeout(resolve, untilStep(step) + 100));
  }
  used.add(step);
  return authenticator.codeAt(step);
}

/** TermsAndConditions: tick the box, then Save. */
export async function acceptTerms(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
  await save.click();
}

/**
 * A first password sign-in of an account in an MFA-required organisation, through the TOTP setup
 * and its confirmation: answers the authenticator read from the QR code and the steps it has spent.
 */
export async function signInSettingUpTotp(
  page: Page,
  account: { email: string; password: string },
): Promise<{ authenticator: Authenticator; used: Set<number> }> {
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  const authenticator = await scanQrCode(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const used = new Set<number>();
  await enterCode(page, await freshCode(authenticator, used));
  return { authenticator, used };
}
