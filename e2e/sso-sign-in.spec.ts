import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { enterEmail, enterPassword } from './screens/sign-in';
import { admin, startFrontDoor, startFrontDoorOnFreePort, stopFrontDoor } from './own-front-door';
import { keepScreenshots } from './screenshots';

test('a user of an SSO-only organisation signs in through the identity provider and comes back with a session', async ({ page, request, baseURL }) => {
  const mode = await request.get('/api/organization/sam%40globex.example/ssoMode');
  expect(await mode.text()).toBe('SAML_ONLY');

  // The browser itself asks for the login URL, so it holds the cookie that binds the answer to it:
  // Login sends it on to the identity provider at once for the organisation named by domain (flows 4.2).
  // The story runs on the front door's public URL (server/config.ts), where the assertion consumer is.
  const frontDoor = `http://auth.frontdoor.localhost:${new URL(baseURL!).port}`;
  await page.goto(`${frontDoor}/login?app=portal&domain=globex&route=%2Fdashboard`);
  await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill('sam@globex.example');
  const binding = (await page.context().cookies()).find((cookie) => cookie.name === 'frontdoor_saml_request');
  // Over http, with the development identity provider on the same site: neither Secure nor SameSite=None (server/saml/browser-binding.ts).
  expect(binding).toMatchObject({ httpOnly: true, secure: false, sameSite: 'Lax', path: '/api/saml2/globex/acs' });
  const arrival = page.waitForRequest((request) => new URL(request.url()).pathname === '/login/sso/success');
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The identity provider's answer comes back to the front door with the carried parameters.
  const landed = new URL((await arrival).url());
  expect(landed.searchParams.get('app')).toBe('portal');
  expect(landed.searchParams.get('domain')).toBe('globex');
  expect(landed.searchParams.get('route')).toBe('/dashboard');

  const token = landed.searchParams.get('lcq')!;
  const organizations = await request.get('/api/globex/user/organizations', { headers: { authorization: `Bearer ${token}` } });
  expect(organizations.status()).toBe(200);
  expect(Object.keys(await organizations.json())).toEqual(['globex']);
  // The token leaves the address bar: the session is in the cookie and the flow goes on.
  await expect(page).toHaveURL(/\/company\/globex\/terms\?app=portal&domain=globex&route=%2Fdashboard$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'token')?.value).toBe(token);
  // Both binding cookies are spent.
  expect(cookies.filter((cookie) => cookie.name.startsWith('frontdoor_saml_'))).toEqual([]);
});

test('a link to the SSO success page with an attacker’s genuine session does not sign the victim in', async ({ page, request, account }) => {
  // The attacker signs in through the API and sends the victim a link carrying that session.
  const login = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  expect((await request.get('/api/acme/user/organizations', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  const confirmation = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/saml2/session');
  await page.goto(`/login/sso/success?lcq=${encodeURIComponent(token)}`);
  expect((await confirmation).status()).toBe(403);
  await expect(page.getByRole('alert').filter({ hasText: 'The single sign-on could not be completed.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
  expect((await page.context().cookies()).filter((cookie) => cookie.name === 'token' || cookie.name.startsWith('token_'))).toEqual([]);
});

test('a person whose sign-in carries an SSO organisation signs out on company selection, stays on Login, and that organisation’s e-mail still leads to its identity provider', async ({
  page,
}, testInfo) => {
  // A front door of its own started twice, beside the other worker's stories on two cores: once
  // past 90 s in a clean clone's run.
  test.setTimeout(180_000);
  // A front door of its own, whose operator adds a person of two password organisations: company
  // selection offers a choice (with one organisation it goes straight on, flows 4.7; a SAML sign-in
  // reaches its organisation only, so it never comes to the choice).
  const dataDir = await mkdtemp(join(tmpdir(), 'frontdoor-sso-'));
  const { server: firstServer, port } = await startFrontDoorOnFreePort(dataDir);
  let server = firstServer;
  const frontDoor = `http://auth.frontdoor.localhost:${port}`;
  try {
    await stopFrontDoor(server);
    admin(dataDir, ['create-user', '--email', 'kim@example.com', '--context', 'acme', '--context', 'serviceProvider'], { FRONTDOOR_PASSWORD: DEMO_PASSWORD });
    server = await startFrontDoor(port, dataDir);
    await enterEmail(page, 'kim@example.com', '', frontDoor);
    await enterPassword(page, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();

    // The flow carries the SSO organisation, as after a link into Login that named it (flows 2, 4.2).
    await page.goto(`${frontDoor}/company?app=portal&domain=globex&context=globex&route=%2Fdashboard`);
    await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();

    // Signed out, the person is on Login with the app and route, without the organisation whose
    // automatic SAML would send the browser straight back to its identity provider.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/dev/idp') || pathname.includes('ssoModeByContext')) asked.push(pathname);
    });
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${frontDoor}/login?app=portal&route=%2Fdashboard`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(`${frontDoor}/login?app=portal&route=%2Fdashboard`);
    expect(asked).toEqual([]);
    expect((await page.context().cookies()).filter((cookie) => cookie.name === 'token')).toEqual([]);
    await keepScreenshots(page, testInfo, 'login-after-sign-out');

    // The organisation is still reached by its people's e-mail (flows 4.1), the app and route kept.
    const arrival = page.waitForRequest((request) => new URL(request.url()).pathname === '/login/sso/success');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('sam@globex.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
    await page.getByLabel('E-mail').fill('sam@globex.example');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(Object.fromEntries(new URL((await arrival).url()).searchParams)).toMatchObject({ app: 'portal', route: '/dashboard' });
  } finally {
    await stopFrontDoor(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});
