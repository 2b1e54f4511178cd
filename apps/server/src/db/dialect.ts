import Sqlite from 'better-sqlite3';
import {
  CompiledQuery,
  type CreateTableBuilder,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  sql,
  type TransactionSettings,
} from 'kysely';
import type { Pool } from 'pg';
import type { Database } from './schema.ts';

/**
 * Everything that differs between SQLite and PostgreSQL lives in this module, so services and
 * repositories stay dialect-free.
 */
export type DialectName = 'sqlite' | 'postgres';

export interface AppDatabase {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  destroy(): Promise<void>;
}

/** PostgreSQL answers BIGINT and COUNT(*) as strings; every such value here is a safe integer. */
function parseSafeBigint(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new Error(`Database invariant violated: BIGINT ${text} is outside the safe integer range`);
  }
  return value;
}

/**
 * The PostgreSQL driver, loaded with the first PostgreSQL pool: a server on SQLite never evaluates it (pg and
 * what it pulls in cost a start tens of milliseconds of compiling and running modules it would not use).
 */
async function loadPostgresDriver(): Promise<typeof import('pg')['default']> {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(pg.types.builtins.INT8, parseSafeBigint);
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, parseSafeBigint);
  return pg;
}

/**
 * SQLite transactions start with BEGIN IMMEDIATE, which takes the write lock up front: a deferred
 * transaction that reads and later writes can fail with SQLITE_BUSY instead of waiting its turn.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const beginTransaction = async (
      connection: DatabaseConnection,
      _settings: TransactionSettings,
    ): Promise<void> => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    driver.beginTransaction = beginTransaction;
    return driver;
  }
}

/** Prepared statements kept per SQLite database, least recently used dropped first. */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * The better-sqlite3 database as Kysely sees it, with its statements prepared once per SQL text: Kysely
 * prepares every query afresh, and parsing the SQL again was the largest cost of a colour bet's
 * transaction (bench/colour/intake.bench.ts). A statement still busy with an unfinished iteration is
 * never handed out twice; such a query gets a statement of its own.
 */
