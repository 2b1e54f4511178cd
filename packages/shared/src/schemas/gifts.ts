import { z } from 'zod';
import { parseMoneyToMinor } from '../money.ts';
import { idFromBody, idFromQuery, paginationQuery } from './common.ts';
import { OPERATOR_REASON_MAX_LENGTH } from './operator-console.ts';
import { optionalText, requiredText } from './text-field.ts';
import { moneyAmountField } from './wallet.ts';

/** Gift codes are letters and digits, compared in upper case. */
export const GIFT_CODE_PATTERN = /^[A-Za-z0-9]{4,40}$/;
/** Most packets one gift code may have (a named limit on the rows a code creates). */
export const MAX_GIFT_PACKETS = 10_000;
export const GIFT_SPLITS = ['fixed', 'random'] as const;
export type GiftSplit = (typeof GIFT_SPLITS)[number];

/** Server messages of the gift calls (spec 02 §8: a failure shows Fail with the message). */
export const GiftMessage = {
  redeemed: 'redeem_success',
  /**
   * One answer for a code that does not exist, has expired, was disabled or has no gift left, so guessing
   * codes tells nothing about which exist.
   */
  invalidCode: 'This gift code is not valid or has no gifts left',
  /** Too many claims from one account or one address in a short time. */
  tooManyTries: 'Too many gift code tries, please wait a minute',
  alreadyClaimed: 'You have already received this gift',
  wrongMobile: 'mobile must be your own mobile number',
  needsRecharge: 'Recharge first to receive this gift',
  codeTaken: 'code is already used by another gift code',
  /** The console's answer for an unknown gift code id. */
  notFound: 'Gift code not found',
  eventNotFound: 'Gift event not found',
  eventNotOpen: 'This gift event is not open now',
  eventFinished: 'All gifts of this event have been taken',
  eventAlreadyJoined: 'You have already opened this gift',
  eventDisabled: 'Gift events are not enabled for your account',
  eventNeedsRecharge: 'Recharge first to open this gift',
  eventNeedsRelation: 'Invite a friend first to open this gift',
  eventNeedsBet: 'Place a bet today first to open this gift',
} as const;

const giftCodeField = (field: string) =>
  requiredText(field, {
    max: 40,
    pattern: { regex: GIFT_CODE_PATTERN, message: `${field} must be 4-40 letters or digits` },
  }).transform((value) => value.toUpperCase());

/** POST /mana/receive_red_packet. */
export const receiveRedPacketBody = z.object({
  packet_code: giftCodeField('packet_code'),
  mobile: requiredText('mobile', { max: 32 }),
});
export type ReceiveRedPacketBody = z.output<typeof receiveRedPacketBody>;

/** Its answer: the amount received. */
export interface ReceiveRedPacketResponse {
  code: 200;
  msg: string;
  price: string;
}

/** An amount of money in an operator body that may be zero (a minimum). */
const moneyOrZeroField = (field: string) =>
  z.unknown().transform((value, ctx) => {
    const result = parseMoneyToMinor(value);
    if (result.ok && result.amountMinor >= 0) return result.amountMinor;
    ctx.addIssue({ code: 'custom', message: `${field} must be an amount of money` });
    return z.NEVER;
  });

/** POST /admin/api/gift-codes. */
export const adminCreateGiftCodeBody = z.object({
  code: giftCodeField('code'),
  total: moneyAmountField('total'),
  count: z
    .number({ error: 'count must be a whole number' })
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(MAX_GIFT_PACKETS, `count must be at most ${MAX_GIFT_PACKETS}`),
  split: z.enum(GIFT_SPLITS, { error: 'split must be fixed or random' }),
  min_amount: moneyOrZeroField('min_amount').optional(),
  expires_at: z.number({ error: 'expires_at must be epoch milliseconds' }).int().positive(),
  require_recharge: z.boolean({ error: 'require_recharge must be true or false' }).optional(),
  /** Why: required when the total needs a second operator's approval (above gifts.single_approval_max_minor). */
  reason: optionalText('reason', { max: OPERATOR_REASON_MAX_LENGTH }),
});
export type AdminCreateGiftCodeBody = z.output<typeof adminCreateGiftCodeBody>;

export const adminGiftCodeListQuery = paginationQuery;
export const adminGiftCodeParams = z.object({ id: idFromQuery('id') });

/** A gift code as the operator sees it. */
export interface AdminGiftCodeDto {
  id: number;
  code: string;
  total: string;
  count: number;
  split: GiftSplit;
  min_amount: string;
  expires_at: number;
  require_recharge: boolean;
  claimed_count: number;
  claimed: string;
  is_disabled: boolean;
  create_time: number;
}

/** One claim of a gift code. */
export interface AdminGiftClaimDto {
  user_id: number;
  price: string;
  create_time: number;
}

/** GET /user/gift_events: one round of today (spec 01 §3 "Gift event"). */
export interface GiftEventDto {
  id: number;
  start_time: number;
  end_time: number;
  /** How many more players can open this round's gift. */
  member_available_num: number;
  join_recharge: boolean;
  join_relation: boolean;
  join_bet: boolean;
  /** Over, emptied, or opened by this player: greyed and cannot be opened. */
  completed: boolean;
}
export interface GiftEventListResponse {
  code: 200;
  queryset: GiftEventDto[];
  /**
   * The server's clock when it answered, epoch milliseconds (an addition to the spec): whether a round is
   * open is decided on the server's clock, so the app shows a round open by it, not by the phone's clock.
   */
  server_time: number;
}

/** POST /user/join_gift_event. */
export const joinGiftEventBody = z.object({ id: idFromBody('id') });
export interface JoinGiftEventResponse {
  code: 200;
  msg: string;
  price: string;
}

/** GET /admin/api/gift-events: the report of each round, newest first. */
export const adminGiftEventListQuery = paginationQuery;
export interface AdminGiftEventRoundDto {
  id: number;
  day: string;
  slot: number;
  start_time: number;
  end_time: number;
  pool: string;
  paid: string;
  remaining: string;
  receive_limit: number;
  opened_count: number;
  join_recharge: boolean;
  join_relation: boolean;
  join_bet: boolean;
}
