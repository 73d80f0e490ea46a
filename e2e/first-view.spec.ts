import { randomBytes } from 'node:crypto';
import { test, expect, mailedLink } from './fixtures';
import { expectNoAxeViolations } from './axe';
import type { BrowserContext, Page } from '@playwright/test';
import { enterEmail, enterPassword } from './screens/sign-in';
import { lazyFiles, ownFiles } from './bundles';

test.use({ locale: 'en-GB' });

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page renders its form, which takes an e-mail and validates it', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'E-mail' });
    await email.fill('ada@example');
    expect(await email.evaluate((input: HTMLInputElement) => input.checkValidity())).toBe(false);
    await email.fill('ada@example.com');
    expect(await email.evaluate((input: HTMLInputElement) => input.checkValidity())).toBe(true);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test('the login form sent without a script comes back to login with the e-mail and the carried parameters', async ({ page }) => {
    await page.goto('/login?app=portal&route=%2Fdashboard');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login\?username=ada%40example\.com&app=portal&route=%2Fdashboard$/);
  });

  for (const [path, heading] of <[string, string][]>[
    ['/register', 'Create your account'],
    ['/reset-password', 'Reset your password'],
  ]) {
    test(`${path} renders its form with the e-mail field`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeEditable();
      await expect(page.locator('form').getByRole('button')).toBeEnabled();
    });
  }

  for (const query of ['?username=ada%40example.com', '?email=ada%40example.com']) {
    for (const path of ['/login', '/register', '/reset-password']) {
      if (path !== '/register' && query.startsWith('?email')) continue;
      test(`${path}${query} shows the e-mail in its field`, async ({ page }) => {
        await page.goto(`${path}${query}`);
        await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
      });
    }
  }

  test('the password step and the migration show the e-mail their link names', async ({ page }) => {
    await page.goto('/login/password?username=ada%40example.com');
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
    await page.goto('/migration?email=ada%40example.com&action=login');
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
  });

  for (const [path, heading] of <[string, string][]>[
    ['/signup', 'Set up your account'],
    ['/reset-password/update', 'Choose a new password'],
  ]) {
    test(`${path} waits for its script rather than call its link broken`, async ({ page }) => {
      await page.goto(`${path}?token=bm90LXJlYWQteWV0`);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByText('Loading…')).toBeVisible();
      await expect(page.getByText('the invitation link might have expired')).toHaveCount(0);
    });
  }

  test('the passkeys page offers no button before its list is known, where a click would do nothing', async ({ page }) => {
    await page.goto('/account/passkeys');
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await expect(page.getByText('Loading…')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  });

  test('the code step offers its other ways only with its script, where a click before it would do nothing', async ({ page }) => {
    await page.goto('/login/mfa?username=ada%40example.com');
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test('"check your e-mail" sends the mail again only with its script, where a click before it would do nothing', async ({ page }) => {
    await page.goto('/register/success');
    await expect(page.getByRole('button', { name: 'Send it again' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });

  test('a path outside the route table shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

/** Holds back the first view's scripts, as a slow connection would, until `release` is called. */
async function holdScripts(page: import('@playwright/test').Page): Promise<() => void> {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  // Parcel names the entry script after the checkout's folder, so every hashed script is held,
  // whatever that folder is called.
  await page.route(/\/[\w-]+\.[0-9a-f]{8}\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}

test('typing before the script arrives survives its arrival, caret and all', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.getByRole('textbox', { name: 'E-mail' });
  // The dot is missing; the caret goes back to where it belongs.
  await email.pressSequentially('ada@examplecom');
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowLeft');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  // Before the script, the browser validates: Continue is a plain submit button.
  await expect(continueButton).toBeEnabled();

  release();
  // Once the script runs, Continue follows flows 5: disabled until the e-mail is valid.
  await expect(continueButton).toBeDisabled();
  await expect(email).toHaveValue('ada@examplecom');
  await expect(email).toBeFocused();
  // Typed where the caret was left: the caret survived.
  await page.keyboard.type('.');
  await expect(email).toHaveValue('ada@example.com');
  await expect(continueButton).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\/password\?username=ada%40example\.com$/);
});

const fillEmail = (address: string) => (page: Page) => page.getByRole('textbox', { name: 'E-mail' }).fill(address);
for (const { path, fill, button, next, call } of [
  { path: '/login', fill: fillEmail('early-login@example.com'), button: 'Continue', next: 'Enter your password', call: /\/api\/organization\/[^/]+\/ssoMode$/ },
  { path: '/reset-password', fill: fillEmail('early-reset@example.com'), button: 'Continue', next: 'Check your e-mail', call: /\/api\/forgot-password$/ },
  { path: '/register', fill: fillEmail('early-register@example.com'), button: 'Create', next: 'Check your e-mail', call: /\/api\/register$/ },
  {
    path: '/login/password?username=early-password%40example.com',
    fill: (page: Page) => page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1'),
    button: 'Login',
    next: 'Incorrect email or password.',
    call: /\/api\/login$/,
  },
  {
    path: '/login/mfa?username=early-code%40example.com',
    fill: (page: Page) => page.getByRole('textbox', { name: '6-digit code' }).fill('123456'),
    button: 'Continue',
    // No sign-in waits for this code: the step goes back to the password, the way a sent code does.
    next: 'Enter your password',
    call: /\/api\/login\/code$/,
  },
]) {
  test(`${path}: a form sent before the script arrives is shown busy, spinning once the wait lasts, and sent exactly once when it has, with what was typed`, async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (call.test(new URL(request.url()).pathname)) calls.push(request.url());
    });
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    await fill(page);
    const submit = page.getByRole('button', { name: button });
    await submit.click();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    // Busy to the eye too, as the app's button: a shade darker at once, and the page's own rules draw
    // the spinner, which shows and turns once the wait has lasted a second (docs/decisions/0018, "A
    // spinner for waits that last").
    expect(await submit.evaluate((button) => getComputedStyle(button).filter)).toBe('brightness(0.85)');
    const spinner = await submit.evaluate((button) => {
      const before = getComputedStyle(button, '::before');
      return { name: before.animationName, delay: before.animationDelay };
    });
    expect(spinner).toEqual({ name: 'fd-spin', delay: '1s' });
    await expect.poll(() => submit.evaluate((button) => getComputedStyle(button, '::before').opacity)).toBe('1');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    // Pressed again while held: still one press.
    await page.keyboard.press('Enter');

    release();
    await expect(
      page
        .getByRole('heading', { name: next })
        .or(page.getByRole('alert').filter({ hasText: next }))
        .first(),
    ).toBeVisible();
    // Anything sent twice would have been sent by now: the next step is shown after the one call.
    await page.waitForLoadState('networkidle');
    expect(calls).toHaveLength(1);
  });
}

/** The e-mail field's offer of passkeys asks for its options first (flows 4.14). */
function recordPasskeyOffers(page: Page): string[] {
  const offers: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/passkeys/sign-in/options')) offers.push(request.url());
  });
  return offers;
}

test('a Continue pressed on /login before the script arrives goes on to the password, arriving as any move does, without offering passkeys in the field', async ({
  page,
}) => {
  const offers = recordPasskeyOffers(page);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await fillEmail('early-offer@example.com')(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  release();
  const heading = page.getByRole('heading', { name: 'Enter your password' });
  await expect(heading).toBeVisible();
  // The step arrives as after a move on a page that had taken over: Login gone, the password
  // field empty and focused, ready for typing.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('early-offer@example.com');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveValue('');
  await expect(password).toBeFocused();
  await page.waitForLoadState('networkidle');
  expect(offers).toEqual([]);
});

test('a Continue pressed on /login before the script arrives sends its look-up without the cookies it does not read', async ({ page, context, baseURL }) => {
  // A cookie of the front door's host, which any request of the page sent with credentials carries.
  await context.addCookies([{ name: 'story', value: 'kept', url: `${baseURL}/` }]);
  const lookUps: Promise<Record<string, string>>[] = [];
  page.on('request', (request) => {
    if (/\/api\/organization\/[^/]+\/ssoMode$/.test(new URL(request.url()).pathname)) lookUps.push(request.allHeaders());
  });
  const release = await holdScripts(page);
  const opened = await page.goto('/login', { waitUntil: 'commit' });
  // The page's own requests carry it: the cookie was there to be sent.
  expect((await opened?.request().allHeaders())?.cookie).toContain('story=kept');
  await fillEmail('early-cookies@example.com')(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => lookUps.length).toBe(1);
  release();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  expect(lookUps).toHaveLength(1);
  expect(await lookUps[0]).not.toHaveProperty('cookie');
});

test('a Continue pressed on /login before the script arrives whose look-up fails stays on Login, which then offers passkeys in the field', async ({ page }) => {
  const offers = recordPasskeyOffers(page);
  await page.route(/\/api\/organization\/[^/]+\/ssoMode$/, (route) => route.abort());
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await fillEmail('early-offer@example.com')(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('early-offer@example.com');
  await expect.poll(() => offers.length).toBe(1);
});

test('an e-mail its link pre-fills can be sent at once, before the script arrives', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/reset-password?username=early-prefilled%40example.com', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText('early-prefilled@example.com')).toBeVisible();
});

test('an e-mail sent before the script arrived is looked up once it has', async ({ page }) => {
  await page.goto('/login?username=ada%40example.com&route=%2Fx');
  await expect(page).toHaveURL(/\/login\/password\?route=%2Fx&username=ada%40example\.com$/);
});

test('the page speaks the language of the locale parameter, else of the browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.goto('/login?locale=it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('button', { name: 'Continua' })).toBeVisible();
  await context.close();
});

