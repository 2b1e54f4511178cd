import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import { pageOwnedRows } from '../../db/owned-rows-page.repository.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { SuggestionRow, SuggestionsTable } from './suggestions.tables.ts';

export async function countOpenSuggestions(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('suggestions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'Wait')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the text names one of the user's recharges (serial number) or withdrawals (id). */
export async function ownsRechargeOrWithdrawal(db: Kysely<Database>, userId: number, outId: string) {
  const recharge = await db
    .selectFrom('recharges')
    .select('id')
    .where('user_id', '=', userId)
    .where('serial_number', '=', outId)
    .executeTakeFirst();
  if (recharge) return true;
  if (!/^\d{1,10}$/.test(outId)) return false;
  const withdrawal = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', Number(outId))
    .executeTakeFirst();
  return withdrawal !== undefined;
}

export async function insertSuggestion(
  trx: Kysely<Database>,
  values: Omit<SuggestionsTable, 'id' | 'replied_at'>,
): Promise<void> {
  await trx
    .insertInto('suggestions')
    .values({ ...values, replied_at: null })
    .execute();
}

export async function listSuggestions(
  db: Kysely<Database>,
  filter: { userId?: number; status?: SuggestionRow['status'] },
  window: PageWindow,
): Promise<{ count: number; rows: SuggestionRow[] }> {
  return pageOwnedRows(db, 'suggestions', filter, window);
}

export async function lockSuggestion(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<SuggestionRow | undefined> {
  return forUpdate(
    trx.selectFrom('suggestions').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
}

export async function completeSuggestion(
  trx: Kysely<Database>,
  id: number,
  values: { reply: string; now: number },
): Promise<void> {
  await trx
    .updateTable('suggestions')
    .set({ status: 'Completed', reply: values.reply, replied_at: values.now })
    .where('id', '=', id)
    .execute();
}
