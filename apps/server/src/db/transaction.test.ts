import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../test-support/test-database.ts';
import {
  isRetryableTransactionError,
  retryDelayMs,
  runInReadSnapshot,
  runInTransaction,
  TRANSACTION_MAX_ATTEMPTS,
  TRANSACTION_RETRY_MAX_DELAY_MS,
  TransactionRetriesExhaustedError,
  transactionRetryCount,
} from './transaction.ts';

/** An error shaped like the driver's (pg's DatabaseError and better-sqlite3's SqliteError both carry `code`). */
function driverError(code: string): Error {
  return Object.assign(new Error(`simulated ${code}`), { code });
}

/** The error the driver of this dialect raises when another transaction got in the way. */
function conflictError(database: TestDatabase): Error {
  return driverError(database.dialect === 'postgres' ? '40001' : 'SQLITE_BUSY');
}

async function settingKeys(database: TestDatabase): Promise<string[]> {
  const rows = await database.db.selectFrom('settings').select('key').orderBy('key').execute();
  return rows.map((row) => row.key);
}

async function sqliteFile(database: TestDatabase): Promise<string> {
  const result = await sql<{ name: string; file: string }>`pragma database_list`.execute(database.db);
  const main = result.rows.find((row) => row.name === 'main');
  if (!main) throw new Error('no main database');
  return main.file;
}

describe('isRetryableTransactionError', () => {
  it('retries serialization failures and deadlocks on PostgreSQL only', () => {
    expect(isRetryableTransactionError(driverError('40001'), 'postgres')).toBe(true);
    expect(isRetryableTransactionError(driverError('40P01'), 'postgres')).toBe(true);
    expect(isRetryableTransactionError(driverError('23505'), 'postgres')).toBe(false);
    expect(isRetryableTransactionError(driverError('40001'), 'sqlite')).toBe(false);
  });

  it('retries a busy SQLite database but not a constraint failure', () => {
    expect(isRetryableTransactionError(driverError('SQLITE_BUSY'), 'sqlite')).toBe(true);
    expect(isRetryableTransactionError(driverError('SQLITE_BUSY_SNAPSHOT'), 'sqlite')).toBe(true);
    expect(isRetryableTransactionError(driverError('SQLITE_CONSTRAINT_CHECK'), 'sqlite')).toBe(false);
    expect(isRetryableTransactionError(new Error('no code'), 'sqlite')).toBe(false);
    expect(isRetryableTransactionError('a string', 'postgres')).toBe(false);
  });

  it('waits a jittered, bounded time that grows with the attempt', () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const delay = retryDelayMs(attempt);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(TRANSACTION_RETRY_MAX_DELAY_MS);
    }
    expect(retryDelayMs(10)).toBeGreaterThanOrEqual(TRANSACTION_RETRY_MAX_DELAY_MS / 2);
  });
});

