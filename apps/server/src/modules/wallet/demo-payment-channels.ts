import { randomBytes } from 'node:crypto';
import { type MarketCode, majorToMinor, type PaymentAdapterName } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { sealChannelSecrets } from '../payments/channel-secrets.ts';
import type { NewPaymentChannelRow } from '../payments/payments.tables.ts';
import { countChannels, insertChannels } from './payment-channel.repository.ts';

/** The operator's demo UPI account that the manual UPI channels ask payers to pay. */
export const DEMO_UPI_ACCOUNT = 'goldshop@upi';
export const DEMO_UPI_PAYEE_NAME = 'Gold Shop';

/** Preset amounts and bounds of the demo channels per market, in whole major units. */
const DEMO_AMOUNTS: Readonly<Record<MarketCode, { presets: number[]; min: number; max: number }>> = {
  in: { presets: [100, 200, 500, 1000, 2000, 5000], min: 100, max: 50_000 },
  pt: { presets: [10, 20, 50, 100, 200, 500], min: 10, max: 10_000 },
  mx: { presets: [50, 100, 200, 500, 1000, 2000], min: 50, max: 20_000 },
  vi: { presets: [50_000, 100_000, 200_000, 500_000, 1_000_000], min: 50_000, max: 50_000_000 },
};

interface DemoChannel {
  key: string;
  name: string;
  adapter: PaymentAdapterName;
  enabled: boolean;
  settings: Record<string, string>;
}

/**
 * The demo's channels: the sandbox gateway and manual UPI (both usable at once, offline), and the real
 * gateways present but switched off with empty keys until an operator configures them.
 */
function demoChannels(): DemoChannel[] {
  return [
    {
      key: 'sandbox',
      name: 'Sandbox (test payment)',
      adapter: 'sandbox',
      enabled: true,
      // Each install signs its sandbox webhooks with its own secret, generated here once.
      settings: { webhook_secret: randomBytes(32).toString('base64url') },
    },
    {
      key: 'mpurse',
      name: 'UPI transfer',
      adapter: 'mpurse',
      enabled: true,
      settings: { upi_account: DEMO_UPI_ACCOUNT, payee_name: DEMO_UPI_PAYEE_NAME },
    },
    {
      key: 'upi',
      name: 'UPI QR code',
      adapter: 'pay_url',
      enabled: true,
      settings: {
        url_template: '/#/rechargePayment?sn={serial_number}',
        upi_account: DEMO_UPI_ACCOUNT,
        payee_name: DEMO_UPI_PAYEE_NAME,
      },
    },
    {
      key: 'razorpay',
      name: 'Razorpay',
      adapter: 'razorpay',
      enabled: false,
      settings: { key_id: '', key_secret: '', webhook_secret: '' },
    },
    {
      key: 'cashfree',
      name: 'Cashfree',
      adapter: 'cashfree',
      enabled: false,
      settings: { app_id: '', secret_key: '' },
    },
    {
      key: 'ka',
      name: 'KA Pay',
      adapter: 'form_post',
      enabled: false,
      settings: { gateway_url: '', query_url: '', merchant_id: '', secret: '' },
    },
  ];
}

/**
 * Inserts the demo channels when there are no channels at all, their keys sealed with `secrets`; answers how
 * many were inserted.
 */
export async function seedDemoPaymentChannels(
  db: Kysely<Database>,
  market: MarketCode,
  now: number,
  secrets: SecretBox,
): Promise<number> {
  if ((await countChannels(db)) > 0) return 0;
  const amounts = DEMO_AMOUNTS[market];
  const rows: NewPaymentChannelRow[] = demoChannels().map((channel, index) => ({
    type: 'pay',
    key: channel.key,
    name: channel.name,
    adapter: channel.adapter,
    fixed_amounts_json: JSON.stringify(amounts.presets.map(majorToMinor)),
    min_amount_minor: majorToMinor(amounts.min),
    max_amount_minor: majorToMinor(amounts.max),
    is_enabled: channel.enabled ? 1 : 0,
    sort_order: index,
    settings_json: JSON.stringify(sealChannelSecrets(secrets, channel.adapter, channel.settings)),
    created_at: now,
    updated_at: now,
  }));
  return insertChannels(db, rows);
}
