import type { ColumnType, Generated, Selectable } from 'kysely';

/** Tables of migration 0003-ledger that hold the double-entry ledger. */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
}

export type LedgerAccountKind = 'user_wallet' | 'system';

/**
 * The four phases a transfer row can have (TigerBeetle's model): a `posted` row moves money at once; a
 * `pending` row reserves it; a `post_pending` row makes (part of) a pending row final and releases the
 * rest; a `void_pending` row releases all of it. A pending row is resolved by at most one other row.
 */
export type LedgerTransferStatus = 'posted' | 'pending' | 'post_pending' | 'void_pending';

/** A counter column: written only by the ledger's own UPDATEs, defaulting to 0 on insert. */
type Counter = ColumnType<number, number | undefined, number>;

export interface LedgerAccountsTable {
  id: Generated<number>;
  /** 'user:<id>' for a wallet, 'system:<name>' or 'system:gateway:<key>' for the operator's accounts. */
  code: string;
  kind: LedgerAccountKind;
  user_id: number | null;
  debits_posted: Counter;
  credits_posted: Counter;
  debits_pending: Counter;
  credits_pending: Counter;
  created_at: number;
}

export interface LedgerTransfersTable {
  id: Generated<number>;
  debit_account_id: number;
  credit_account_id: number;
  /** For a post_pending row the amount made final; for a void_pending row the amount released. */
  amount_minor: number;
  kind: string;
  status: LedgerTransferStatus;
  /** The pending row that a post_pending or void_pending row resolves; null otherwise. */
  pending_id: number | null;
  /** What business row the money belongs to, such as ('order', '42'); shown as relation_id. */
  reference_type: string;
  reference_id: string;
  idempotency_key: string;
  created_at: number;
}

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type LedgerTransferRow = Selectable<LedgerTransfersTable>;
