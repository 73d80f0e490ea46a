/**
 * The server's metrics (docs/operators.md, "Metrics worth alerting on"), in a registry of each server's own:
 * the tests build many servers in one process. Where they are served, the process's own join them
 * (server/metrics/listener.ts).
 */
import { Registry } from 'prom-client';
import type { Database } from '../db/database-types';
import { signInCounter, type CountSignIn } from './sign-ins';
import { requestMetrics, type CountAnswer } from './requests';
import { observeDatabasePool } from './database-pool';
import { mailQueueMetrics } from './mail-queue';

export interface Metrics {
  readonly registry: Registry;
  /** A sign-in's outcome (server/api/sign-in-counts.ts). */
  signIn: CountSignIn;
  /** An answered request (server/metrics/requests.ts). */
  answered: CountAnswer;
  /** A mail attempt that failed and is tried again later (server/mail/mail-queue.ts). */
  mailRetried: () => void;
}

export function createMetrics(db: Database): Metrics {
  const registry = new Registry();
  observeDatabasePool(registry, db.pool);
  return {
    registry,
    signIn: signInCounter(registry),
    answered: requestMetrics(registry),
    mailRetried: mailQueueMetrics(registry, db),
  };
}
