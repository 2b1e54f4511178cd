import type { PayoutAdapterName, WithdrawalStatus } from '@app/shared';
import type { Kysely, Updateable } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { NewWithdrawalRow, WithdrawalRow, WithdrawalsTable } from './withdrawals.tables.ts';

/** Which withdrawals a list shows: one user's or everybody's; pending means Wait (approved or not). */
export interface WithdrawalFilter {
  readonly userId?: number;
  readonly status?: WithdrawalStatus;
}

/** Inserts a withdrawal and answers it. */
export async function insertWithdrawal(trx: Kysely<Database>, row: NewWithdrawalRow): Promise<WithdrawalRow> {
  return trx.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Changes a withdrawal and answers it as it is after the change. */
export async function updateWithdrawal(
  trx: Kysely<Database>,
  id: number,
  changes: Updateable<WithdrawalsTable>,
): Promise<WithdrawalRow> {
  return trx
    .updateTable('withdrawals')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One withdrawal, locked until the transaction ends on PostgreSQL (SQLite holds the whole database). */
export async function lockWithdrawal(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<WithdrawalRow | undefined> {
  return forUpdate(
    trx.selectFrom('withdrawals').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
}

/** One withdrawal as committed, without a lock. */
export async function findWithdrawal(db: Kysely<Database>, id: number): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The ids of undecided withdrawals whose payout, through one of the adapters, has been Processing since
 * processingBefore or earlier, the longest first. The status index narrows the search to the Wait queue.
 */
export async function listStuckPayouts(
  db: Kysely<Database>,
  options: { adapters: readonly PayoutAdapterName[]; processingBefore: number; limit: number },
): Promise<number[]> {
  if (options.adapters.length === 0) return [];
  const rows = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('status', '=', 'Wait')
    .where('payout_status', '=', 'Processing')
    .where('payout_adapter', 'in', options.adapters)
    .where('updated_at', '<=', options.processingBefore)
    .orderBy('updated_at', 'asc')
    .orderBy('id', 'asc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Restarts the Processing time of a payout that is still undecided and Processing (a no-op otherwise). */
export async function touchProcessingWithdrawal(
  db: Kysely<Database>,
  id: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'Wait')
    .where('payout_status', '=', 'Processing')
    .execute();
}

/** How many withdrawals a user requested since an instant that were not rejected. */
export async function countWithdrawalsSince(
  db: Kysely<Database>,
  userId: number,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('status', '<>', 'Reject')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function filtered(db: Kysely<Database>, filter: WithdrawalFilter) {
  let query = db.selectFrom('withdrawals');
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return query;
}

/** How many withdrawals match the filter. */
export async function countWithdrawals(db: Kysely<Database>, filter: WithdrawalFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the withdrawals that match the filter: newest first, or oldest first for the operator's queue. */
export async function listWithdrawals(
  db: Kysely<Database>,
  filter: WithdrawalFilter,
  window: PageWindow,
  order: 'asc' | 'desc' = 'desc',
): Promise<WithdrawalRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('id', order)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
