import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the payment gateways (node:http on 127.0.0.1, an ephemeral port): it speaks the
 * parts of the Razorpay, Cashfree and form-post ("ka") APIs the adapters use and signs webhooks, checkout
 * returns and status answers the way the gateways do. Its signing code is written here independently of
 * the adapters', so a test compares two implementations. Nothing reaches the internet.
 */

export const FAKE_RAZORPAY = {
  keyId: 'rzp_test_key',
  keySecret: 'rzp-key-secret',
  webhookSecret: 'rzp-hook-secret',
};
export const FAKE_CASHFREE = { appId: 'cf-app-id', secretKey: 'cf-secret-key', apiVersion: '2023-08-01' };
export const FAKE_KA = { merchantId: 'M1001', secret: 'ka-merchant-secret' };

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
}

export interface FakeRazorpayPayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'failed';
  error_description: string | null;
}

export interface FakeCashfreePayment {
  cf_payment_id: number;
  order_id: string;
  payment_status: 'SUCCESS' | 'FAILED' | 'PENDING' | 'USER_DROPPED';
  payment_amount: number;
  payment_currency: string;
  payment_message: string;
}

/** A signed webhook delivery: the exact bytes and headers a gateway would send. */
export interface FakeDelivery {
  readonly rawBody: Buffer;
  readonly headers: Record<string, string>;
}

function randomId(prefix: string): string {
  return `${prefix}${randomBytes(7).toString('hex')}`;
}

/** The ka signature: hex HMAC-SHA256 of the non-empty fields but sign, sorted, as name=value&… */
export function fakeKaSign(fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHmac('sha256', FAKE_KA.secret).update(text).digest('hex');
}

export class FakePaymentGateways {
  readonly requests: RecordedRequest[] = [];
  /** The next this-many requests answer 500, as a gateway having a bad minute. */
  failNextRequests = 0;
  private readonly razorpayOrders = new Map<
    string,
    { id: string; amount: number; currency: string; receipt: string }
  >();
  private readonly razorpayPayments = new Map<string, FakeRazorpayPayment>();
  private readonly cashfreeOrders = new Map<
    string,
    { order_id: string; order_amount: number; order_currency: string }
  >();
  private readonly cashfreePayments = new Map<string, FakeCashfreePayment[]>();
  private readonly kaResults = new Map<string, { trade_no: string; amount: string; status: string }>();
  private nextCashfreePaymentId = 5_000_000_001;

  private constructor(
    private readonly server: http.Server,
    readonly baseUrl: string,
  ) {}

