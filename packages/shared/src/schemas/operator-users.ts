import { z } from 'zod';
import type { MarketCode } from '../markets.ts';
import { mobileNumberField } from './accounts.ts';
import { idFromQuery, type Page, paginationQuery } from './common.ts';

/** Messages of the operator's user calls. */
export const OperatorUserMessage = {
  userNotFound: 'User not found',
  flagRequired: 'is_early, is_transfer_enable or event_gift_enable is required',
  flagsBodyNotObject: 'body must be an object of user flags',
} as const;

/** The per-user flags an operator can change (spec 01 §6: what each one unlocks in the app). */
export const USER_FLAG_NAMES = ['is_early', 'is_transfer_enable', 'event_gift_enable'] as const;
export type UserFlagName = (typeof USER_FLAG_NAMES)[number];
export type UserFlags = Record<UserFlagName, boolean>;

/**
 * An operator form sends a filter it left blank as an empty parameter (`?mobile=&user_id=`); that means
 * "no filter", not a bad value, so it is read as absent before the field's own checks run.
 */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * GET /admin/api/users?mobile=&user_id=&p&p_size for one market. `mobile` is normalised exactly as login
 * normalises it (E.164 with the market's prefix, so "98765 43210" and "+919876543210" find the same
 * account) and matched exactly: one account per number, found through the unique index. `user_id` is an
 * exact id. Both given means both must match.
 */
export function operatorUserListQuery(market: MarketCode) {
  return paginationQuery.extend({
    mobile: z.preprocess(blankAsAbsent, mobileNumberField('mobile', market).optional()),
    user_id: z.preprocess(blankAsAbsent, idFromQuery('user_id').optional()),
  });
}
export type OperatorUserListQuery = z.output<ReturnType<typeof operatorUserListQuery>>;

/** The user id in an operator route's path (GET /admin/api/users/:id, PUT …/:id/flags). */
export const operatorUserParams = z.object({ id: idFromQuery('id') });
export type OperatorUserParams = z.output<typeof operatorUserParams>;

/** One flag: a JSON boolean only; "yes", 1 or "true" are refused so the operator's intent is never guessed. */
const flagField = (field: UserFlagName) => z.boolean({ error: `${field} must be true or false` }).optional();

/**
 * PUT /admin/api/users/:id/flags: any of the three flags as JSON booleans, at least one. Unknown keys are
 * refused rather than ignored, so a misspelt flag cannot look like a change that was made.
 */
export const operatorUserFlagsBody = z
  .strictObject(
    {
      is_early: flagField('is_early'),
      is_transfer_enable: flagField('is_transfer_enable'),
      event_gift_enable: flagField('event_gift_enable'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `${issue.keys[0]} is not a user flag (${USER_FLAG_NAMES.join(', ')})`
          : OperatorUserMessage.flagsBodyNotObject,
    },
  )
  .refine((body) => USER_FLAG_NAMES.some((name) => body[name] !== undefined), {
    message: OperatorUserMessage.flagRequired,
  });
export type OperatorUserFlagsBody = z.output<typeof operatorUserFlagsBody>;

/** A user as the operator sees it; `balance` is the ledger's spendable balance with two decimals. */
export interface OperatorUserDto extends UserFlags {
  user_id: number;
  mobile: string;
  nick_name: string;
  r_code: string;
  /** The level-1 referrer (whose code the user registered with), or null for a root account. */
  referrer_user_id: number | null;
  balance: string;
  /** Epoch milliseconds. */
  created_at: number;
  /** Suspended by an operator: no login, no API, until unsuspended. */
  suspended: boolean;
  suspended_reason: string | null;
}

export type OperatorUserListResponse = Page<OperatorUserDto>;

export interface OperatorUserResponse {
  code: 200;
  msg?: string;
  entry: OperatorUserDto;
}
