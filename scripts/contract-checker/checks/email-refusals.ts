/**
 * One e-mail address per request: what a mailer or a mail header would read as a second address
 * (a list, a display name, a quoted or commented local part, a line break, a NUL) is refused by every
 * operation that takes an e-mail, before it can sign in, look up or mail anyone. The tricks are
 * built on the account's own address, the one a server that splits them would mail.
 */
import { EMAIL_MAX_LENGTH } from '../../../rules/email';
import { expectError } from '../expect';
import type { Exchange } from '../http';
import { unclaimedEmail, type CheckRun } from './check-run';

/** Addresses that are not one mailbox, each named for the report. */
function notOneAddress(victim: string, attacker: string): [trick: string, email: string][] {
  const [attackerLocal, attackerDomain] = attacker.split('@') as [string, string];
  const domain = victim.slice(victim.lastIndexOf('@') + 1);
  return [
    ['a list separated by a comma', `${attacker},${victim}`],
    ['a list separated by a semicolon', `${attacker};${victim}`],
    ['an address in angle brackets', `${victim}<${attacker}>`],
    ['a quoted local part', `"${attackerLocal}"@${attackerDomain}`],
    ['a NUL', `${victim}\u0000`],
    ['a space', `${victim} ${attacker}`],
    ['a line break', `${victim}\r\nBcc: ${attacker}`],
    ['a Unicode line separator', `${victim}\u2028`],
    ['a comment in parentheses', `${victim}(${attacker})`],
    ['a backslash', `\\${victim}`],
    [`${EMAIL_MAX_LENGTH + 1} characters`, `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length)}@${domain}`],
  ];
}

export async function checkEmailRefusals({ api, report, account }: CheckRun): Promise<void> {
  const tricks = notOneAddress(account.email, unclaimedEmail());
  const operations: [name: string, send: (email: string) => Promise<Exchange>][] = [
    ['register', (email) => api.send({ operationId: 'register', json: { email, language: 'en' } })],
    ['forgot-password', (email) => api.send({ operationId: 'forgotPassword', json: { email, language: 'en' } })],
    // With the account's right password: a server that cleans the address up would sign it in.
    ['login', (email) => api.send({ operationId: 'login', json: { email, password: account.password } })],
    ['ssoMode', (email) => api.send({ operationId: 'getSsoModeByEmail', params: { email } })],
  ];
  for (const [name, send] of operations) {
    await report.check(
      `${name} with an e-mail that is not one address (a list, brackets, quotes, a comment, a backslash, whitespace, a NUL, ${EMAIL_MAX_LENGTH + 1} characters) answers 400 validation_failed`,
      async () => {
        for (const [trick, email] of tricks) {
          try {
            expectError(await send(email), 400, 'validation_failed');
          } catch (error) {
            throw new Error(`${trick}: ${(error as Error).message}`, { cause: error });
          }
        }
      },
    );
  }
}
