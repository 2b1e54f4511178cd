import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { FAKE_KA, FakePaymentGateways, fakeKaSign } from '../../test-support/fake-payment-gateways.ts';
import type { AdapterContext } from './adapter-context.ts';
import { FormPostAdapter, formPostSettingsSchema, formPostSignature } from './form-post.adapter.ts';
import { GatewayError, ReturnVerificationError, WebhookVerificationError } from './payment-adapter.ts';

const NOW = Date.UTC(2025, 2, 1);
const context: AdapterContext = {
  channelKey: 'ka',
  publicUrl: 'http://shop.test',
  currency: 'INR',
  clock: new ManualClock(NOW),
};
const payer = { name: 'Meera', mobile: '9812345678', email: 'meera@example.com', upiAccount: undefined };

describe('FormPostAdapter (ka) against a fake gateway', () => {
  let fake: FakePaymentGateways;
  let adapter: FormPostAdapter;

  beforeAll(async () => {
    fake = await FakePaymentGateways.start();
    adapter = new FormPostAdapter(
      formPostSettingsSchema.parse({
        gateway_url: fake.kaGatewayUrl,
        query_url: fake.kaQueryUrl,
        merchant_id: FAKE_KA.merchantId,
        secret: FAKE_KA.secret,
      }),
      context,
    );
  });
  afterAll(async () => {
    await fake.close();
  });

  it('signs the same way as the gateway', () => {
    const fields = { b: '2', a: '1', empty: '', sign: 'ignored' };
    expect(formPostSignature(FAKE_KA.secret, fields)).toBe(fakeKaSign(fields));
  });

  it('answers the gateway and a signed data_dict for the app’s form', async () => {
    const order = await adapter.createOrder({ serialNumber: 'RKA1', userId: 3, amountMinor: 30_000, payer });
    expect(order.gatewayOrderId).toBe('RKA1');
    expect(order.answer.gateway).toBe(fake.kaGatewayUrl);
    const fields = order.answer.data_dict ?? {};
    expect(fields).toMatchObject({
      merchant_id: FAKE_KA.merchantId,
      order_no: 'RKA1',
      amount: '300.00',
      currency: 'INR',
      notify_url: 'http://shop.test/webhooks/ka',
      return_url: 'http://shop.test/#/rechargeRecord?sn=RKA1',
      timestamp: String(NOW),
    });
    expect(fields.sign).toBe(fakeKaSign(fields));
  });

  it('verifies a signed notification and refuses a tampered or foreign one', async () => {
    const fields = fake.kaPay('RKA2', '300.00');
    const verified = await adapter.verifyWebhook(fake.kaWebhook(fields));
    expect(verified).toEqual({
      eventId: `${fields.trade_no}:success`,
      report: {
        outcome: 'paid',
        gatewayOrderId: 'RKA2',
        gatewayPaymentId: fields.trade_no,
        amountMinor: 30_000,
        currency: undefined,
      },
    });
    await expect(adapter.verifyWebhook(fake.kaWebhook({ ...fields, amount: '3000.00' }))).rejects.toThrow(
      WebhookVerificationError,
    );
    const foreign = { ...fields, merchant_id: 'M9999' };
    await expect(
      adapter.verifyWebhook(fake.kaWebhook({ ...foreign, sign: fakeKaSign(foreign) })),
    ).rejects.toThrow(WebhookVerificationError);
    const { sign: _sign, ...unsigned } = fields;
    await expect(adapter.verifyWebhook(fake.kaWebhook(unsigned))).rejects.toThrow(WebhookVerificationError);
    const json = await adapter.verifyWebhook({
      rawBody: Buffer.from(JSON.stringify(fields)),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.report?.outcome).toBe('paid');
  });

  it('refuses a notification with a repeated field, which could be read two ways', async () => {
    const fields = fake.kaPay('RKA3', '300.00');
    const body = `${new URLSearchParams(fields).toString()}&amount=1.00`;
    await expect(
      adapter.verifyWebhook({
        rawBody: Buffer.from(body),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ).rejects.toThrow(WebhookVerificationError);
  });

  it('asks the gateway with a signed query and checks its signed answer', async () => {
    const order = { serialNumber: 'RKA4', gatewayOrderId: 'RKA4', amountMinor: 30_000 };
    expect(await adapter.fetchStatus(order)).toEqual({ outcome: 'pending', gatewayOrderId: 'RKA4' });
    const fields = fake.kaPay('RKA4', '300.00');
    expect(await adapter.fetchStatus(order)).toMatchObject({
      outcome: 'paid',
      gatewayPaymentId: fields.trade_no,
      amountMinor: 30_000,
    });
    fake.failNextRequests = 1;
    await expect(adapter.fetchStatus(order)).rejects.toThrow(GatewayError);
  });

  it('verifies a signed return and refuses a forged one', async () => {
    const order = { serialNumber: 'RKA5', gatewayOrderId: 'RKA5', amountMinor: 30_000 };
    const fields = fake.kaPay('RKA5', '300.00');
    expect(await adapter.verifyReturn(order, fields)).toMatchObject({ outcome: 'paid', amountMinor: 30_000 });
    await expect(adapter.verifyReturn(order, { ...fields, sign: 'f'.repeat(64) })).rejects.toThrow(
      ReturnVerificationError,
    );
    const otherFields = fake.kaPay('RKA6', '300.00');
    await expect(adapter.verifyReturn(order, otherFields)).rejects.toThrow(ReturnVerificationError);
  });
});
