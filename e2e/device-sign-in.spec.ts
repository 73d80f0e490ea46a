import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { enterCredentials, hostsOf } from './screens/apps';
import { acceptTerms } from './screens/sign-in';
import { expectNoAxeViolations } from './axe';
import { keepScreenshots } from './screenshots';

/**
 * A device signs its person in on another screen (RFC 8628, flows 4.18): the demo's command line
 * `terminal` (server/dev/demo-apps.ts) asks for a code, the person types it on the front door's code
 * page, confirms, signs in on the front door's screens, and the device's next poll has its tokens.
 */

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** What the device asks for and polls with, as a command line would, from the test's own side. */
async function deviceAsks(request: APIRequestContext) {
  const answer = await request.post('/oidc/device/auth', { form: { client_id: 'terminal', scope: 'openid email' } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { device_code: string; user_code: string; verification_uri: string; interval: number };
}

const devicePolls = (request: APIRequestContext, deviceCode: string) =>
  request.post('/oidc/token', { form: { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: 'terminal' } });

test('a device sign-in typed on the code page with the keyboard alone: confirm, sign in, and the device has its tokens', async ({
  page,
  request,
  account,
  baseURL,
}, testInfo) => {
  const { frontDoor } = hostsOf(baseURL);
  const device = await deviceAsks(request);
  expect(device.verification_uri).toBe(`${frontDoor}/oidc/device`);
  expect(device.interval).toBe(5);
  expect((await (await devicePolls(request, device.device_code)).json()).error).toBe('authorization_pending');

  await page.goto(device.verification_uri);
  await expect(page.getByRole('heading', { name: 'Sign in on a device' })).toBeVisible();
  await expectNoAxeViolations(page, 'the device code page');
  await keepScreenshots(page, testInfo, 'device-code');
  // The field has the focus: the code typed as the device shows it, then Enter.
  await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused();
  await page.keyboard.type(device.user_code);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Sign in on your device?' })).toBeVisible();
  await expect(page.getByText(device.user_code)).toBeVisible();
  await expect(page.getByText('Terminal asks to sign in to your account.')).toBeVisible();
  await expectNoAxeViolations(page, 'the device question');
  await keepScreenshots(page, testInfo, 'device-confirm');
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`^${frontDoor}/login\\?oidc=`));
  await enterCredentials(page, account);
  await page.getByRole('button', { name: 'Skip' }).click();
  await acceptTerms(page);
  await expect(page.getByRole('heading', { name: 'You can go back to your device' })).toBeVisible();
  await expectNoAxeViolations(page, 'the device sign-in done');
  await keepScreenshots(page, testInfo, 'device-done');

  const tokens = (await (await devicePolls(request, device.device_code)).json()) as { access_token?: string; id_token?: string };
  expect(tokens.access_token).toBeTruthy();
  const claims = JSON.parse(Buffer.from(tokens.id_token!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  expect(claims).toMatchObject({ aud: 'terminal', email: account.email });
});

test('the device code page speaks five languages, says a wrong code beside its field, and Cancel leaves the device refused', async ({
  browser,
  request,
  baseURL,
}) => {
  const { frontDoor } = hostsOf(baseURL);
  const headings = {
    en: 'Sign in on a device',
    de: 'Auf einem Gerät anmelden',
    it: 'Accedi su un dispositivo',
    fr: 'Se connecter sur un appareil',
    az: 'Cihazda daxil olun',
  };
  for (const [language, heading] of Object.entries(headings)) {
    const page = await (await browser.newContext({ locale: language })).newPage();
    await page.goto(`${frontDoor}/oidc/device`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectNoAxeViolations(page, `the device code page in ${language}`);
  }

  const page = await (await browser.newContext()).newPage();
  await page.goto(`${frontDoor}/oidc/device`);
  await page.getByRole('textbox', { name: 'Code' }).fill('BCDF-GHJK');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('No device is waiting for that code. Check it and try again.');
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'the device code page with a wrong code');

  const device = await deviceAsks(request);
  await page.goto(`${frontDoor}/oidc/device?user_code=${device.user_code}`);
  await expect(page.getByRole('heading', { name: 'Sign in on your device?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in cancelled' })).toBeVisible();
  expect((await (await devicePolls(request, device.device_code)).json()).error).toBe('access_denied');
});
