/**
 * Fixtures of the user stories: fresh accounts made the way a person makes them (register, the
 * sign-up link from the reference server's development outbox, a password), the outbox itself,
 * and a record of the page's console errors.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes, randomUUID } from 'node:crypto';
import { currentStep, readSetupUri, type Authenticator } from '../scripts/contract-checker/totp';

export const DEMO_PASSWORD = 'Frontdoor-Demo-1';

export interface Account {
  email: string;
  password: string;
}

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

/** The mails the reference server has sent to an address, newest first. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const response = await request.get('/dev/mail.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as OutboxMail[]).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
}

/** The newest link to `path` in a mail to `email`, once the mail has arrived. */
export async function mailedLink(request: APIRequestContext, email: string, path: string): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailsTo(request, email)).flatMap((mail) => mail.links.map((href) => new URL(href))).find((url) => url.pathname === path);
        return link?.href;
      },
      { message: `a mail to ${email} with a link to ${path}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/**
 * A fresh account of the organisations open for registration (Acme in the demo data). Each arrives
 * from an address of its own through the proxy the stories' server trusts (TRUST_PROXY_HOPS in
 * playwright.config.ts), as people do: registrations per address stay limited.
 */
export async function registerAccount(request: APIRequestContext, language = 'en', email = `e2e-${randomUUID()}@example.com`): Promise<Account> {
  const password = `Pw-${randomUUID().slice(0, 8)}-9a`;
  const address = `10.${randomBytes(3).join('.')}`;
  const registered = await request.post('/api/register', { data: { email, language }, headers: { 'x-forwarded-for': address } });
  expect(registered.status()).toBe(202);
  const link = await mailedLink(request, email, '/signup');
  const token = Buffer.from(link.searchParams.get('token')!, 'base64').toString('utf8');
  const set = await request.post('/api/set-password', {
    data: { password, challenge: '' },
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
  });
  expect(set.status()).toBe(200);
  return { email, password };
}

/**
 * TOTP turned on for an account through the API, as the setup screens turn it on (flows 4.6): the
 * authenticator, the step whose code the confirmation spent, and the recovery codes it gave.
 */
export async function enableTotp(
  request: APIRequestContext,
  account: Account,
): Promise<{ authenticator: Authenticator; usedStep: number; recoveryCodes: string[] }> {
  const signIn = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(signIn.status()).toBe(200);
  const { context, token } = (await signIn.json()) as { context: string; token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const setup = await request.post(`/api/${context}/user/setMfa`, { headers });
  expect(setup.status()).toBe(200);
  const authenticator = readSetupUri(await setup.text());
  const usedStep = currentStep();
  const confirmed = await request.post(`/api/${context}/user/setMfa`, {
    headers,
    data: { mfaSecret: authenticator.secret, challenge: authenticator.codeAt(usedStep) },
  });
  expect(confirmed.status()).toBe(200);
  return { authenticator, usedStep, recoveryCodes: ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes };
}

/** Console errors and uncaught exceptions of a page, for stories that promise none. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser logs every 4xx answer as a failed resource; the stories assert those answers themselves.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export const test = base.extend<{ account: Account }>({
  account: async ({ request }, use) => {
    await use(await registerAccount(request));
  },
});

export { expect };
