import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { enterEmail, enterPassword } from './screens/sign-in';

/**
 * What a person sees when a screen fails (docs/flows.md section 8): a screen that throws while it
 * renders shows the error screen and is reported; a screen whose files cannot arrive (a deploy
 * removed them) is shown by a page load of its address, once.
 */
test.use({ locale: 'en-GB' });

const lazyBundles = () => (JSON.parse(readFileSync('dist/.bundles.json', 'utf8')) as { lazy: Record<string, string[]> }).lazy;

/** A screen's own files: those no other lazily loaded module shares. */
function ownFiles(module: string): Set<string> {
  const bundles = lazyBundles();
  const shared = new Set(
    Object.entries(bundles)
      .filter(([other]) => other !== module)
      .flatMap(([, files]) => files),
  );
  const files = new Set((bundles[module] ?? []).filter((file) => !shared.has(file)));
  expect(files.size).toBeGreaterThan(0);
  return files;
}

test('a screen that throws while it renders shows the error screen with the way to Login, and the failure is reported', async ({ page, account }) => {
  const reports: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/client-errors') reports.push(request.postDataJSON());
  });
  // The organisation's terms come back in a shape the contract does not allow: a link list that is no text.
  await page.route('**/api/acme/organization/current', async (route) => {
    const answer = await route.fetch();
    const organization = (await answer.json()) as { termsAndConditions: { content: Record<string, unknown> } };
    organization.termsAndConditions.content = { en: 42 };
    await route.fulfill({ response: answer, json: organization });
  });
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/company\/acme\/terms$/);
  await expect(page.getByRole('heading', { name: 'Something went wrong, please try again.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login' })).toBeVisible();
  await expect.poll(() => reports).toEqual([expect.objectContaining({ message: 'render failed', screen: '/company/acme/terms' })]);
});

test('a screen whose files are gone is shown by a page load of its address, and one that cannot arrive at all says so without loading again', async ({
  page,
}) => {
  const register = ownFiles('src/screens/Register.tsx');
  let blocked = 0;
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  // Gone from the server until the page load of /register, which finds the new deploy's files.
  await page.route(
    (url) => register.has(url.pathname),
    async (route) => {
      if (documents.includes('/register')) return route.continue();
      blocked += 1;
      return route.abort();
    },
  );
  await page.goto('/login?app=portal');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?app=portal$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeEditable();
  expect(blocked).toBeGreaterThan(0);
  expect(documents).toEqual(['/login', '/register']);

  // Gone for good: one page load, then the error screen, no loop.
  await page.unrouteAll();
  await page.route(
    (url) => register.has(url.pathname),
    (route) => route.abort(),
  );
  documents.length = 0;
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong, please try again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(documents).toEqual(['/login', '/register']);
});
