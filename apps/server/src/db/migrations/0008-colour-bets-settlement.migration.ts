import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Colour bets are written once by the intake and updated once by their period's settlement (W → S or F).
 * Measured on PostgreSQL with 100,000 bets in a period (bench/colour/settlement.bench.ts), that one UPDATE
 * took most of the settlement because every new row version went into every index of the table. Two
 * changes let PostgreSQL update the rows in place (heap-only tuples):
 * - no index holds a column the settlement changes: the period index keys on (period_id, user_id) instead
 *   of (period_id, status, user_id); a period's bets are still found by the index, and its winners'
 *   sums per player (the win credits) are looked up by it directly;
 * - pages are filled only half-way, so each bet's settled version fits on the page of its waiting one.
 * SQLite has no fillfactor; it only gets the narrower index.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('colour_bets_period_status_idx').execute();
  await db.schema
    .createIndex('colour_bets_period_user_idx')
    .on('colour_bets')
    .columns(['period_id', 'user_id'])
    .execute();
  if (dialect === 'postgres') {
    // Applies to pages written from now on; the pages of bets already stored keep their layout.
    await sql`alter table colour_bets set (fillfactor = 50)`.execute(db);
  }
}
