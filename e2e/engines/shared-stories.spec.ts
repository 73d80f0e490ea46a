/**
 * The stories every engine runs, Chromium, Firefox and WebKit alike (playwright.config.ts, one
 * project each): a person's way through the front door from the first paint to an app, in the
 * engine's own browser. Passkeys are not among them: Firefox and WebKit have no virtual
 * authenticator a test can drive (Chromium's stories cover them, e2e/passkeys.spec.ts).
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { DEMO_PASSWORD, mailedLink, registerAccount, type Account } from '../fixtures';
import { readSetupUri, type Authenticator } from '../../scripts/contract-checker/totp';
import { freshCode } from '../screens/sign-in';
import { expect, test } from './engine-fixtures';
import type { EnginePage } from './engine-page';
import { expectAccessible } from './engine-axe';
import { keepEngineScreenshots } from './engine-screenshots';
import { expectHeading, expectText, expectUrl, fillField, find, follow, listItems, press, tick, waitUntil } from './page-actions';

// A browser starts for each page, and a story may wait out a TOTP step.
test.describe.configure({ timeout: 120_000 });

/** Login: the e-mail and Continue, then the password and Login. */
async function signIn(page: EnginePage, account: Account, query = ''): Promise<void> {
  await page.goto(`/login${query}`);
  await enterCredentials(page, account);
}

/** Login as an app or a device sent the person there: the e-mail and Continue, then the password and Login. */
async function enterCredentials(page: EnginePage, account: Account): Promise<void> {
  await fillField(page, 'E-mail', account.email);
  await press(page, 'Continue');
  await expectHeading(page, 'Enter your password');
  await fillField(page, 'Password', account.password);
  await press(page, 'Login');
}

/** Terms and Conditions: the box ticked, then Save. */
async function acceptTerms(page: EnginePage): Promise<void> {
  await expectHeading(page, 'Terms and Conditions');
  await tick(page, 'I have read and accept the terms and conditions');
  await press(page, 'Save');
}

/** Waits for the front door's departure into an organisation (flows 4.9), and answers the app's address. */
const departedTo = (page: EnginePage, context: string) =>
  waitUntil(`the departure to ${context}`, async () => {
    const url = await page.url();
    return url.searchParams.get('context') === context ? url : undefined;
  });

/** A signed-in account past the optional TOTP set-up and its organisation's terms, the first time. */
async function signedIn(page: EnginePage, account: Account, { firstTime = true } = {}): Promise<void> {
  await signIn(page, account);
  await expectHeading(page, 'Set up two-step verification');
  await press(page, 'Skip');
  if (firstTime) await acceptTerms(page);
  await departedTo(page, 'acme');
}

/**
 * The QR code read from the set-up screen's pixels, as an authenticator app's camera would: it
 * looks again until the picture has painted.
 */
async function scanQrCode(page: EnginePage): Promise<Authenticator> {
  const image = await find(page, 'image', 'QR code to scan with your authenticator app');
  const text = await waitUntil(`a QR code readable in ${page.engine}'s rendering of the set-up screen`, async () => {
    const png = PNG.sync.read(await page.screenshot(image));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  });
  return readSetupUri(text);
}

/** TOTP set up from the QR code, and its recovery codes saved: answers the authenticator. */
async function setUpTotp(page: EnginePage, used: Set<number>): Promise<{ authenticator: Authenticator; codes: string[] }> {
  await expectHeading(page, 'Set up two-step verification');
  const authenticator = await scanQrCode(page);
  await press(page, 'Continue');
  await expectHeading(page, 'Confirm two-step verification');
  await fillField(page, '6-digit code', await freshCode(authenticator, used));
  await press(page, 'Continue');
  await expectHeading(page, 'Save your recovery codes');
  const codes = await listItems(page, 'Your recovery codes');
  await tick(page, 'I have saved these codes');
  await press(page, 'Continue');
  return { authenticator, codes };
}