describeEachDatabase('runInTransaction', (database) => {
  beforeEach(async () => {
    await database().db.deleteFrom('settings').execute();
  });

  const insertSetting = (key: string) => (trx: Parameters<Parameters<typeof runInTransaction>[1]>[0]) =>
    trx.insertInto('settings').values({ key, value_json: '1', updated_at: 1 }).execute();

  it('commits the work and answers its value', async () => {
    const answer = await runInTransaction(database(), async (trx) => {
      await insertSetting('committed')(trx);
      return 42;
    });
    expect(answer).toBe(42);
    expect(await settingKeys(database())).toEqual(['committed']);
  });

  it('rolls every statement back when the work throws', async () => {
    await expect(
      runInTransaction(database(), async (trx) => {
        await insertSetting('rolled-back')(trx);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await settingKeys(database())).toEqual([]);
  });

  it('runs the whole work again after a conflict, without the first attempt’s writes', async () => {
    let attempts = 0;
    const retried: unknown[] = [];
    const answer = await runInTransaction(
      database(),
      async (trx) => {
        attempts += 1;
        await insertSetting(`attempt-${attempts}`)(trx);
        if (attempts === 1) throw conflictError(database());
        return 'done';
      },
      { onRetry: (error) => retried.push(error) },
    );
    expect(answer).toBe('done');
    expect(attempts).toBe(2);
    expect(retried).toHaveLength(1);
    expect(await settingKeys(database())).toEqual(['attempt-2']);
  });

  it('gives up after the bounded number of attempts with TransactionRetriesExhaustedError carrying the last conflict, and counts the retries', async () => {
    let attempts = 0;
    const retriesBefore = transactionRetryCount(database());
    const failure = await runInTransaction(database(), async (trx) => {
      attempts += 1;
      await insertSetting(`exhausted-${attempts}`)(trx);
      throw conflictError(database());
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransactionRetriesExhaustedError);
    expect((failure as TransactionRetriesExhaustedError).cause).toMatchObject({ message: /simulated/ });
    expect(attempts).toBe(TRANSACTION_MAX_ATTEMPTS);
    expect(transactionRetryCount(database()) - retriesBefore).toBe(TRANSACTION_MAX_ATTEMPTS - 1);
    expect((await settingKeys(database())).filter((key) => key.startsWith('exhausted-'))).toEqual([]);
  });

  it('does not retry other failures', async () => {
    let attempts = 0;
    await expect(
      runInTransaction(database(), async (trx) => {
        attempts += 1;
        await insertSetting('duplicate')(trx);
        await insertSetting('duplicate')(trx);
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
    expect(await settingKeys(database())).toEqual([]);
  });

  it('refuses a nonsensical attempt limit', async () => {
    await expect(runInTransaction(database(), async () => 1, { maxAttempts: 0 })).rejects.toThrow(
      /maxAttempts/,
    );
  });

  it('runs at the isolation level of the design', async () => {
    if (database().dialect === 'postgres') {
      const level = await runInTransaction(database(), async (trx) => {
        const result = await sql<{ transaction_isolation: string }>`show transaction_isolation`.execute(trx);
        return result.rows[0]?.transaction_isolation;
      });
      expect(level).toBe('read committed');
      return;
    }
    // BEGIN IMMEDIATE: another connection cannot start writing while the transaction is open.
    const other = new Sqlite(await sqliteFile(database()), { timeout: 0 });
    try {
      await runInTransaction(database(), async () => {
        expect(() => other.exec('begin immediate')).toThrow(/locked|busy/i);
      });
      other.exec('begin immediate');
      other.exec('rollback');
    } finally {
      other.close();
    }
  });
});

describeEachDatabase('runInReadSnapshot', (database) => {
  it('sees one instant while another connection commits', async () => {
    await database().db.deleteFrom('settings').execute();
    const countSettings = async (db: Parameters<Parameters<typeof runInReadSnapshot>[1]>[0]) => {
      const row = await db
        .selectFrom('settings')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    };
    const file = database().dialect === 'sqlite' ? await sqliteFile(database()) : '';
    const otherWriter = async () => {
      if (database().dialect === 'postgres') {
        await database()
          .db.insertInto('settings')
          .values({ key: 'late', value_json: '1', updated_at: 1 })
          .execute();
        return;
      }
      // The test's Kysely instance is busy with the snapshot, so a second SQLite connection writes.
      const other = new Sqlite(file, { timeout: 1_000 });
      other
        .prepare('insert into settings (key, value_json, updated_at) values (?, ?, ?)')
        .run('late', '1', 1);
      other.close();
    };
    const [before, after] = await runInReadSnapshot(database(), async (db) => {
      const first = await countSettings(db);
      await otherWriter();
      return [first, await countSettings(db)];
    });
    expect(before).toBe(0);
    expect(after).toBe(0);
    expect(await countSettings(database().db)).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('runInTransaction on a real deadlock [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.cleanup();
  });
  const insertSetting = (key: string) => (trx: Parameters<Parameters<typeof runInTransaction>[1]>[0]) =>
    trx.insertInto('settings').values({ key, value_json: '1', updated_at: 1 }).execute();

  it('survives a real deadlock on PostgreSQL by running the victim again', async () => {
    await runInTransaction(database, async (trx) => {
      await insertSetting('left')(trx);
      await insertSetting('right')(trx);
    });
    let arrivals = 0;
    let release: () => void = () => {};
    const bothHoldOneRow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const arrive = async () => {
      arrivals += 1;
      if (arrivals === 2) release();
      await bothHoldOneRow;
    };
    const retries: unknown[] = [];
    const touch = (first: string, second: string) =>
      runInTransaction(
        database,
        async (trx) => {
          const bump = (key: string) =>
            trx
              .updateTable('settings')
              .set((eb) => ({ updated_at: eb('updated_at', '+', 1) }))
              .where('key', '=', key)
              .execute();
          await bump(first);
          await arrive();
          await bump(second);
        },
        { onRetry: (error) => retries.push(error) },
      );
    await Promise.all([touch('left', 'right'), touch('right', 'left')]);
    expect(retries.map((error) => (error as { code?: string }).code)).toEqual(['40P01']);
    const rows = await database.db
      .selectFrom('settings')
      .select(['key', 'updated_at'])
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'left', updated_at: 3 },
      { key: 'right', updated_at: 3 },
    ]);
  });
});
