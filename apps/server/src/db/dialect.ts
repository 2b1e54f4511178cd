import Sqlite from 'better-sqlite3';
import {
  CompiledQuery,
  type CreateTableBuilder,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
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
pg.types.setTypeParser(pg.types.builtins.INT8, parseSafeBigint);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, parseSafeBigint);

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

/** Upper bound of pooled PostgreSQL connections per process. */
export const POSTGRES_POOL_SIZE = 20;
/** How long SQLite waits for another process's write lock before failing. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export interface OpenDatabaseOptions {
  /** sqlite:<path> or postgres://… */
  url: string;
  /** PostgreSQL only: the schema that every connection uses (tests get a fresh one each). */
  searchPath?: string;
  poolSize?: number;
}

/** Opens the database named by the URL with the right dialect. */
export function openDatabase(options: OpenDatabaseOptions): AppDatabase {
  if (options.url.startsWith('sqlite:')) {
    const file = options.url.slice('sqlite:'.length);
    const sqlite = new Sqlite(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    const config: SqliteDialectConfig = { database: sqlite };
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(config) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? POSTGRES_POOL_SIZE,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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

/** Case-insensitive "contains" pattern operator: ILIKE on PostgreSQL; SQLite's LIKE already ignores ASCII case. */
export function caseInsensitiveLike(dialect: DialectName): 'like' | 'ilike' {
  return dialect === 'sqlite' ? 'like' : 'ilike';
}

/** Escapes %, _ and the escape character itself so user text is matched literally by LIKE. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
