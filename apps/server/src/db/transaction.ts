import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { AppDatabase, DialectName } from './dialect.ts';
import type { Database } from './schema.ts';

/** The executor a service receives inside an operation: every statement on it commits or rolls back together. */
export type DatabaseTransaction = Transaction<Database>;

/** How many times one operation is attempted in all before its last retryable failure is thrown. */
export const TRANSACTION_MAX_ATTEMPTS = 5;
/** The first backoff before a retry; each further retry doubles it, and each wait is jittered. */
export const TRANSACTION_RETRY_BASE_DELAY_MS = 4;
/** No single backoff waits longer than this, so a retried request still answers promptly. */
export const TRANSACTION_RETRY_MAX_DELAY_MS = 100;

/** PostgreSQL's serialization failure and deadlock: the whole transaction may simply run again. */
const RETRYABLE_POSTGRES_CODES: ReadonlySet<string> = new Set(['40001', '40P01']);

/**
 * Transactions run again after a retryable failure, per database handle, since the handle was opened. Tests
 * read it to prove that a workload needed no retry (a deadlock is a lock-order bug, not bad luck); it also
 * tells an operator's probe how contended the database is.
 */
const retryCounts = new WeakMap<object, number>();

/** How many transactions on this database were run again after a deadlock, serialization failure or busy file. */
export function transactionRetryCount(database: AppDatabase): number {
  return retryCounts.get(database.db) ?? 0;
}

/**
 * Thrown when an operation still met another transaction in its way after TRANSACTION_MAX_ATTEMPTS attempts:
 * nothing of it was applied (every attempt rolled back), so the client may simply send it again. The HTTP
 * layer answers it 503 "please try again", never 500.
 */
export class TransactionRetriesExhaustedError extends Error {
  constructor(
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(`transaction still conflicted after ${attempts} attempts`);
    this.name = 'TransactionRetriesExhaustedError';
  }
}

export interface RunInTransactionOptions {
  /** Overrides TRANSACTION_MAX_ATTEMPTS (at least 1). */
  maxAttempts?: number;
  /** Called before each retry with the failure that caused it (for logs and tests). */
  onRetry?: (error: unknown, attempt: number) => void;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether a failure means "another transaction got in the way, run again": serialization failure or
 * deadlock on PostgreSQL, a busy database file on SQLite (another process held the write lock past the
 * busy timeout).
 */
export function isRetryableTransactionError(error: unknown, dialect: DialectName): boolean {
  const code = errorCode(error);
  if (code === undefined) return false;
  return dialect === 'postgres' ? RETRYABLE_POSTGRES_CODES.has(code) : code.startsWith('SQLITE_BUSY');
}

/** Exponential backoff with full jitter, so clients that collided once do not collide again in step. */
export function retryDelayMs(attempt: number): number {
  const ceiling = Math.min(
    TRANSACTION_RETRY_MAX_DELAY_MS,
    TRANSACTION_RETRY_BASE_DELAY_MS * 2 ** (attempt - 1),
  );
  return randomInt(Math.floor(ceiling / 2), ceiling + 1);
}

/**
 * Runs one API operation as one database transaction (DESIGN.md "The ledger"): read committed on
 * PostgreSQL, BEGIN IMMEDIATE on SQLite (set by the dialect), and the whole of `work` run again after a
 * serialization failure, a deadlock or a busy database, at most TRANSACTION_MAX_ATTEMPTS times in all; after
 * that it throws TransactionRetriesExhaustedError (answered 503, with nothing applied).
 * Because `work` may run more than once, it must not cause effects outside the database before it returns.
 */
export async function runInTransaction<T>(
  database: AppDatabase,
  work: (trx: DatabaseTransaction) => Promise<T>,
  options: RunInTransactionOptions = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? TRANSACTION_MAX_ATTEMPTS;
  if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error(`runInTransaction: maxAttempts must be a positive integer, got ${maxAttempts}`);
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      let builder = database.db.transaction();
      if (database.dialect === 'postgres') builder = builder.setIsolationLevel('read committed');
      return await builder.execute(work);
    } catch (error) {
      if (!isRetryableTransactionError(error, database.dialect)) throw error;
      if (attempt >= maxAttempts) throw new TransactionRetriesExhaustedError(attempt, error);
      retryCounts.set(database.db, transactionRetryCount(database) + 1);
      options.onRetry?.(error, attempt);
      await sleep(retryDelayMs(attempt));
    }
  }
}

/**
 * Runs read-only work on one connection inside one consistent snapshot, without taking SQLite's write
 * lock (a deferred BEGIN in WAL mode) and without blocking writers on PostgreSQL (REPEATABLE READ, READ
 * ONLY). Used by checks that must see every table at the same instant while the server keeps running.
 */
export async function runInReadSnapshot<T>(
  database: AppDatabase,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const begin =
    database.dialect === 'postgres' ? 'begin isolation level repeatable read read only' : 'begin deferred';
  return database.db.connection().execute(async (connection) => {
    await sql.raw(begin).execute(connection);
    try {
      const result = await work(connection);
      await sql.raw('commit').execute(connection);
      return result;
    } catch (error) {
      await sql.raw('rollback').execute(connection);
      throw error;
    }
  });
}

/**
 * Adds FOR UPDATE on PostgreSQL. SQLite has no row locks and needs none: BEGIN IMMEDIATE already gives the
 * transaction the whole database.
 */
// biome-ignore lint/suspicious/noExplicitAny: the helper accepts any select query and returns its own type.
export function forUpdate<Query extends SelectQueryBuilder<any, any, any>>(
  query: Query,
  dialect: DialectName,
): Query {
  return dialect === 'postgres' ? (query.forUpdate() as Query) : query;
}

/**
 * Adds FOR NO KEY UPDATE on PostgreSQL: the row lock for "this row's owner takes turns", used on `users`.
 * It excludes other writers of the row as FOR UPDATE does, but not the FOR KEY SHARE that PostgreSQL takes
 * on a referenced row when another transaction inserts a child row (a colour bet, a ledger transfer, an
 * order); FOR UPDATE would wait for those inserts and make them wait, in the opposite order to the wallets
 * (see the lock order in ledger.service.ts). SQLite needs no row lock (BEGIN IMMEDIATE).
 */
// biome-ignore lint/suspicious/noExplicitAny: the helper accepts any select query and returns its own type.
export function forNoKeyUpdate<Query extends SelectQueryBuilder<any, any, any>>(
  query: Query,
  dialect: DialectName,
): Query {
  return dialect === 'postgres' ? (query.forNoKeyUpdate() as Query) : query;
}
