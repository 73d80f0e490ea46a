import { withPageCache } from './chromium';
import { test, expect, consoleErrors, enableTotp, DEMO_PASSWORD } from './fixtures';
import { acceptTerms, departure, enterCode, enterEmail, enterPassword, freshCode, saveRecoveryCodes, scanQrCode, signInSettingUpTotp } from './screens/sign-in';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';

test.use({ locale: 'en-GB' });

test('a new user in an MFA-required organisation signs in, sets up MFA, confirms, accepts terms and lands on the portal landing page', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = consoleErrors(page);
  // The demo platform (README, "The demo"): the front door and the apps under frontdoor.localhost.
  const port = new URL(baseURL!).port;
  await page.goto(`http://auth.frontdoor.localhost:${port}/login?app=portal&route=%2Fdashboard`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('vera@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterPassword(page, DEMO_PASSWORD);

  const authenticator = await scanQrCode(page);
  // The organisation requires MFA: there is no way around the setup (flows 4.6, 6).
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'MFA setup');
  await keepScreenshots(page, testInfo, 'mfa-setup');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm two-step verification' })).toBeVisible();
  await expectNoAxeViolations(page, 'MFA setup confirmation');
  await keepScreenshots(page, testInfo, 'mfa-setup-confirmation');
  await enterCode(page, await freshCode(authenticator, new Set()));
  await saveRecoveryCodes(page);

  await expect(page).toHaveURL(/\/company\/vault\/terms\?app=portal&route=%2Fdashboard$/);
  await expect(page.getByRole('link', { name: /Document 1/ })).toBeVisible();
  await expectNoAxeViolations(page, 'terms');
  await keepScreenshots(page, testInfo, 'terms');
  await acceptTerms(page);

  // The portal reads the session cookie the front door set on the product's domain.
  await expect(page).toHaveURL(`http://app.frontdoor.localhost:${port}/dashboard?context=vault`);
  await expect(page.getByRole('heading', { name: 'Portal of vault' })).toBeVisible();
  await expect(page.getByText('vera@example.com')).toBeVisible();
  await expect(page.getByText('pwd, otp')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a user with MFA signs in with a code, and a wrong code shows "Invalid code."', async ({ page, account }, testInfo) => {
  // The second sign-in waits for the next 30-second TOTP step: the server takes each step's code once.
  test.slow();
  // The account sets up TOTP once, through the screens.
  const { authenticator, used } = await signInSettingUpTotp(page, account);
  await saveRecoveryCodes(page);
  await expect(page).toHaveURL(/\/company\/acme\/terms/);

  await page.context().clearCookies();
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await keepScreenshots(page, testInfo, 'mfa-login');

  await enterCode(page, '000000' === authenticator.codeAt(Math.floor(Date.now() / 30000)) ? '111111' : '000000');
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Invalid code.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '6-digit code' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'MFA login with a wrong code');

  await enterCode(page, await freshCode(authenticator, used));
  await expect(page).toHaveURL(/\/company\/acme\/terms/);
});

test('a user with MFA who reloads the code step stays on it and signs in with the code alone', async ({ page, account, request }) => {
  // The code waits for the TOTP step after the one the setup spent.
  test.slow();
  const { authenticator, usedStep } = await enableTotp(request, account);
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  const codeStep = page.getByRole('heading', { name: 'Two-step verification' });
  await expect(codeStep).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/login\/mfa\?username=/);
  await expect(codeStep).toBeVisible();
  // The code goes in once the step has come to life: its field drops what is typed before.
  await page.waitForLoadState('networkidle');
  // The password is nowhere a script can read: the pending sign-in is the server's, behind an HttpOnly cookie.
  const readable = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie + location.href);
  expect(readable).not.toContain(account.password);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'frontdoor_pending_sign_in')?.httpOnly).toBe(true);

  await enterCode(page, await freshCode(authenticator, new Set([usedStep])));
  await expect(page).toHaveURL(/\/company\/acme\/terms/);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'frontdoor_pending_sign_in')).toBeUndefined();
});

