import type { Request } from '@playwright/test';
import { test, expect } from './fixtures';
import { acceptTerms, departure, enterEmail, enterPassword } from './screens/sign-in';

test.use({ locale: 'en-GB' });

/** The front door's public URL, where the identity provider's answer comes back (server/config.ts). */
const frontDoorOf = (baseURL: string | undefined) => `http://auth.frontdoor.localhost:${new URL(baseURL!).port}`;

const isSsoSuccess = (request: Request) => new URL(request.url()).pathname === '/login/sso/success';

test('a deep link whose route has no leading slash lands on that path of the app', async ({ page, account }) => {
  await enterEmail(page, account.email, '?route=orders%2F7%3Ftab%3Ditems');
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Skip' }).click();
  const leaving = departure(page);
  await acceptTerms(page);
  const target = new URL((await leaving).url());
  expect(target.pathname).toBe('/orders/7');
  expect(target.searchParams.get('tab')).toBe('items');
  expect(target.searchParams.get('context')).toBe('acme');
});

test('the context parameter starts the SAML sign-in of its organisation at once, and comes back from the identity provider', async ({ page, baseURL }) => {
  await page.goto(`${frontDoorOf(baseURL)}/login?context=globex&route=%2Freports`);
  await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill('sam@globex.example');
  const arrival = page.waitForRequest(isSsoSuccess);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const landed = new URL((await arrival).url());
  expect(landed.searchParams.get('context')).toBe('globex');
  expect(landed.searchParams.get('route')).toBe('/reports');
  await expect(page).toHaveURL(/\/company\/globex\/terms\?route=%2Freports&context=globex$/);
});

test('a context that names the platform itself starts no SAML sign-in, and Login stays', async ({ page }) => {
  const checks: string[] = [];
  page.on('request', (request) => request.url().includes('/ssoModeByContext/') && checks.push(request.url()));
  await page.goto('/login?context=auth');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('bob@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  expect(checks).toEqual([]);
  await expect(page).toHaveURL(/\/login\/password\?context=auth&username=bob%40example\.com$/);
});

test.describe('the language chosen on the first page', () => {
  test('stays through the steps and a reload', async ({ page, account }) => {
    await page.goto('/login?locale=de');
    await page.getByRole('textbox', { name: 'E-Mail' }).fill(account.email);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('heading', { name: 'Passwort eingeben' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', /[?&]locale=de(&|$)/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Passwort eingeben' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('comes back from the identity provider', async ({ page, baseURL }) => {
    await page.goto(`${frontDoorOf(baseURL)}/login?locale=de`);
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('sam@globex.example');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
    const arrival = page.waitForResponse((response) => isSsoSuccess(response.request()));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const landed = await arrival;
    expect(new URL(landed.url()).searchParams.get('locale')).toBe('de');
    // The page the identity provider sends the browser back to is the German one.
    expect(await landed.text()).toContain('<h1>Anmeldung läuft</h1>');
    await expect(page).toHaveURL(/\/company\/globex\/terms\?locale=de$/);
  });
});

test.describe('a Continue pressed while Login checks the organisation of the link for single sign-on', () => {
  for (const parameter of ['domain', 'context']) {
    test(`is acted on when the check of a password organisation's ${parameter} ends`, async ({ page, account }) => {
      // The check's answer is held until the press has been made.
      let answer: () => void = () => {};
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/organization/ssoModeByContext/**', async (route) => {
        await held;
        await route.continue();
      });
      const checking = page.waitForRequest((request) => request.url().includes('/ssoModeByContext/acme'));
      await page.goto(`/login?${parameter}=acme`);
      await checking;
      await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
      const next = page.getByRole('button', { name: 'Continue' });
      await next.click();
      await expect(next).toHaveAttribute('aria-busy', 'true');
      await expect(page).toHaveURL(/\/login\?/);

      answer();
      await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/login/password\\?${parameter}=acme&username=`));
    });
  }
});
