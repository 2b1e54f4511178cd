import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forNoKeyUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';

/** The columns of an account the operator sees (flags as the stored 0/1 integers). */
export interface OperatorUserRow {
  id: number;
  mobile: string;
  nick_name: string;
  r_code: string;
  referrer_level1_id: number | null;
  is_early: number;
  is_transfer_enable: number;
  event_gift_enable: number;
  created_at: number;
  suspended_at: number | null;
  suspended_reason: string | null;
}

/** Which accounts a list shows: an exact id, an exact (normalised) mobile, both, or every account. */
export interface OperatorUserFilter {
  userId?: number;
  mobile?: string;
}

/** New 0/1 values of the flags that change; the others are left as they are. */
export interface UserFlagColumns {
  is_early?: number;
  is_transfer_enable?: number;
  event_gift_enable?: number;
}

const OPERATOR_USER_COLUMNS = [
  'id',
  'mobile',
  'nick_name',
  'r_code',
  'referrer_level1_id',
  'is_early',
  'is_transfer_enable',
  'event_gift_enable',
  'created_at',
  'suspended_at',
  'suspended_reason',
] as const;

function filteredUsers(db: Kysely<Database>, filter: OperatorUserFilter) {
  let query = db.selectFrom('users');
  if (filter.userId !== undefined) query = query.where('id', '=', filter.userId);
  if (filter.mobile !== undefined) query = query.where('mobile', '=', filter.mobile);
  return query;
}

/** How many accounts match the filter. */
export async function countOperatorUsers(db: Kysely<Database>, filter: OperatorUserFilter): Promise<number> {
  const row = await filteredUsers(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the accounts that match the filter, newest first (ids grow with registration). */
export async function listOperatorUsers(
  db: Kysely<Database>,
  filter: OperatorUserFilter,
  window: PageWindow,
): Promise<OperatorUserRow[]> {
  return filteredUsers(db, filter)
    .select(OPERATOR_USER_COLUMNS)
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** One account, without a lock. */
export async function findOperatorUser(
  db: Kysely<Database>,
  userId: number,
): Promise<OperatorUserRow | undefined> {
  return db.selectFrom('users').select(OPERATOR_USER_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

/** One account, locked on PostgreSQL until the transaction ends, so its flags are read and changed as one. */
export async function lockOperatorUser(
  trx: Kysely<Database>,
  dialect: DialectName,
  userId: number,
): Promise<OperatorUserRow | undefined> {
  return forNoKeyUpdate(
    trx.selectFrom('users').select(OPERATOR_USER_COLUMNS).where('id', '=', userId),
    dialect,
  ).executeTakeFirst();
}

/** Writes the given flags of one account and answers the account as it is afterwards. */
export async function updateUserFlags(
  trx: Kysely<Database>,
  userId: number,
  flags: UserFlagColumns,
  now: number,
): Promise<OperatorUserRow | undefined> {
  return trx
    .updateTable('users')
    .set({ ...flags, updated_at: now })
    .where('id', '=', userId)
    .returning(OPERATOR_USER_COLUMNS)
    .executeTakeFirst();
}

/** Suspends (a time and a reason) or lifts the suspension of (nulls) one account; answers the row after. */
export async function setUserSuspension(
  db: Kysely<Database>,
  userId: number,
  suspension: { suspended_at: number | null; suspended_reason: string | null },
  now: number,
): Promise<OperatorUserRow | undefined> {
  await db
    .updateTable('users')
    .set({ ...suspension, updated_at: now })
    .where('id', '=', userId)
    .execute();
  return findOperatorUser(db, userId);
}
