import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * The house figures of a colour period, made unambiguous for the operator (GET /admin/api/colour/periods).
 * Migration 0007 kept `margin_minor` = contracts − payouts, which leaves the 2 % fee out although the fee
 * is the house's too; read next to the stake it looked like the house's whole take. It is replaced by two
 * columns whose names say what they hold: `contract_total_minor` (stake − fee, what payouts are computed
 * on) and `house_take_minor` (stake − payout, the fee included; negative when the period cost the house).
 * Settled periods get both from the totals already stored, so no history is lost.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('colour_periods')
    .addColumn('contract_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('colour_periods')
    .addColumn('house_take_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`
    update colour_periods
    set contract_total_minor = stake_total_minor - fee_total_minor,
      house_take_minor = stake_total_minor - payout_total_minor
  `.execute(db);
  await db.schema.alterTable('colour_periods').dropColumn('margin_minor').execute();
}