test('the login page paints its form without any script, and the form sent without one comes back with the e-mail', async ({ open }, testInfo) => {
  const page = await open({ javaScript: false });
  await page.goto('/login?app=portal&route=%2Fdashboard');
  await expectHeading(page, 'Sign in');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-login-without-script`);
  await fillField(page, 'E-mail', 'ada@example.com');
  await press(page, 'Continue');
  const url = await expectUrl(page, /\/login\?username=/);
  expect(url.searchParams.get('username')).toBe('ada@example.com');
  expect(url.searchParams.get('app')).toBe('portal');
});

test('the script takes over the prerendered login: Continue waits for an e-mail and moves on without loading a page', async ({ open }, testInfo) => {
  const page = await open();
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  // Once the screen is the app's, Continue waits for a valid e-mail (flows 5).
  await waitUntil(
    'Continue to wait for an e-mail',
    async () =>
      (await page.evaluate<boolean>(
        `function () { const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Continue'); return !!button && button.disabled; }`,
      )) || undefined,
  );
  await page.evaluate(`function () { window.storyPage = 'the same page'; }`);
  await fillField(page, 'E-mail', 'bob@example.com');
  await press(page, 'Continue');
  await expectHeading(page, 'Enter your password');
  await expectUrl(page, /\/login\/password\?username=bob%40example\.com$/);
  expect(await page.evaluate<string | undefined>(`function () { return window.storyPage; }`)).toBe('the same page');
  await expectAccessible(page, 'the password step');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-the-password-step`);
});

test('a password sign-in accepts the terms and lands in the app, which reads the session cookie on the product’s domain', async ({
  open,
  frontDoor,
}, testInfo) => {
  const page = await open();
  await signIn(page, { email: 'bob@example.com', password: DEMO_PASSWORD }, '?app=portal&route=%2Fdashboard');
  await expectHeading(page, 'Set up two-step verification');
  await expectAccessible(page, 'the TOTP set-up');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-the-totp-set-up`);
  await press(page, 'Skip');
  await expectHeading(page, 'Terms and Conditions');
  await expectAccessible(page, 'the terms');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-the-terms`);
  await acceptTerms(page);
  await expectUrl(page, new RegExp(`^http://app\\.frontdoor\\.localhost:${frontDoor.port}/dashboard\\?context=acme$`));
  await expectHeading(page, 'Portal of acme');
  await expectText(page, 'bob@example.com');
});

test('a newcomer registers, opens the mailed link and sets a password', async ({ open, frontDoor }, testInfo) => {
  const page = await open();
  const email = `engines-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`/register?email=${encodeURIComponent(email)}`);
  await expectHeading(page, 'Create your account');
  await expectAccessible(page, 'registration');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-registration`);
  await press(page, 'Create');
  await expectHeading(page, 'Check your e-mail');
  await page.goto((await mailedLink(frontDoor.api, email, '/signup')).href.replace(/^http:\/\/[^/]+/, frontDoor.baseURL));
  await expectHeading(page, 'Set up your account');
  await fillField(page, 'New password', 'Lantern-Quiet-Orbit-7');
  await fillField(page, 'Repeat the new password', 'Lantern-Quiet-Orbit-7');
  await press(page, 'Continue');
  await expectHeading(page, "You're all set");
});

test('TOTP is set up from the QR code with ten recovery codes, and the next sign-in asks for the code', async ({ open, frontDoor }, testInfo) => {
  const account = await registerAccount(frontDoor.api);
  const used = new Set<number>();
  const first = await open();
  await signIn(first, account);
  const { authenticator, codes } = await setUpTotp(first, used);
  expect(codes).toHaveLength(10);
  await acceptTerms(first);

  const second = await open();
  await signIn(second, account);
  await expectHeading(second, 'Two-step verification');
  await expectAccessible(second, 'the code step');
  await keepEngineScreenshots(second, testInfo, `${second.engine}-the-code-step`);
  await fillField(second, '6-digit code', await freshCode(authenticator, used));
  await press(second, 'Continue');
  await departedTo(second, 'acme');
});

