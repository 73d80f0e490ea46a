/** The account screens as a person uses them (English interface). */
import { expect, type Page } from '@playwright/test';

/** A new password and its repetition, then Continue. */
export async function chooseNewPassword(page: Page, password: string, submitLabel = 'Continue'): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: submitLabel }).click();
}

/** The rules of the new password, each with whether it is met. */
export async function passwordRules(page: Page): Promise<[string, boolean][]> {
  const rules = page.getByRole('list', { name: 'Your password needs' }).getByRole('listitem');
  await expect(rules.first()).toBeVisible();
  return rules.evaluateAll((items) => items.map((item) => [item.querySelector('span')!.textContent!, item.hasAttribute('data-met')] as [string, boolean]));
}
