import { OPERATOR_AUTH_FAILED_EVENT } from '../../http/operator-guard.ts';
/** The money events the wallet writes to the audit log (DESIGN.md "Auth and security"). */
export const WalletAuditEvent = {
  rechargeCredited: 'recharge_credited',
  /** A verified payment whose amount or currency differs from its order: not credited. */
  rechargePaymentMismatch: 'recharge_payment_mismatch',
  /** A second verified payment of an order already credited: the operator must refund it. */
  rechargeDuplicatePayment: 'recharge_duplicate_payment',
  /** A gateway payment presented for an order other than the one it already credited. */
  rechargePaymentReused: 'recharge_payment_reused',
  rechargeUtrSubmitted: 'recharge_utr_submitted',
  operatorRechargeConfirmed: 'operator_recharge_confirmed',
  operatorRechargeFirstConfirmation: 'operator_recharge_first_confirmation',
  operatorRechargeRejected: 'operator_recharge_rejected',
  operatorAuthFailed: OPERATOR_AUTH_FAILED_EVENT,
  userTransfer: 'user_transfer',
} as const;
