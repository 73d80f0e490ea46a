/**
 * One round trip a step (docs/decisions/0018-one-round-trip-a-step.md): a returning user's sign-in
 * decides where it goes from the answers it has, so it fetches no screen it does not show and
 * calls nothing after the sign-in's answer but the app it lands in.
 */
import type { APIRequestContext, Browser, Cookie, Page } from '@playwright/test';
import { test, expect, enableTotp, type Account } from './fixtures';
import { acceptTerms, departure, enterCode, enterEmail, enterPassword, freshCode } from './screens/sign-in';
import { ownFiles } from './bundles';

test.use({ locale: 'en-GB' });

/** Screens a returning user with one organisation and its terms accepted never sees. */
const NOT_SHOWN = ['src/screens/MFASetup.tsx', 'src/screens/CompanySelection.tsx', 'src/screens/TermsAndConditions.tsx'];

/** Each request of the page to the front door, by path, and the moment the sign-in's answer came. */
function recordRequests(page: Page, frontDoor: string | undefined, answer: RegExp) {
  const seen: ({ path: string } | { answered: string })[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(frontDoor!).origin) seen.push({ path: url.pathname });
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (answer.test(pathname) && response.status() === 200) seen.push({ answered: pathname });
  });
  return {
    files: () => seen.flatMap((entry) => ('path' in entry ? [entry.path] : [])),
    /** The API's calls made after the sign-in's answer. */
    callsAfterAnswer: () => {
      const answered = seen.findIndex((entry) => 'answered' in entry);
      expect(answered, 'the sign-in answered').toBeGreaterThanOrEqual(0);
      return seen.slice(answered + 1).flatMap((entry) => ('path' in entry && entry.path.startsWith('/api/') ? [entry.path] : []));
    },
  };
}

/** No file of a screen the sign-in does not show was fetched, and nothing was called after the sign-in's answer. */
function expectOneRoundTrip(requests: ReturnType<typeof recordRequests>): void {
  const fetched = new Set(requests.files());
  for (const screen of NOT_SHOWN)
    expect(
      [...ownFiles(screen)].filter((file) => fetched.has(file)),
      screen,
    ).toEqual([]);
  expect(requests.callsAfterAnswer()).toEqual([]);
}

/** A browser of the same person on another day: an empty cache, and only the Skip of MFA setup kept. */
async function nextDay(browser: Browser, baseURL: string | undefined, kept: Cookie[]): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  await context.addCookies(kept);
  return context.newPage();
}

/** Accepts the organisation's terms for the account, as its first sign-in did. */
async function acceptTermsByApi(request: APIRequestContext, account: Account): Promise<void> {
  const signIn = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  const { context, token } = (await signIn.json()) as { context: string; token: string };
  const accepted = await request.post(`/api/${context}/user/acceptTermsAndConditions`, { headers: { authorization: `Bearer ${token}` } });
  expect(accepted.ok()).toBe(true);
}

test("a returning user's password sign-in fetches no chunk of a screen it does not show, and calls nothing after login but the app", async ({
  page,
  browser,
  baseURL,
  account,
}) => {
  // The first sign-in: MFA setup skipped for today, the terms accepted.
  await enterEmail(page, account.email);
  await enterPassword(page, account.password);
  await page.getByRole('button', { name: 'Skip' }).click();
  const firstLanding = departure(page);
  await acceptTerms(page);
  await firstLanding;
  const skipped = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('skipMfa_'));
  expect(skipped).toHaveLength(1);

  const returning = await nextDay(browser, baseURL, skipped);
  const requests = recordRequests(returning, baseURL, /^\/api\/login$/);
  await enterEmail(returning, account.email);
  const landing = departure(returning);
  await enterPassword(returning, account.password);
  const app = new URL((await landing).url());
  expect(app.searchParams.get('context')).toBe('acme');

  expectOneRoundTrip(requests);
  await returning.context().close();
});

test("a returning user's sign-in with a code fetches only the code step's chunk on the way, and calls nothing after the code but the app", async ({
  page,
  browser,
  baseURL,
  request,
  account,
}) => {
  // A fresh code can be the next 30-second step's: the wait is in the story's time.
  test.slow();
  await acceptTermsByApi(request, account);
  const { authenticator, usedStep } = await enableTotp(request, account);
  await page.close();

  const returning = await nextDay(browser, baseURL, []);
  const requests = recordRequests(returning, baseURL, /^\/api\/login(\/code)?$/);
  await enterEmail(returning, account.email);
  await enterPassword(returning, account.password);
  const landing = departure(returning);
  await enterCode(returning, await freshCode(authenticator, new Set([usedStep])));
  expect(new URL((await landing).url()).searchParams.get('context')).toBe('acme');

  expectOneRoundTrip(requests);
  await returning.context().close();
});
