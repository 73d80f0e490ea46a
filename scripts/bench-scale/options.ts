/**
 * The command line of `npm run bench:scale`: `--users N` (1,000,000 unless given; the other tables
 * follow in the platform's proportions), `--rounds N` measured after `--warm-up N`, and `--reseed`
 * to write the large schema again even when the one kept has the size asked for.
 */
import { parseArgs } from 'node:util';

export interface BenchOptions {
  users: number;
  rounds: number;
  warmUp: number;
  reseed: boolean;
}

/** A count as people write it: 1000000, 1_000_000 or 1,000,000. */
function count(name: string, value: string | undefined, fallback: number, least: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(parsed) || parsed < least) throw new Error(`--${name} takes a whole number of at least ${least}, not "${value}".`);
  return parsed;
}

export function benchOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      users: { type: 'string' },
      rounds: { type: 'string' },
      'warm-up': { type: 'string' },
      reseed: { type: 'boolean', default: false },
    },
  });
  return {
    users: count('users', values.users, 1_000_000, 1000),
    rounds: count('rounds', values.rounds, 40, 1),
    warmUp: count('warm-up', values['warm-up'], 2, 0),
    reseed: values.reseed ?? false,
  };
}
