import type { PaymentAdapterName } from '@app/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { CashfreeAdapter, cashfreeSettingsSchema } from './cashfree.adapter.ts';
import { openChannelSecrets } from './channel-secrets.ts';
import { FormPostAdapter, formPostSettingsSchema } from './form-post.adapter.ts';
import {
  MpurseAdapter,
  mpurseSettingsSchema,
  PayUrlAdapter,
  payUrlSettingsSchema,
} from './manual-upi.adapter.ts';
import { ChannelConfigurationError, type PaymentAdapter } from './payment-adapter.ts';
import { RazorpayAdapter, razorpaySettingsSchema } from './razorpay.adapter.ts';
import { SandboxAdapter, sandboxSettingsSchema } from './sandbox.adapter.ts';

/** The settings schema of each adapter: what its channel's settings_json must hold. */
export const ADAPTER_SETTINGS_SCHEMAS: Readonly<Record<PaymentAdapterName, z.ZodType>> = {
  sandbox: sandboxSettingsSchema,
  razorpay: razorpaySettingsSchema,
  cashfree: cashfreeSettingsSchema,
  form_post: formPostSettingsSchema,
  mpurse: mpurseSettingsSchema,
  pay_url: payUrlSettingsSchema,
};

/** The part of a channel an adapter is built from. */
export interface AdapterChannel {
  readonly key: string;
  readonly adapter: PaymentAdapterName;
  readonly settings_json: string;
}

/** What every adapter of this server shares. */
export interface AdapterEnvironment {
  readonly publicUrl: string;
  readonly currency: string;
  readonly clock: Clock;
  readonly db: Kysely<Database>;
  /** Opens the channels' secret settings (gateway keys are stored sealed). */
  readonly secrets: SecretBox;
}

/**
 * The channel's settings with its secrets opened, validated by its adapter's schema; throws
 * ChannelConfigurationError when they are incomplete, and SecretBoxError when a stored secret is not sealed
 * or does not open (never taken as it is).
 */
export function parseChannelSettings<Schema extends z.ZodType>(
  channel: AdapterChannel,
  schema: Schema,
  secrets: SecretBox,
): z.output<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(channel.settings_json);
  } catch {
    throw new ChannelConfigurationError(`channel ${channel.key}: settings are not JSON`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new ChannelConfigurationError(`channel ${channel.key}: settings are not an object`);
  }
  const result = schema.safeParse(
    openChannelSecrets(secrets, channel.adapter, json as Record<string, unknown>),
  );
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ChannelConfigurationError(`channel ${channel.key}: ${problems.join('; ')}`);
  }
  return result.data;
}

/** The adapter of a channel, configured from its settings (secrets opened); throws ChannelConfigurationError. */
export function createPaymentAdapter(
  channel: AdapterChannel,
  environment: AdapterEnvironment,
): PaymentAdapter {
  const settings = <Schema extends z.ZodType>(schema: Schema) =>
    parseChannelSettings(channel, schema, environment.secrets);
  const context = {
    channelKey: channel.key,
    publicUrl: environment.publicUrl,
    currency: environment.currency,
    clock: environment.clock,
  };
  switch (channel.adapter) {
    case 'sandbox':
      return new SandboxAdapter(settings(sandboxSettingsSchema), context, environment.db);
    case 'razorpay':
      return new RazorpayAdapter(settings(razorpaySettingsSchema), context);
    case 'cashfree':
      return new CashfreeAdapter(settings(cashfreeSettingsSchema), context);
    case 'form_post':
      return new FormPostAdapter(settings(formPostSettingsSchema), context);
    case 'mpurse':
      return new MpurseAdapter(settings(mpurseSettingsSchema));
    case 'pay_url':
      return new PayUrlAdapter(settings(payUrlSettingsSchema));
    default:
      throw new ChannelConfigurationError(
        `channel ${channel.key}: unknown adapter ${String(channel.adapter)}`,
      );
  }
}

/**
 * Whether the channel's settings are complete for its adapter (a channel without keys is not offered). A
 * stored secret that does not open is no "not configured": its SecretBoxError is thrown.
 */
export function isChannelConfigured(channel: AdapterChannel, secrets: SecretBox): boolean {
  if (!Object.hasOwn(ADAPTER_SETTINGS_SCHEMAS, channel.adapter)) return false;
  try {
    parseChannelSettings(channel, ADAPTER_SETTINGS_SCHEMAS[channel.adapter], secrets);
    return true;
  } catch (error) {
    if (error instanceof ChannelConfigurationError) return false;
    throw error;
  }
}

/** Adapters whose payments an operator confirms from a UTR; their money goes to the manual UPI clearing. */
export const MANUAL_ADAPTERS: readonly PaymentAdapterName[] = ['mpurse', 'pay_url'];

/** Whether recharges of this adapter are confirmed by an operator. */
export function isManualAdapter(adapter: PaymentAdapterName): boolean {
  return MANUAL_ADAPTERS.includes(adapter);
}
