import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError, secretKeyFromBytes } from '../../platform/secrets/secret-box.ts';
import {
  channelSecretFieldNames,
  openChannelSecrets,
  resealChannelSecrets,
  sealChannelSecrets,
} from './channel-secrets.ts';

const keyA = secretKeyFromBytes(randomBytes(32));
const keyB = secretKeyFromBytes(randomBytes(32));
const razorpay = {
  key_id: 'rzp_live_ABC123',
  key_secret: 'razorpay-key-secret-0001',
  webhook_secret: 'razorpay-webhook-secret-0002',
  api_base_url: 'https://api.razorpay.com',
};

describe('payment channel secrets', () => {
  it('knows the secret settings of each adapter from PAYMENT_CHANNEL_FIELDS', () => {
    expect(channelSecretFieldNames('razorpay')).toEqual(['key_secret', 'webhook_secret']);
    expect(channelSecretFieldNames('sandbox')).toEqual(['webhook_secret']);
    expect(channelSecretFieldNames('mpurse')).toEqual([]);
  });

  it('seals only the secret settings, which open back to the same settings', () => {
    const box = new SecretBox(keyA);
    const sealed = sealChannelSecrets(box, 'razorpay', razorpay);
    expect(sealed.key_id).toBe(razorpay.key_id);
    expect(sealed.api_base_url).toBe(razorpay.api_base_url);
    expect(SecretBox.isSealed(sealed.key_secret as string)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain('razorpay-key-secret');
    expect(JSON.stringify(sealed)).not.toContain('razorpay-webhook-secret');
    expect(openChannelSecrets(box, 'razorpay', sealed)).toEqual(razorpay);
  });

  it('leaves unset keys as they are, and refuses to seal a sealed value twice', () => {
    const box = new SecretBox(keyA);
    const unset = { key_id: '', key_secret: '', webhook_secret: '' };
    expect(sealChannelSecrets(box, 'razorpay', unset)).toEqual(unset);
    expect(openChannelSecrets(box, 'razorpay', unset)).toEqual(unset);
    const sealed = sealChannelSecrets(box, 'razorpay', razorpay);
    expect(() => sealChannelSecrets(box, 'razorpay', sealed)).toThrow(/sealed already/);
  });

  it('refuses a stored key in the clear, and a sealed key moved to another setting', () => {
    const box = new SecretBox(keyA);
    expect(() => openChannelSecrets(box, 'razorpay', razorpay)).toThrow(SecretBoxError);
    const sealed = sealChannelSecrets(box, 'razorpay', razorpay);
    const swapped = { ...sealed, webhook_secret: sealed.key_secret };
    expect(() => openChannelSecrets(box, 'razorpay', swapped)).toThrow(
      /payment_channels\.settings_json\.webhook_secret: the sealed value does not open/,
    );
  });

  it('re-seals plaintext and previous-key values under the current key, and nothing the second time', () => {
    const old = sealChannelSecrets(new SecretBox(keyA), 'razorpay', razorpay);
    const mixed = { ...old, webhook_secret: razorpay.webhook_secret };
    const rotated = new SecretBox(keyB, [keyA]);
    const { settings, resealed } = resealChannelSecrets(rotated, 'razorpay', mixed);
    expect(resealed).toBe(2);
    expect(rotated.needsReseal(settings.key_secret as string)).toBe(false);
    expect(rotated.needsReseal(settings.webhook_secret as string)).toBe(false);
    expect(openChannelSecrets(new SecretBox(keyB), 'razorpay', settings)).toEqual(razorpay);
    expect(resealChannelSecrets(rotated, 'razorpay', settings)).toEqual({ settings, resealed: 0 });
    // A key that is not configured cannot be re-sealed: it throws, naming the setting.
    expect(() => resealChannelSecrets(new SecretBox(keyB), 'razorpay', old)).toThrow(/not configured/);
  });
});
