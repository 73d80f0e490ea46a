import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('a visitor with an English browser', () => {
  test.use({ locale: 'en-GB' });

  test('sees the login page in English, with no console error', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/login');
    await expect(page).toHaveTitle('Login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page, '/login');
  });

  test('types an e-mail with the keyboard and continues to the password step', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    // Once the page's script runs, Continue waits for a valid address: from then on the page answers keys.
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login\/password\?username=ada%40example\.com$/);
  });
});

test.describe('a visitor with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('sees the login page in German, with no console error', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/login');
    await expect(page).toHaveTitle('Anmelden');
    await expect(page.getByRole('textbox', { name: 'E-Mail' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(errors).toEqual([]);
  });

  test('reloads a deep link and still gets the page', async ({ page }) => {
    await page.goto('/reset-password');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Passwort zurücksetzen' })).toBeVisible();
  });
});
