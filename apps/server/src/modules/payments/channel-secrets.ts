import { PAYMENT_CHANNEL_FIELDS, type PaymentAdapterName } from '@app/shared';
import { SecretBox } from '../../platform/secrets/secret-box.ts';
import { paymentChannelSecretPurpose } from '../../platform/secrets/secret-purposes.ts';

/** A payment channel's settings as one object (settings_json parsed). */
export type ChannelSettings = Record<string, unknown>;

/** The names of an adapter's secret settings (PAYMENT_CHANNEL_FIELDS with secret: true). */
export function channelSecretFieldNames(adapter: PaymentAdapterName): string[] {
  return (PAYMENT_CHANNEL_FIELDS[adapter] ?? []).filter((field) => field.secret).map((field) => field.name);
}

/** A secret setting counts as set when it is non-empty text; '' (the demo's unset keys) is stored as it is. */
function isSetSecret(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * The settings to store: each set secret of the adapter sealed for its setting (the plain settings unchanged).
 * Takes plaintext only: a value that is already sealed is a bug (it would be sealed twice) and throws.
 */
export function sealChannelSecrets(
  secrets: SecretBox,
  adapter: PaymentAdapterName,
  settings: ChannelSettings,
): ChannelSettings {
  const sealed = { ...settings };
  for (const name of channelSecretFieldNames(adapter)) {
    const value = sealed[name];
    if (!isSetSecret(value)) continue;
    if (SecretBox.isSealed(value)) throw new Error(`payment channel setting ${name} is sealed already`);
    sealed[name] = secrets.seal(value, paymentChannelSecretPurpose(name));
  }
  return sealed;
}

/**
 * The settings as the adapter reads them: each set secret opened. A stored secret that is not sealed (or does
 * not open) throws SecretBoxError: it is never used as it is.
 */
export function openChannelSecrets(
  secrets: SecretBox,
  adapter: PaymentAdapterName,
  stored: ChannelSettings,
): ChannelSettings {
  const opened = { ...stored };
  for (const name of channelSecretFieldNames(adapter)) {
    const value = opened[name];
    if (isSetSecret(value)) opened[name] = secrets.open(value, paymentChannelSecretPurpose(name));
  }
  return opened;
}

/**
 * The stored settings with every secret that needs it sealed again under the current key: plaintext from
 * before secrets were sealed, or a value of a previous key. Answers how many were sealed again (0: store
 * nothing). A value of a key that is not configured throws SecretBoxError.
 */
export function resealChannelSecrets(
  secrets: SecretBox,
  adapter: PaymentAdapterName,
  stored: ChannelSettings,
): { settings: ChannelSettings; resealed: number } {
  const settings = { ...stored };
  let resealed = 0;
  for (const name of channelSecretFieldNames(adapter)) {
    const value = settings[name];
    if (!isSetSecret(value) || !secrets.needsReseal(value)) continue;
    settings[name] = secrets.reseal(value, paymentChannelSecretPurpose(name));
    resealed += 1;
  }
  return { settings, resealed };
}
