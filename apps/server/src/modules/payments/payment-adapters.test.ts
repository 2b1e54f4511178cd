import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { SecretBoxError } from '../../platform/secrets/secret-box.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { sealChannelSecrets } from './channel-secrets.ts';
import { MpurseAdapter, PayUrlAdapter, payUrlSettingsSchema, upiPaymentLink } from './manual-upi.adapter.ts';
import { ChannelConfigurationError, WebhookVerificationError } from './payment-adapter.ts';
import type { AdapterEnvironment } from './payment-adapters.ts';
import { createPaymentAdapter, isChannelConfigured, isManualAdapter } from './payment-adapters.ts';
import { hmacSha256, signaturesMatch, singleHeader } from './signatures.ts';

const environment = {
  publicUrl: 'http://shop.test',
  currency: 'INR',
  clock: new ManualClock(1),
  // Only the sandbox adapter reads the database, and these tests never build one.
  db: undefined,
  secrets: testSecretBox(),
} as unknown as AdapterEnvironment;
const secrets = testSecretBox();

describe('signatures', () => {
  it('matches only the exact signature', () => {
    const signature = hmacSha256('secret', 'body', 'hex');
    expect(signature).toBe('dc46983557fea127b43af721467eb9b3fde2338fe3e14f51952aa8478c13d355');
    expect(signaturesMatch(signature, signature)).toBe(true);
    expect(signaturesMatch(signature, signature.toUpperCase())).toBe(false);
    expect(signaturesMatch(signature, `${signature}0`)).toBe(false);
    expect(signaturesMatch(signature, '')).toBe(false);
    expect(signaturesMatch(signature, undefined)).toBe(false);
  });

  it('reads a header only when it is sent once', () => {
    expect(singleHeader({ 'x-sig': ' abc ' }, 'X-Sig')).toBe('abc');
    expect(singleHeader({ 'x-sig': ['a', 'b'] }, 'x-sig')).toBeUndefined();
    expect(singleHeader({}, 'x-sig')).toBeUndefined();
  });
});

describe('channel settings', () => {
  it('offers a channel only when its adapter’s settings are complete', () => {
    const sealed = (adapter: 'razorpay' | 'sandbox', settings: Record<string, string>) =>
      JSON.stringify(sealChannelSecrets(secrets, adapter, settings));
    expect(
      isChannelConfigured({ key: 'razorpay', adapter: 'razorpay', settings_json: '{"key_id":""}' }, secrets),
    ).toBe(false);
    expect(
      isChannelConfigured(
        {
          key: 'razorpay',
          adapter: 'razorpay',
          settings_json: sealed('razorpay', { key_id: 'k', key_secret: 's', webhook_secret: 'w' }),
        },
        secrets,
      ),
    ).toBe(true);
    expect(isChannelConfigured({ key: 'x', adapter: 'sandbox', settings_json: 'not json' }, secrets)).toBe(
      false,
    );
    expect(
      isChannelConfigured(
        { key: 'x', adapter: 'sandbox', settings_json: sealed('sandbox', { webhook_secret: 'short' }) },
        secrets,
      ),
    ).toBe(false);
  });

  it('never takes a stored key that is not sealed: it throws instead of offering or refusing the channel', () => {
    const plaintext = {
      key: 'razorpay',
      adapter: 'razorpay' as const,
      settings_json: '{"key_id":"k","key_secret":"plain-key-secret","webhook_secret":"plain-webhook"}',
    };
    expect(() => isChannelConfigured(plaintext, secrets)).toThrow(SecretBoxError);
    expect(() => createPaymentAdapter(plaintext, environment)).toThrow(
      /payment_channels\.settings_json\.key_secret: the stored value is not sealed/,
    );
  });

  it('names the bad setting when an adapter cannot be built', () => {
    expect(() =>
      createPaymentAdapter(
        { key: 'upi', adapter: 'mpurse', settings_json: '{"upi_account":"nope"}' },
        environment,
      ),
    ).toThrow(ChannelConfigurationError);
    expect(() =>
      createPaymentAdapter(
        { key: 'upi', adapter: 'pay_url', settings_json: '{"url_template":"/pay"}' },
        environment,
      ),
    ).toThrow(/url_template must contain \{serial_number\}/);
  });

  it('knows which adapters an operator confirms', () => {
    expect(isManualAdapter('mpurse')).toBe(true);
    expect(isManualAdapter('pay_url')).toBe(true);
    expect(isManualAdapter('razorpay')).toBe(false);
    expect(isManualAdapter('sandbox')).toBe(false);
  });
});

describe('manual UPI adapters', () => {
  const request = {
    serialNumber: 'R20250301120000123456789012',
    userId: 1,
    amountMinor: 123_450,
    payer: { name: 'A', mobile: '9812345678', email: 'a@example.com', upiAccount: 'a@okbank' },
  };

  it('mpurse answers the operator’s account and waits for the operator', async () => {
    const adapter = new MpurseAdapter({ upi_account: 'goldshop@upi', payee_name: 'Gold Shop' });
    const order = await adapter.createOrder();
    expect(order).toEqual({
      gatewayOrderId: null,
      answer: { upi_account: 'goldshop@upi' },
      payUrl: null,
      payeeUpiAccount: 'goldshop@upi',
      payeeName: 'Gold Shop',
    });
    const ref = { serialNumber: request.serialNumber, gatewayOrderId: null, amountMinor: 1 };
    expect(await adapter.fetchStatus(ref)).toEqual({ outcome: 'pending', gatewayOrderId: null });
    await expect(adapter.verifyWebhook()).rejects.toThrow(WebhookVerificationError);
  });

  it('pay_url fills its template with the serial number and amount', async () => {
    const adapter = new PayUrlAdapter(
      payUrlSettingsSchema.parse({
        url_template: 'https://pay.example/checkout?o={serial_number}&a={amount}',
      }),
    );
    const order = await adapter.createOrder(request);
    expect(order.answer.pay_url).toBe(`https://pay.example/checkout?o=${request.serialNumber}&a=1234.50`);
    expect(order.payeeUpiAccount).toBeNull();
  });

  it('builds the upi://pay link of the payment page', () => {
    expect(
      upiPaymentLink({
        payeeUpiAccount: 'goldshop@upi',
        payeeName: 'Gold & Silver',
        amountMinor: 50_005,
        currency: 'INR',
        serialNumber: 'R1',
      }),
    ).toBe('upi://pay?pa=goldshop%40upi&pn=Gold%20%26%20Silver&am=500.05&cu=INR&tn=R1');
  });
});
