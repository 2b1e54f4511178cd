import { minorToDecimalString } from '@app/shared';
import { z } from 'zod';
import { type AdapterContext, majorAmountToMinor, returnUrl, webhookUrl } from './adapter-context.ts';
import { callGateway } from './gateway-http.ts';
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

/** The field that carries the signature in every message of the protocol. */
export const FORM_POST_SIGNATURE_FIELD = 'sign';
/** How many fields a notification may have; more is not a notification of this protocol. */
const MAX_NOTIFICATION_FIELDS = 50;

const secret = (field: string) => z.string().trim().min(1, `${field} is required`).max(200);

/** The settings row of a form-post channel such as ka. */
export const formPostSettingsSchema = z.object({
  /** The form's action: where the app posts data_dict. */
  gateway_url: z.url(),
  /** Where the server asks for an order's status. */
  query_url: z.url(),
  merchant_id: secret('merchant_id'),
  secret: secret('secret'),
});
export type FormPostSettings = z.output<typeof formPostSettingsSchema>;

/**
 * The signature of a message of the form-post protocol: hex HMAC-SHA256 under the merchant secret of
 * the fields other than `sign` that have a value, sorted by name and joined as name=value&name=value.
 */
export function formPostSignature(secretKey: string, fields: Readonly<Record<string, string>>): string {
  const canonical = Object.keys(fields)
    .filter((name) => name !== FORM_POST_SIGNATURE_FIELD && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return hmacSha256(secretKey, canonical, 'hex');
}

const statusAnswerSchema = z.record(z.string(), z.union([z.string(), z.number()]).transform(String));

/**
 * Form-post gateways (`ka` and any other that works the same way): the app posts `data_dict` to
 * `gateway`, a form of the order signed with the merchant secret; the gateway notifies the server with a
 * signed form (or JSON) of merchant_id, order_no, trade_no, amount, status and sign, returns the payer
 * with the same signed fields, and answers signed status queries.
 */
export class FormPostAdapter implements PaymentAdapter {
  readonly name = 'form_post' as const;
  readonly manual = false;

  constructor(
    private readonly settings: FormPostSettings,
    private readonly context: AdapterContext,
  ) {}

  /** The signed form of the order; the gateway creates its side when the payer's browser posts it. */
  async createOrder(request: OrderRequest): Promise<CreatedOrder> {
    const fields: Record<string, string> = {
      merchant_id: this.settings.merchant_id,
      order_no: request.serialNumber,
      amount: minorToDecimalString(request.amountMinor),
      currency: this.context.currency,
      notify_url: webhookUrl(this.context),
      return_url: returnUrl(this.context, request.serialNumber),
      customer_name: request.payer.name,
      customer_email: request.payer.email,
      customer_mobile: request.payer.mobile,
      timestamp: String(this.context.clock.now()),
    };
    fields[FORM_POST_SIGNATURE_FIELD] = formPostSignature(this.settings.secret, fields);
    return {
      gatewayOrderId: request.serialNumber,
      answer: { gateway: this.settings.gateway_url, data_dict: fields },
      payUrl: null,
      payeeUpiAccount: null,
      payeeName: null,
    };
  }

  /** The return carries the gateway's signed result; an unsigned or pending one is asked of the gateway. */
  async verifyReturn(order: OrderRef, params: Readonly<Record<string, string>>): Promise<PaymentReport> {
    if (params[FORM_POST_SIGNATURE_FIELD] === undefined) return this.fetchStatus(order);
    if (!this.isSigned(params)) throw new ReturnVerificationError('the signature does not match');
    if (params.order_no !== order.gatewayOrderId)
      throw new ReturnVerificationError('the order is not this recharge’s');
    const report = this.report(params);
    if (!report) throw new ReturnVerificationError('the return is incomplete');
    return report.outcome === 'pending' ? this.fetchStatus(order) : report;
  }

  /** Verifies the notification's `sign` over its fields, parsed from the raw body by this code alone. */
  async verifyWebhook(request: WebhookRequest): Promise<VerifiedWebhook> {
    const fields = parseNotification(request);
    if (!this.isSigned(fields)) throw new WebhookVerificationError('invalid form-post signature');
    const report = this.report(fields);
    if (!report || report.outcome === 'pending') {
      throw new WebhookVerificationError('form-post notification without a final result');
    }
    return { eventId: `${fields.trade_no}:${fields.status}`, report };
  }

  /** Asks the gateway with a signed query and checks the signature of its answer too. */
  async fetchStatus(order: OrderRef): Promise<PaymentReport> {
    if (!order.gatewayOrderId) return { outcome: 'pending', gatewayOrderId: null };
    const query: Record<string, string> = {
      merchant_id: this.settings.merchant_id,
      order_no: order.gatewayOrderId,
      timestamp: String(this.context.clock.now()),
    };
    query[FORM_POST_SIGNATURE_FIELD] = formPostSignature(this.settings.secret, query);
    const answer = await callGateway({
      gateway: 'form_post',
      method: 'POST',
      url: this.settings.query_url,
      body: query,
      schema: statusAnswerSchema,
    });
    if (!this.isSigned(answer))
      throw new GatewayError('form_post status answer is not signed by the merchant secret');
    if (answer.order_no !== order.gatewayOrderId)
      throw new GatewayError('form_post answered for another order');
    const report = this.report(answer);
    if (!report) throw new GatewayError('form_post status answer is incomplete');
    return report;
  }

  private isSigned(fields: Readonly<Record<string, string>>): boolean {
    if (fields.merchant_id !== this.settings.merchant_id) return false;
    return signaturesMatch(
      formPostSignature(this.settings.secret, fields),
      fields[FORM_POST_SIGNATURE_FIELD],
    );
  }

  /** The report of signed result fields; undefined when a field it needs is missing or unreadable. */
  private report(fields: Readonly<Record<string, string>>): PaymentReport | undefined {
    const orderNo = fields.order_no;
    if (!orderNo) return undefined;
    if (fields.status === 'success') {
      const amountMinor = majorAmountToMinor(fields.amount);
      if (!fields.trade_no || amountMinor === undefined) return undefined;
      return {
        outcome: 'paid',
        gatewayOrderId: orderNo,
        gatewayPaymentId: fields.trade_no,
        amountMinor,
        currency: fields.currency || undefined,
      };
    }
    if (fields.status === 'failed') {
      if (!fields.trade_no) return undefined;
      return {
        outcome: 'failed',
        gatewayOrderId: orderNo,
        gatewayPaymentId: fields.trade_no,
        reason: fields.message || 'payment failed',
      };
    }
    return { outcome: 'pending', gatewayOrderId: orderNo };
  }
}

/** The notification's fields from a form-encoded or JSON body; anything else is not a notification. */
function parseNotification(request: WebhookRequest): Record<string, string> {
  const contentType = singleHeader(request.headers, 'content-type') ?? '';
  const text = request.rawBody.toString('utf8');
  let entries: Array<[string, string]>;
  if (contentType.includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new WebhookVerificationError('malformed form-post notification');
    }
    const result = statusAnswerSchema.safeParse(parsed);
    if (!result.success) throw new WebhookVerificationError('malformed form-post notification');
    entries = Object.entries(result.data);
  } else {
    entries = [...new URLSearchParams(text).entries()];
  }
  if (entries.length > MAX_NOTIFICATION_FIELDS) throw new WebhookVerificationError('too many fields');
  const fields: Record<string, string> = {};
  for (const [name, value] of entries) {
    // A repeated field could be read two ways; a genuine notification never has one.
    if (Object.hasOwn(fields, name)) throw new WebhookVerificationError(`field ${name} is repeated`);
    fields[name] = value;
  }
  return fields;
}
