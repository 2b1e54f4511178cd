import { z } from 'zod';
import type { AdapterContext } from './adapter-context.ts';
import { callGateway, joinUrl } from './gateway-http.ts';
import {
  type CreatedOrder,
  GatewayError,
  type OrderRef,
  type OrderRequest,
  type PaymentAdapter,
  type PaymentReport,
  ReturnVerificationError,
  type VerifiedWebhook,
  type WebhookRequest,
  WebhookVerificationError,
} from './payment-adapter.ts';
import { hmacSha256, sha256Hex, signaturesMatch, singleHeader } from './signatures.ts';

/** Razorpay's production API; a test points a channel at a local fake instead. */
export const RAZORPAY_DEFAULT_API_BASE_URL = 'https://api.razorpay.com';

const secret = (field: string) => z.string().trim().min(1, `${field} is required`).max(200);

/** The settings row of a razorpay channel (keys from the Razorpay dashboard). */
export const razorpaySettingsSchema = z.object({
  key_id: secret('key_id'),
  key_secret: secret('key_secret'),
  webhook_secret: secret('webhook_secret'),
  api_base_url: z.url().default(RAZORPAY_DEFAULT_API_BASE_URL),
  /** The shop's name in the checkout widget. */
  checkout_name: z.string().max(100).default(''),
});
export type RazorpaySettings = z.output<typeof razorpaySettingsSchema>;

const razorpayOrderSchema = z.object({
  id: z.string().min(1).max(100),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});

const razorpayPaymentSchema = z.object({
  id: z.string().min(1).max(100),
  order_id: z.string().nullable().optional(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullable().optional(),
});
type RazorpayPayment = z.output<typeof razorpayPaymentSchema>;

const razorpayWebhookSchema = z.object({
  event: z.string(),
  payload: z
    .object({ payment: z.object({ entity: razorpayPaymentSchema }).optional() })
    .optional()
    .default({}),
});

/** Webhook events that report a payment; every other event is acknowledged and ignored. */
const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);
const FAILED_EVENTS = new Set(['payment.failed']);

/**
 * Razorpay (DESIGN.md §4): a server-side order, checkout options for the browser widget, the widget's
 * success verified with HMAC-SHA256(order_id|payment_id) under the key secret, and webhooks verified
 * with HMAC-SHA256 of the raw body under the webhook secret (X-Razorpay-Signature, hex), deduplicated by
 * X-Razorpay-Event-Id. Only captured payments credit; an authorized payment of the right amount is
 * captured first, so a merchant account without automatic capture still works.
 */
export class RazorpayAdapter implements PaymentAdapter {
  readonly name = 'razorpay' as const;
  readonly manual = false;

  constructor(
    private readonly settings: RazorpaySettings,
    private readonly context: AdapterContext,
  ) {}

  /** Creates the order at Razorpay and answers the widget's options. */
  async createOrder(request: OrderRequest): Promise<CreatedOrder> {
    const order = await this.call('POST', '/v1/orders', razorpayOrderSchema, {
      amount: request.amountMinor,
      currency: this.context.currency,
      receipt: request.serialNumber,
      notes: { serial_number: request.serialNumber },
    });
    if (order.amount !== request.amountMinor) {
      throw new GatewayError(
        `razorpay created order ${order.id} for ${order.amount}, not ${request.amountMinor}`,
      );
    }
    return {
      gatewayOrderId: order.id,
      answer: {
        options: {
          key: this.settings.key_id,
          amount: order.amount,
          currency: order.currency,
          name: this.settings.checkout_name,
          description: `Recharge ${request.serialNumber}`,
          order_id: order.id,
          prefill: { name: request.payer.name, email: request.payer.email, contact: request.payer.mobile },
          notes: { serial_number: request.serialNumber },
        },
      },
      payUrl: null,
      payeeUpiAccount: null,
      payeeName: null,
    };
  }

  /** Checks the widget's signature, then asks Razorpay for the payment itself (its status and amount). */
  async verifyReturn(order: OrderRef, params: Readonly<Record<string, string>>): Promise<PaymentReport> {
    const orderId = params.razorpay_order_id;
    const paymentId = params.razorpay_payment_id;
    const signature = params.razorpay_signature;
    if (!orderId || !paymentId || !signature) {
      throw new ReturnVerificationError(
        'razorpay_order_id, razorpay_payment_id and razorpay_signature are required',
      );
    }
    if (orderId !== order.gatewayOrderId)
      throw new ReturnVerificationError('the order id is not this recharge’s');
    const expected = hmacSha256(this.settings.key_secret, `${orderId}|${paymentId}`, 'hex');
    if (!signaturesMatch(expected, signature))
      throw new ReturnVerificationError('the signature does not match');
    const payment = await this.call(
      'GET',
      `/v1/payments/${encodeURIComponent(paymentId)}`,
      razorpayPaymentSchema,
    );
    if (payment.order_id !== orderId)
      throw new ReturnVerificationError('the payment belongs to another order');
    return this.settle(order, payment);
  }

