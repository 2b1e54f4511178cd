import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../test-support/test-database.ts';
import {
  COMBINED_STATEMENTS_MAX,
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
    settle: (changed) => {
      counts.push(changed);
    },
  };
}

/** A plan changing the value of the settings whose key starts with `prefix`. */
function updateSettings(prefix: string, value: string, counts: number[]): PlannedWrite {
  return {
    statement: sql`update settings set value_json = ${value} where key like ${`${prefix}%`}`,
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

  it('refuses a locking read outside a transaction, where its lock would end with the statement', async () => {
    const locking = { ...readSettings('r:'), locks: true };
    await expect(readTogether(database().db, database().dialect, { locking })).rejects.toThrow(
      'must run inside a transaction',
    );
    await expect(
      runInTransaction(database(), (trx) => readTogether(trx, database().dialect, { locking })),
    ).resolves.toEqual({ locking: [] });
  });

  it('refuses a read name that is not a plain identifier', async () => {
    await expect(
      readTogether(database().db, database().dialect, { 'bad name': readSettings('r:') }),
    ).rejects.toThrow('not a plain identifier');
  });
});
