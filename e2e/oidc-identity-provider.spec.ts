import { expect, test } from './fixtures';
import { keepScreenshots } from './screenshots';
import { expectNoAxeViolations } from './axe';
import { acceptTerms, departure } from './screens/sign-in';

// An organisation whose identity provider speaks OpenID Connect (docs/federation.md): the demo's
// Initech, through the development OpenID Provider, with accounts made on the first sign-in.
test('a new employee of an organisation with an OpenID Provider signs in through it at once: the account is made on the way', async ({
  page,
  request,
  baseURL,
}) => {
  const email = `new.hire.${Date.now()}@initech.example`;
  const mode = await request.get(`/api/organization/${encodeURIComponent(email)}/ssoMode`);
  expect(await mode.text()).toBe('SAML_ONLY');

  // On the front door's public URL (server/config.ts), where the provider sends the browser back.
  const frontDoor = `http://auth.frontdoor.localhost:${new URL(baseURL!).port}`;
  await page.goto(`${frontDoor}/login?app=portal&route=%2Fdashboard`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The provider's own sign-in page, the address passed on as login_hint.
  await expect(page).toHaveURL(/\/dev\/oidc-idp\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  const binding = (await page.context().cookies()).find((cookie) => cookie.name === 'frontdoor_oidc_idp');
  expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/oidc-idp/initech/callback' });
  const arrival = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/login/sso/success');
  const leaving = departure(page);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const landed = new URL((await arrival).url());
  expect(landed.searchParams.get('app')).toBe('portal');
  const token = landed.searchParams.get('lcq')!;
  const organizations = await request.get('/api/initech/user/organizations', { headers: { authorization: `Bearer ${token}` } });
  expect(Object.keys(await organizations.json())).toEqual(['initech']);
  // On as after any sign-in: the organisation's terms, then the app.
  await acceptTerms(page);
  const app = new URL((await leaving).url());
  expect(app.pathname).toBe('/dashboard');
  expect(app.searchParams.get('context')).toBe('initech');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value).toBe(token);
});

test('a person their organisation has not added is told on Login to ask its administrator, with no session', async ({ page, baseURL }, testInfo) => {
  const frontDoor = `http://auth.frontdoor.localhost:${new URL(baseURL!).port}`;
  await page.goto(`${frontDoor}/login?domain=globex`);
  await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill('stranger@globex.example');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('alert')).toContainText(
    'Your organisation hasn’t added you to this service yet. Ask your organisation’s administrator to add you.',
  );
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
  // Login stays, to be read: the organisation's name is not carried back, which would go straight to its provider again.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('domain')).toBeNull();
  await keepScreenshots(page, testInfo, 'sso-not-invited');
});

for (const [locale, words] of [
  ['en', 'Your organisation hasn’t added you'],
  ['de', 'Ihre Organisation hat Sie'],
  ['it', 'La tua organizzazione non ti ha ancora aggiunto'],
  ['fr', 'Votre organisation ne vous a pas encore ajouté'],
  ['az', 'Təşkilatınız sizi hələ'],
] as const) {
  test(`the refusal of a person not added reads in ${locale}, axe-clean`, async ({ page, baseURL }) => {
    await page.goto(`http://auth.frontdoor.localhost:${new URL(baseURL!).port}/login/sso/success?refused=not-invited&locale=${locale}`);
    await expect(page.getByRole('alert')).toContainText(words);
    await expectNoAxeViolations(page, `Login after a refusal (${locale})`);
  });
}
