import type { AddRechargeResponse, PaymentAdapterName } from '@app/shared';

/**
 * The contract every gateway adapter fulfils (DESIGN.md §4 "Payments"): create an order, verify the
 * client's return, verify and parse a webhook from its raw body, fetch a payment's status. Adapters only
 * talk to their gateway and check signatures; what a verified report does to a recharge is decided by
 * the one crediting function of the wallet.
 */
export interface PaymentAdapter {
  readonly name: PaymentAdapterName;
  /** Whether the money arrives by a manual UPI transfer that an operator confirms from its UTR. */
  readonly manual: boolean;
  /** Creates the gateway's order for a recharge and answers what the app needs to pay it. */
  createOrder(request: OrderRequest): Promise<CreatedOrder>;
  /** Verifies what the gateway handed back to the browser; throws ReturnVerificationError when forged. */
  verifyReturn(order: OrderRef, params: Readonly<Record<string, string>>): Promise<PaymentReport>;
  /** Verifies a webhook's signature over its raw body and parses it; throws WebhookVerificationError. */
  verifyWebhook(request: WebhookRequest): Promise<VerifiedWebhook>;
  /** Asks the gateway what became of an order. */
  fetchStatus(order: OrderRef): Promise<PaymentReport>;
}

/** The payer's details from the recharge dialog. */
export interface PayerDetails {
  readonly name: string;
  readonly mobile: string;
  readonly email: string;
  readonly upiAccount: string | undefined;
}

export interface OrderRequest {
  /** The recharge's serial number: unique, and the order's reference at the gateway. */
  readonly serialNumber: string;
  readonly userId: number;
  readonly amountMinor: number;
  readonly payer: PayerDetails;
}

/** The adapter-specific part of the add_recharge answer. */
export type OrderAnswer = Partial<
  Pick<AddRechargeResponse, 'pay_url' | 'gateway' | 'data_dict' | 'options' | 'upi_account'>
>;

export interface CreatedOrder {
  /** The gateway's id of the order (null when there is no gateway, as for manual UPI). */
  readonly gatewayOrderId: string | null;
  readonly answer: OrderAnswer;
  /** Where the payment page sends the payer (kept with the recharge for query_recharge_by_sn). */
  readonly payUrl: string | null;
  /** The UPI account the payer is told to pay (kept so a later change of the channel does not move it). */
  readonly payeeUpiAccount: string | null;
  readonly payeeName: string | null;
}

/** What the crediting function needs to know about an order. */
export interface OrderRef {
  readonly serialNumber: string;
  readonly gatewayOrderId: string | null;
  readonly amountMinor: number;
}

/**
 * What a gateway says happened. `paid` carries the amount actually paid (minor units) and the currency
 * when the gateway names one, so the crediting function can compare them with the order.
 */
export type PaymentReport =
  | {
      readonly outcome: 'paid';
      readonly gatewayOrderId: string;
      readonly gatewayPaymentId: string;
      readonly amountMinor: number;
      readonly currency: string | undefined;
    }
  | {
      readonly outcome: 'failed';
      readonly gatewayOrderId: string;
      readonly gatewayPaymentId: string | undefined;
      readonly reason: string;
    }
  | { readonly outcome: 'pending'; readonly gatewayOrderId: string | null };

export interface WebhookRequest {
  readonly rawBody: Buffer;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface VerifiedWebhook {
  /** The gateway's id of the event; a redelivery carries the same id and is dropped. */
  readonly eventId: string;
  /** Undefined for events that concern no payment (they are acknowledged and otherwise ignored). */
  readonly report: PaymentReport | undefined;
}

/** A webhook that is unsigned, wrongly signed or malformed: it answers 400 and credits nothing. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** A client return whose signature or content does not hold up. */
export class ReturnVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReturnVerificationError';
  }
}

/** The gateway could not be reached or answered something unusable; nothing was decided. */
export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

/** A channel whose stored settings do not fit its adapter (the operator must fix them). */
export class ChannelConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelConfigurationError';
  }
}
