/**
 * Byte budgets of the front door, measured by loading the production build in Chromium
 * from the reference server and adding up what it fetched (gzip, as the server sends it to a
 * browser that asks for gzip):
 * - the first screen usable: what /login needs before its e-mail field takes input and validates.
 *   The prerendered form validates with the browser's own rules, so the page is loaded with scripts
 *   off, and the field is checked to take input and tell a valid e-mail from an invalid one;
 * - the whole password sign-in, from /login to the redirect to the app: every file of the app a
 *   user fetches who signs in with a password and the code of an authenticator app, accepts the
 *   terms and leaves (pages, scripts, styles, texts; the API's answers are data, printed beside);
 * - a user's first password sign-in, which shows MFA setup with its QR code instead of the code step;
 * - the prerendered HTML of /login, the largest of its five languages;
 * - the first view with its script: the page, its script and its screen's chunks, until the e-mail
 *   step takes presses (what comes after, the page's moves, the router, the whole dictionary, the
 *   whole stylesheet and Login's calls to the API, is refused, so it cannot count by arriving early).
 * Fails when a budget is exceeded, or when a module that holds state is written into two scripts
 * (scripts/budget/module-copies.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { buildApp } from '../server/app';
import { loadAppPages } from '../server/web/app-page';
import { createOrganization, createUser } from '../server/admin/operations';
import { loadTotpKey, totpSecrets } from '../server/auth/totp-secrets';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { LANGUAGES } from '../rules/languages';
import { Secret, TOTP } from 'otpauth';
import { moduleCopies } from './budget/module-copies';

const KB = 1024;
// The sign-in path moves on without the router (docs/decisions/0013-sign-in-without-the-router.md),
// and a page carries only its own screen (docs/decisions/0014-a-page-carries-its-screen.md). The
// first view also carries an app's OpenID Connect sign-in on every step, which took it to its
// budget's last bytes: half a kilobyte more (docs/decisions/0019-openid-provider.md).
const BUDGETS = { usable: 15 * KB, signIn: 58 * KB, firstSignIn: 66 * KB, html: 8 * KB, firstView: 22.5 * KB };
const root = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'Budget-Demo-1';
const TOTP_SECRET = new Secret({ size: 20 });
const WITH_TOTP = { email: 'with-totp@example.com', password: PASSWORD };
const FIRST_TIME = { email: 'first-time@example.com', password: PASSWORD };

interface Fetched {
  path: string;
  bytes: number;
  /** An answer of the API, not a file of the app. */
  api: boolean;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const total = (files: readonly Fetched[], api = false) => files.filter((file) => file.api === api).reduce((sum, file) => sum + file.bytes, 0);

/** Records what a page fetches from the front door: pages and assets at their gzip size, API answers as sent. */
function recordFetches(page: Page, origin: string, pageBytes: (path: string, language: string) => number, dist: string): Fetched[] {
  const fetched: Fetched[] = [];
  page.on('requestfinished', (request) => {
    void (async () => {
      const url = new URL(request.url());
      if (url.origin !== origin) return;
      const file = join(dist, decodeURIComponent(url.pathname));
      let bytes: number;
      if (url.pathname.startsWith('/api/')) bytes = (await request.sizes()).responseBodySize;
      else if (request.resourceType() === 'document') bytes = pageBytes(url.pathname, (await page.locator('html').getAttribute('lang')) ?? 'en');
      else bytes = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(readFileSync(file), { level: 9 }).length;
      const api = url.pathname.startsWith('/api/');
      // A file fetched again comes from the browser's cache: counted once.
      if (api || !fetched.some((earlier) => earlier.path === url.pathname + url.search)) fetched.push({ path: url.pathname + url.search, bytes, api });
    })();
  });
  return fetched;
}

async function firstScreenUsable(browser: Browser, origin: string, record: (page: Page) => Fetched[]): Promise<Fetched[]> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  const page = await context.newPage();
  const fetched = record(page);
  await page.goto(`${origin}/login`, { waitUntil: 'load' });
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await email.fill('ada@example');
  const refuses = !(await email.evaluate((input: HTMLInputElement) => input.checkValidity()));
  await email.fill('ada@example.com');
  const accepts = await email.evaluate((input: HTMLInputElement) => input.checkValidity());
  if (!refuses || !accepts) throw new Error('The e-mail field of /login does not validate without its script.');
  await context.close();
  return fetched;
}

/** Modules whose files a page fetches after its first view takes presses. */
const LATER_MODULES = ['src/router/app-router.ts', 'src/screens/parts/login-calls.ts'];

/** The files of the router, the whole dictionaries and Login's calls, from the build's bundle manifest. */
function laterFiles(dist: string): Set<string> {
  const { lazy } = JSON.parse(readFileSync(join(dist, '.bundles.json'), 'utf8')) as { lazy: Record<string, string[]> };
  return new Set(Object.entries(lazy).flatMap(([module, files]) => (LATER_MODULES.includes(module) || /^locales\/\w+\.json$/.test(module) ? files : [])));
}

async function firstViewWithScript(browser: Browser, origin: string, record: (page: Page) => Fetched[], dist: string): Promise<Fetched[]> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  // The first view does without what comes later: were any of it fetched, it would not count.
  const later = laterFiles(dist);
  await page.route(
    (url) => later.has(url.pathname) || url.pathname.endsWith('.css'),
    (route) => route.abort(),
  );
  const fetched = record(page);
  await page.goto(`${origin}/login`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Continue' }).and(page.locator(':disabled')).waitFor();
  await context.close();
  return fetched;
}

