import { z } from 'zod';
import { MINOR_PER_MAJOR } from '../money.ts';
import { idFromQuery } from './common.ts';
import { OPERATOR_REASON_MAX_LENGTH } from './operator-console.ts';
import { optionalText, requiredText } from './text-field.ts';
import type { PaymentAdapterName, PaymentChannelType } from './wallet.ts';
import { moneyAmountField } from './wallet.ts';
import type { PayoutAdapterName } from './withdrawal.ts';

/** One setting of a payment channel's adapter, as the console's form shows it. */
export interface ChannelFieldDescriptor {
  /** The key in the channel's settings (the adapter's settings schema). */
  readonly name: string;
  readonly label: string;
  /**
   * Secret fields are write-only: the operator sets or replaces them, and the operator API answers only
   * whether one is set and its last characters, never its value.
   */
  readonly secret: boolean;
  /** Whether the adapter needs it before the channel can take payments. */
  readonly required: boolean;
}

const plain = (name: string, label: string, required = true): ChannelFieldDescriptor => ({
  name,
  label,
  secret: false,
  required,
});
const secret = (name: string, label: string): ChannelFieldDescriptor => ({
  name,
  label,
  secret: true,
  required: true,
});

/**
 * The settings of each payment adapter (the server checks these against every adapter's own settings
 * schema). Razorpay's key_id, Cashfree's app_id and a form-post merchant id identify the merchant and
 * reach the browser or the gateway in the clear, so they are shown; the secrets that sign are not.
 */
export const PAYMENT_CHANNEL_FIELDS: Readonly<Record<PaymentAdapterName, readonly ChannelFieldDescriptor[]>> =
  {
    sandbox: [secret('webhook_secret', 'Webhook secret (at least 16 characters)')],
    razorpay: [
      plain('key_id', 'Key id'),
      secret('key_secret', 'Key secret'),
      secret('webhook_secret', 'Webhook secret'),
      plain('api_base_url', 'API address', false),
      plain('checkout_name', 'Name on the checkout', false),
    ],
    cashfree: [
      plain('app_id', 'App id'),
      secret('secret_key', 'Secret key'),
      plain('api_base_url', 'API address', false),
      plain('api_version', 'API version', false),
      plain('checkout_url', 'Checkout script address', false),
    ],
    form_post: [
      plain('gateway_url', 'Gateway form address'),
      plain('query_url', 'Status query address'),
      plain('merchant_id', 'Merchant id'),
      secret('secret', 'Merchant secret'),
    ],
    mpurse: [
      plain('upi_account', 'UPI account shown to payers'),
      plain('payee_name', 'Payee name shown to payers'),
    ],
    pay_url: [
      plain('url_template', 'Payment page address (with {serial_number})'),
      plain('upi_account', 'UPI account shown to payers', false),
      plain('payee_name', 'Payee name shown to payers', false),
    ],
  };

/** A channel name as players see it. */
export const CHANNEL_NAME_MAX_LENGTH = 100;
/** The largest sort position of a channel. */
export const CHANNEL_MAX_SORT_ORDER = 10_000;
/** A channel offers at most this many preset amounts. */
export const CHANNEL_MAX_PRESETS = 12;
/** The longest value of one channel setting (addresses, names) and of one secret key. */
export const CHANNEL_SETTING_MAX_LENGTH = 1000;
export const CHANNEL_SECRET_MAX_LENGTH = 200;
/** A secret shows its last characters only when it is at least this long, so a short one gives nothing away. */
export const CHANNEL_SECRET_HINT_MIN_LENGTH = 12;
export const CHANNEL_SECRET_HINT_LENGTH = 4;

const channelName = requiredText('name', { max: CHANNEL_NAME_MAX_LENGTH, displayText: true });
const isEnabledField = z.boolean({ error: 'is_enabled must be true or false' });
const sortOrderField = z
  .number({ error: 'sort_order must be a whole number' })
  .int('sort_order must be a whole number')
  .min(0, 'sort_order must be at least 0')
  .max(CHANNEL_MAX_SORT_ORDER, `sort_order must be at most ${CHANNEL_MAX_SORT_ORDER}`);

