/**
 * The process's own metrics: Node's (event loop lag, memory, CPU, garbage collection) and how long
 * password hashes wait for their turn (server/auth/passwords.ts). One set per process, made on first
 * use: each of Node's collectors keeps a monitor running for good, and one process (the tests) may
 * build many servers.
 */
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { onHashWait } from '../auth/passwords';

let registry: Registry | undefined;

export function processRegistry(): Registry {
  if (registry) return registry;
  registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const wait = new Histogram({
    name: 'frontdoor_argon2_queue_wait_seconds',
    help: 'How long a password hash waited for a free core before it ran.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  onHashWait((ms) => wait.observe(ms / 1000));
  return registry;
}
