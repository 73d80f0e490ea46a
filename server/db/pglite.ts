import { mkdirSync } from 'node:fs';
import { PGlite, messages as backend, protocol } from '@electric-sql/pglite';
import type { Database } from './database';
import { lockDirectory } from './directory-lock';

const { serialize } = protocol;

type Parse = (text: string) => unknown;

interface Prepared {
  name: string;
  /** The type of each parameter, to serialise it as PGlite's own query does. */
  parameterTypes: number[];
  /** The columns of its rows, each with the parser PGlite's own query would use. */
  columns: { name: string; parse: Parse }[];
}

/**
 * The server's statements are a few dozen; SQL built with values inside would be new each time,
 * and is parsed each time instead of being kept.
 */
const MAX_PREPARED = 500;

const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'
/** Execute the unnamed portal, all its rows, then sync. */
const EXECUTE_AND_SYNC = Buffer.concat([serialize.execute({}), serialize.sync()]);

/**
 * One call of a prepared statement: bind its values (as text, answered as text) to the unnamed
 * portal, execute it and sync, written in one go through Buffer: PGlite's serialiser builds each
 * of the three in a buffer of its own and copies them twice more, and TextEncoder makes an array
 * of each value.
 */
function callMessage(statement: string, values: readonly (string | null)[]): Buffer {
  // length, portal, statement, parameter format count, parameter count, values, result format count
  let bindLength = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + 2;
  for (const value of values) bindLength += 4 + (value === null ? 0 : Buffer.byteLength(value));
  // Zeroed: the unnamed portal is its terminator alone, and there are no format codes (all text).
  const message = Buffer.alloc(1 + bindLength + EXECUTE_AND_SYNC.length);
  message.write('B');
  message.writeInt32BE(bindLength, 1);
  let offset = 6 + message.write(statement, 6) + 1 + 2;
  offset = message.writeInt16BE(values.length, offset);
  for (const value of values) {
    if (value === null) {
      offset = message.writeInt32BE(-1, offset);
      continue;
    }
    const length = message.write(value, offset + 4);
    message.writeInt32BE(length, offset);
    offset += 4 + length;
  }
  EXECUTE_AND_SYNC.copy(message, offset + 2);
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
function readRows<Row>(answer: Buffer, columns: Prepared['columns']): Row[] {
  const rows: Row[] = [];
  for (let offset = 0; offset < answer.length; offset += 1 + answer.readUInt32BE(offset + 1)) {
    const code = answer[offset];
    if (code === ERROR_RESPONSE) throw databaseError(answer.subarray(offset, offset + 1 + answer.readUInt32BE(offset + 1)));
    if (code !== DATA_ROW) continue;
    const row: Record<string, unknown> = {};
    let field = offset + 7; // code, length, field count
    for (const column of columns) {
      const length = answer.readInt32BE(field);
      field += 4;
      if (length < 0) {
        row[column.name] = null;
        continue;
      }
      row[column.name] = column.parse(answer.toString('utf8', field, field + length));
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
    const describe = Buffer.concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]);
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
    const answer: Buffer[] = [];
    await pg.execProtocolRawStream(call, { syncToFs: false, onRawData: (bytes) => answer.push(Buffer.from(bytes)) });
    return readRows<Row>(answer.length === 1 ? answer[0]! : Buffer.concat(answer), statement.columns);
  }

  return {
    /** The statement when it has been prepared already. */
    kept: (sql: string) => prepared.get(sql),
    run: async <Row>(sql: string, params: readonly unknown[]) => execute<Row>(prepared.get(sql) ?? (await prepare(sql)), params),
    execute,
  };
}

/** The embedded PostgreSQL: in dataDir, which this process alone holds until close, or in memory when none is given. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir ? await lockDirectory(dataDir) : undefined;
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
    async close() {
      await pg.close();
      // Only once PGlite has closed (a failed open or close keeps it until the process ends): another
      // process must not open files this one may yet write.
      await lock?.release();
    },
  };
}
