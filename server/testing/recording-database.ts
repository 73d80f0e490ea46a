/**
 * A database that writes down every statement sent through it, with its parameters, before
 * passing it on: what a server sends while it does something, to be looked at afterwards
 * (server/db/query-plans.test.ts). Statements inside a transaction are written down too.
 */
import type { Database, Queryable } from '../db/database-types';

export interface RecordedStatement {
  sql: string;
  params: readonly unknown[];
  /** Sent through exec: several statements, without parameters. */
  exec: boolean;
  /** What the caller said was under way when it was sent. */
  during: string;
}

export interface RecordingDatabase {
  db: Database;
  statements: RecordedStatement[];
  /** Names what the statements sent from now on belong to. */
  during(what: string): void;
}

export function recordingDatabase(inner: Database): RecordingDatabase {
  const statements: RecordedStatement[] = [];
  let under = '';
  const recorded = (target: Queryable): Queryable => ({
    query(sql, params = []) {
      statements.push({ sql, params, exec: false, during: under });
      return target.query(sql, params);
    },
    exec(sql) {
      statements.push({ sql, params: [], exec: true, during: under });
      return target.exec(sql);
    },
  });
  const db: Database = {
    kind: inner.kind,
    ...(inner.pool ? { pool: inner.pool } : {}),
    ...recorded(inner),
    transaction: (fn) => inner.transaction((tx) => fn(recorded(tx))),
    close: () => inner.close(),
  };
  return {
    db,
    statements,
    during(what) {
      under = what;
    },
  };
}
