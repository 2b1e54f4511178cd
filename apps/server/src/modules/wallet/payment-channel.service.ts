import {
  type ChannelListResponse,
  MINOR_PER_MAJOR,
  minorToDecimalString,
  type PaymentChannelDto,
  type PaymentChannelType,
} from '@app/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { PaymentAdapter } from '../payments/payment-adapter.ts';
import {
  type AdapterEnvironment,
  createPaymentAdapter,
  isChannelConfigured,
} from '../payments/payment-adapters.ts';
import type { PaymentChannelRow } from '../payments/payments.tables.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findChannelById, findChannelByKey, listEnabledChannels } from './payment-channel.repository.ts';

/** A channel offers at most this many preset amounts. */
export const MAX_CHANNEL_PRESETS = 12;

/** The stored presets: whole major units in minor units. */
export const channelPresetsSchema = z
  .array(
    z
      .number()
      .int()
      .positive()
      .refine((amountMinor) => amountMinor % MINOR_PER_MAJOR === 0, 'presets are whole amounts'),
  )
  .max(MAX_CHANNEL_PRESETS);

/** The presets as the app reads them: whole major units joined by commas ("100,500,1000"). */
export function formatPresets(fixedAmountsJson: string): string {
  const parsed = channelPresetsSchema.safeParse(JSON.parse(fixedAmountsJson));
  if (!parsed.success) throw new Error(`Channel presets are invalid: ${fixedAmountsJson}`);
  return parsed.data.map((amountMinor) => String(amountMinor / MINOR_PER_MAJOR)).join(',');
}

export interface PaymentChannelServiceDependencies {
  db: Kysely<Database>;
  settings: SettingsService;
  adapters: AdapterEnvironment;
  /**
   * Whether sandbox channels may take payments. Off in production: the sandbox's Pay button credits
   * money that nobody paid, so it must never be reachable on a real-money server.
   */
  sandboxAllowed: boolean;
}

/** The payment channels the operator configured, and the adapter of each. */
export class PaymentChannelService {
  constructor(private readonly dependencies: PaymentChannelServiceDependencies) {}

  /** GET /user/channels: the channels a player can pay with now, and the support contact. */
  async list(type: PaymentChannelType): Promise<ChannelListResponse> {
    const { db, settings } = this.dependencies;
    const [rows, contactUrl] = await Promise.all([
      listEnabledChannels(db, type),
      settings.get('recharge.contact_url'),
    ]);
    return {
      code: 200,
      contact_url: contactUrl,
      queryset: rows.filter((row) => this.isOffered(row)).map(toChannelDto),
    };
  }

  /** An enabled, configured channel that takes payments now, by key. */
  async findOffered(key: string): Promise<PaymentChannelRow | undefined> {
    const row = await findChannelByKey(this.dependencies.db, key);
    return row && row.type === 'pay' && row.is_enabled === 1 && this.isOffered(row) ? row : undefined;
  }

  /** A channel by key, enabled or not (webhooks of orders already taken keep working after a switch-off). */
  async findByKey(key: string): Promise<PaymentChannelRow | undefined> {
    const row = await findChannelByKey(this.dependencies.db, key);
    if (row?.adapter === 'sandbox' && !this.dependencies.sandboxAllowed) return undefined;
    return row;
  }

  /** A channel by id, enabled or not. */
  async findById(id: number): Promise<PaymentChannelRow | undefined> {
    const row = await findChannelById(this.dependencies.db, id);
    if (row?.adapter === 'sandbox' && !this.dependencies.sandboxAllowed) return undefined;
    return row;
  }

  /** The adapter of a channel; throws ChannelConfigurationError when its settings are incomplete. */
  adapterFor(channel: Pick<PaymentChannelRow, 'key' | 'adapter' | 'settings_json'>): PaymentAdapter {
    return createPaymentAdapter(channel, this.dependencies.adapters);
  }

  private isOffered(row: PaymentChannelRow): boolean {
    if (row.adapter === 'sandbox' && !this.dependencies.sandboxAllowed) return false;
    return isChannelConfigured(row, this.dependencies.adapters.secrets);
  }
}

function toChannelDto(row: PaymentChannelRow): PaymentChannelDto {
  return {
    name: row.name,
    key: row.key,
    fixed_amounts: formatPresets(row.fixed_amounts_json),
    adapter: row.adapter,
    min_amount: minorToDecimalString(row.min_amount_minor),
    max_amount: minorToDecimalString(row.max_amount_minor),
  };
}