test('a code pasted with a character that is not a digit fills the other boxes and says which, and the missing digit typed signs in', async ({
  page,
  account,
  request,
}, testInfo) => {
  // The code waits for the TOTP step after the one the setup spent.
  test.slow();
  const { authenticator, usedStep } = await enableTotp(request, account);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const field = page.getByRole('textbox', { name: '6-digit code' });
  const boxes = page.locator('.fd-code__box');
  const paste = async (text: string) => {
    await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
    await field.focus();
    await page.keyboard.press('ControlOrMeta+V');
  };

  // Five characters: blocked, and the field says what it takes.
  await paste('12345');
  await expect(field).toHaveAccessibleDescription('Paste exactly 6 digits.');
  await expect(boxes).toHaveText(['', '', '', '', '', '']);

  // Six once the space is left out, the third one a letter: its box stays empty, and the field names it.
  const code = await freshCode(authenticator, new Set([usedStep]));
  await paste(`${code.slice(0, 2)}x ${code.slice(3)}`);
  await expect(boxes).toHaveText([code[0]!, code[1]!, '', code[3]!, code[4]!, code[5]!]);
  await expect(field).toHaveAccessibleDescription('Only digits: “x” is not a digit.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectNoAxeViolations(page, 'the code step after a paste with a letter');
  await keepScreenshots(page, testInfo, 'mfa-login-paste');

  // The missing digit goes to the empty box, and the message goes.
  await page.keyboard.type(code[2]!);
  await expect(boxes).toHaveText(code.split(''));
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/company\/acme\/terms/);
});

test('a code step with no sign-in waiting goes back to the password and says why', async ({ page }) => {
  await page.goto('/login/mfa?username=nobody%40example.com');
  await page.waitForLoadState('networkidle');
  await enterCode(page, '123456');
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/password\?username=nobody%40example\.com$/);
  await expect(
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Your sign-in has timed out. Please enter your password again.' }),
  ).toBeVisible();
});

test('a wrong password is "Incorrect email or password." with both fields marked', async ({ page, account }, testInfo) => {
  await enterEmail(page, account.email);
  await enterPassword(page, 'Not-the-password-1');
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'password with an error');
  await keepScreenshots(page, testInfo, 'login-password-error');
});

test('a user with several organisations chooses one', async ({ page }, testInfo) => {
  await enterEmail(page, 'ada@example.com', '?route=%2Fhome');
  await enterPassword(page, DEMO_PASSWORD);
  // Ada's Vault requires MFA, so her first password sign-in sets it up.
  const authenticator = await scanQrCode(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await freshCode(authenticator, new Set()));
  await saveRecoveryCodes(page);

  await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
  const companies = page
    .getByRole('list')
    .filter({ has: page.getByRole('link') })
    .first()
    .getByRole('link');
  // Reserved contexts first: the marketplace and the meta site (flows 2).
  await expect(companies).toHaveText(['Marketplace', 'Meta', 'Acme Corporation', 'Vault Bank']);
  // A company without a logo, or whose logo does not load, keeps the logo's place: 56 px square.
  for (const logo of await page.locator('.fd-company .fd-image').all()) expect(await logo.boundingBox()).toMatchObject({ width: 56, height: 56 });
  // Signed in with TOTP: the way to new recovery codes (flows 4.6).
  await expect(page.getByRole('link', { name: 'Make new recovery codes' })).toHaveAttribute('href', /^\/account\/recovery-codes/);
  await expectNoAxeViolations(page, 'company selection');
  await keepScreenshots(page, testInfo, 'company-selection');
  await page.getByRole('link', { name: 'Acme Corporation' }).click();
  const arrival = departure(page);
  await acceptTerms(page);
  const target = new URL((await arrival).url());
  expect(target.pathname).toBe('/home');
  expect(target.searchParams.get('context')).toBe('acme');
});

test('Back from the app to a page the browser kept in its page cache does not stand on “Loading…”: the page loads again and goes where its address leads, here on to the app, as the terms were accepted', async ({
  account,
  baseURL,
}) => {
  await withPageCache(async (cached) => {
    const port = new URL(baseURL!).port;
    const context = await cached.newContext({ locale: 'en-GB' });
    await context.addInitScript(() => addEventListener('pageshow', (event) => event.persisted && console.log(`restored ${location.pathname}`)));
    const page = await context.newPage();
    const restored: string[] = [];
    page.on('console', (message) => message.text().startsWith('restored ') && restored.push(message.text()));

    await enterEmail(page, account.email, '', `http://auth.frontdoor.localhost:${port}`);
    await enterPassword(page, account.password);
    await page.getByRole('button', { name: 'Skip' }).click();
    await acceptTerms(page);
    await expect(page.getByRole('heading', { name: 'Portal of acme' })).toBeVisible();

    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => restored, { message: 'the terms page came back from the cache' }).toEqual(['restored /company/acme/terms']);
    await expect(page.getByRole('heading', { name: 'Portal of acme' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
  });
});
