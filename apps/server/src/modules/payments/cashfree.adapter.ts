import { minorToDecimalString } from '@app/shared';
import { z } from 'zod';
import { type AdapterContext, majorAmountToMinor, returnUrl, webhookUrl } from './adapter-context.ts';
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
import { hmacSha256, signaturesMatch, singleHeader } from './signatures.ts';

/** Cashfree's production payment-gateway API and the API version these calls are written against. */
export const CASHFREE_DEFAULT_API_BASE_URL = 'https://api.cashfree.com/pg';
export const CASHFREE_API_VERSION = '2023-08-01';
/** The hosted checkout that takes a payment session by form post. */
export const CASHFREE_DEFAULT_CHECKOUT_URL = 'https://api.cashfree.com/pg/view/sessions/checkout';

const secret = (field: string) => z.string().trim().min(1, `${field} is required`).max(200);

/** The settings row of a cashfree channel (the app id and secret key of the Cashfree dashboard). */
export const cashfreeSettingsSchema = z.object({
  app_id: secret('app_id'),
  secret_key: secret('secret_key'),
  api_base_url: z.url().default(CASHFREE_DEFAULT_API_BASE_URL),
  api_version: z.string().min(1).max(20).default(CASHFREE_API_VERSION),
  checkout_url: z.url().default(CASHFREE_DEFAULT_CHECKOUT_URL),
});
export type CashfreeSettings = z.output<typeof cashfreeSettingsSchema>;

const amountField = z.union([z.number(), z.string()]);
const cfPaymentIdField = z.union([z.number(), z.string()]).transform(String);

const cashfreeOrderSchema = z.object({
  order_id: z.string().min(1).max(100),
  payment_session_id: z.string().min(1).max(1000),
  order_amount: amountField,
  order_status: z.string(),
});

const cashfreePaymentSchema = z.object({
  cf_payment_id: cfPaymentIdField,
  payment_status: z.string(),
  payment_amount: amountField,
  payment_currency: z.string().optional(),
  payment_message: z.string().nullable().optional(),
});
type CashfreePayment = z.output<typeof cashfreePaymentSchema>;

const cashfreeWebhookSchema = z.object({
  type: z.string(),
  data: z.object({
    order: z.object({ order_id: z.string().min(1).max(100) }),
    payment: cashfreePaymentSchema.optional(),
  }),
});

/** Payment statuses after which the payer has to start again. */
const FAILED_STATUSES = new Set(['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID']);

/**
 * Cashfree (DESIGN.md §4): an order with a payment session that the app posts to the hosted checkout in
 * a hidden form, webhooks signed with Base64(HMAC-SHA256(x-webhook-timestamp + raw body)) under the
 * secret key. The return to the app carries only the order id, so it is verified by asking Cashfree.
 */
export class CashfreeAdapter implements PaymentAdapter {
  readonly name = 'cashfree' as const;
  readonly manual = false;

  constructor(
    private readonly settings: CashfreeSettings,
    private readonly context: AdapterContext,
  ) {}

  /** Creates the order (its id is the serial number) and answers the hosted checkout's form. */
  async createOrder(request: OrderRequest): Promise<CreatedOrder> {
    const order = await this.call('POST', '/orders', cashfreeOrderSchema, {
      order_id: request.serialNumber,
      // Cashfree takes major units as a JSON number; two decimals are exact in a double for display.
      order_amount: Number(minorToDecimalString(request.amountMinor)),
      order_currency: this.context.currency,
      customer_details: {
        customer_id: `user_${request.userId}`,
        customer_name: request.payer.name,
        customer_email: request.payer.email,
        customer_phone: request.payer.mobile,
      },
      order_meta: {
        return_url: returnUrl(this.context, request.serialNumber),
        notify_url: webhookUrl(this.context),
      },
    });
    if (majorAmountToMinor(order.order_amount) !== request.amountMinor) {
      throw new GatewayError(`cashfree created order ${order.order_id} for ${order.order_amount}`);
    }
    return {
      gatewayOrderId: order.order_id,
      answer: {
        gateway: this.settings.checkout_url,
        data_dict: { payment_session_id: order.payment_session_id },
      },
      payUrl: null,
      payeeUpiAccount: null,
      payeeName: null,
    };
  }

