import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AdapterContext } from './adapter-context.ts';
import {
  type CreatedOrder,
  type OrderRef,
  type OrderRequest,
  type PaymentAdapter,
  type PaymentReport,
  ReturnVerificationError,
  type VerifiedWebhook,
  type WebhookRequest,
  WebhookVerificationError,
} from './payment-adapter.ts';
import type { SandboxPaymentRow } from './payments.tables.ts';
import { findSandboxPayment, listSandboxPayments } from './sandbox-payments.repository.ts';
import { hmacSha256, signaturesMatch, singleHeader } from './signatures.ts';

/** Where the sandbox's checkout page lives; the order's serial number follows. */
export const SANDBOX_CHECKOUT_PATH = '/pay/sandbox';
/** The header that carries the hex HMAC-SHA256 of a sandbox webhook's raw body. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Prefix of sandbox order ids. */
const SANDBOX_ORDER_PREFIX = 'sbo_';

/** The settings row of a sandbox channel: the secret its webhooks and returns are signed with. */
export const sandboxSettingsSchema = z.object({
  webhook_secret: z.string().min(16, 'webhook_secret must be at least 16 characters').max(200),
});
export type SandboxSettings = z.output<typeof sandboxSettingsSchema>;

/** A sandbox webhook event as the sandbox gateway sends it. */
export const sandboxEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['payment.paid', 'payment.failed']),
  created_at: z.number().int(),
  data: z.object({
    order_id: z.string().min(1).max(100),
    payment_id: z.string().min(1).max(100),
    amount_minor: z.number().int().nonnegative(),
    currency: z.string(),
  }),
});
export type SandboxEvent = z.output<typeof sandboxEventSchema>;

/** The signature of a sandbox webhook body. */
export function sandboxWebhookSignature(secret: string, rawBody: Buffer | string): string {
  return hmacSha256(secret, rawBody, 'hex');
}

/** The signature the sandbox hands the browser on its return, like Razorpay's: over order_id|payment_id. */
export function sandboxReturnSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacSha256(secret, `${orderId}|${paymentId}`, 'hex');
}

/** The report of one payment recorded by the sandbox gateway. */
function reportOf(payment: SandboxPaymentRow, currency: string): PaymentReport {
  return payment.status === 'paid'
    ? {
        outcome: 'paid',
        gatewayOrderId: payment.order_id,
        gatewayPaymentId: payment.payment_id,
        amountMinor: payment.amount_minor,
        currency,
      }
    : {
        outcome: 'failed',
        gatewayOrderId: payment.order_id,
        gatewayPaymentId: payment.payment_id,
        reason: 'the payer chose Fail on the sandbox checkout',
      };
}

/**
 * The built-in test gateway (DESIGN.md §4): its checkout page is served by this server, and it signs its
 * webhooks and returns exactly as a real gateway does, so crediting runs through the production code.
 */
export class SandboxAdapter implements PaymentAdapter {
  readonly name = 'sandbox' as const;
  readonly manual = false;

  constructor(
    private readonly settings: SandboxSettings,
    private readonly context: AdapterContext,
    private readonly db: Kysely<Database>,
  ) {}

  /** The order lives at the sandbox under an id derived from the serial; the payer goes to its checkout. */
  async createOrder(request: OrderRequest): Promise<CreatedOrder> {
    return {
      gatewayOrderId: `${SANDBOX_ORDER_PREFIX}${request.serialNumber}`,
      answer: { pay_url: `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(request.serialNumber)}` },
      payUrl: null,
      payeeUpiAccount: null,
      payeeName: null,
    };
  }

  /** Checks the return's signature over order_id|payment_id, then reads the payment from the sandbox. */
  async verifyReturn(order: OrderRef, params: Readonly<Record<string, string>>): Promise<PaymentReport> {
    const { order_id: orderId, payment_id: paymentId, signature } = params;
    if (!orderId || !paymentId || !signature) {
      throw new ReturnVerificationError('order_id, payment_id and signature are required');
    }
    if (orderId !== order.gatewayOrderId)
      throw new ReturnVerificationError('the order id is not this recharge’s');
    const expected = sandboxReturnSignature(this.settings.webhook_secret, orderId, paymentId);
    if (!signaturesMatch(expected, signature))
      throw new ReturnVerificationError('the signature does not match');
    const payment = await findSandboxPayment(this.db, paymentId);
    if (payment?.order_id !== orderId) throw new ReturnVerificationError('no such payment of this order');
    return reportOf(payment, this.context.currency);
  }

  /** Verifies the signature header over the raw body, then parses the event (its id is signed with it). */
  async verifyWebhook(request: WebhookRequest): Promise<VerifiedWebhook> {
    const expected = sandboxWebhookSignature(this.settings.webhook_secret, request.rawBody);
    if (!signaturesMatch(expected, singleHeader(request.headers, SANDBOX_SIGNATURE_HEADER))) {
      throw new WebhookVerificationError('invalid sandbox signature');
    }
    let event: SandboxEvent;
    try {
      event = sandboxEventSchema.parse(JSON.parse(request.rawBody.toString('utf8')));
    } catch {
      throw new WebhookVerificationError('malformed sandbox event');
    }
    const { data } = event;
    const report: PaymentReport =
      event.type === 'payment.paid'
        ? {
            outcome: 'paid',
            gatewayOrderId: data.order_id,
            gatewayPaymentId: data.payment_id,
            amountMinor: data.amount_minor,
            currency: data.currency,
          }
        : {
            outcome: 'failed',
            gatewayOrderId: data.order_id,
            gatewayPaymentId: data.payment_id,
            reason: 'the payer chose Fail on the sandbox checkout',
          };
    return { eventId: event.id, report };
  }

  /** What the sandbox recorded for the order: a successful payment, else only failures, else nothing yet. */
  async fetchStatus(order: OrderRef): Promise<PaymentReport> {
    if (!order.gatewayOrderId) return { outcome: 'pending', gatewayOrderId: null };
    const payments = await listSandboxPayments(this.db, order.gatewayOrderId);
    const paid = payments.find((payment) => payment.status === 'paid');
    if (paid) return reportOf(paid, this.context.currency);
    const last = payments[payments.length - 1];
    return last
      ? reportOf(last, this.context.currency)
      : { outcome: 'pending', gatewayOrderId: order.gatewayOrderId };
  }
}
