import { expect, test } from '@playwright/test';

test('a user of an SSO-only organisation signs in through the identity provider and comes back with a session', async ({ page, request }) => {
  const mode = await request.get('/api/organization/sam%40globex.example/ssoMode');
  expect(await mode.text()).toBe('SAML_ONLY');

  const returnTo = '/login?app=portal&domain=globex&route=%2Fdashboard';
  const loginUrl = await request.get(`/api/saml2/globex/login?email=sam%40globex.example&returnTo=${encodeURIComponent(returnTo)}`);
  expect(loginUrl.status()).toBe(200);

  await page.goto(await loginUrl.text());
  await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('sam@globex.example');
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
});
