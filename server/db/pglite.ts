import { mkdirSync } from 'node:fs';
import { PGlite, messages as backend, protocol, types, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

const { serialize } = protocol;

interface Prepared {
  name: string;
  /** The type of each parameter, to serialise it as PGlite's own query does. */
  parameterTypes: number[];
  /** The columns of its rows, to parse them as PGlite's own query does. */
  columns: { name: string; dataTypeID: number }[];
}

type Run = <Row>(sql: string, params: readonly unknown[], syncToFs: boolean) => Promise<Row[]>;

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * The server's statements are a few dozen; SQL built with values inside would be new each time,
 * and is parsed each time instead of being kept.
 */
const MAX_PREPARED = 500;

/**
 * Runs each statement as a named prepared statement, parsed and described once per database:
 * PGlite runs the SQL on the server's own thread, where parsing and planning the same statements
 * on every call cost about as much as running them (README, "API benchmark"). A call is then one
 * exchange with the database (bind, execute, sync) instead of PGlite's six.
 */
function preparedStatements(pg: PGlite): Run {
  const prepared = new Map<string, Prepared>();

  /** Parses and describes the statement, kept under a name while there is room, else as the unnamed one. */
  async function prepare(sql: string): Promise<Prepared> {
    const kept = prepared.size < MAX_PREPARED;
    const name = kept ? `s${prepared.size}` : '';
    const describe = concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const { messages } = await pg.execProtocol(describe, { syncToFs: false });
    const statement: Prepared = { name, parameterTypes: [], columns: [] };
    for (const message of messages) {
      if (message instanceof backend.ParameterDescriptionMessage) statement.parameterTypes = message.dataTypeIDs;
      if (message instanceof backend.RowDescriptionMessage)
        statement.columns = message.fields.map(({ name: column, dataTypeID }) => ({ name: column, dataTypeID }));
    }
    if (kept) prepared.set(sql, statement);
    return statement;
  }

  return async function run<Row>(sql: string, params: readonly unknown[], syncToFs: boolean): Promise<Row[]> {
    const statement = prepared.get(sql) ?? (await prepare(sql));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index];
      const serializer = type === undefined ? undefined : pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const call = concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]);
    const { messages } = await pg.execProtocol(call, { syncToFs });
    const rows: Row[] = [];
    for (const message of messages) {
      if (!(message instanceof backend.DataRowMessage)) continue;
      const row: Record<string, unknown> = {};
      statement.columns.forEach((column, index) => {
        row[column.name] = types.parseType(message.fields[index] ?? null, column.dataTypeID, pg.parsers);
      });
      rows.push(row as Row);
    }
    return rows;
  };
}

/**
 * Each call runs whole between other callers' (`exclusive`); outside a transaction it also waits
 * for another caller's transaction to end, as PGlite's own query does.
 */
function queryable(run: Run, exclusive: <T>(fn: () => Promise<T>) => Promise<T>, target: PGlite | Transaction, syncToFs: boolean): Queryable {
  return {
    query: <Row>(sql: string, params: readonly unknown[] = []) => exclusive(() => run<Row>(sql, params, syncToFs)),
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** The embedded PostgreSQL: in dataDir, or in memory when none is given. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  const run = preparedStatements(pg);
  const outside = <T>(fn: () => Promise<T>) => pg._runExclusiveTransaction(() => pg._runExclusiveQuery(fn));
  const inside = <T>(fn: () => Promise<T>) => pg._runExclusiveQuery(fn);
  return {
    kind: 'pglite',
    ...queryable(run, outside, pg, true),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(run, inside, tx, false))),
    close: () => pg.close(),
  };
}