type SecondStep = (page: Page) => Promise<void>;

const enterCode: SecondStep = async (page) => {
  await page.getByRole('textbox', { name: '6-digit code' }).fill(new TOTP({ secret: TOTP_SECRET }).generate());
  await page.getByRole('button', { name: 'Continue' }).click();
};
const skipMfaSetup: SecondStep = (page) => page.getByRole('button', { name: 'Skip' }).click();

async function passwordSignIn(
  browser: Browser,
  origin: string,
  record: (page: Page) => Fetched[],
  user: typeof WITH_TOTP,
  secondStep: SecondStep,
): Promise<Fetched[]> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const fetched = record(page);
  let departure: string | undefined;
  // The sign-in ends with the redirect to the app; the app's own bytes are not the front door's.
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      departure = route.request().url();
      return route.abort();
    },
  );
  await page.goto(`${origin}/login?route=%2Fhome`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await secondStep(page);
  await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForEvent('requestfailed', (request) => request.url() === departure || !new URL(request.url()).origin.startsWith(origin));
  await page.waitForLoadState('networkidle').catch(() => {});
  await context.close();
  if (!departure) throw new Error('The sign-in did not end with the redirect to the app.');
  return fetched;
}

async function measure() {
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'warn', PLATFORM_HOST: 'platform.invalid' }, root);
  if (!existsSync(join(config.distDir, 'pages', 'pages.json'))) throw new Error('No build in dist/: run npm run build first.');
  const db = await openDatabase({});
  await migrate(db);
  await createOrganization(db, { context: 'acme', name: 'Acme Corporation', termsVersion: 1, termsContent: { en: 'https://example.com/terms.pdf' } });
  const secrets = totpSecrets(loadTotpKey({ totpKey: config.totpKey, dataDir: config.dataDir }));
  await createUser(db, { ...WITH_TOTP, totp: { secret: TOTP_SECRET.base32, secrets }, contexts: ['acme'] });
  await createUser(db, { ...FIRST_TIME, contexts: ['acme'] });
  const app = await buildApp({ config, db });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const pages = loadAppPages(config);
  const pageBytes = (path: string, language: string) => {
    const route = pages.routes.find((candidate) => new RegExp(`^${candidate.pattern.replace(/\$\w+/g, '[^/]+')}$`).test(path));
    return (route?.pages ?? pages.notFound)[language as 'en'].gzip.length;
  };
  const browser = await chromium.launch(chromiumLaunchOptions);
  const record = (page: Page) => recordFetches(page, origin, pageBytes, config.distDir);
  try {
    const login = pages.routes.find((route) => route.pattern === '/login')!;
    return {
      html: Math.max(...LANGUAGES.map((language) => login.pages[language].gzip.length)),
      usable: await firstScreenUsable(browser, origin, record),
      firstView: await firstViewWithScript(browser, origin, record, config.distDir),
      signIn: await passwordSignIn(browser, origin, record, WITH_TOTP, enterCode),
      firstSignIn: await passwordSignIn(browser, origin, record, FIRST_TIME, skipMfaSetup),
    };
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
}

const figures = await measure();
const lines: [string, number, number | undefined][] = [
  ['first screen usable (/login before any script)', total(figures.usable), BUDGETS.usable],
  ['whole password sign-in, /login to the app', total(figures.signIn), BUDGETS.signIn],
  ['prerendered HTML of /login (largest language)', figures.html, BUDGETS.html],
  ['first password sign-in, MFA setup with its QR code', total(figures.firstSignIn), BUDGETS.firstSignIn],
  ['first view with its script', total(figures.firstView), BUDGETS.firstView],
];
console.log('Byte budgets (gzip, 1 KB = 1024 bytes):');
// Bytes left, too: a figure that rounds to its budget may be a few bytes under it or over.
for (const [name, bytes, budget] of lines)
  console.log(`  ${name}: ${kb(bytes)}${budget ? ` of ${kb(budget)} (${Math.round(budget - bytes)} bytes left)` : ''}`);
console.log(`  (the API's answers during the password sign-in: ${kb(total(figures.signIn, true))})`);
for (const [name, files] of [
  ['password sign-in', figures.signIn],
  ['first password sign-in', figures.firstSignIn],
  ['first view with its script', figures.firstView],
] as const) {
  console.log(`Files of the ${name}:`);
  for (const file of files) console.log(`  ${kb(file.bytes).padStart(8)}  ${file.path}${file.api ? '  (API)' : ''}`);
}
const copies = moduleCopies(root, join(root, 'dist'));
console.log(`Modules in more than one script: ${copies.length}, ${copies.filter((copy) => copy.holdsState).length} of them holding state`);
for (const { module, scripts, holdsState } of copies) console.log(`  ${module}${holdsState ? ' (holds state)' : ''}: ${scripts.join(' ')}`);
const over = lines.filter(([, bytes, budget]) => budget !== undefined && bytes > budget);
for (const [name, bytes, budget] of over) console.error(`Over budget: ${name} by ${kb(bytes - budget!)} (${Math.round(bytes - budget!)} bytes).`);
for (const { module } of copies.filter((copy) => copy.holdsState)) console.error(`Two states: ${module} is in more than one script.`);
if (over.length > 0 || copies.some((copy) => copy.holdsState)) process.exit(1);
