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
 * movement of the ledger locks in, so a bulk debit and single transfers never deadlock). The codes travel as
 * one JSON parameter, so the statement is the same for any number of accounts.
 */
export function lockAccountsByCodesStatement(
  dialect: DialectName,
  codes: readonly string[],
): RawBuilder<LedgerAccountRow> {
  const wanted = jsonRowsFrom(
    dialect,
    'w',
    codes.map((code) => ({ code })),
    { code: 'text' },
  );
  const lock = dialect === 'postgres' ? sql`for update` : sql``;
  return sql<LedgerAccountRow>`
    select * from ledger_accounts
    where code in (select w.code from ${wanted})
    order by id ${lock}
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
