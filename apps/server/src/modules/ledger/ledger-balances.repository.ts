import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LedgerAccountRow } from './ledger.tables.ts';

/** The counters of one user's wallet that its shown balance is computed from. */
export type WalletCounterRow = Pick<
  LedgerAccountRow,
  'user_id' | 'credits_posted' | 'debits_posted' | 'debits_pending'
>;

/**
 * The wallets of the given users in one statement, without a lock (a read for display). Users without a
 * wallet have no row. The caller bounds the list; an empty list answers at once, because `in ()` is not SQL.
 */
export async function findWalletCountersByUserIds(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<WalletCounterRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('ledger_accounts')
    .select(['user_id', 'credits_posted', 'debits_posted', 'debits_pending'])
    .where('kind', '=', 'user_wallet')
    .where('user_id', 'in', userIds)
    .execute();
}
