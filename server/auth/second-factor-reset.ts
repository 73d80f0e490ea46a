/**
 * An operator's reset of a person's second factor (`npm run admin -- reset-second-factor`), for
 * someone who lost both their authenticator and their recovery codes, or whose factors a thief
 * changed: their TOTP, recovery codes and passkeys go, every session ends, and they are told by
 * mail with "This wasn't me" (server/auth/account-alerts.ts). Their next password sign-in sets up
 * a second factor again where their organisation requires one.
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import { queueBackchannelLogoutsOfUser } from '../db/oidc';
import { deleteAllPasskeys } from '../db/passkeys';
import { deleteRecoveryCodes } from '../db/recovery-codes';
import { clearTotp, endSessions, lockUser } from '../db/users';
import { withMail } from './mail-intents';

/** The audit log's client address of what an operator does. */
export const OPERATOR = 'operator';

export async function resetSecondFactor(services: Services, userId: string): Promise<void> {
  await withMail(services, async (tx, queue) => {
    await lockUser(tx, userId);
    await clearTotp(tx, userId);
    await deleteRecoveryCodes(tx, userId);
    await deleteAllPasskeys(tx, userId);
    await queueBackchannelLogoutsOfUser(tx, userId, (await endSessions(tx, userId)) - 1);
    await queue({ kind: 'account-alert', params: { userId, event: 'second-factor-reset' } });
    await audit(tx, OPERATOR, 'account.second_factor_reset', { userId });
  });
}
