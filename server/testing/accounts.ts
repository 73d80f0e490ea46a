/**
 * Accounts for the API tests of second factors: made as an operator makes them, with TOTP and ten
 * recovery codes unless said, and sessions as the server issues them.
 */
import { createUser } from '../admin/operations';
import { issueRecoveryCodes } from '../auth/recovery-codes';
import { newTotpSecret } from '../auth/totp';
import type { AuthMethod } from '../auth/tokens';
import type { Client } from '../auth/sessions';
import type { Language } from '../../rules/languages';
import type { Api } from './api';

export interface TestAccount {
  email: string;
  userId: string;
  /** The TOTP secret, in force unless the account was made without TOTP. */
  secret: string;
  recoveryCodes: string[];
}

export async function accountOf(
  api: Api,
  account: { email: string; password: string; context: string; totp?: boolean; language?: Language },
): Promise<TestAccount> {
  const { email, password, context, totp = true, language } = account;
  const secret = newTotpSecret();
  const user = await createUser(api.db, {
    email,
    password,
    contexts: [context],
    ...(language ? { language } : {}),
    ...(totp ? { totp: { secret, secrets: api.services.totpSecrets } } : {}),
  });
  const recoveryCodes = totp ? await api.db.transaction((tx) => issueRecoveryCodes(tx, api.services.recoveryCodes, user.id)) : [];
  return { email, userId: user.id, secret, recoveryCodes };
}

/** The client of the sessions the tests issue themselves: a documentation address, no browser. */
export const TEST_CLIENT: Client = { address: '192.0.2.1', userAgent: undefined };

/** A session of the account's current generation whose sign-in proved `amr` that many seconds ago. */
export function sessionSignedIn(
  api: Api,
  account: Pick<TestAccount, 'email' | 'userId'>,
  secondsAgo: number,
  amr: AuthMethod[] = ['pwd', 'otp'],
  contexts = ['acme'],
) {
  return api.services.tokens.issueSignIn({
    userId: account.userId,
    email: account.email,
    contexts,
    amr,
    purpose: 'session',
    generation: 0,
    authTime: Math.floor(Date.now() / 1000) - secondsAgo,
    session: { client: TEST_CLIENT },
  });
}
