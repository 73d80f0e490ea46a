/**
 * The known_devices table: the browsers each account signed in from (server/auth/devices.ts), by
 * the SHA-256 of their device cookie's value, with when each was last seen.
 */
import type { Queryable } from './database-types';
import { deleteInBatches } from './batched-delete';

/**
 * Records a sign-in of the user from the device and answers what was known before it: whether the
 * device was seen within `days`, and whether the user had been seen on any device within them.
 */
export async function seeDevice(db: Queryable, userId: string, deviceHash: string, days: number): Promise<{ known: boolean; anyKnown: boolean }> {
  // One statement: its parts share one snapshot, so `before` reads the table as it was before `seen`.
  const [before] = await db.query<{ known: boolean; any_known: boolean }>(
    `WITH seen AS (
       INSERT INTO known_devices (user_id, device_hash) VALUES ($1, $2)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen = now())
     SELECT EXISTS (SELECT 1 FROM known_devices WHERE user_id = $1 AND device_hash = $2 AND last_seen > now() - make_interval(days => $3)) AS known,
            EXISTS (SELECT 1 FROM known_devices WHERE user_id = $1 AND last_seen > now() - make_interval(days => $3)) AS any_known`,
    [userId, deviceHash, days],
  );
  return { known: before!.known, anyKnown: before!.any_known };
}

export async function deleteDevicesOlderThan(db: Queryable, days: number): Promise<void> {
  await deleteInBatches(db, 'known_devices', 'last_seen', 'last_seen < now() - make_interval(days => $1)', [days]);
}
