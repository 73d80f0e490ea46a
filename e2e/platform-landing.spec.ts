import { expect, test } from '@playwright/test';

/** The demo platform of README ("The demo"): the front door and the apps under frontdoor.localhost. */
function demoPlatform(baseURL: string | undefined) {
  const port = new URL(baseURL ?? 'http://127.0.0.1').port;
  return { frontDoor: `http://auth.frontdoor.localhost:${port}`, portal: `http://acme.frontdoor.localhost:${port}` };
}

test('a session cookie the front door sets on the product’s domain reaches the portal, which shows who signed in where', async ({ page, request, baseURL }) => {
  const { frontDoor, portal } = demoPlatform(baseURL);
  const signIn = await request.post('/api/login', { data: { email: 'bob@example.com', password: 'Frontdoor-Demo-1' } });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };

  await page.goto(`${frontDoor}/login`);
  const config = JSON.parse((await page.locator('#frontdoor-config').textContent()) ?? '{}') as { cookieDomain?: string };
  expect(config.cookieDomain).toBe('frontdoor.localhost');

  // What the app does after terms (flows 4.9, 9): the cookies on the product's domain, then off to the app.
  await page.evaluate(
    ({ token, domain, target }) => {
      for (const name of ['token', 'token_acme']) document.cookie = `${name}=${token}; Domain=${domain}; Path=/; Secure; SameSite=Strict`;
      location.assign(target);
    },
    { token, domain: config.cookieDomain!, target: `${portal}/dashboard?context=acme` },
  );

  await expect(page.getByRole('heading', { name: 'Portal of acme' })).toBeVisible();
  await expect(page.getByText('bob@example.com')).toBeVisible();
  await expect(page.getByText('/dashboard')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', `${frontDoor}/logout`);
});
