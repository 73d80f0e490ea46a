/**
 * A fresh account for the run, made the way a person makes one: register, follow the sign-up link
 * of the e-mail (read from the reference server's development outbox), set a password.
 */
import type { ApiClient } from '../http';
import type { Report } from '../report';
import { expectError, expectStatus, needs } from '../expect';
import { strongPassword, unknownEmail, type Credentials } from './check-run';

const OUTBOX_TIMEOUT_MS = 15_000;
const OUTBOX_POLL_MS = 250;

interface OutboxMail {
  to: string;
  links: string[];
}

/** The invitation token of the newest sign-up link sent to `email`, once the mail is there. */
async function awaitSignupToken(devMailUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + OUTBOX_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(devMailUrl, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${devMailUrl}: expected the outbox as JSON, got ${response.status}`);
    const mails = (await response.json()) as OutboxMail[];
    const link = mails
      .filter((mail) => mail.to.toLowerCase() === email.toLowerCase())
      .flatMap((mail) => mail.links)
      .map((candidate) => new URL(candidate))
      .find((url) => url.pathname.endsWith('/signup') && url.searchParams.has('token'));
    if (link) {
      // The page's contract: the token travels base64-encoded (flows 5).
      const token = Buffer.from(link.searchParams.get('token')!, 'base64').toString('utf8');
      if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) {
        throw new Error(`expected the link's token to be a base64-encoded JWT, got "${token.slice(0, 60)}"`);
      }
      return token;
    }
    await new Promise((resolve) => setTimeout(resolve, OUTBOX_POLL_MS));
  }
  throw new Error(`expected a mail to ${email} with a /signup?token= link in ${devMailUrl} within ${OUTBOX_TIMEOUT_MS / 1000} s, got none`);
}

export async function provisionAccount(api: ApiClient, report: Report, devMailUrl: string): Promise<Credentials | undefined> {
  const account = { email: unknownEmail(), password: strongPassword() };

  const registered = await report.check('register answers 202 for a new e-mail', async () => {
    const answer = await api.send({ operationId: 'register', json: { email: account.email, language: 'en' } });
    expectStatus(answer, 202);
    return true;
  });
  if (!registered) return undefined;

  const invitation = await report.check('the registration e-mail links to /signup?token= with a base64-encoded JWT', () =>
    awaitSignupToken(devMailUrl, account.email),
  );

  const setPassword = () =>
    api.send({ operationId: 'setPassword', token: needs(invitation, 'the invitation token'), json: { password: account.password, challenge: '' } });

  const passwordSet = await report.check('set-password with the invitation token and a strong password answers 200 with a session token', async () => {
    const answer = await setPassword();
    expectStatus(answer, 200); // The contract's TokenResponse schema holds the token.
    return true;
  });

  await report.check('set-password refuses the same invitation token a second time with 401', async () => {
    // The same password: a server that wrongly accepts the token leaves the account as it was.
    const answer = await setPassword();
    expectError(answer, 401, 'invalid_token');
  });

  return passwordSet ? account : undefined;
}