/** Holds the files of a lazily loaded module until the answer is called. */
async function holdArrival(page: Page, module: string): Promise<() => void> {
  const files = lazyFiles(module);
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => files.has(url.pathname),
    async (route) => {
      await arrived;
      await route.continue();
    },
  );
  return release;
}

test('the sign-in moves from step to step, titled each, and Back and Forward show the step of the address', async ({ page, account }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login');
  await enterEmail(page, account.email);
  await expect(page).toHaveURL(/\/login\/password\?username=/);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  // The step focuses its own field on arrival.
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page).toHaveTitle(/Login/);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();

  await enterPassword(page, account.password);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(page).toHaveTitle('Setup MFA');
});

test('Register, a screen whose texts /login does not carry, gets its title and its texts start arriving when the pointer is over the link', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  const link = page.getByRole('link', { name: 'Create an account' });
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  const dictionary = lazyFiles('locales/en.json');
  expect(scripts.filter((path) => dictionary.has(path))).toEqual([]);
  const fetched = page.waitForRequest((request) => dictionary.has(new URL(request.url()).pathname));
  await link.hover();
  await fetched;
  await link.click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page).toHaveTitle('Register');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Login');
});

for (const path of [
  '/login',
  '/login/password?username=texts%40example.com',
  '/login/mfa?username=texts%40example.com',
  '/register',
  '/register/success?username=texts%40example.com',
  '/reset-password',
  '/reset-password/update?token=not-a-token',
  '/reset-password/update/success',
  '/signup?token=not-a-token',
  '/signup/success',
  '/migration?email=texts%40example.com&action=register',
  '/no-such-page',
]) {
  test(`${path} carries the texts its first view shows: no dictionary arrives before a move`, async ({ page }) => {
    const dictionaries = new Set(['en', 'de', 'it', 'fr', 'az'].flatMap((language) => [...lazyFiles(`locales/${language}.json`)]));
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (dictionaries.has(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
    expect(fetched).toEqual([]);
  });
}

test('a password form shown once its link is judged is named at once: its page carries the form’s texts, no dictionary arrives', async ({
  page,
  request,
  account,
}) => {
  const dictionaries = new Set(['en', 'de', 'it', 'fr', 'az'].flatMap((language) => [...lazyFiles(`locales/${language}.json`)]));
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (dictionaries.has(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  const address = `10.${randomBytes(3).join('.')}`;
  const asked = await request.post('/api/forgot-password', { data: { email: account.email, language: 'en' }, headers: { 'x-forwarded-for': address } });
  expect(asked.status()).toBe(202);
  await page.goto((await mailedLink(request, account.email, '/reset-password/update')).href);
  await expect(page.getByRole('button', { name: 'Show password' }).first()).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Repeat the new password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expectNoAxeViolations(page, 'password update before the dictionary');
  expect(fetched).toEqual([]);
});

test('a page inlines the rules of what its screen shows, and the rules of what only scripts or other screens show arrive once it has taken over', async ({
  page,
}) => {
  await page.goto('/login');
  const inlined = (await page.locator('head style').textContent()) ?? '';
  expect(inlined).toContain('.fd-card');
  // A busy button's spinner element is drawn only by the script (a held press's button draws its
  // own, a rule that names the element only to leave it out); the password field is another screen's.
  expect(inlined).not.toMatch(/(^|[{},])\.fd-button__spinner\b/);
  expect(inlined).not.toContain('.fd-password');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.endsWith('.css')));
  const spinnerBorder = await page.evaluate(() => {
    const spinner = document.createElement('span');
    spinner.className = 'fd-button__spinner';
    document.body.append(spinner);
    const border = getComputedStyle(spinner).borderTopWidth;
    spinner.remove();
    return border;
  });
  expect(spinnerBorder).toBe('2px');
});

test('each page paints with its own inlined rules, which its answer’s CSP allows', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { violations: seen });
    addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.sample}`));
  });
  // The inlined rules alone: the whole stylesheet does not arrive.
  await page.route(
    (url) => url.pathname.endsWith('.css'),
    (route) => route.abort(),
  );
  for (const path of ['/login', '/register', '/reset-password', '/login/password?username=ada%40example.com']) {
    await page.goto(path);
    await expect(page.locator('.fd-card')).toHaveCSS('border-radius', '12px');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
  }
});

test('a Continue pressed before Login’s calls to the API have arrived waits for them, busy, and goes on', async ({ page }) => {
  const release = await holdArrival(page, 'src/screens/parts/login-calls.ts');
  await page.goto('/login');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('early-calls@example.com');
  await continueButton.click();
  await expect(continueButton).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
});

test('Login’s calls to the API failing to arrive say something went wrong, and the e-mail stays', async ({ page }) => {
  const calls = lazyFiles('src/screens/parts/login-calls.ts');
  await page.route(
    (url) => calls.has(url.pathname),
    (route) => route.abort(),
  );
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('no-calls@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('Something went wrong');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('no-calls@example.com');
  await expect(page).toHaveURL(/\/login$/);
});

test('the first view takes presses before the router arrives: a Continue pressed meanwhile waits for it, busy, and goes on', async ({ page }) => {
  const release = await holdArrival(page, 'src/router/app-router.ts');
  await page.goto('/login');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('early-moves@example.com');
  await continueButton.click();
  await expect(continueButton).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/password\?username=early-moves%40example\.com$/);
});

test('the router failing to arrive, a step moves on by loading the next step’s page', async ({ page }) => {
  const moves = ownFiles('src/router/app-router.ts');
  await page.route(
    (url) => moves.has(url.pathname),
    (route) => route.abort(),
  );
  await page.goto('/login?app=portal');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('no-moves@example.com');
  const loaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Continue' }).click();
  await loaded;
  await expect(page).toHaveURL(/\/login\/password\?app=portal&username=no-moves%40example\.com$/);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
});

test('code digits typed before the code step’s screen arrives stay in the boxes, and the rest typed after sends the code once', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/login/code') sent.push(request.postData() ?? '');
  });
  const release = await holdArrival(page, 'src/screens/MFALogin.tsx');
  await page.goto('/login/mfa?username=early-digits%40example.com');
  const field = page.getByRole('textbox', { name: '6-digit code' });
  await field.pressSequentially('123');
  release();
  // The screen has taken the page over once its boxes show what the field holds.
  await expect(page.locator('.fd-code__box[data-filled]')).toHaveText(['1', '2', '3']);
  await expect(field).toHaveValue('123');
  await field.pressSequentially('456');
  await page.getByRole('button', { name: 'Continue' }).click();
  // No sign-in waits for this code: the step goes back to the password, the way a sent code does.
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  expect(sent.map((body) => (JSON.parse(body) as { challenge: string }).challenge)).toEqual(['123456']);
});

/**
 * The scripts a page asks for on a line slow enough that a request made once a script has arrived
 * starts a round trip later: `askedWithFirst` checks that a module's files were asked for with the first.
 */
async function scriptsOnSlowLine(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });
  const scripts: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push({ path: pathname, at: Date.now() });
  });
  return {
    askedWithFirst(module: string) {
      const files = ownFiles(module);
      const first = scripts[0]?.at ?? NaN;
      const asked = scripts.filter((script) => files.has(script.path));
      expect(asked.length, `${module} was asked for`).toBeGreaterThan(0);
      for (const script of asked) expect(script.at - first, script.path).toBeLessThan(150);
    },
  };
}

for (const path of ['/register', '/reset-password', '/change-password', '/account/sessions']) {
  test(`${path}, whose screen reads the session, asks for the session's guards with its first scripts, not once they have run`, async ({ page, context }) => {
    const scripts = await scriptsOnSlowLine(page, context);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    scripts.askedWithFirst('src/router/session-guards.ts');
  });
}

for (const path of ['/account/sessions', '/company', '/mfa/setup']) {
  test(`${path} opened signed out asks for the router with its first scripts, not once its guard has run, and goes on to Login`, async ({ page, context }) => {
    const scripts = await scriptsOnSlowLine(page, context);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
    scripts.askedWithFirst('src/router/app-router.ts');
  });
}