  /** Starts the fake on an ephemeral port of 127.0.0.1. */
  static async start(): Promise<FakePaymentGateways> {
    let gateways: FakePaymentGateways | undefined;
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        gateways?.handle(request, Buffer.concat(chunks), response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    gateways = new FakePaymentGateways(server, `http://127.0.0.1:${port}`);
    return gateways;
  }

  /** Stops the server. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get razorpayApiBase(): string {
    return `${this.baseUrl}/razorpay`;
  }

  get cashfreeApiBase(): string {
    return `${this.baseUrl}/cashfree/pg`;
  }

  get kaGatewayUrl(): string {
    return `${this.baseUrl}/ka/pay`;
  }

  get kaQueryUrl(): string {
    return `${this.baseUrl}/ka/query`;
  }

  /** The payer pays a Razorpay order in the widget. */
  razorpayPay(
    orderId: string,
    options: { status?: FakeRazorpayPayment['status']; amount?: number } = {},
  ): FakeRazorpayPayment {
    const order = this.razorpayOrders.get(orderId);
    if (!order) throw new Error(`fake razorpay has no order ${orderId}`);
    const payment: FakeRazorpayPayment = {
      id: randomId('pay_'),
      entity: 'payment',
      order_id: orderId,
      amount: options.amount ?? order.amount,
      currency: order.currency,
      status: options.status ?? 'captured',
      error_description: options.status === 'failed' ? 'Payment was declined by the bank' : null,
    };
    this.razorpayPayments.set(payment.id, payment);
    return payment;
  }

  /** What the Razorpay widget hands the browser: HMAC-SHA256(order_id|payment_id) under the key secret. */
  razorpayCheckoutSignature(orderId: string, paymentId: string): string {
    return createHmac('sha256', FAKE_RAZORPAY.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  }

  /** A Razorpay webhook about a payment, signed over its raw body. */
  razorpayWebhook(
    event: 'payment.captured' | 'payment.failed' | 'order.paid' | 'payment.authorized' | 'refund.created',
    paymentId: string,
    eventId = randomId('evt_'),
  ): FakeDelivery {
    const payment = this.razorpayPayments.get(paymentId);
    if (!payment) throw new Error(`fake razorpay has no payment ${paymentId}`);
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake',
      event,
      contains: ['payment'],
      payload: { payment: { entity: payment } },
      created_at: 1_700_000_000,
    });
    const rawBody = Buffer.from(body);
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', FAKE_RAZORPAY.webhookSecret)
          .update(rawBody)
          .digest('hex'),
        'x-razorpay-event-id': eventId,
      },
    };
  }

  /** The payer pays a Cashfree order on the hosted checkout. */
  cashfreePay(
    orderId: string,
    options: { status?: FakeCashfreePayment['payment_status']; amount?: number } = {},
  ): FakeCashfreePayment {
    const order = this.cashfreeOrders.get(orderId);
    if (!order) throw new Error(`fake cashfree has no order ${orderId}`);
    const payment: FakeCashfreePayment = {
      cf_payment_id: this.nextCashfreePaymentId++,
      order_id: orderId,
      payment_status: options.status ?? 'SUCCESS',
      payment_amount: options.amount ?? order.order_amount,
      payment_currency: order.order_currency,
      payment_message: options.status === 'FAILED' ? 'Transaction declined' : 'Transaction successful',
    };
    this.cashfreePayments.set(orderId, [...(this.cashfreePayments.get(orderId) ?? []), payment]);
    return payment;
  }

  /** A Cashfree payment webhook: Base64(HMAC-SHA256(timestamp + raw body)) under the secret key. */
  cashfreeWebhook(
    payment: FakeCashfreePayment,
    options: { eventId?: string; timestamp?: string } = {},
  ): FakeDelivery {
    const type =
      payment.payment_status === 'SUCCESS'
        ? 'PAYMENT_SUCCESS_WEBHOOK'
        : payment.payment_status === 'USER_DROPPED'
          ? 'PAYMENT_USER_DROPPED_WEBHOOK'
          : 'PAYMENT_FAILED_WEBHOOK';
    const order = this.cashfreeOrders.get(payment.order_id);
    const body = JSON.stringify({
      data: {
        order: { order_id: payment.order_id, order_amount: order?.order_amount, order_currency: 'INR' },
        payment: payment,
      },
      event_time: '2025-03-01T12:00:00+05:30',
      type,
    });
    const rawBody = Buffer.from(body);
    const timestamp = options.timestamp ?? '1740810600000';
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': createHmac('sha256', FAKE_CASHFREE.secretKey)
          .update(timestamp + body)
          .digest('base64'),
        'x-webhook-version': FAKE_CASHFREE.apiVersion,
        'x-idempotency-key': options.eventId ?? randomId('cfevt_'),
      },
    };
  }

  /** The payer pays a ka order; answers the signed notification fields the gateway posts to notify_url. */
  kaPay(orderNo: string, amount: string, status: 'success' | 'failed' = 'success'): Record<string, string> {
    const tradeNo = randomId('KA');
    this.kaResults.set(orderNo, { trade_no: tradeNo, amount, status });
    const fields: Record<string, string> = {
      merchant_id: FAKE_KA.merchantId,
      order_no: orderNo,
      trade_no: tradeNo,
      amount,
      status,
    };
    return { ...fields, sign: fakeKaSign(fields) };
  }

  /** A ka notification as the form-encoded body the gateway posts. */
  kaWebhook(fields: Record<string, string>): FakeDelivery {
    return {
      rawBody: Buffer.from(new URLSearchParams(fields).toString()),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }

  private handle(request: http.IncomingMessage, rawBody: Buffer, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', this.baseUrl);
    let body: unknown;
    try {
      body = rawBody.length > 0 ? JSON.parse(rawBody.toString()) : undefined;
    } catch {
      body = rawBody.toString();
    }
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      headers: request.headers,
      body,
    });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (this.failNextRequests > 0) {
      this.failNextRequests -= 1;
      send(500, { error: { code: 'SERVER_ERROR', description: 'The gateway is having a bad minute' } });
      return;
    }
    const path = url.pathname;
    if (path.startsWith('/razorpay/')) {
      this.handleRazorpay(request, path.slice('/razorpay'.length), body, send);
    } else if (path.startsWith('/cashfree/pg/')) {
      this.handleCashfree(request, path.slice('/cashfree/pg'.length), body, send);
    } else if (path === '/ka/query') {
      this.handleKaQuery(body, send);
    } else {
      send(404, { error: 'no such endpoint' });
    }
  }

  private handleRazorpay(
    request: http.IncomingMessage,
    path: string,
    body: unknown,
    send: (status: number, payload: unknown) => void,
  ): void {
    const expected = `Basic ${Buffer.from(`${FAKE_RAZORPAY.keyId}:${FAKE_RAZORPAY.keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      return;
    }
    const input = (body ?? {}) as Record<string, unknown>;
    if (request.method === 'POST' && path === '/v1/orders') {
      if (typeof input.amount !== 'number' || !Number.isInteger(input.amount) || input.amount < 100) {
        send(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be at least INR 1.00' },
        });
        return;
      }
      const order = {
        id: randomId('order_'),
        amount: input.amount,
        currency: String(input.currency),
        receipt: String(input.receipt),
      };
      this.razorpayOrders.set(order.id, order);
      send(200, {
        ...order,
        entity: 'order',
        amount_paid: 0,
        amount_due: order.amount,
        status: 'created',
        notes: input.notes,
      });
      return;
    }
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (request.method === 'GET' && orderPayments) {
      const items = [...this.razorpayPayments.values()].filter(
        (payment) => payment.order_id === orderPayments[1],
      );
      send(200, { entity: 'collection', count: items.length, items });
      return;
    }
    const capture = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path);
    if (request.method === 'POST' && capture) {
      const payment = this.razorpayPayments.get(capture[1] ?? '');
      if (payment?.status !== 'authorized' || payment.amount !== input.amount) {
        send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'This payment cannot be captured' } });
        return;
      }
      payment.status = 'captured';
      send(200, payment);
      return;
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && paymentPath) {
      const payment = this.razorpayPayments.get(paymentPath[1] ?? '');
      if (payment) send(200, payment);
      else send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      return;
    }
    send(404, { error: 'no such endpoint' });
  }

  private handleCashfree(
    request: http.IncomingMessage,
    path: string,
    body: unknown,
    send: (status: number, payload: unknown) => void,
  ): void {
    if (
      request.headers['x-client-id'] !== FAKE_CASHFREE.appId ||
      request.headers['x-client-secret'] !== FAKE_CASHFREE.secretKey ||
      request.headers['x-api-version'] !== FAKE_CASHFREE.apiVersion
    ) {
      send(401, { message: 'authentication Failed', code: 'request_failed', type: 'authentication_error' });
      return;
    }
    const input = (body ?? {}) as Record<string, unknown>;
    if (request.method === 'POST' && path === '/orders') {
      const customer = input.customer_details as Record<string, unknown> | undefined;
      if (
        typeof input.order_id !== 'string' ||
        typeof input.order_amount !== 'number' ||
        !customer?.customer_phone
      ) {
        send(400, {
          message: 'order_id, order_amount and customer_details are required',
          code: 'request_invalid',
        });
        return;
      }
      if (this.cashfreeOrders.has(input.order_id)) {
        send(409, { message: 'order with same id is already present', code: 'order_already_exists' });
        return;
      }
      const order = {
        order_id: input.order_id,
        order_amount: input.order_amount,
        order_currency: String(input.order_currency),
      };
      this.cashfreeOrders.set(order.order_id, order);
      send(200, {
        cf_order_id: '2149460581',
        ...order,
        order_status: 'ACTIVE',
        payment_session_id: randomId('session_'),
        order_meta: input.order_meta,
      });
      return;
    }
    const payments = /^\/orders\/([^/]+)\/payments$/.exec(path);
    if (request.method === 'GET' && payments) {
      send(200, this.cashfreePayments.get(payments[1] ?? '') ?? []);
      return;
    }
    send(404, { message: 'no such endpoint' });
  }

  private handleKaQuery(body: unknown, send: (status: number, payload: unknown) => void): void {
    const query = (body ?? {}) as Record<string, string>;
    if (query.merchant_id !== FAKE_KA.merchantId || query.sign !== fakeKaSign(query)) {
      send(403, { error: 'bad signature' });
      return;
    }
    const result = this.kaResults.get(query.order_no ?? '');
    const fields: Record<string, string> = {
      merchant_id: FAKE_KA.merchantId,
      order_no: query.order_no ?? '',
      ...(result ?? { status: 'pending' }),
    };
    send(200, { ...fields, sign: fakeKaSign(fields) });
  }
}
