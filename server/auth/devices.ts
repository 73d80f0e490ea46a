/**
 * New-device mails: a browser carries a long-lived HttpOnly device cookie from its first sign-in
 * (server/api/device-cookie.ts). A sign-in from a device its person has not signed in from in the
 * last 90 days is mailed to them as an account alert, with "This wasn't me"
 * (server/auth/account-alerts.ts), naming the browser and system. The address decides nothing: a
 * phone changes address all day. An account seen on no device in those 90 days (its first sign-in,
 * or its first since devices are recorded) is mailed nothing: there is nothing to tell it from.
 */
import { sha256Hex } from './sha256';
import type { Services } from '../services';
import { seeDevice } from '../db/known-devices';
import { queueMail } from './mail-intents';
import { deviceOf } from './sessions';

/** How long a device stays known without a sign-in from it. */
export const KNOWN_DEVICE_DAYS = 90;

/** Records a sign-in of the user from the device its cookie names, and mails them when the device is new to them. */
export async function signedInFrom(
  services: Pick<Services, 'db' | 'mail'>,
  sign: { userId: string; device: string; userAgent: string | undefined },
): Promise<void> {
  const { known, anyKnown } = await seeDevice(services.db, sign.userId, sha256Hex(sign.device), KNOWN_DEVICE_DAYS);
  if (known || !anyKnown) return;
  await queueMail(services, { kind: 'account-alert', params: { userId: sign.userId, event: 'new-device', device: deviceOf(sign.userAgent) } });
}
