import { OPERATOR_AUTH_FAILED_EVENT } from '../../http/operator-guard.ts';
/** Shop events of the audit log (DESIGN.md "Auth and security": money and operator actions). */
export const ShopAuditEvent = {
  orderPlaced: 'order_placed',
  orderCancelled: 'order_cancelled',
  orderConfirmed: 'order_confirmed',
  buyPasswordFailed: 'buy_password_failed',
  buyRateLimited: 'buy_rate_limited',
  operatorOrderShipped: 'operator_order_shipped',
  operatorOrderRefunded: 'operator_order_refunded',
  operatorProductCreated: 'operator_product_created',
  operatorProductUpdated: 'operator_product_updated',
  operatorAuthFailed: OPERATOR_AUTH_FAILED_EVENT,
} as const;

/**
 * Who acted, in the `operator` field of an operator action's audit row: the holder of ADMIN_TOKEN, until
 * the operator console brings operator accounts (the same value the wallet's operator API records).
 */
export const ADMIN_TOKEN_ACTOR = 'admin_token';

/** The operator and the client address of one operator call, for the audit row. */
export interface OperatorContext {
  readonly operator: string;
  readonly ip: string | null;
}
