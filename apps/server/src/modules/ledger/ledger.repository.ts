import { type Insertable, type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type {
  LedgerAccountKind,
  LedgerAccountRow,
  LedgerTransferRow,
  LedgerTransfersTable,
} from './ledger.tables.ts';

/** Accounts by code in ascending id order, locked on PostgreSQL in that order so two movers never deadlock. */
export async function lockAccountsByCode(
  db: Kysely<Database>,
  dialect: DialectName,
  codes: readonly string[],
): Promise<LedgerAccountRow[]> {
  return forUpdate(
    db.selectFrom('ledger_accounts').selectAll().where('code', 'in', codes).orderBy('id', 'asc'),
    dialect,
  ).execute();
}

/** Accounts by id in ascending id order, locked on PostgreSQL in that order. */
export async function lockAccountsById(
  db: Kysely<Database>,
  dialect: DialectName,
  ids: readonly number[],
): Promise<LedgerAccountRow[]> {
  return forUpdate(
    db.selectFrom('ledger_accounts').selectAll().where('id', 'in', ids).orderBy('id', 'asc'),
    dialect,
  ).execute();
}

/** One account by code, without a lock. */
export async function findAccountByCode(
  db: Kysely<Database>,
  code: string,
): Promise<LedgerAccountRow | undefined> {
  return db.selectFrom('ledger_accounts').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Creates an account unless it exists (a concurrent creator wins quietly); answers whether this call
 * created it. The conflict has no target because a wallet is unique by code and by user_id alike, and
 * either may be the one that collides.
 */
export async function insertAccountIfMissing(
  db: Kysely<Database>,
  account: { code: string; kind: LedgerAccountKind; userId: number | null; createdAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto('ledger_accounts')
    .values({
      code: account.code,
      kind: account.kind,
      user_id: account.userId,
      created_at: account.createdAt,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Signed changes of an account's four counters. */
export interface CounterDelta {
  debitsPosted?: number;
  creditsPosted?: number;
  debitsPending?: number;
  creditsPending?: number;
}

/**
 * Adds the deltas to an account's counters. With `requireAvailableMinor` the update only happens while the
 * account still has that much available (credits_posted − debits_posted − debits_pending); the answer says
 * whether the row was updated.
 */
export async function applyCounterDelta(
  db: Kysely<Database>,
  accountId: number,
  delta: CounterDelta,
  requireAvailableMinor?: number,
): Promise<boolean> {
  let query = db
    .updateTable('ledger_accounts')
    .set((eb) => ({
      ...(delta.debitsPosted ? { debits_posted: eb('debits_posted', '+', delta.debitsPosted) } : {}),
      ...(delta.creditsPosted ? { credits_posted: eb('credits_posted', '+', delta.creditsPosted) } : {}),
      ...(delta.debitsPending ? { debits_pending: eb('debits_pending', '+', delta.debitsPending) } : {}),
      ...(delta.creditsPending ? { credits_pending: eb('credits_pending', '+', delta.creditsPending) } : {}),
    }))
    .where('id', '=', accountId);
  if (requireAvailableMinor !== undefined) {
    query = query.where(
      sql<number>`credits_posted - debits_posted - debits_pending`,
      '>=',
      requireAvailableMinor,
    );
  }
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Inserts a transfer unless its idempotency key exists already; answers the new row, or undefined. */
export async function insertTransferUnlessKeyExists(
  db: Kysely<Database>,
  transfer: Insertable<LedgerTransfersTable>,
): Promise<LedgerTransferRow | undefined> {
  return db
    .insertInto('ledger_transfers')
    .values(transfer)
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The transfer created with an idempotency key. */
export async function findTransferByKey(
  db: Kysely<Database>,
  idempotencyKey: string,
): Promise<LedgerTransferRow | undefined> {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** One transfer by id. */
export async function findTransferById(
  db: Kysely<Database>,
  id: number,
): Promise<LedgerTransferRow | undefined> {
  return db.selectFrom('ledger_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The post or void row that resolved a pending transfer, if any. */
export async function findResolutionOf(
  db: Kysely<Database>,
  pendingId: number,
): Promise<LedgerTransferRow | undefined> {
  return db.selectFrom('ledger_transfers').selectAll().where('pending_id', '=', pendingId).executeTakeFirst();
}

/** A row of an account's history with what the service needs to compute its effect on the balance. */
export interface HistoryRow {
  id: number;
  debit_account_id: number;
  amount_minor: number;
  kind: string;
  status: LedgerTransferRow['status'];
  /** The amount of the pending row a post_pending row resolves; null for other rows. */
  pending_amount_minor: number | null;
  reference_id: string;
  created_at: number;
}

/**
 * The transfers that changed an account's shown balance (credits_posted − debits_posted − debits_pending):
 * on the debit side every row except a post that made a hold final in full (the balance already dropped
 * when the hold was made); on the credit side only rows that posted money (a pending credit is not
 * spendable yet, and voiding one changes nothing). Each side reads its own index; a transfer never has
 * the same account on both sides, so UNION ALL counts nothing twice.
 */
function balanceChangingTransfers(db: Kysely<Database>, accountId: number) {
  const debits = db
    .selectFrom('ledger_transfers as t')
    .leftJoin('ledger_transfers as p', 'p.id', 't.pending_id')
    .select([
      't.id',
      't.debit_account_id',
      't.amount_minor',
      't.kind',
      't.status',
      'p.amount_minor as pending_amount_minor',
      't.reference_id',
      't.created_at',
    ])
    .where('t.debit_account_id', '=', accountId)
    .where((eb) =>
      eb.or([eb('t.status', '<>', 'post_pending'), eb('t.amount_minor', '<', eb.ref('p.amount_minor'))]),
    );
  const credits = db
    .selectFrom('ledger_transfers as t')
    .leftJoin('ledger_transfers as p', 'p.id', 't.pending_id')
    .select([
      't.id',
      't.debit_account_id',
      't.amount_minor',
      't.kind',
      't.status',
      'p.amount_minor as pending_amount_minor',
      't.reference_id',
      't.created_at',
    ])
    .where('t.credit_account_id', '=', accountId)
    .where('t.status', 'in', ['posted', 'post_pending']);
  return debits.unionAll(credits);
}

/** One page of an account's balance-changing transfers, newest first. */
export async function listBalanceChanges(
  db: Kysely<Database>,
  accountId: number,
  window: PageWindow,
): Promise<HistoryRow[]> {
  return db
    .selectFrom(balanceChangingTransfers(db, accountId).as('h'))
    .selectAll()
    .orderBy('h.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** How many balance-changing transfers an account has. */
export async function countBalanceChanges(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db
    .selectFrom(balanceChangingTransfers(db, accountId).as('h'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