/** The preset amounts as the operator types them ("100,500,1000", whole major units) → minor units. */
const fixedAmountsField = z.string({ error: 'fixed_amounts must be text' }).transform((text, ctx) => {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length > CHANNEL_MAX_PRESETS) {
    ctx.addIssue({
      code: 'custom',
      message: `fixed_amounts must have at most ${CHANNEL_MAX_PRESETS} amounts`,
    });
    return z.NEVER;
  }
  const amounts: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,9}$/.test(part) || Number(part) <= 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'fixed_amounts must be whole amounts above 0, separated by commas',
      });
      return z.NEVER;
    }
    amounts.push(Number(part) * MINOR_PER_MAJOR);
  }
  return amounts;
});

/** Settings field names are the adapter's keys: short snake_case words. */
const settingName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a setting name');

/**
 * PUT /admin/api/payment-channels/:id: any of the channel's fields. `settings` holds the shown fields of
 * its adapter ('' clears one); `secrets` sets or replaces secret keys (a secret is never cleared to
 * nothing here: disable the channel instead). Which names an adapter takes is the server's to say (400).
 */
export const adminPaymentChannelUpdateBody = z
  .object({
    name: channelName.optional(),
    is_enabled: isEnabledField.optional(),
    sort_order: sortOrderField.optional(),
    min_amount: moneyAmountField('min_amount').optional(),
    max_amount: moneyAmountField('max_amount').optional(),
    fixed_amounts: fixedAmountsField.optional(),
    settings: z
      .record(
        settingName,
        z
          .string({ error: 'settings values must be text' })
          .trim()
          .max(
            CHANNEL_SETTING_MAX_LENGTH,
            `settings values must be at most ${CHANNEL_SETTING_MAX_LENGTH} characters`,
          ),
        { error: 'settings must be an object of texts' },
      )
      .optional(),
    secrets: z
      .record(
        settingName,
        z
          .string({ error: 'secrets values must be text' })
          .trim()
          .min(1, 'secrets values must not be empty')
          .max(
            CHANNEL_SECRET_MAX_LENGTH,
            `secrets values must be at most ${CHANNEL_SECRET_MAX_LENGTH} characters`,
          ),
        { error: 'secrets must be an object of texts' },
      )
      .optional(),
    /** Why: required when settings or secrets change (that change waits for a second operator). */
    reason: optionalText('reason', { max: OPERATOR_REASON_MAX_LENGTH }),
  })
  .refine(
    ({ reason: _reason, ...fields }) => Object.values(fields).some((value) => value !== undefined),
    'no channel field to change',
  );
export type AdminPaymentChannelUpdateBody = z.output<typeof adminPaymentChannelUpdateBody>;

/** PUT /admin/api/withdrawal-channels/:id: the name players see, the order and the switch. */
export const adminWithdrawalChannelUpdateBody = z
  .object({
    name: channelName.optional(),
    is_enabled: isEnabledField.optional(),
    sort_order: sortOrderField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'no channel field to change');
export type AdminWithdrawalChannelUpdateBody = z.output<typeof adminWithdrawalChannelUpdateBody>;

/** The channel id in PUT /admin/api/payment-channels/:id and /admin/api/withdrawal-channels/:id. */
export const adminChannelParams = z.object({ id: idFromQuery('id') });

/** What the operator API says of a secret key: whether it is set and, when long enough, its end. */
export interface ChannelSecretState {
  set: boolean;
  last4: string | null;
}

/** A payment channel as the console sees it: never a secret's value. */
export interface AdminPaymentChannelDto {
  id: number;
  key: string;
  name: string;
  type: PaymentChannelType;
  adapter: PaymentAdapterName;
  is_enabled: boolean;
  sort_order: number;
  min_amount: string;
  max_amount: string;
  /** Whole major units joined by commas, as players read them. */
  fixed_amounts: string;
  /** The shown settings of its adapter. */
  settings: Record<string, string>;
  /** Each secret field of its adapter: set or not, and its last characters. */
  secrets: Record<string, ChannelSecretState>;
  /** Whether its settings are complete, so players are offered it when it is enabled. */
  configured: boolean;
  /** What is missing or wrong when it is not configured. */
  problem: string | null;
  update_time: number;
}

/** A withdrawal (payout) channel as the console sees it. */
export interface AdminWithdrawalChannelDto {
  id: number;
  key: string;
  name: string;
  adapter: PayoutAdapterName;
  bank_code_group_id: number | null;
  is_enabled: boolean;
  sort_order: number;
  update_time: number;
}
