import { mkdirSync } from 'node:fs';
import { PGlite, messages as backend, protocol } from '@electric-sql/pglite';
import type { Database } from './database';

const { serialize } = protocol;

type Parse = (text: string) => unknown;

interface Prepared {
  name: string;
  /** The type of each parameter, to serialise it as PGlite's own query does. */
  parameterTypes: number[];
  /** The columns of its rows, each with the parser PGlite's own query would use. */
  columns: { name: string; parse: Parse }[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
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

const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'
const utf8 = new TextDecoder();
const encoder = new TextEncoder();
/** Execute the unnamed portal, all its rows, then sync. */
const EXECUTE_AND_SYNC = concat([serialize.execute({}), serialize.sync()]);

/**
 * One call of a prepared statement: bind its values (as text, answered as text) to the unnamed
 * portal, execute it and sync, written in one go: PGlite's serialiser builds each of the three in
 * a buffer of its own and copies them twice more.
 */
function callMessage(statement: string, values: readonly (string | null)[]): Uint8Array {
  const name = encoder.encode(statement);
  const encoded = values.map((value) => (value === null ? null : encoder.encode(value)));
  // length, portal, statement, parameter format count, parameter count, values, result format count
  const bindLength = 4 + 1 + name.length + 1 + 2 + 2 + encoded.reduce((sum, value) => sum + 4 + (value?.length ?? 0), 0) + 2;
  const message = new Uint8Array(1 + bindLength + EXECUTE_AND_SYNC.length);
  const view = new DataView(message.buffer);
  message[0] = 0x42; // 'B'
  view.setInt32(1, bindLength);
  // The unnamed portal is its terminator alone; after the statement's name and terminator, no
  // parameter format codes: every value is text.
  message.set(name, 6);
  let offset = 6 + name.length + 1 + 2;
  view.setInt16(offset, encoded.length);
  offset += 2;
  for (const value of encoded) {
    view.setInt32(offset, value ? value.length : -1);
    offset += 4;
    if (!value) continue;
    message.set(value, offset);
    offset += value.length;
  }
  message.set(EXECUTE_AND_SYNC, offset + 2); // no result formats (all text)
  return message;
}

/** The error of an answer, as PGlite's own query throws it. */
function databaseError(message: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(message, (parsed) => {
    if (parsed instanceof backend.DatabaseError) error = parsed;
  });
  return error ?? new Error('PGlite answered an error it could not read.');
}

/**
 * The rows of an answer (text format), read straight from its bytes: of the messages an answer
 * holds only the data rows and an error matter here, and PGlite's general parser would make an
 * object of each message.
 */
function readRows<Row>(answer: Uint8Array, columns: Prepared['columns']): Row[] {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  const rows: Row[] = [];
  for (let offset = 0; offset < answer.length; offset += 1 + view.getUint32(offset + 1)) {
    const code = answer[offset];
    if (code === ERROR_RESPONSE) throw databaseError(answer.subarray(offset, offset + 1 + view.getUint32(offset + 1)));
    if (code !== DATA_ROW) continue;
    const row: Record<string, unknown> = {};
    let field = offset + 7; // code, length, field count
    for (const column of columns) {
      const length = view.getInt32(field);
      field += 4;
      if (length < 0) {
        row[column.name] = null;
        continue;
      }
      row[column.name] = column.parse(utf8.decode(answer.subarray(field, field + length)));
      field += length;
    }
    rows.push(row as Row);
  }
  return rows;
}

/**
 * Runs each statement as a named prepared statement, parsed and described once per database:
 * PGlite runs the SQL on the server's own thread, where parsing and planning the same statements
 * on every call cost about as much as running them (README, "API benchmark"). A call is then one
 * exchange with the database (bind, execute, sync) instead of PGlite's six, and its answer is read
 * from its bytes.
 */
function preparedStatements(pg: PGlite) {
  const prepared = new Map<string, Prepared>();
  const parserOf = (type: number): Parse => {
    const parse = pg.parsers[type];
    return parse ? (text) => parse(text, type) : (text) => text;
  };

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
        statement.columns = message.fields.map(({ name: column, dataTypeID }) => ({ name: column, parse: parserOf(dataTypeID) }));
    }
    if (kept) prepared.set(sql, statement);
    return statement;
  }

  /**
   * The exchange runs whole in PGlite's execProtocolRawSync, before execProtocolRawStream first
   * waits: nothing else reaches the database in between. Not synced: NODEFS writes each commit to
   * the data directory's files as PostgreSQL makes it, and memory has nothing to sync.
   */
  async function execute<Row>(statement: Prepared, params: readonly unknown[]): Promise<Row[]> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index];
      const serializer = type === undefined ? undefined : pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const call = callMessage(statement.name, values);
    const answer: Uint8Array[] = [];
    await pg.execProtocolRawStream(call, { syncToFs: false, onRawData: (bytes) => answer.push(bytes.slice()) });
    return readRows<Row>(concat(answer), statement.columns);
  }

  return {
    /** The statement when it has been prepared already. */
    kept: (sql: string) => prepared.get(sql),
    run: async <Row>(sql: string, params: readonly unknown[]) => execute<Row>(prepared.get(sql) ?? (await prepare(sql)), params),
    execute,
  };
}

/** The embedded PostgreSQL: in dataDir, or in memory when none is given. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ? { dataDir } : {});
  const statements = preparedStatements(pg);
  /** Calls that hold PGlite's locks or wait for them. */
  let queued = 0;
  const inTurn = async <T>(fn: () => Promise<T>): Promise<T> => {
    queued += 1;
    try {
      return await fn();
    } finally {
      queued -= 1;
    }
  };
  const run = <Row>(sql: string, params: readonly unknown[] = []) => pg._runExclusiveQuery(() => statements.run<Row>(sql, params));
  return {
    kind: 'pglite',
    /**
     * Each call runs whole between other callers' and, outside a transaction, waits for another
     * caller's transaction to end, as PGlite's own query does. A statement prepared already, with
     * no call before it still to run, runs at once instead of through PGlite's two locks, which
     * cost more than the call: its one exchange is synchronous.
     */
    query<Row>(sql: string, params: readonly unknown[] = []) {
      const statement = statements.kept(sql);
      if (statement && queued === 0) return statements.execute<Row>(statement, params);
      return inTurn(() => pg._runExclusiveTransaction(() => run<Row>(sql, params)));
    },
    exec: (sql) =>
      inTurn(async () => {
        await pg.exec(sql);
      }),
    transaction: (fn) =>
      inTurn(() =>
        pg.transaction((tx) =>
          fn({
            query: run,
            async exec(sql) {
              await tx.exec(sql);
            },
          }),
        ),
      ),
    close: () => pg.close(),
  };
}
