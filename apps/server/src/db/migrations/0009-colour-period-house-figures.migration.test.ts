import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { MIGRATIONS } from '../migrator.ts';
import * as houseFigures from './0009-colour-period-house-figures.migration.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const VERSION = '0009-colour-period-house-figures';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe.skipIf(dialect === 'postgres' && !postgresUrl)(`migration ${VERSION} [${dialect}]`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createEmptyTestDatabase(dialect);
      // The schema as it was before this migration, each earlier migration in its own transaction.
      const index = MIGRATIONS.findIndex((migration) => migration.version === VERSION);
      expect(index).toBeGreaterThan(0);
      for (const migration of MIGRATIONS.slice(0, index)) {
        await database.db
          .transaction()
          .execute((trx) => migration.up(trx as unknown as Kysely<unknown>, dialect));
      }
    });
    afterAll(async () => {
      await database?.cleanup();
    });

    it('replaces the margin (contracts − payouts) by the contract total and the house take (stake − payout)', async () => {
      const db = database.db as unknown as Kysely<unknown>;
      await sql`insert into colour_chains (room, chain_length, secret_hex, terminal_hash, first_period_start_at, created_at)
        values ('P', 10, ${'a'.repeat(64)}, ${'b'.repeat(64)}, 1000, 1)`.execute(db);
      const chain = await sql<{ id: number }>`select id from colour_chains`.execute(db);
      const chainId = Number(chain.rows[0]?.id);
      // A period the house won (stake 300, fee 6, paid 196) and one it lost (stake 100, fee 2, paid 441).
      const settled = (period: string, index: number, stake: number, fee: number, payout: number) =>
        sql`insert into colour_periods (room, period, start_at, status, chain_id, chain_index, seed_hex, price,
            result_number, bet_count, stake_total_minor, fee_total_minor, payout_total_minor, margin_minor,
            settled_at, created_at)
          values ('P', ${period}, ${1000 + index}, 'settled', ${chainId}, ${index}, ${'c'.repeat(64)}, 12345, 5, 2,
            ${stake}, ${fee}, ${payout}, ${stake - fee - payout}, 5, 1)`.execute(db);
      await settled('20250305001', 1, 300_00, 6_00, 196_00);
      await settled('20250305002', 2, 100_00, 2_00, 441_00);
      await sql`insert into colour_periods (room, period, start_at, status, chain_id, chain_index, created_at)
        values ('P', '20250305003', 1003, 'open', ${chainId}, 3, 1)`.execute(db);

      await database.db
        .transaction()
        .execute((trx) => houseFigures.up(trx as unknown as Kysely<unknown>, dialect));

      const rows = await sql<Record<string, unknown>>`select * from colour_periods order by period`.execute(
        db,
      );
      const figures = rows.rows.map((row) => ({
        period: row.period,
        stake: Number(row.stake_total_minor),
        fee: Number(row.fee_total_minor),
        contract: Number(row.contract_total_minor),
        payout: Number(row.payout_total_minor),
        houseTake: Number(row.house_take_minor),
      }));
      expect(figures).toEqual([
        {
          period: '20250305001',
          stake: 300_00,
          fee: 6_00,
          contract: 294_00,
          payout: 196_00,
          houseTake: 104_00,
        },
        {
          period: '20250305002',
          stake: 100_00,
          fee: 2_00,
          contract: 98_00,
          payout: 441_00,
          houseTake: -341_00,
        },
        { period: '20250305003', stake: 0, fee: 0, contract: 0, payout: 0, houseTake: 0 },
      ]);
      expect(rows.rows.every((row) => !('margin_minor' in row))).toBe(true);
    });
  });
}