function withStatementCache(sqlite: Sqlite.Database): SqliteDatabase {
  const statements = new Map<string, Sqlite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text) => {
      const cached = statements.get(text);
      if (cached) {
        if (cached.busy) return sqlite.prepare(text);
        // Re-inserting keeps the map in least-recently-used order.
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (statements.size >= SQLITE_STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/** Upper bound of pooled PostgreSQL connections per process. */
export const POSTGRES_POOL_SIZE = 20;
/**
 * How long a PostgreSQL query waits for its connection, whether a new one is being opened or the pool is
 * full. Without a limit an unreachable server makes every request (and /healthz) wait for the operating
 * system's TCP timeout, minutes; with it they fail within seconds, so /healthz answers 503 while a load
 * balancer is still waiting for the answer. Five seconds is far above a healthy connect or pool wait,
 * which take milliseconds.
 */
export const POSTGRES_CONNECTION_TIMEOUT_MS = 5_000;
/**
 * WAL pages after which a commit copies the log back into the database file. The copy runs inside that
 * commit, on the server's only thread, so a smaller step keeps each pause short: with SQLite's default of
 * 1,000 pages a bet batch every few batches waited for a copy of about 4 MB (bench/colour/intake.bench.ts:
 * 99th percentile 45-48 ms against 39-44 ms with 250).
 */
export const SQLITE_WAL_AUTOCHECKPOINT_PAGES = 250;
/**
 * Page cache per SQLite connection, in KiB. SQLite's default of 2 MB does not hold the indexes a stream of
 * bets touches (one leaf per player in several of them), so batches fetched the same pages from the
 * operating system again and again.
 */
export const SQLITE_PAGE_CACHE_KIB = 65_536;
/** How long SQLite waits for another process's write lock before failing. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export interface OpenDatabaseOptions {
  /** sqlite:<path> or postgres://… */
  url: string;
  /** PostgreSQL only: the schema that every connection uses (tests get a fresh one each). */
  searchPath?: string;
  poolSize?: number;
  /** PostgreSQL only: overrides POSTGRES_CONNECTION_TIMEOUT_MS (tests use a short one). */
  connectionTimeoutMs?: number;
  /**
   * PostgreSQL only: told when an idle pooled connection breaks (the server restarted, or an administrator
   * ended the session). The pool has already dropped it and opens a new one when needed; the default writes
   * a warning to stderr.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/** The default report of a broken idle PostgreSQL connection, for when no logger exists yet. */
export function warnIdleConnectionError(error: Error): void {
  console.warn(`PostgreSQL: an idle pooled connection failed and was dropped (${error.message})`);
}

/** Opens the database named by the URL with the right dialect. */
export function openDatabase(options: OpenDatabaseOptions): AppDatabase {
  if (options.url.startsWith('sqlite:')) {
    const file = options.url.slice('sqlite:'.length);
    const sqlite = new Sqlite(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`wal_autocheckpoint = ${SQLITE_WAL_AUTOCHECKPOINT_PAGES}`);
    sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
    const config: SqliteDialectConfig = { database: withStatementCache(sqlite) };
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(config) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }
  // The pool is made when Kysely first needs a connection (the first query), after pg is loaded.
  const createPool = async (): Promise<Pool> => {
    const pg = await loadPostgresDriver();
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? POSTGRES_CONNECTION_TIMEOUT_MS,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An 'error' event without a listener would end the process; a broken idle connection is not worth that.
    const onIdleConnectionError = options.onIdleConnectionError ?? warnIdleConnectionError;
    pool.on('error', (error) => onIdleConnectionError(error));
    return pool;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

/** Adds an auto-incrementing integer primary key named `id`, the way each dialect spells it. */
export function withIdColumn<Table extends string, Columns extends string>(
  builder: CreateTableBuilder<Table, Columns>,
  dialect: DialectName,
): CreateTableBuilder<Table, Columns | 'id'> {
  return dialect === 'sqlite'
    ? builder.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    : builder.addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity());
}

/**
 * The character that escapes %, _ and itself in LIKE patterns. It must be named in an ESCAPE clause:
 * SQLite's LIKE has no escape character unless one is given, and saying it on PostgreSQL too (where
 * backslash is the default) keeps both dialects matching the same way.
 */
export const LIKE_ESCAPE_CHARACTER = '\\';

/** Escapes %, _ and the escape character itself so user text is matched literally by LIKE … ESCAPE. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `${LIKE_ESCAPE_CHARACTER}${character}`);
}

/**
 * "column contains text", ignoring case and matching the text literally (a keyword of `%` finds names with
 * a percent sign, not every name). ILIKE on PostgreSQL; SQLite's LIKE already ignores ASCII case.
 */
export function containsTextIgnoringCase(
  column: string,
  text: string,
  dialect: DialectName,
): RawBuilder<SqlBool> {
  const operator = sql.raw(dialect === 'sqlite' ? 'like' : 'ilike');
  const pattern = `%${escapeLikePattern(text)}%`;
  return sql<SqlBool>`${sql.ref(column)} ${operator} ${pattern} escape ${sql.raw(`'${LIKE_ESCAPE_CHARACTER}'`)}`;
}

/** The first key of every leader lock, so they never collide with other advisory locks of the app. */
const LEADER_LOCK_NAMESPACE = 7_301_002;

/** A held leadership (DESIGN.md "Runtime": one instance runs each game engine). */
export interface LeaderLock {
  /** Whether the lock is still held: on PostgreSQL, whether its session still answers. */
  isHeld(): Promise<boolean>;
  /** Gives the lock up (idempotent). */
  release(): Promise<void>;
}

/**
 * Tries to become the leader named `name` without waiting. On PostgreSQL a session-level advisory lock on a
 * dedicated pooled connection that stays checked out until release (the lock dies with the session, so a
 * crashed leader frees it at once); the key includes the current schema, so test schemas sharing one
 * database do not contend. SQLite serves a single process, which is always the leader.
 */
export async function tryAcquireLeaderLock(
  database: AppDatabase,
  name: string,
): Promise<LeaderLock | undefined> {
  if (database.dialect === 'sqlite') {
    let held = true;
    return {
      isHeld: async () => held,
      release: async () => {
        held = false;
      },
    };
  }
  const lockKey = sql`${LEADER_LOCK_NAMESPACE}::integer, hashtext(current_schema() || ${`:${name}`})`;
  return new Promise<LeaderLock | undefined>((resolve, reject) => {
    let signalRelease: () => void = () => {};
    const released = new Promise<void>((done) => {
      signalRelease = done;
    });
    let state: 'waiting' | 'held' | 'gone' = 'waiting';
    // Settles once the session is back in the pool: release waits for it, so that when release answers
    // the lock is free and another instance can take it at once.
    const finished: Promise<void> = database.db
      .connection()
      .execute(async (connection) => {
        const result = await sql<{
          acquired: boolean;
        }>`select pg_try_advisory_lock(${lockKey}) as acquired`.execute(connection);
        if (!result.rows[0]?.acquired) {
          state = 'gone';
          resolve(undefined);
          return;
        }
        state = 'held';
        resolve({
          isHeld: async () => {
            if (state !== 'held') return false;
            try {
              await sql`select 1`.execute(connection);
              return true;
            } catch {
              state = 'gone';
              return false;
            }
          },
          release: async () => {
            signalRelease();
            await finished;
          },
        });
        await released;
        if (state === 'held') await sql`select pg_advisory_unlock(${lockKey})`.execute(connection);
        state = 'gone';
      })
      .catch((error: unknown) => {
        if (state === 'waiting') reject(error);
        state = 'gone';
      });
  });
}

/**
 * Adds FOR SHARE on PostgreSQL: many writers may hold a row this way at once while a FOR UPDATE or UPDATE
 * of it waits for all of them. SQLite's BEGIN IMMEDIATE already serialises writers.
 */
// biome-ignore lint/suspicious/noExplicitAny: the helper accepts any select query and returns its own type.
export function forShare<Query extends SelectQueryBuilder<any, any, any>>(
  query: Query,
  dialect: DialectName,
): Query {
  return dialect === 'postgres' ? (query.forShare() as Query) : query;
}

/** The SQL type a column of JSON-fed rows is read as. */
export type JsonRowColumnType = 'integer' | 'text';

/** Column names are spliced into SQL, so they must be plain identifiers. */
const COLUMN_NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;

/**
 * A FROM item named `alias` whose rows are `rows`, sent as one JSON parameter: json_to_recordset on
 * PostgreSQL, json_each on SQLite. Batched statements use it instead of multi-row VALUES so that their SQL
 * text is the same whatever the batch size: SQLite's prepared-statement cache keeps one entry per text, and
 * one parameter never meets either dialect's parameter limit. The rows come out in array order.
 */
export function jsonRowsFrom(
  dialect: DialectName,
  alias: string,
  /** Plain objects whose values are numbers, strings or null. */
  rows: ReadonlyArray<object>,
  columns: Readonly<Record<string, JsonRowColumnType>>,
): RawBuilder<unknown> {
  const names = Object.keys(columns);
  for (const name of [alias, ...names]) {
    if (!COLUMN_NAME_PATTERN.test(name)) throw new Error(`jsonRowsFrom: ${name} is not a plain identifier`);
  }
  const json = JSON.stringify(rows);
  if (dialect === 'postgres') {
    const definitions = names.map((name) => `${name} ${columns[name] === 'integer' ? 'bigint' : 'text'}`);
    return sql`json_to_recordset(${json}::json) as ${sql.raw(alias)}(${sql.raw(definitions.join(', '))})`;
  }
  const selections = names.map((name) => `json_extract(value, '$.${name}') as ${name}`);
  return sql`(select ${sql.raw(selections.join(', '))} from json_each(${json})) as ${sql.raw(alias)}`;
}
