import { z } from 'zod';
import { parseMoneyToMinor } from '../money.ts';
import { idFromBody, type Page, paginationQuery } from './common.ts';
import { optionalText, requiredText } from './text-field.ts';

/** The kinds of channel GET /user/channels lists; withdrawal channels join later. */
export const PAYMENT_CHANNEL_TYPES = ['pay'] as const;
export type PaymentChannelType = (typeof PAYMENT_CHANNEL_TYPES)[number];

/**
 * How a channel takes money (spec 01 §4 "Recharge"): `sandbox` is the built-in test gateway, `form_post`
 * covers ka and every gateway the app reaches by posting a form, `mpurse` is manual UPI, `pay_url` sends
 * the browser to a URL. The app picks its dialog and its success path by this value.
 */
export const PAYMENT_ADAPTERS = [
  'sandbox',
  'razorpay',
  'cashfree',
  'form_post',
  'mpurse',
  'pay_url',
] as const;
export type PaymentAdapterName = (typeof PAYMENT_ADAPTERS)[number];

/** Adapters whose payer types a UPI id in the details dialog (the UPI dialog of spec 01 §2). */
export const UPI_DIALOG_ADAPTERS: readonly PaymentAdapterName[] = ['mpurse'];

/**
 * The life of a recharge: Wait until paid, then Success. Failed is a payment the gateway refused or an
 * operator rejected; Cancelled an order that expired unpaid. A verified payment still moves Failed or
 * Cancelled on to Success; nothing ever leaves Success.
 */
export const RECHARGE_STATUSES = ['Wait', 'Success', 'Failed', 'Cancelled'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

/** A UTR (the bank's reference of a UPI transfer) is exactly this many digits (spec 02 §5). */
export const UTR_LENGTH = 12;
const UTR_PATTERN = new RegExp(`^\\d{${UTR_LENGTH}}$`);

/** Channel keys are short lowercase words; they also name the gateway's clearing account. */
export const CHANNEL_KEY_PATTERN = /^[a-z0-9_-]{1,40}$/;
export const CHANNEL_KEY_MAX_LENGTH = 40;
/** Serial numbers are letters and digits, such as R20250301120000123456. */
export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9]{1,40}$/;
export const SERIAL_NUMBER_MAX_LENGTH = 40;

/** Bounds of the payer details of the recharge dialogs. */
export const PAY_NAME_MAX_LENGTH = 100;
export const PAY_EMAIL_MAX_LENGTH = 200;
export const PAY_MOBILE_MAX_LENGTH = 20;
export const PAY_UPI_ACCOUNT_MAX_LENGTH = 100;
/** Longest value of one client-return parameter, and how many parameters a return may carry. */
export const RETURN_PARAM_MAX_LENGTH = 500;
export const RETURN_PARAMS_MAX_COUNT = 20;
/** Longest reason an operator gives when rejecting a recharge. */
export const REJECT_REASON_MAX_LENGTH = 500;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
const MOBILE_PATTERN = /^\+?\d{6,15}$/;

/** Server messages of the wallet calls; the app may translate them by their text. */
export const WalletMessage = {
  unknownChannel: 'Unknown payment channel',
  rechargeCreated: 'Recharge created',
  rechargeNotFound: 'Recharge not found',
  rechargeRateLimited: 'Too many recharge requests, please try again later',
  gatewayUnavailable: 'The payment channel is not available now, please try another one',
  utrSubmitted: 'UTR number has been submitted successfully',
  utrUsed: 'This UTR has already been used',
  utrAlreadySubmitted: 'A UTR has already been submitted for this recharge',
  utrNotAccepted: 'This recharge is not paid by UPI transfer',
  rechargeNotWaiting: 'This recharge is no longer waiting for payment',
  returnNotVerified: 'The payment could not be verified',
  transferDisabled: 'Transfer is not enabled for your account',
  transferToSelf: 'You cannot transfer to yourself',
  transferUnknownUser: 'The user does not exist',
  transferCompleted: 'The transfer has been successfully completed.',
  rechargeConfirmed: 'Recharge confirmed',
  rechargeFirstConfirmation: 'Confirmed once: a second operator must confirm this recharge',
  rechargeSecondConfirmerSame: 'A second, different operator must confirm this recharge',
  rechargeTokenCannotConfirmSecond:
    'The automation token cannot give the second confirmation: an operator must',
  rechargeRejected: 'Recharge rejected',
  rechargeNotAwaitingConfirmation: 'This recharge is not waiting for an operator',
} as const;

