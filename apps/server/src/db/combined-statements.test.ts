import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../test-support/test-database.ts';
import {
  COMBINED_STATEMENTS_MAX,
  CombinedWriteGuardError,
  commitTogether,
  type PlannedRead,
  type PlannedWrite,
  readTogether,
  writeTogether,
} from './combined-statements.ts';
import { runInTransaction } from './transaction.ts';

/** A plan inserting settings, which settles by recording the count it was told. */
function insertSettings(keys: readonly string[], counts: number[]): PlannedWrite {
  const values = sql.join(keys.map((key) => sql`(${key}, ${'1'}, ${1})`));
  return {
    statement: sql`insert into settings (key, value_json, updated_at) values ${values}`,
    expectedRows: keys.length,
    settle: (changed) => {
      counts.push(changed);
    },
  };
}

/** A plan changing the value of the settings whose key starts with `prefix`. */
function updateSettings(prefix: string, value: string, counts: number[], expectedRows = 1): PlannedWrite {
  return {
    statement: sql`update settings set value_json = ${value} where key like ${`${prefix}%`}`,
    expectedRows,
    settle: (changed) => {
      counts.push(changed);
    },
  };
}

function readSettings(prefix: string): PlannedRead<{ key: string; updated_at: number }, string[]> {
  return {
    statement: sql<{ key: string; updated_at: number }>`
      select key, updated_at from settings where key like ${`${prefix}%`} order by key
    `,
    settle: (rows) => rows.map((row) => `${row.key}@${row.updated_at}`),
  };
}

async function keys(database: TestDatabase): Promise<string[]> {
  const rows = await database.db
    .selectFrom('settings')
    .select(['key', 'value_json'])
    .orderBy('key')
    .execute();
  return rows.map((row) => `${row.key}=${row.value_json}`);
}

