/**
 * The embedded PostgreSQL's statements, each a named prepared statement, parsed and described once
 * per database: PGlite runs the SQL on the server's own thread, where parsing and planning the same
 * statements on every call cost several times what running them does (docs/figures.md, "API benchmark"). A
 * call is then one exchange with the database (bind, execute, sync) instead of the six of PGlite's
 * query, written by PGlite's serialiser and read from the messages PGlite parses from the answer.
 */
import { TransactionAbortedError, messages as backend, parse, protocol, types, type PGlite } from '@electric-sql/pglite';
import type { Queryable } from './database-types';

const { serialize } = protocol;

/**
 * The server's statements are a few dozen; SQL built with values inside would be new each time,
 * and is parsed each time instead of being kept.
 */
const MAX_PREPARED = 500;

/**
 * Not synced: NODEFS writes each commit to the data directory's files as PostgreSQL makes it, and
 * memory has nothing to sync.
 */
const UNSYNCED = { syncToFs: false };

interface Prepared {
  name: string;
  /** The type of each parameter, to serialise its value as PGlite's own query does. */
  parameterTypes: number[];
  /** The columns of its rows, each value parsed by its type as PGlite's own query does. */
  columns: { name: string; dataTypeID: number }[];
}

export interface PgliteStatements extends Queryable {
  /** Commits, and fails as PGlite's own transaction does when PostgreSQL rolled back instead (a statement in it failed). */
  commit(): Promise<void>;
}

/**
 * The statements of pg, each call to be run in a turn of its own (pglite.ts): execProtocol reads the
 * answer it collected only after an await, when another call's exchange could have taken its place,
 * and a first call prepares its statement in an exchange before. A statement PostgreSQL refuses
 * throws PostgreSQL's error, its code and message, as PGlite's own query does.
 */
export function pgliteStatements(pg: PGlite): PgliteStatements {
  const prepared = new Map<string, Prepared>();
  const exchange = async (...messages: Uint8Array[]) => (await pg.execProtocol(Buffer.concat(messages), UNSYNCED)).messages;

  /** Parses and describes the statement, kept under a name while there is room, else as the unnamed one. */
  async function prepare(sql: string): Promise<Prepared> {
    const kept = prepared.size < MAX_PREPARED;
    const name = kept ? `s${prepared.size}` : '';
    const answer = await exchange(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync());
    const description = answer.find((message) => message instanceof backend.RowDescriptionMessage);
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(answer), columns: description?.fields ?? [] };
    if (kept) prepared.set(sql, statement);
    return statement;
  }

  /** Several statements without parameters, the simple query: the messages of its answer. */
  const simple = (sql: string) => exchange(serialize.query(sql));

  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const statement = prepared.get(sql) ?? (await prepare(sql));
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.parameterTypes[index];
        const serializer = type === undefined ? undefined : pg.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const answer = await exchange(serialize.bind({ statement: statement.name, values }), serialize.execute(), serialize.sync());
      const rows: Row[] = [];
      for (const message of answer) {
        if (!(message instanceof backend.DataRowMessage)) continue;
        const row: Record<string, unknown> = {};
        statement.columns.forEach(({ name, dataTypeID }, column) => (row[name] = types.parseType(message.fields[column] ?? null, dataTypeID, pg.parsers)));
        rows.push(row as Row);
      }
      return rows;
    },
    async exec(sql) {
      await simple(sql);
    },
    async commit() {
      const answer = await simple('COMMIT');
      if (answer.some((message) => message instanceof backend.CommandCompleteMessage && message.text === 'ROLLBACK')) throw new TransactionAbortedError();
    },
  };
}