/**
 * An amount of money in a request: a number or a decimal string with at most two decimals, above zero,
 * answered in minor units. Every refusal names the field (DESIGN.md "Database": money on the wire).
 */
export function moneyAmountField(field: string) {
  return z.unknown().transform((value, ctx) => {
    const result = parseMoneyToMinor(value);
    if (result.ok) {
      if (result.amountMinor > 0) return result.amountMinor;
      ctx.addIssue({ code: 'custom', message: `${field} must be greater than 0` });
      return z.NEVER;
    }
    const messages: Record<typeof result.reason, string> = {
      empty: `${field} is required`,
      not_a_number: `${field} must be a number`,
      too_many_decimals: `${field} must have at most 2 decimals`,
      too_large: `${field} is too large`,
      negative: `${field} must be greater than 0`,
    };
    ctx.addIssue({ code: 'custom', message: messages[result.reason] });
    return z.NEVER;
  });
}

/** A UTR: twelve digits after trimming (a number is accepted when it has twelve digits). */
export const utrField = z
  .union([z.string(), z.number()], { error: 'utr is required' })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'utr is required' });
      return z.NEVER;
    }
    if (!UTR_PATTERN.test(text)) {
      ctx.addIssue({ code: 'custom', message: `utr must be ${UTR_LENGTH} digits` });
      return z.NEVER;
    }
    return text;
  });

const serialNumberField = (field: string) =>
  requiredText(field, {
    max: SERIAL_NUMBER_MAX_LENGTH,
    pattern: { regex: SERIAL_NUMBER_PATTERN, message: `${field} must be a serial number` },
  });

const channelKeyField = (field: string) =>
  requiredText(field, {
    max: CHANNEL_KEY_MAX_LENGTH,
    pattern: { regex: CHANNEL_KEY_PATTERN, message: `${field} must be a channel key` },
  });

/** GET /user/channels?type=pay */
export const channelListQuery = z.object({
  type: z.enum(PAYMENT_CHANNEL_TYPES, {
    // withdrawal is answered before this schema runs (the withdrawals module), so it is named here too.
    error: `type must be one of ${[...PAYMENT_CHANNEL_TYPES, 'withdrawal'].join(', ')}`,
  }),
});
export type ChannelListQuery = z.output<typeof channelListQuery>;

/**
 * One payment channel (spec 01 §3): name, key and fixed_amounts (comma-separated whole presets, "100,500").
 * adapter, min_amount and max_amount are additions: the app needs them to choose the details dialog and
 * to say what amounts the channel takes.
 */
export interface PaymentChannelDto {
  name: string;
  key: string;
  fixed_amounts: string;
  adapter: PaymentAdapterName;
  min_amount: string;
  max_amount: string;
}

export interface ChannelListResponse {
  code: 200;
  contact_url: string;
  queryset: PaymentChannelDto[];
}

/** POST /user/add_recharge (spec 01 §3 "Recharge request"). */
export const addRechargeBody = z.object({
  price: moneyAmountField('price'),
  pay_key: channelKeyField('pay_key'),
  pay_name: requiredText('pay_name', { max: PAY_NAME_MAX_LENGTH }),
  pay_mobile: requiredText('pay_mobile', { max: PAY_MOBILE_MAX_LENGTH }).transform((value, ctx) => {
    const compact = value.replace(/[\s-]/g, '');
    if (MOBILE_PATTERN.test(compact)) return compact;
    ctx.addIssue({ code: 'custom', message: 'pay_mobile must be a phone number' });
    return z.NEVER;
  }),
  pay_email: requiredText('pay_email', {
    max: PAY_EMAIL_MAX_LENGTH,
    pattern: { regex: EMAIL_PATTERN, message: 'pay_email must be valid' },
  }),
  pay_upi_account: optionalText('pay_upi_account', { max: PAY_UPI_ACCOUNT_MAX_LENGTH }),
});
export type AddRechargeBody = z.output<typeof addRechargeBody>;

/** A form the app posts to a gateway: `gateway` is the form's action, `data_dict` its fields. */
export interface FormPostAnswer {
  gateway: string;
  data_dict: Record<string, string>;
}

