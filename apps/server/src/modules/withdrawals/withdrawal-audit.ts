import { OPERATOR_AUTH_FAILED_EVENT } from '../../http/operator-guard.ts';
/** The audit events of bank cards and withdrawals (DESIGN.md "Auth and security"). */
export const WithdrawalAuditEvent = {
  bankCardAdded: 'bank_card_added',
  bankCardEdited: 'bank_card_edited',
  bankCardDeleted: 'bank_card_deleted',
  withdrawalRequested: 'withdrawal_requested',
  withdrawalPasswordFailed: 'withdrawal_password_failed',
  withdrawalRateLimited: 'withdrawal_rate_limited',
  operatorWithdrawalApproved: 'operator_withdrawal_approved',
  operatorWithdrawalFirstApproval: 'operator_withdrawal_first_approval',
  operatorWithdrawalPaid: 'operator_withdrawal_paid',
  operatorWithdrawalRejected: 'operator_withdrawal_rejected',
  withdrawalPayoutSucceeded: 'withdrawal_payout_succeeded',
  withdrawalPayoutFailed: 'withdrawal_payout_failed',
  operatorAuthFailed: OPERATOR_AUTH_FAILED_EVENT,
} as const;
