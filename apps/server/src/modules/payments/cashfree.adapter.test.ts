import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { FAKE_CASHFREE, FakePaymentGateways } from '../../test-support/fake-payment-gateways.ts';
import type { AdapterContext } from './adapter-context.ts';
import { CashfreeAdapter, cashfreeSettingsSchema } from './cashfree.adapter.ts';
import {
  GatewayError,
  type OrderRef,
  ReturnVerificationError,
  WebhookVerificationError,
} from './payment-adapter.ts';

const context: AdapterContext = {
  channelKey: 'cashfree',
  publicUrl: 'http://shop.test',
  currency: 'INR',
  clock: new ManualClock(Date.UTC(2025, 2, 1)),
};
const payer = { name: 'Ravi', mobile: '9812345678', email: 'ravi@example.com', upiAccount: undefined };

describe('CashfreeAdapter against a fake Cashfree', () => {
  let fake: FakePaymentGateways;
  let adapter: CashfreeAdapter;
  let serial = 0;

  beforeAll(async () => {
    fake = await FakePaymentGateways.start();
    adapter = new CashfreeAdapter(
      cashfreeSettingsSchema.parse({
        app_id: FAKE_CASHFREE.appId,
        secret_key: FAKE_CASHFREE.secretKey,
        api_base_url: fake.cashfreeApiBase,
        checkout_url: `${fake.baseUrl}/cashfree/checkout`,
      }),
      context,
    );
  });
  afterAll(async () => {
    await fake.close();
  });

  const createOrder = async (amountMinor = 25_050): Promise<OrderRef> => {
    serial += 1;
    const serialNumber = `RCF${serial}`;
    const order = await adapter.createOrder({ serialNumber, userId: 9, amountMinor, payer });
    return { serialNumber, gatewayOrderId: order.gatewayOrderId, amountMinor };
  };

  it('creates the order with the app id, secret and API version, and answers the checkout form', async () => {
    const order = await adapter.createOrder({
      serialNumber: 'RCF100',
      userId: 9,
      amountMinor: 25_050,
      payer,
    });
    expect(order.gatewayOrderId).toBe('RCF100');
    expect(order.answer.gateway).toBe(`${fake.baseUrl}/cashfree/checkout`);
    expect(order.answer.data_dict?.payment_session_id).toMatch(/^session_/);
    const request = fake.requests.at(-1);
    expect(request?.body).toEqual({
      order_id: 'RCF100',
      order_amount: 250.5,
      order_currency: 'INR',
      customer_details: {
        customer_id: 'user_9',
        customer_name: 'Ravi',
        customer_email: 'ravi@example.com',
        customer_phone: '9812345678',
      },
      order_meta: {
        return_url: 'http://shop.test/#/rechargeRecord?sn=RCF100',
        notify_url: 'http://shop.test/webhooks/cashfree',
      },
    });
  });

  it('turns a rejected or failing call into a GatewayError', async () => {
    await expect(
      adapter.createOrder({ serialNumber: 'RCF100', userId: 9, amountMinor: 100, payer }),
    ).rejects.toThrow(GatewayError);
    fake.failNextRequests = 1;
    await expect(
      adapter.fetchStatus({ serialNumber: 'x', gatewayOrderId: 'RCF100', amountMinor: 1 }),
    ).rejects.toThrow(GatewayError);
  });

  it('verifies webhooks signed over timestamp + raw body, and reads paid and failed payments', async () => {
    const order = await createOrder();
    const payment = fake.cashfreePay(order.gatewayOrderId ?? '');
    const paid = await adapter.verifyWebhook(fake.cashfreeWebhook(payment, { eventId: 'cf-evt-1' }));
    expect(paid).toEqual({
      eventId: 'cf-evt-1',
      report: {
        outcome: 'paid',
        gatewayOrderId: order.gatewayOrderId,
        gatewayPaymentId: String(payment.cf_payment_id),
        amountMinor: 25_050,
        currency: 'INR',
      },
    });
    const declined = fake.cashfreePay(order.gatewayOrderId ?? '', { status: 'FAILED' });
    const failed = await adapter.verifyWebhook(fake.cashfreeWebhook(declined));
    expect(failed.report).toMatchObject({ outcome: 'failed', reason: 'Transaction declined' });
  });

  it('refuses tampered bodies, another timestamp, and missing headers', async () => {
    const order = await createOrder();
    const delivery = fake.cashfreeWebhook(fake.cashfreePay(order.gatewayOrderId ?? ''));
    const tampered = Buffer.from(delivery.rawBody);
    tampered[20] = (tampered[20] ?? 0) ^ 0x01;
    await expect(adapter.verifyWebhook({ rawBody: tampered, headers: delivery.headers })).rejects.toThrow(
      WebhookVerificationError,
    );
    await expect(
      adapter.verifyWebhook({
        rawBody: delivery.rawBody,
        headers: { ...delivery.headers, 'x-webhook-timestamp': '1740810600001' },
      }),
    ).rejects.toThrow(WebhookVerificationError);
    const { 'x-webhook-timestamp': _timestamp, ...withoutTimestamp } = delivery.headers;
    await expect(
      adapter.verifyWebhook({ rawBody: delivery.rawBody, headers: withoutTimestamp }),
    ).rejects.toThrow(WebhookVerificationError);
    const { 'x-webhook-signature': _signature, ...unsigned } = delivery.headers;
    await expect(adapter.verifyWebhook({ rawBody: delivery.rawBody, headers: unsigned })).rejects.toThrow(
      WebhookVerificationError,
    );
  });

  it('verifies a return by asking Cashfree, and refuses a return naming another order', async () => {
    const order = await createOrder();
    expect(await adapter.verifyReturn(order, { order_id: order.gatewayOrderId ?? '' })).toEqual({
      outcome: 'pending',
      gatewayOrderId: order.gatewayOrderId,
    });
    fake.cashfreePay(order.gatewayOrderId ?? '', { status: 'FAILED' });
    expect(await adapter.fetchStatus(order)).toMatchObject({ outcome: 'failed' });
    const payment = fake.cashfreePay(order.gatewayOrderId ?? '');
    expect(await adapter.verifyReturn(order, {})).toMatchObject({
      outcome: 'paid',
      gatewayPaymentId: String(payment.cf_payment_id),
      amountMinor: 25_050,
    });
    await expect(adapter.verifyReturn(order, { order_id: 'RCF-other' })).rejects.toThrow(
      ReturnVerificationError,
    );
  });

  it('reports the amount actually paid, so a short payment can be refused by the crediting function', async () => {
    const order = await createOrder(90_000);
    fake.cashfreePay(order.gatewayOrderId ?? '', { amount: 9 });
    expect(await adapter.fetchStatus(order)).toMatchObject({ outcome: 'paid', amountMinor: 900 });
  });
});
