/**
 * The ceiling of a password sign-in: how many argon2id verifications (the server's options) one
 * core does a second. Run pinned to the server's core: `taskset -c N tsx scripts/bench-api/hash-rate.ts SECONDS`.
 * Prints the rate as a number.
 */
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../server/auth/passwords';

const seconds = Number(process.argv[2] ?? 5);
const hash = await hashPassword('Bench-Horse-9');
for (let warm = 0; warm < 3; warm += 1) await verify(hash, 'Bench-Horse-9');
let done = 0;
const start = performance.now();
while (performance.now() - start < seconds * 1000) {
  await verify(hash, 'Bench-Horse-9');
  done += 1;
}
console.log((done / ((performance.now() - start) / 1000)).toFixed(2));
