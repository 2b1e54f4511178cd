import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { FAKE_RAZORPAY, FakePaymentGateways } from '../../test-support/fake-payment-gateways.ts';
import type { AdapterContext } from './adapter-context.ts';
import {
  GatewayError,
  type OrderRef,
  ReturnVerificationError,
  type WebhookRequest,
  WebhookVerificationError,
} from './payment-adapter.ts';
import { RazorpayAdapter, razorpaySettingsSchema } from './razorpay.adapter.ts';

const context: AdapterContext = {
  channelKey: 'razorpay',
  publicUrl: 'http://shop.test',
  currency: 'INR',
  clock: new ManualClock(Date.UTC(2025, 2, 1)),
};
const payer = { name: 'Asha', mobile: '+919812345678', email: 'asha@example.com', upiAccount: undefined };

/** The same delivery with one byte of the body changed. */
function flipOneByte(delivery: WebhookRequest, index: number): WebhookRequest {
  const rawBody = Buffer.from(delivery.rawBody);
  rawBody[index] = (rawBody[index] ?? 0) ^ 0x01;
  return { rawBody, headers: delivery.headers };
}

describe('RazorpayAdapter against a fake Razorpay', () => {
  let fake: FakePaymentGateways;
  let adapter: RazorpayAdapter;

  beforeAll(async () => {
    fake = await FakePaymentGateways.start();
    adapter = new RazorpayAdapter(
      razorpaySettingsSchema.parse({
        key_id: FAKE_RAZORPAY.keyId,
        key_secret: FAKE_RAZORPAY.keySecret,
        webhook_secret: FAKE_RAZORPAY.webhookSecret,
        api_base_url: fake.razorpayApiBase,
        checkout_name: 'Gold Shop',
      }),
      context,
    );
  });
  afterAll(async () => {
    await fake.close();
  });

  const createOrder = async (amountMinor = 50_000): Promise<OrderRef> => {
    const serialNumber = `R${Math.floor(amountMinor)}${fake.requests.length}`;
    const order = await adapter.createOrder({ serialNumber, userId: 7, amountMinor, payer });
    return { serialNumber, gatewayOrderId: order.gatewayOrderId, amountMinor };
  };

  it('creates the order with the key pair and answers the widget’s options', async () => {
    const order = await adapter.createOrder({ serialNumber: 'R1001', userId: 7, amountMinor: 50_000, payer });
    expect(order.gatewayOrderId).toMatch(/^order_/);
    expect(order.answer.options).toEqual({
      key: FAKE_RAZORPAY.keyId,
      amount: 50_000,
      currency: 'INR',
      name: 'Gold Shop',
      description: 'Recharge R1001',
      order_id: order.gatewayOrderId,
      prefill: { name: 'Asha', email: 'asha@example.com', contact: '+919812345678' },
      notes: { serial_number: 'R1001' },
    });
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/razorpay/v1/orders');
    expect(request?.body).toEqual({
      amount: 50_000,
      currency: 'INR',
      receipt: 'R1001',
      notes: { serial_number: 'R1001' },
    });
  });

  it('turns a refusal or an outage of the gateway into a GatewayError', async () => {
    const wrongKeys = new RazorpayAdapter(
      razorpaySettingsSchema.parse({
        key_id: FAKE_RAZORPAY.keyId,
        key_secret: 'not-the-secret',
        webhook_secret: 'x',
        api_base_url: fake.razorpayApiBase,
      }),
      context,
    );
    await expect(
      wrongKeys.createOrder({ serialNumber: 'R1', userId: 1, amountMinor: 50_000, payer }),
    ).rejects.toThrow(GatewayError);
    fake.failNextRequests = 1;
    await expect(
      adapter.createOrder({ serialNumber: 'R2', userId: 1, amountMinor: 50_000, payer }),
    ).rejects.toThrow(/answered 500/);
  });

  it('verifies the widget’s return and reports the captured payment with its amount', async () => {
    const order = await createOrder();
    const payment = fake.razorpayPay(order.gatewayOrderId ?? '');
    const report = await adapter.verifyReturn(order, {
      razorpay_order_id: payment.order_id,
      razorpay_payment_id: payment.id,
      razorpay_signature: fake.razorpayCheckoutSignature(payment.order_id, payment.id),
    });
    expect(report).toEqual({
      outcome: 'paid',
      gatewayOrderId: order.gatewayOrderId,
      gatewayPaymentId: payment.id,
      amountMinor: 50_000,
      currency: 'INR',
    });
  });

  it('captures an authorized payment of the order’s amount, and never one of another amount', async () => {
    const order = await createOrder(70_000);
    const authorized = fake.razorpayPay(order.gatewayOrderId ?? '', { status: 'authorized' });
    const report = await adapter.fetchStatus(order);
    expect(report).toMatchObject({ outcome: 'paid', gatewayPaymentId: authorized.id, amountMinor: 70_000 });
    expect(
      fake.requests.some((request) => request.path === `/razorpay/v1/payments/${authorized.id}/capture`),
    ).toBe(true);

    const other = await createOrder(80_000);
    const short = fake.razorpayPay(other.gatewayOrderId ?? '', { status: 'authorized', amount: 100 });
    const shortReport = await adapter.fetchStatus(other);
    expect(shortReport).toMatchObject({ outcome: 'paid', amountMinor: 100 });
    expect(
      fake.requests.some((request) => request.path === `/razorpay/v1/payments/${short.id}/capture`),
    ).toBe(false);
  });

  it('refuses a forged return: wrong signature, another order’s payment, missing fields', async () => {
    const order = await createOrder();
    const payment = fake.razorpayPay(order.gatewayOrderId ?? '');
    const signature = fake.razorpayCheckoutSignature(payment.order_id, payment.id);
    const forged = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    await expect(
      adapter.verifyReturn(order, {
        razorpay_order_id: payment.order_id,
        razorpay_payment_id: payment.id,
        razorpay_signature: forged,
      }),
    ).rejects.toThrow(ReturnVerificationError);

    const otherOrder = await createOrder();
    const otherPayment = fake.razorpayPay(otherOrder.gatewayOrderId ?? '');
    await expect(
      adapter.verifyReturn(order, {
        razorpay_order_id: otherPayment.order_id,
        razorpay_payment_id: otherPayment.id,
        razorpay_signature: fake.razorpayCheckoutSignature(otherPayment.order_id, otherPayment.id),
      }),
    ).rejects.toThrow(ReturnVerificationError);
    // A valid signature of this order id paired with another order's payment is caught by the gateway's record.
    await expect(
      adapter.verifyReturn(order, {
        razorpay_order_id: payment.order_id,
        razorpay_payment_id: otherPayment.id,
        razorpay_signature: fake.razorpayCheckoutSignature(payment.order_id, otherPayment.id),
      }),
    ).rejects.toThrow(ReturnVerificationError);
    await expect(adapter.verifyReturn(order, { razorpay_order_id: payment.order_id })).rejects.toThrow(
      ReturnVerificationError,
    );
  });

  it('verifies webhooks over the raw body and reads captured, failed and unrelated events', async () => {
    const order = await createOrder();
    const payment = fake.razorpayPay(order.gatewayOrderId ?? '');
    const captured = await adapter.verifyWebhook(
      fake.razorpayWebhook('payment.captured', payment.id, 'evt_A1'),
    );
    expect(captured).toEqual({
      eventId: 'evt_A1',
      report: {
        outcome: 'paid',
        gatewayOrderId: order.gatewayOrderId,
        gatewayPaymentId: payment.id,
        amountMinor: 50_000,
        currency: 'INR',
      },
    });
    const paid = await adapter.verifyWebhook(fake.razorpayWebhook('order.paid', payment.id));
    expect(paid.report?.outcome).toBe('paid');

    const declined = fake.razorpayPay(order.gatewayOrderId ?? '', { status: 'failed' });
    const failed = await adapter.verifyWebhook(fake.razorpayWebhook('payment.failed', declined.id));
    expect(failed.report).toEqual({
      outcome: 'failed',
      gatewayOrderId: order.gatewayOrderId,
      gatewayPaymentId: declined.id,
      reason: 'Payment was declined by the bank',
    });
    const unrelated = await adapter.verifyWebhook(fake.razorpayWebhook('refund.created', payment.id));
    expect(unrelated.report).toBeUndefined();
  });

  it('refuses a webhook with one flipped byte, without a signature, or signed with another secret', async () => {
    const order = await createOrder();
    const payment = fake.razorpayPay(order.gatewayOrderId ?? '');
    const delivery = fake.razorpayWebhook('payment.captured', payment.id);
    for (const index of [0, 10, delivery.rawBody.length - 1]) {
      await expect(adapter.verifyWebhook(flipOneByte(delivery, index))).rejects.toThrow(
        WebhookVerificationError,
      );
    }
    const { 'x-razorpay-signature': _removed, ...unsigned } = delivery.headers;
    await expect(adapter.verifyWebhook({ rawBody: delivery.rawBody, headers: unsigned })).rejects.toThrow(
      WebhookVerificationError,
    );
    await expect(
      adapter.verifyWebhook({
        rawBody: delivery.rawBody,
        headers: { ...delivery.headers, 'x-razorpay-signature': 'a'.repeat(64) },
      }),
    ).rejects.toThrow(WebhookVerificationError);
  });

  it('reports pending without payments and failed when every attempt failed', async () => {
    const order = await createOrder();
    expect(await adapter.fetchStatus(order)).toEqual({
      outcome: 'pending',
      gatewayOrderId: order.gatewayOrderId,
    });
    fake.razorpayPay(order.gatewayOrderId ?? '', { status: 'failed' });
    expect(await adapter.fetchStatus(order)).toMatchObject({ outcome: 'failed' });
    const payment = fake.razorpayPay(order.gatewayOrderId ?? '');
    expect(await adapter.fetchStatus(order)).toMatchObject({ outcome: 'paid', gatewayPaymentId: payment.id });
  });
});
