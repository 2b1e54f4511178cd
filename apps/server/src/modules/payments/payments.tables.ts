import type { PaymentAdapterName, PaymentChannelType, RechargeStatus } from '@app/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A column the database fills with a default on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Tables of migration 0004-payments: channels, recharges, received webhook events, the sandbox gateway. */
export interface PaymentsTables {
  payment_channels: PaymentChannelsTable;
  recharges: RechargesTable;
  webhook_events: WebhookEventsTable;
  sandbox_payments: SandboxPaymentsTable;
}

/** One way to pay in (spec 01 §3 "Payment channel"), configured by the operator. */
export interface PaymentChannelsTable {
  id: Generated<number>;
  type: PaymentChannelType;
  /** Unique; also the name of the gateway's clearing account and of its webhook URL. */
  key: string;
  name: string;
  adapter: PaymentAdapterName;
  /** JSON array of the preset amounts in minor units, each a whole number of major units. */
  fixed_amounts_json: string;
  min_amount_minor: number;
  max_amount_minor: number;
  is_enabled: Defaulted<number>;
  sort_order: Defaulted<number>;
  /** JSON object of the adapter's settings (keys, secrets, URLs); never sent to a player. */
  settings_json: string;
  created_at: number;
  updated_at: number;
}

/**
 * One recharge order. The channel's key and adapter are copied at creation, so a later change of the
 * channel never changes how an order already created is verified and credited.
 */
export interface RechargesTable {
  id: Generated<number>;
  serial_number: string;
  user_id: number;
  channel_id: number;
  channel_key: string;
  adapter: PaymentAdapterName;
  amount_minor: number;
  status: RechargeStatus;
  /** The gateway's order id; unique per adapter. Null for manual UPI. */
  gateway_order_id: string | null;
  /** The payment that paid the order; unique per adapter, so one payment credits one order. */
  gateway_payment_id: string | null;
  /** The 12-digit UTR of a manual UPI transfer; unique across all users. */
  utr: string | null;
  utr_submitted_at: number | null;
  pay_name: string;
  pay_mobile: string;
  pay_email: string;
  pay_upi_account: string | null;
  /** Where a pay_url order sends the browser (the payment page's url). */
  pay_url: string | null;
  /** The operator's UPI account the payer was told to pay, and its holder's name (manual UPI). */
  payee_upi_account: string | null;
  payee_name: string | null;
  /** 1 on the first recharge of the user that was credited (unique per user). */
  is_first_recharge: Defaulted<number>;
  failure_reason: string | null;
  /** When GET /user/notification reported the credit; null until then. */
  notified_at: number | null;
  created_at: number;
  updated_at: number;
  credited_at: number | null;
  /**
   * Migration 0060: the first operator who confirmed a manual recharge that needs two (`operator:<id>` or
   * `admin_token`, and the name shown), and when.
   */
  first_confirmed_by_key: Defaulted<string | null>;
  first_confirmed_by: Defaulted<string | null>;
  first_confirmed_at: Defaulted<number | null>;
}

/** A webhook event that was verified and processed; the unique (provider, event_id) drops redeliveries. */
export interface WebhookEventsTable {
  id: Generated<number>;
  /** The channel key the webhook came in on. */
  provider: string;
  event_id: string;
  recharge_id: number | null;
  /** What processing it did: credited, failed, duplicate_payment, amount_mismatch, ignored… */
  outcome: string;
  received_at: number;
}

/**
 * The sandbox gateway's own books: what a real gateway would answer when asked for an order's payments.
 * It belongs to the simulated gateway, not to the shop.
 */
export interface SandboxPaymentsTable {
  id: Generated<number>;
  order_id: string;
  payment_id: string;
  amount_minor: number;
  status: 'paid' | 'failed';
  created_at: number;
}

export type PaymentChannelRow = Selectable<PaymentChannelsTable>;
export type NewPaymentChannelRow = Insertable<PaymentChannelsTable>;
export type RechargeRow = Selectable<RechargesTable>;
export type NewRechargeRow = Insertable<RechargesTable>;
export type SandboxPaymentRow = Selectable<SandboxPaymentsTable>;