  /** Verifies X-Razorpay-Signature over the raw body and reads the payment out of the event. */
  async verifyWebhook(request: WebhookRequest): Promise<VerifiedWebhook> {
    const signature = singleHeader(request.headers, 'x-razorpay-signature');
    const expected = hmacSha256(this.settings.webhook_secret, request.rawBody, 'hex');
    if (!signaturesMatch(expected, signature))
      throw new WebhookVerificationError('invalid razorpay signature');
    let event: z.output<typeof razorpayWebhookSchema>;
    try {
      event = razorpayWebhookSchema.parse(JSON.parse(request.rawBody.toString('utf8')));
    } catch {
      throw new WebhookVerificationError('malformed razorpay event');
    }
    // Razorpay names each event in a header; an identical body is the same event if it ever lacks one.
    const eventId =
      singleHeader(request.headers, 'x-razorpay-event-id') || `sha256:${sha256Hex(request.rawBody)}`;
    const payment = event.payload.payment?.entity;
    if (!payment?.order_id) return { eventId, report: undefined };
    if (PAID_EVENTS.has(event.event) && payment.status === 'captured') {
      return { eventId, report: paidReport(payment.order_id, payment) };
    }
    if (FAILED_EVENTS.has(event.event)) {
      return {
        eventId,
        report: {
          outcome: 'failed',
          gatewayOrderId: payment.order_id,
          gatewayPaymentId: payment.id,
          reason: payment.error_description ?? 'payment failed',
        },
      };
    }
    return { eventId, report: undefined };
  }

  /** Lists the order's payments: a captured one means paid; an authorized one is captured first. */
  async fetchStatus(order: OrderRef): Promise<PaymentReport> {
    if (!order.gatewayOrderId) return { outcome: 'pending', gatewayOrderId: null };
    const list = await this.call(
      'GET',
      `/v1/orders/${encodeURIComponent(order.gatewayOrderId)}/payments`,
      z.object({ items: z.array(razorpayPaymentSchema) }),
    );
    const usable =
      list.items.find((payment) => payment.status === 'captured') ??
      list.items.find((payment) => payment.status === 'authorized');
    if (usable) return this.settle(order, usable);
    const failed = list.items.filter((payment) => payment.status === 'failed');
    if (list.items.length > 0 && failed.length === list.items.length) {
      const last = failed[failed.length - 1];
      return {
        outcome: 'failed',
        gatewayOrderId: order.gatewayOrderId,
        gatewayPaymentId: last?.id,
        reason: last?.error_description ?? 'payment failed',
      };
    }
    return { outcome: 'pending', gatewayOrderId: order.gatewayOrderId };
  }

  /** The report of one payment of the order, capturing it when it is authorized for the order's amount. */
  private async settle(order: OrderRef, payment: RazorpayPayment): Promise<PaymentReport> {
    const gatewayOrderId = order.gatewayOrderId ?? '';
    let current = payment;
    // A payment of another amount is never captured: Razorpay refunds uncaptured payments by itself.
    if (current.status === 'authorized' && current.amount === order.amountMinor) {
      current = await this.call(
        'POST',
        `/v1/payments/${encodeURIComponent(current.id)}/capture`,
        razorpayPaymentSchema,
        { amount: current.amount, currency: current.currency },
      );
    }
    if (
      current.status === 'captured' ||
      (current.status === 'authorized' && current.amount !== order.amountMinor)
    ) {
      return paidReport(gatewayOrderId, current);
    }
    if (current.status === 'failed') {
      return {
        outcome: 'failed',
        gatewayOrderId,
        gatewayPaymentId: current.id,
        reason: current.error_description ?? 'payment failed',
      };
    }
    return { outcome: 'pending', gatewayOrderId };
  }

  private call<Schema extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: Schema,
    body?: unknown,
  ): Promise<z.output<Schema>> {
    const credentials = Buffer.from(`${this.settings.key_id}:${this.settings.key_secret}`).toString('base64');
    return callGateway({
      gateway: 'razorpay',
      method,
      url: joinUrl(this.settings.api_base_url, path),
      headers: { authorization: `Basic ${credentials}` },
      body,
      schema,
    });
  }
}

function paidReport(gatewayOrderId: string, payment: RazorpayPayment): PaymentReport {
  return {
    outcome: 'paid',
    gatewayOrderId,
    gatewayPaymentId: payment.id,
    amountMinor: payment.amount,
    currency: payment.currency,
  };
}