describeEachDatabase('combined statements', (database) => {
  beforeEach(async () => {
    await database().db.deleteFrom('settings').execute();
  });

  it('runs every write and tells each how many rows it changed', async () => {
    const counts: number[] = [];
    await database()
      .db.insertInto('settings')
      .values({ key: 'old:1', value_json: '0', updated_at: 0 })
      .execute();
    await runInTransaction(database(), (trx) =>
      writeTogether(trx, database().dialect, [
        insertSettings(['new:1', 'new:2', 'new:3'], counts),
        undefined,
        updateSettings('old:', '7', counts),
        updateSettings('none:', '7', counts),
      ]),
    );
    expect(counts).toEqual([3, 1, 0]);
    expect(await keys(database())).toEqual(['new:1=1', 'new:2=1', 'new:3=1', 'old:1=7']);
  });

  it('rolls every write back when a settle fails its invariant', async () => {
    const counts: number[] = [];
    const failing: PlannedWrite = {
      ...updateSettings('none:', '7', counts),
      settle: (changed) => {
        throw new Error(`expected one row, changed ${changed}`);
      },
    };
    await expect(
      runInTransaction(database(), (trx) =>
        writeTogether(trx, database().dialect, [insertSettings(['a:1'], counts), failing]),
      ),
    ).rejects.toThrow('expected one row, changed 0');
    expect(await keys(database())).toEqual([]);
  });

  it('fails a write that breaks a constraint as a whole', async () => {
    const counts: number[] = [];
    await expect(
      runInTransaction(database(), (trx) =>
        writeTogether(trx, database().dialect, [
          insertSettings(['b:1'], counts),
          insertSettings(['b:2', 'b:2'], counts),
        ]),
      ),
    ).rejects.toThrow();
    expect(await keys(database())).toEqual([]);
  });

  it('refuses more than one write outside a transaction, and too many statements', async () => {
    const counts: number[] = [];
    await expect(
      writeTogether(database().db, database().dialect, [
        insertSettings(['c:1'], counts),
        insertSettings(['c:2'], counts),
      ]),
    ).rejects.toThrow('inside a transaction');
    const many = Array.from({ length: COMBINED_STATEMENTS_MAX + 1 }, (_unused, index) =>
      insertSettings([`d:${index}`], counts),
    );
    await expect(
      runInTransaction(database(), (trx) => writeTogether(trx, database().dialect, many)),
    ).rejects.toThrow(`at most ${COMBINED_STATEMENTS_MAX}`);
    expect(counts).toEqual([]);
    expect(await keys(database())).toEqual([]);
  });

  it('answers each read its own rows, in the order of its statement, empty ones included', async () => {
    await database()
      .db.insertInto('settings')
      .values([
        { key: 'r:2', value_json: '1', updated_at: 9_007_199_254_740_991 },
        { key: 'r:1', value_json: '1', updated_at: 5 },
        { key: 's:1', value_json: '1', updated_at: 6 },
      ])
      .execute();
    const results = await runInTransaction(database(), (trx) =>
      readTogether(trx, database().dialect, {
        first: readSettings('r:'),
        second: readSettings('s:'),
        none: readSettings('t:'),
      }),
    );
    expect(results).toEqual({
      first: ['r:1@5', 'r:2@9007199254740991'],
      second: ['s:1@6'],
      none: [],
    });
  });

  it('commits writes that change their expected rows without a transaction around them', async () => {
    const counts: number[] = [];
    await database()
      .db.insertInto('settings')
      .values({ key: 'old:1', value_json: '0', updated_at: 0 })
      .execute();
    await commitTogether(database(), [
      insertSettings(['new:1', 'new:2'], counts),
      undefined,
      updateSettings('old:', '7', counts, 1),
      updateSettings('none:', '7', counts, 0),
    ]);
    expect(counts).toEqual([2, 1, 0]);
    expect(await keys(database())).toEqual(['new:1=1', 'new:2=1', 'old:1=7']);
  });

  it('keeps nothing and throws CombinedWriteGuardError when a write changes other than its expected rows', async () => {
    const counts: number[] = [];
    await database()
      .db.insertInto('settings')
      .values({ key: 'old:1', value_json: '0', updated_at: 0 })
      .execute();
    for (const expectedRows of [0, 2]) {
      const attempt = commitTogether(database(), [
        insertSettings(['new:1'], counts),
        updateSettings('old:', '7', counts, expectedRows),
      ]);
      await expect(attempt).rejects.toBeInstanceOf(CombinedWriteGuardError);
      await expect(attempt).rejects.toThrow(`combined write guard w1: changed 1 of ${expectedRows} rows`);
    }
    expect(counts).toEqual([]);
    expect(await keys(database())).toEqual(['old:1=0']);
  });

  it('runs the parts of a committed write one after another on SQLite and on one snapshot on PostgreSQL', async () => {
    const counts: number[] = [];
    // The update only finds its row if the insert before it has run (on PostgreSQL both share a snapshot,
    // so it finds nothing, and the guard says so): combined parts must never depend on each other.
    const attempt = commitTogether(database(), [
      insertSettings(['seq:1'], counts),
      updateSettings('seq:', '9', counts, 1),
    ]);
    if (database().dialect === 'postgres') {
      await expect(attempt).rejects.toBeInstanceOf(CombinedWriteGuardError);
      expect(await keys(database())).toEqual([]);
    } else {
      await attempt;
      expect(await keys(database())).toEqual(['seq:1=9']);
    }
  });

  it('fails a committed write that breaks a constraint as a whole, as an ordinary error', async () => {
    const counts: number[] = [];
    const attempt = commitTogether(database(), [
      insertSettings(['b:1'], counts),
      insertSettings(['b:2', 'b:2'], counts),
    ]);
    await expect(attempt).rejects.toThrow();
    await expect(attempt).rejects.not.toBeInstanceOf(CombinedWriteGuardError);
    expect(await keys(database())).toEqual([]);
  });

  it('refuses a read name that is not a plain identifier', async () => {
    await expect(
      readTogether(database().db, database().dialect, { 'bad name': readSettings('r:') }),
    ).rejects.toThrow('not a plain identifier');
  });
});