test('a person of several organisations chooses one and accepts its terms', async ({ open }, testInfo) => {
  const page = await open();
  await signIn(page, { email: 'ada@example.com', password: DEMO_PASSWORD }, '?route=%2Fhome');
  // Vault requires TOTP, so Ada's first sign-in sets it up.
  await setUpTotp(page, new Set());
  await expectHeading(page, 'Choose a company');
  await expectAccessible(page, 'company selection');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-company-selection`);
  await follow(page, 'Acme Corporation');
  await acceptTerms(page);
  const landed = await departedTo(page, 'acme');
  expect(landed.pathname).toBe('/home');
});

test('a signed-in person changes the password, and the new one signs in', async ({ open, frontDoor }, testInfo) => {
  const account = await registerAccount(frontDoor.api);
  const page = await open();
  await signedIn(page, account);
  await page.goto('/change-password');
  await expectHeading(page, 'Change password');
  await fillField(page, 'Current password', account.password);
  await fillField(page, 'New password', 'Changed-Pass-42');
  await fillField(page, 'Repeat the new password', 'Changed-Pass-42');
  await expectAccessible(page, 'change password');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-change-password`);
  await press(page, 'Save');
  await expectText(page, 'Your password has been changed.');

  const again = await open();
  await signedIn(again, { ...account, password: 'Changed-Pass-42' }, { firstTime: false });
});

test('the sessions page names this device on one line, on a phone too', async ({ open, frontDoor }, testInfo) => {
  const account = await registerAccount(frontDoor.api);
  const page = await open();
  await signedIn(page, account);
  await page.goto('/account/sessions');
  await expectHeading(page, 'Where you’re signed in');
  for (const width of [1280, 390]) {
    await page.setViewport(width, 844);
    expect(await page.evaluate<number>(`function () { return window.innerWidth; }`)).toBe(width);
    const pill = await find(page, 'text', 'This device');
    const lines = await page.evaluate<number>(
      `function (selector) { const pill = document.querySelector(selector); return Math.round(pill.getBoundingClientRect().height / parseFloat(getComputedStyle(pill).lineHeight)); }`,
      pill,
    );
    expect(lines, `the "This device" pill at ${width} px`).toBe(1);
  }
  await expectAccessible(page, 'the sessions page');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-the-sessions-page`);
});

test('a device’s user code typed on the code page signs the device in', async ({ open, frontDoor }, testInfo) => {
  const account = await registerAccount(frontDoor.api);
  const asked = await frontDoor.api.post('/oidc/device/auth', { form: { client_id: 'terminal', scope: 'openid email' } });
  expect(asked.status()).toBe(200);
  const device = (await asked.json()) as { device_code: string; user_code: string; verification_uri: string };
  const page = await open();
  await page.goto(device.verification_uri);
  await expectHeading(page, 'Sign in on a device');
  await expectAccessible(page, 'the device code page');
  await keepEngineScreenshots(page, testInfo, `${page.engine}-the-device-code-page`);
  await fillField(page, 'Code', device.user_code);
  await press(page, 'Continue');
  await expectHeading(page, 'Sign in on your device?');
  await press(page, 'Confirm');
  await enterCredentials(page, account);
  await press(page, 'Skip');
  await acceptTerms(page);
  await expectHeading(page, 'You can go back to your device');
  const polled = await frontDoor.api.post('/oidc/token', {
    form: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: device.device_code, client_id: 'terminal' },
  });
  expect(((await polled.json()) as { access_token?: string }).access_token).toBeTruthy();
});

test('an app outside the cookie domain signs a person in through the front door’s OpenID Provider', async ({ open, frontDoor }) => {
  const account = await registerAccount(frontDoor.api);
  const page = await open();
  const notes = `http://notes.localhost:${frontDoor.port}`;
  await page.goto(notes);
  await follow(page, 'Sign in with Frontdoor');
  await enterCredentials(page, account);
  await press(page, 'Skip');
  await acceptTerms(page);
  await expectUrl(page, new RegExp(`^${notes}/$`));
  // The app shows the claims of the ID token it verified.
  await expectText(page, account.email);
});