  /** The return names the order only; what happened is asked of Cashfree. */
  async verifyReturn(order: OrderRef, params: Readonly<Record<string, string>>): Promise<PaymentReport> {
    const orderId = params.order_id;
    if (orderId !== undefined && orderId !== order.gatewayOrderId) {
      throw new ReturnVerificationError('the order id is not this recharge’s');
    }
    return this.fetchStatus(order);
  }

  /** Verifies x-webhook-signature over x-webhook-timestamp + the raw body and reads the payment. */
  async verifyWebhook(request: WebhookRequest): Promise<VerifiedWebhook> {
    const timestamp = singleHeader(request.headers, 'x-webhook-timestamp');
    const signature = singleHeader(request.headers, 'x-webhook-signature');
    if (!timestamp) throw new WebhookVerificationError('missing x-webhook-timestamp');
    const expected = hmacSha256(
      this.settings.secret_key,
      Buffer.concat([Buffer.from(timestamp, 'utf8'), request.rawBody]),
      'base64',
    );
    if (!signaturesMatch(expected, signature))
      throw new WebhookVerificationError('invalid cashfree signature');
    let event: z.output<typeof cashfreeWebhookSchema>;
    try {
      event = cashfreeWebhookSchema.parse(JSON.parse(request.rawBody.toString('utf8')));
    } catch {
      throw new WebhookVerificationError('malformed cashfree event');
    }
    const payment = event.data.payment;
    const orderId = event.data.order.order_id;
    // Cashfree sends an idempotency key with each event; a redelivery without it is the same payment event.
    const eventId =
      singleHeader(request.headers, 'x-idempotency-key') ||
      `${event.type}:${payment?.cf_payment_id ?? orderId}`;
    if (!payment) return { eventId, report: undefined };
    const report = paymentReport(orderId, payment);
    if (!report) throw new WebhookVerificationError('malformed cashfree payment amount');
    return { eventId, report: report.outcome === 'pending' ? undefined : report };
  }

  /** Lists the order's payments: a successful one means paid; only failed ones mean failed. */
  async fetchStatus(order: OrderRef): Promise<PaymentReport> {
    if (!order.gatewayOrderId) return { outcome: 'pending', gatewayOrderId: null };
    const payments = await this.call(
      'GET',
      `/orders/${encodeURIComponent(order.gatewayOrderId)}/payments`,
      z.array(cashfreePaymentSchema),
    );
    const reports = payments.map((payment) => paymentReport(order.gatewayOrderId ?? '', payment));
    if (reports.some((report) => report === undefined)) {
      throw new GatewayError(`cashfree stated an unreadable amount for order ${order.gatewayOrderId}`);
    }
    const known = reports as PaymentReport[];
    const paid = known.find((report) => report.outcome === 'paid');
    if (paid) return paid;
    const last = known[known.length - 1];
    if (last && known.every((report) => report.outcome === 'failed')) return last;
    return { outcome: 'pending', gatewayOrderId: order.gatewayOrderId };
  }

  private call<Schema extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: Schema,
    body?: unknown,
  ): Promise<z.output<Schema>> {
    return callGateway({
      gateway: 'cashfree',
      method,
      url: joinUrl(this.settings.api_base_url, path),
      headers: {
        'x-client-id': this.settings.app_id,
        'x-client-secret': this.settings.secret_key,
        'x-api-version': this.settings.api_version,
      },
      body,
      schema,
    });
  }
}

/** One Cashfree payment as a report; undefined when its amount cannot be read. */
function paymentReport(gatewayOrderId: string, payment: CashfreePayment): PaymentReport | undefined {
  if (payment.payment_status === 'SUCCESS') {
    const amountMinor = majorAmountToMinor(payment.payment_amount);
    if (amountMinor === undefined) return undefined;
    return {
      outcome: 'paid',
      gatewayOrderId,
      gatewayPaymentId: payment.cf_payment_id,
      amountMinor,
      currency: payment.payment_currency,
    };
  }
  if (FAILED_STATUSES.has(payment.payment_status)) {
    return {
      outcome: 'failed',
      gatewayOrderId,
      gatewayPaymentId: payment.cf_payment_id,
      reason: payment.payment_message ?? payment.payment_status,
    };
  }
  return { outcome: 'pending', gatewayOrderId };
}
