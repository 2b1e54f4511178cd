import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import { jsonRowsFrom } from '../../db/dialect.ts';
import type { LedgerAccountRow } from './ledger.tables.ts';

/** One posted transfer of a bulk debit, with its accounts already resolved to ids. */
export interface BulkTransferRow {
  readonly debit_account_id: number;
  readonly credit_account_id: number;
  readonly amount_minor: number;
  readonly kind: string;
  readonly reference_type: string;
  readonly reference_id: string;
  readonly idempotency_key: string;
  readonly created_at: number;
}

/**
 * Accounts by code in ascending id order, locked FOR UPDATE on PostgreSQL in that order (the order every
 * movement of the ledger locks in, so a bulk debit and single transfers never deadlock) unless `lock` is
 * false. The codes travel as one JSON parameter, so the statement is the same for any number of accounts.
 */
export function lockAccountsByCodesStatement(
  dialect: DialectName,
  codes: readonly string[],
  lock = true,
): RawBuilder<LedgerAccountRow> {
  const wanted = jsonRowsFrom(
    dialect,
    'w',
    codes.map((code) => ({ code })),
    { code: 'text' },
  );
  const locking = dialect === 'postgres' && lock ? sql`for update` : sql``;
  return sql<LedgerAccountRow>`
    select * from ledger_accounts
    where code in (select w.code from ${wanted})
    order by id ${locking}
  `;
}

/** One account's part of a bulk movement that locks its accounts itself. */
export interface AccountMove {
  readonly account_id: number;
  readonly debit_minor: number;
  readonly credit_minor: number;
  /** When set, the account moves only while what it has available is exactly this. */
  readonly expected_available_minor: number | null;
}

/**
 * The UPDATE that locks the accounts FOR UPDATE in ascending id order (PostgreSQL) and then moves their
 * posted counters, for a `commitTogether` without a transaction around it. An account is changed only while
 * it has its debit available (credits_posted − debits_posted − debits_pending, as for a single debit) and,
 * when an expected amount is given, while it has exactly that available: fewer rows changed than listed
 * means one was short or had changed. After waiting for a lock PostgreSQL checks the conditions against the
 * row as the other transaction left it.
 */
export function lockAndMoveAccountsStatement(
  dialect: DialectName,
  moves: readonly AccountMove[],
): RawBuilder<unknown> {
  const source = jsonRowsFrom(dialect, 't', moves, {
    account_id: 'integer',
    debit_minor: 'integer',
    credit_minor: 'integer',
    expected_available_minor: 'integer',
  });
  const locking = dialect === 'postgres' ? sql`for update of a` : sql``;
  const available = sql`(ledger_accounts.credits_posted - ledger_accounts.debits_posted - ledger_accounts.debits_pending)`;
  return sql`
    update ledger_accounts
    set debits_posted = ledger_accounts.debits_posted + l.debit_minor,
      credits_posted = ledger_accounts.credits_posted + l.credit_minor
    from (
      select a.id, t.debit_minor, t.credit_minor, t.expected_available_minor
      from ledger_accounts a join ${source} on a.id = t.account_id
      order by a.id ${locking}
    ) l
    where ledger_accounts.id = l.id
      and (l.debit_minor = 0 or ${available} >= l.debit_minor)
      and (l.expected_available_minor is null or ${available} = l.expected_available_minor)
  `;
}

/** The INSERT appending posted transfers at once (for `writeTogether`). */
export function insertPostedTransfersStatement(
  dialect: DialectName,
  rows: readonly BulkTransferRow[],
): RawBuilder<unknown> {
  const source = jsonRowsFrom(dialect, 's', rows, {
    debit_account_id: 'integer',
    credit_account_id: 'integer',
    amount_minor: 'integer',
    kind: 'text',
    reference_type: 'text',
    reference_id: 'text',
    idempotency_key: 'text',
    created_at: 'integer',
  });
  return sql`
    insert into ledger_transfers (debit_account_id, credit_account_id, amount_minor, kind, status,
      pending_id, reference_type, reference_id, idempotency_key, created_at)
    select s.debit_account_id, s.credit_account_id, s.amount_minor, s.kind, 'posted', null,
      s.reference_type, s.reference_id, s.idempotency_key, s.created_at
    from ${source}
  `;
}

/**
 * The UPDATE raising each listed account's debits_posted by its amount, each only while the account still
 * has that much available (credits_posted − debits_posted − debits_pending), the same condition as a single
 * debit: fewer rows updated than listed means one was short.
 */
export function debitAccountsIfAvailableStatement(
  dialect: DialectName,
  debits: ReadonlyArray<{ account_id: number; amount_minor: number }>,
): RawBuilder<unknown> {
  const source = jsonRowsFrom(dialect, 't', debits, { account_id: 'integer', amount_minor: 'integer' });
  return sql`
    update ledger_accounts
    set debits_posted = ledger_accounts.debits_posted + t.amount_minor
    from ${source}
    where ledger_accounts.id = t.account_id
      and ledger_accounts.credits_posted - ledger_accounts.debits_posted - ledger_accounts.debits_pending
        >= t.amount_minor
  `;
}

/** The UPDATE raising one account's credits_posted (the system account a bulk debit pays). */
export function creditPostedStatement(accountId: number, amountMinor: number): RawBuilder<unknown> {
  return sql`update ledger_accounts set credits_posted = credits_posted + ${amountMinor} where id = ${accountId}`;
}
