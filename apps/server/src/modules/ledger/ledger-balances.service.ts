import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LedgerInvariantError } from './ledger.errors.ts';
import { availableMinor } from './ledger.service.ts';
import { findWalletCountersByUserIds } from './ledger-balances.repository.ts';

/**
 * The most users one balance read answers for. A page of any list is far smaller; the bound keeps the
 * statement's parameter list well inside SQLite's limit whatever a caller passes.
 */
export const MAX_BALANCE_READ_USERS = 1_000;

/**
 * The shown balance (the same figure as LedgerService.balanceMinor: credits_posted − debits_posted −
 * debits_pending, 0 without a wallet) of many users in one query, keyed by user id: what a list of users
 * needs instead of one query per row.
 */
export async function balancesMinor(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const distinct = [...new Set(userIds)];
  if (distinct.length > MAX_BALANCE_READ_USERS) {
    throw new LedgerInvariantError(
      `a balance read covers at most ${MAX_BALANCE_READ_USERS} users, got ${distinct.length}`,
    );
  }
  const balances = new Map<number, number>(distinct.map((userId) => [userId, 0]));
  for (const row of await findWalletCountersByUserIds(db, distinct)) {
    // The wallet kind guarantees a user id (a check constraint); the guard only satisfies the type.
    if (row.user_id !== null) balances.set(Number(row.user_id), availableMinor(row));
  }
  return balances;
}