/**
 * POST /user/add_recharge on success. Always code, msg, serial_number and price; then per adapter:
 * sandbox and pay_url → pay_url; razorpay → options (for the checkout widget); cashfree and form_post →
 * gateway and data_dict; mpurse → upi_account.
 */
export interface AddRechargeResponse {
  code: 200;
  msg: string;
  serial_number: string;
  price: string;
  adapter: PaymentAdapterName;
  pay_url?: string;
  gateway?: string;
  data_dict?: Record<string, string>;
  options?: Record<string, unknown>;
  upi_account?: string;
}

/** GET /user/recharges?p&p_size */
export const rechargeListQuery = paginationQuery;
export type RechargeListQuery = z.output<typeof rechargeListQuery>;

/** One row of the recharge record (spec 02 §3); serial_number is an addition for /rechargePayment?sn. */
export interface RechargeRecordDto {
  serial_number: string;
  price: string;
  status: RechargeStatus;
  channel_name: string;
  create_time: number;
}

export type RechargeListResponse = Page<RechargeRecordDto>;

/** GET /user/query_recharge_by_sn?sn */
export const rechargeBySnQuery = z.object({ sn: serialNumberField('sn') });
export type RechargeBySnQuery = z.output<typeof rechargeBySnQuery>;

/**
 * A recharge by serial number (spec 02 §3): qr_code is text for a QR code (a upi://pay link), url a link
 * to open instead; either may be empty. status and utr_submitted are additions for the payment page.
 */
export interface RechargeBySnResponse {
  code: 200;
  serial_number: string;
  price: string;
  create_time: number;
  qr_code: string;
  url: string;
  status: RechargeStatus;
  utr_submitted: boolean;
}

/** POST /user/submit_utr_to_recharge */
export const submitUtrBody = z.object({ sn: serialNumberField('sn'), utr: utrField });
export type SubmitUtrBody = z.output<typeof submitUtrBody>;

/**
 * POST /user/recharge_return (an addition: the spec leaves the gateway's return to the server). The app
 * sends what the gateway handed back to the browser (the razorpay widget's razorpay_order_id,
 * razorpay_payment_id and razorpay_signature; the query of a return URL) and the server verifies it.
 */
export const rechargeReturnBody = z.object({
  sn: serialNumberField('sn'),
  params: z
    .record(z.string().max(100), z.string().max(RETURN_PARAM_MAX_LENGTH), {
      error: 'params must be an object of text values',
    })
    .refine(
      (params) => Object.keys(params).length <= RETURN_PARAMS_MAX_COUNT,
      `params must have at most ${RETURN_PARAMS_MAX_COUNT} entries`,
    )
    .optional()
    .default({}),
});
export type RechargeReturnBody = z.output<typeof rechargeReturnBody>;

export interface RechargeReturnResponse {
  code: 200;
  status: RechargeStatus;
}

/** POST /user/transfer_to (spec 02 §7). */
export const transferToBody = z.object({
  user_id: idFromBody('user_id'),
  amount: moneyAmountField('amount'),
});
export type TransferToBody = z.output<typeof transferToBody>;

/** POST /dev/sandbox/pay (development only): pay a sandbox order as its checkout page's Pay button does. */
export const devSandboxPayBody = z.object({ serial_number: serialNumberField('serial_number') });

/** GET /admin/api/recharges: recharges waiting for an operator (a UTR submitted, not yet decided). */
export const adminRechargeListQuery = paginationQuery;

/** A recharge as the operator sees it. */
export interface AdminRechargeDto {
  serial_number: string;
  user_id: number;
  mobile: string;
  price: string;
  status: RechargeStatus;
  channel_key: string;
  channel_name: string;
  utr: string | null;
  pay_name: string;
  pay_upi_account: string | null;
  create_time: number;
  utr_submit_time: number | null;
  /** Whether crediting it takes the confirmations of two different operators (four-eyes). */
  needs_two_confirmations: boolean;
  /** The operator who confirmed it first, when it needs two. */
  first_confirmer: string | null;
}

export type AdminRechargeListResponse = Page<AdminRechargeDto>;

/** POST /admin/api/recharges/:sn/reject */
export const adminRejectBody = z.object({
  reason: optionalText('reason', { max: REJECT_REASON_MAX_LENGTH }),
});

/** The serial number in an operator route's path. */
export const adminRechargeParams = z.object({ sn: serialNumberField('sn') });
