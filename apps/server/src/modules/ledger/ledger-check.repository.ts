import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Totals of every account's four counters. */
export interface CounterTotals {
  debits_posted: number;
  credits_posted: number;
  debits_pending: number;
  credits_pending: number;
}

/** Sums each counter over all accounts (0 on an empty ledger). */
export async function sumCounters(db: Kysely<Database>): Promise<CounterTotals> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select([
      sql<number>`coalesce(sum(debits_posted), 0)`.as('debits_posted'),
      sql<number>`coalesce(sum(credits_posted), 0)`.as('credits_posted'),
      sql<number>`coalesce(sum(debits_pending), 0)`.as('debits_pending'),
      sql<number>`coalesce(sum(credits_pending), 0)`.as('credits_pending'),
    ])
    .executeTakeFirstOrThrow();
  return {
    debits_posted: Number(row.debits_posted),
    credits_posted: Number(row.credits_posted),
    debits_pending: Number(row.debits_pending),
    credits_pending: Number(row.credits_pending),
  };
}

/** How many accounts and transfers the ledger holds. */
export async function countLedgerRows(
  db: Kysely<Database>,
): Promise<{ accounts: number; transfers: number }> {
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const transfers = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { accounts: Number(accounts.count), transfers: Number(transfers.count) };
}

/** An account whose stored counters differ from the replay of its transfers. */
export interface CounterMismatchRow extends CounterTotals {
  id: number;
  code: string;
  replay_debits_posted: number;
  replay_credits_posted: number;
  replay_debits_pending: number;
  replay_credits_pending: number;
}

/**
 * Accounts whose counters differ from a replay of the transfers: posted counters add every posted and
 * post_pending row; pending counters add every pending row that nothing has resolved yet.
 */
export async function findCounterMismatches(
  db: Kysely<Database>,
  limit: number,
): Promise<CounterMismatchRow[]> {
  const result = await sql<CounterMismatchRow>`
    with effects as (
      select t.id, t.debit_account_id, t.credit_account_id,
        case when t.status in ('posted', 'post_pending') then t.amount_minor else 0 end as posted_minor,
        case when t.status = 'pending'
          and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)
          then t.amount_minor else 0 end as open_pending_minor
      from ledger_transfers t
    ),
    debit_side as (
      select debit_account_id as account_id, sum(posted_minor) as posted, sum(open_pending_minor) as pending
      from effects group by debit_account_id
    ),
    credit_side as (
      select credit_account_id as account_id, sum(posted_minor) as posted, sum(open_pending_minor) as pending
      from effects group by credit_account_id
    )
    select a.id, a.code, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending,
      coalesce(d.posted, 0) as replay_debits_posted,
      coalesce(c.posted, 0) as replay_credits_posted,
      coalesce(d.pending, 0) as replay_debits_pending,
      coalesce(c.pending, 0) as replay_credits_pending
    from ledger_accounts a
    left join debit_side d on d.account_id = a.id
    left join credit_side c on c.account_id = a.id
    where a.debits_posted <> coalesce(d.posted, 0)
      or a.credits_posted <> coalesce(c.posted, 0)
      or a.debits_pending <> coalesce(d.pending, 0)
      or a.credits_pending <> coalesce(c.pending, 0)
    order by a.id
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** Wallets below zero and accounts with a negative counter. */
export async function findNegativeAccounts(
  db: Kysely<Database>,
  limit: number,
): Promise<Array<CounterTotals & { code: string; kind: string }>> {
  return db
    .selectFrom('ledger_accounts')
    .select(['code', 'kind', 'debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('kind', '=', 'user_wallet'),
          eb(sql<number>`debits_posted + debits_pending`, '>', eb.ref('credits_posted')),
        ]),
        eb('debits_posted', '<', 0),
        eb('credits_posted', '<', 0),
        eb('debits_pending', '<', 0),
        eb('credits_pending', '<', 0),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Pending transfers resolved by more than one row. */
export async function findHoldsResolvedTwice(
  db: Kysely<Database>,
  limit: number,
): Promise<Array<{ pending_id: number; resolutions: number }>> {
  const rows = await db
    .selectFrom('ledger_transfers')
    .select(['pending_id', (eb) => eb.fn.countAll<number>().as('resolutions')])
    .where('pending_id', 'is not', null)
    .groupBy('pending_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .orderBy('pending_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ pending_id: Number(row.pending_id), resolutions: Number(row.resolutions) }));
}

/**
 * Post and void rows that do not match the hold they resolve: a missing hold, a target that is not a
 * pending row, other accounts or kind, a post of more than was held, a void of another amount.
 */
export async function findBadResolutions(
  db: Kysely<Database>,
  limit: number,
): Promise<Array<{ id: number; status: string; pending_id: number | null; pending_status: string | null }>> {
  return db
    .selectFrom('ledger_transfers as r')
    .leftJoin('ledger_transfers as p', 'p.id', 'r.pending_id')
    .select(['r.id', 'r.status', 'r.pending_id', 'p.status as pending_status'])
    .where('r.status', 'in', ['post_pending', 'void_pending'])
    .where((eb) =>
      eb.or([
        eb('p.id', 'is', null),
        eb('p.status', '<>', 'pending'),
        eb('p.debit_account_id', '<>', eb.ref('r.debit_account_id')),
        eb('p.credit_account_id', '<>', eb.ref('r.credit_account_id')),
        eb('p.kind', '<>', eb.ref('r.kind')),
        eb.and([eb('r.status', '=', 'post_pending'), eb('r.amount_minor', '>', eb.ref('p.amount_minor'))]),
        eb.and([eb('r.status', '=', 'void_pending'), eb('r.amount_minor', '<>', eb.ref('p.amount_minor'))]),
      ]),
    )
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/**
 * Transfers of a malformed shape: a non-positive amount, one account on both sides, an unknown status or
 * kind, or a pending_id where none belongs (and none where one does).
 */
export async function findMalformedTransfers(
  db: Kysely<Database>,
  knownKinds: readonly string[],
  limit: number,
): Promise<Array<{ id: number; kind: string; status: string; amount_minor: number }>> {
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'kind', 'status', 'amount_minor'])
    .where((eb) =>
      eb.or([
        eb('amount_minor', '<=', 0),
        eb('debit_account_id', '=', eb.ref('credit_account_id')),
        eb('status', 'not in', ['posted', 'pending', 'post_pending', 'void_pending']),
        eb('kind', 'not in', knownKinds),
        eb.and([eb('status', 'in', ['posted', 'pending']), eb('pending_id', 'is not', null)]),
        eb.and([eb('status', 'in', ['post_pending', 'void_pending']), eb('pending_id', 'is', null)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Transfers (optionally only those with one of `statuses`) that put a user wallet on a side whose kind is
 * not among `allowedKinds`.
 */
export async function findUnlabelledWalletTransfers(
  db: Kysely<Database>,
  side: 'debit' | 'credit',
  allowedKinds: readonly string[],
  limit: number,
  statuses?: ReadonlyArray<'posted' | 'pending' | 'post_pending' | 'void_pending'>,
): Promise<Array<{ id: number; kind: string; code: string }>> {
  const accountColumn = side === 'debit' ? 't.debit_account_id' : 't.credit_account_id';
  let query = db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', accountColumn)
    .select(['t.id', 't.kind', 'a.code'])
    .where('a.kind', '=', 'user_wallet');
  if (allowedKinds.length > 0) query = query.where('t.kind', 'not in', allowedKinds);
  if (statuses) query = query.where('t.status', 'in', statuses);
  return query.orderBy('t.id').limit(limit).execute();
}
