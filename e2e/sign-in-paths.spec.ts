import { test, expect, registerAccount, DEMO_PASSWORD } from './fixtures';
import { acceptTerms, departure, enterEmail, enterPassword } from './screens/sign-in';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('a hostile app, domain and route never take the user off the platform', async ({ page, account }) => {
    await enterEmail(
      page,
      account.email,
      `?app=${encodeURIComponent('https://evil.example')}&domain=${encodeURIComponent('../evil')}&route=${encodeURIComponent('//evil.example/steal')}`,
    );
    await enterPassword(page, account.password);
    await page.getByRole('button', { name: 'Skip' }).click();
    const leaving = departure(page);
    await acceptTerms(page);
    const target = new URL((await leaving).url());
    expect(target.hostname).toMatch(/(^|\.)localhost$/);
    expect(target.href).not.toContain('evil');
    expect(target.searchParams.get('context')).toBe('acme');
  });

  test('logout ends the session: the old token is refused by the API', async ({ page, account, request }, testInfo) => {
    await enterEmail(page, account.email);
    await enterPassword(page, account.password);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
    expect(token).toBeTruthy();
    const authorization = { authorization: `Bearer ${token}` };
    expect((await request.get('/api/acme/user/organizations', { headers: authorization })).status()).toBe(200);

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
    expect((await request.get('/api/acme/user/organizations', { headers: authorization })).status()).toBe(401);
    await keepScreenshots(page, testInfo, 'login');
  });

  test('a session ended elsewhere ends here too: /company lands on Login, says so and stays there, its cookies gone', async ({ page, request }) => {
    // Bob of the demo data, in Acme alone: the user the loop sent round /company, terms and Login.
    await enterEmail(page, 'bob@example.com');
    await enterPassword(page, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Skip' }).click();
    await acceptTerms(page);
    await page.waitForURL((url) => url.searchParams.get('context') === 'acme', { waitUntil: 'commit' });
    const names = async () => (await page.context().cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith('token'));
    expect((await names()).sort()).toEqual(['token', 'token_acme']);
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')!.value;

    // The session is ended through the API, as another tab or app of the platform would.
    const { aud } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aud: string };
    expect((await request.get(`/api/${aud}/logout`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);

    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await page.goto('/company');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You were signed out on this device.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await names()).toEqual([]);
    // No way round again: Login has no session to forward, and stays.
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/login$/);
    // Once on Login, the page goes nowhere else (the router taking over the page may restate /login).
    const fromLogin = visited.slice(visited.indexOf('/login'));
    expect(fromLogin.length).toBeGreaterThan(0);
    expect(fromLogin.filter((path) => path !== '/login')).toEqual([]);
  });

  test("one user's Skip of MFA setup is that user's alone: another user of the browser is still asked", async ({ page, account }) => {
    await enterEmail(page, account.email);
    await enterPassword(page, account.password);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);

    // Bob of the demo data, in Acme too, has no authenticator either.
    await enterEmail(page, 'bob@example.com');
    await enterPassword(page, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);

    // The user who skipped is not asked again today.
    await enterEmail(page, account.email);
    await enterPassword(page, account.password);
    await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  });

  test('a visitor with a valid stored session goes straight from login to company selection', async ({ page, account }) => {
    await enterEmail(page, account.email);
    await enterPassword(page, account.password);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
    await page.goto('/login');
    // One organisation: company selection goes on to its terms (flows 4.7).
    await expect(page).toHaveURL(/\/company\/acme\/terms$/);
  });

  test('a user signs in with the keyboard alone', async ({ page, account }) => {
    await page.goto('/login?route=%2Fstart');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
    await page.keyboard.type(account.email);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    const skip = page.getByRole('button', { name: 'Skip' });
    for (let presses = 0; presses < 10 && !(await skip.evaluate((element) => element === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');

    const agree = page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' });
    await expect(agree).toBeVisible();
    for (let presses = 0; presses < 10 && !(await agree.evaluate((element) => element === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save' })).toBeFocused();
    const leaving = departure(page);
    await page.keyboard.press('Enter');
    expect(new URL((await leaving).url()).pathname).toBe('/start');
  });

  test('the SSO configuration error is said when the identity provider cannot be reached', async ({ page }, testInfo) => {
    await page.route('**/api/saml2/**', (route) => route.fulfill({ status: 503, body: '' }));
    await enterEmail(page, 'sam@globex.example');
    await expect(page.getByRole('alert').filter({ hasText: 'Error fetching SSO configuration.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expectNoAxeViolations(page, 'login with the SSO error');
    await keepScreenshots(page, testInfo, 'login-sso-error');
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('ein Nutzer meldet sich an, überspringt die Bestätigung in zwei Schritten, akzeptiert die Bedingungen und landet im Portal', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request, 'de');
    await page.goto('/login?route=%2Fstart');
    await expect(page).toHaveTitle('Anmelden');
    await page.getByRole('textbox', { name: 'E-Mail' }).fill(account.email);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('heading', { name: 'Passwort eingeben' })).toBeVisible();
    await page.getByLabel('Passwort', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('heading', { name: 'Bestätigung in zwei Schritten einrichten' })).toBeVisible();
    await page.getByRole('button', { name: 'Überspringen' }).click();
    await expect(page.getByRole('heading', { name: 'Geschäftsbedingungen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Ich habe die Geschäftsbedingungen gelesen und akzeptiere sie' }).check();
    const leaving = departure(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    const target = new URL((await leaving).url());
    expect(target.pathname).toBe('/start');
    expect(target.searchParams.get('context')).toBe('acme');
  });
});

test.describe('a SAML-only user', () => {
  test.use({ locale: 'en-GB' });

  test('enters the e-mail, goes through the identity provider and comes back signed in, with app and route kept', async ({ page, request, baseURL }) => {
    // On the front door's own origin (PUBLIC_URL of the demo): the SAML request is bound to the
    // browser there, where the identity provider posts its answer (server/saml/browser-binding.ts).
    const frontDoor = `http://auth.frontdoor.localhost:${new URL(baseURL ?? '').port}`;
    await enterEmail(page, 'sam@globex.example', '?app=portal&route=%2Freports', frontDoor);
    // No domain parameter: the e-mail's domain names the organisation (flows 4.1).
    await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/company\/globex\/terms\?app=portal&route=%2Freports$/);
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
    expect((await request.get('/api/globex/user/organizations', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  });
});

test.describe('screens seen on their own', () => {
  test.use({ locale: 'en-GB' });

  test('a path outside the route table shows the not-found page with a way to login', async ({ page }, testInfo) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoAxeViolations(page, 'not found');
    await keepScreenshots(page, testInfo, 'not-found');
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
