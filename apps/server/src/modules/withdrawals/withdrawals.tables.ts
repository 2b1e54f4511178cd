import type { PayoutAdapterName, PayoutStatus, WithdrawalStatus } from '@app/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Tables of migration 0006-withdrawals: bank cards, withdrawal channels, wagering, withdrawals. */
export interface WithdrawalsTables {
  bank_cards: BankCardsTable;
  bank_code_groups: BankCodeGroupsTable;
  bank_codes: BankCodesTable;
  withdrawal_channels: WithdrawalChannelsTable;
  wagering_requirements: WageringRequirementsTable;
  withdrawals: WithdrawalsTable;
}

/**
 * A bank card of one user. ifsc_code is 'None' outside India; upi_account holds the seven PIX values in
 * pt and the CLABE in mx. withdrawable_from ends the cool-down after the card was added or edited. A
 * deleted card keeps its row (deleted_at set) so the withdrawals that name it still do.
 */
export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  actual_name: string;
  ifsc_code: string;
  bank_name: string;
  account_number: string;
  province: string;
  city: string;
  address: string;
  mobile_number: string;
  email: string;
  upi_account: string;
  withdrawable_from: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A list of banks a withdrawal channel asks the user to choose from. */
export interface BankCodeGroupsTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

export interface BankCodesTable {
  id: Generated<number>;
  group_id: number;
  code: string;
  name: string;
  sort_order: ColumnType<number, number | undefined, number>;
}

/** A way to pay withdrawals out, through a payout adapter. */
export interface WithdrawalChannelsTable {
  id: Generated<number>;
  key: string;
  name: string;
  adapter: PayoutAdapterName;
  bank_code_group_id: number | null;
  is_enabled: ColumnType<number, number | undefined, number>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

/** needs_bet of a user: what they must still stake before they may withdraw (never below 0). */
export interface WageringRequirementsTable {
  user_id: number;
  needs_bet_minor: number;
  updated_at: number;
}

/**
 * One withdrawal. The channel and card columns are copies taken when it was requested, so later edits
 * change nothing of it. hold_transfer_id is the ledger hold of amount_minor; settle_transfer_id the post
 * (Success) or the void (Reject) of that hold; fee_transfer_id the fee moved to fee revenue on Success.
 */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  bank_card_id: number;
  channel_id: number;
  channel_key: string;
  channel_name: string;
  payout_adapter: PayoutAdapterName;
  bank_code: string;
  actual_name: string;
  ifsc_code: string;
  bank_name: string;
  account_number: string;
  upi_account: string;
  amount_minor: number;
  fee_minor: number;
  actual_minor: number;
  status: WithdrawalStatus;
  payout_status: PayoutStatus;
  fail_reason: string;
  payout_reference: string;
  hold_transfer_id: number | null;
  settle_transfer_id: number | null;
  fee_transfer_id: number | null;
  created_at: number;
  decided_at: number | null;
  updated_at: number;
  /** The operator (audit name) who gave the first of a four-eyes withdrawal's two approvals (migration 0050). */
  first_approver: ColumnType<string | null, string | null | undefined, string | null>;
  first_approved_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export type BankCardRow = Selectable<BankCardsTable>;
export type NewBankCardRow = Insertable<BankCardsTable>;
export type WithdrawalChannelRow = Selectable<WithdrawalChannelsTable>;
export type NewWithdrawalChannelRow = Insertable<WithdrawalChannelsTable>;
export type BankCodeRow = Selectable<BankCodesTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type NewWithdrawalRow = Insertable<WithdrawalsTable>;
