import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { LedgerInvariantError } from './ledger.errors.ts';
import { accountCode, type LedgerKind, ledgerKindRule, type SystemAccountName } from './ledger.kinds.ts';
import { applyCounterDelta, lockAccountsByCode } from './ledger.repository.ts';

/**
 * The rows a bulk credit pays: a query answering user_id, reference_id, idempotency_key and amount_minor
 * (one row per credit; every amount positive, every key new).
 */
export type BulkCreditSource = RawBuilder<unknown>;

export interface BulkWalletCredit {
  /** The operator's account that pays every credit (game escrow for winnings). */
  readonly debit: SystemAccountName;
  readonly kind: LedgerKind;
  readonly referenceType: string;
  readonly source: BulkCreditSource;
  readonly createdAt: number;
}

/**
 * Posts many credits from one system account to user wallets in a few set-based statements instead of
 * one movement per row: what settling a period with 100,000 bets needs (issue 7). The invariants are the
 * ledger's own: one append-only posted transfer per credit with a positive amount and a unique
 * idempotency key (a repeated key fails the whole transaction), a kind that may credit a wallet, every
 * wallet's credits_posted raised by exactly the sum of its new transfers and the payer's debits_posted by
 * the total, wallets locked in ascending id order on PostgreSQL after the payer. Must run inside the
 * caller's transaction. Answers how many credits were posted and their total.
 */
export async function postBulkWalletCredits(
  trx: Kysely<Database>,
  dialect: DialectName,
  credit: BulkWalletCredit,
): Promise<{ count: number; totalMinor: number }> {
  if (!trx.isTransaction) throw new LedgerInvariantError('ledger writes must run inside runInTransaction');
  if (ledgerKindRule(credit.kind).userCredit === undefined) {
    throw new LedgerInvariantError(`a ${credit.kind} transfer cannot credit a user wallet`);
  }
  const source = credit.source;
  const summary = await sql<{
    rows: number;
    wallets: number;
    total: number | null;
    non_positive: number | null;
  }>`
    select count(*) as rows, count(distinct s.user_id) as wallets, sum(s.amount_minor) as total,
      sum(case when s.amount_minor <= 0 then 1 else 0 end) as non_positive
    from (${source}) s
  `.execute(trx);
  const rows = Number(summary.rows[0]?.rows ?? 0);
  if (rows === 0) return { count: 0, totalMinor: 0 };
  if (Number(summary.rows[0]?.non_positive ?? 0) > 0) {
    throw new LedgerInvariantError('a bulk credit has an amount that is not positive');
  }
  const totalMinor = Number(summary.rows[0]?.total ?? 0);
  if (!Number.isSafeInteger(totalMinor))
    throw new LedgerInvariantError(`bulk credit total ${totalMinor} is unsafe`);

  const [payer] = await lockAccountsByCode(trx, dialect, [accountCode({ system: credit.debit })]);
  if (!payer) throw new LedgerInvariantError(`system account ${credit.debit} is missing`);
  if (dialect === 'postgres') {
    await sql`
      select id from ledger_accounts
      where kind = 'user_wallet' and user_id in (select s.user_id from (${source}) s)
      order by id for update
    `.execute(trx);
  }
  const inserted = await sql`
    insert into ledger_transfers (debit_account_id, credit_account_id, amount_minor, kind, status,
      pending_id, reference_type, reference_id, idempotency_key, created_at)
    select ${payer.id}, a.id, s.amount_minor, ${credit.kind}, 'posted', null, ${credit.referenceType},
      s.reference_id, s.idempotency_key, ${credit.createdAt}
    from (${source}) s
    join ledger_accounts a on a.user_id = s.user_id and a.kind = 'user_wallet'
  `.execute(trx);
  if (Number(inserted.numAffectedRows ?? 0n) !== rows) {
    throw new LedgerInvariantError(
      `bulk credit posted ${inserted.numAffectedRows} of ${rows} rows: a wallet is missing`,
    );
  }
  // UPDATE … FROM (PostgreSQL, and SQLite since 3.33) sums each wallet's credits once, where a correlated
  // subquery would run once per wallet.
  const raised = await sql`
    update ledger_accounts
    set credits_posted = ledger_accounts.credits_posted + t.total_minor
    from (select s.user_id as user_id, sum(s.amount_minor) as total_minor from (${source}) s
      group by s.user_id) t
    where ledger_accounts.kind = 'user_wallet' and ledger_accounts.user_id = t.user_id
  `.execute(trx);
  const wallets = Number(summary.rows[0]?.wallets ?? 0);
  if (Number(raised.numAffectedRows ?? 0n) !== wallets) {
    throw new LedgerInvariantError(`bulk credit raised ${raised.numAffectedRows} of ${wallets} wallets`);
  }
  if (!(await applyCounterDelta(trx, payer.id, { debitsPosted: totalMinor }))) {
    throw new LedgerInvariantError(`account ${payer.code} vanished while its counters were moved`);
  }
  return { count: rows, totalMinor };
}
