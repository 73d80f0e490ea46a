import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../db/database-types';
import { HEALTH_TIMEOUT_MS, databaseHealth } from './health';

/** A database that takes a statement and never answers (a frozen PostgreSQL under a long DATABASE_TIMEOUT_MS). */
const silent: Queryable = { query: () => new Promise(() => undefined), exec: () => new Promise(() => undefined) };

describe('the health check', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls a database unavailable when it does not answer within its own bound, whatever the statements’ bound', async () => {
    vi.useFakeTimers();
    const checked = databaseHealth(silent);
    await vi.advanceTimersByTimeAsync(HEALTH_TIMEOUT_MS);
    expect(await checked).toMatchObject({ kind: 'unavailable' });
    expect(HEALTH_TIMEOUT_MS).toBeLessThan(2000);
  });

  it('calls a database that answers ok, and one that fails unavailable at once', async () => {
    const answering: Queryable = { query: async () => [], exec: async () => undefined };
    expect(await databaseHealth(answering)).toEqual({ kind: 'ok' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failing: Queryable = { query: () => Promise.reject(refused), exec: () => Promise.reject(refused) };
    expect(await databaseHealth(failing)).toEqual({ kind: 'unavailable', error: refused });
  });
});
