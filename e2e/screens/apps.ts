import type { Page } from '@playwright/test';
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
