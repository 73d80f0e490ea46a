import { expect, type Page } from '@playwright/test';
import { enterPassword } from './sign-in';

/**
 * The demo apps that sign in through the front door's OpenID Provider (server/dev/demo-apps.ts),
 * outside its cookie domain, beside the front door a story runs on.
 */
export const hostsOf = (baseURL: string | undefined) => {
  const port = new URL(baseURL!).port;
  return { frontDoor: `http://auth.frontdoor.localhost:${port}`, notes: `http://notes.localhost:${port}`, wiki: `http://wiki.localhost:${port}` };
};

/** Login as an app sent the person there: the e-mail, Continue, then the password. */
export async function enterCredentials(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterPassword(page, account.password);
}

/** The password step of a fresh sign-in an app asked for: the front door knows who it is, and asks them to confirm it. */
export async function confirmItsYou(page: Page, account: { email: string; password: string }): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}
