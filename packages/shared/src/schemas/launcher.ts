import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from '../money.ts';
import { idFromQuery, paginationQuery } from './common.ts';
import { OPERATOR_REASON_MAX_LENGTH } from './operator-console.ts';
import { optionalText, requiredText } from './text-field.ts';
import { moneyAmountField } from './wallet.ts';

/** GET /exg/owngame_start_game?game_id. */
export const startGameQuery = z.object({ game_id: idFromQuery('game_id') });
export interface StartGameResponse {
  code: 200;
  launch_url: string;
}

export const LauncherMessage = {
  unknownGame: 'This game is not available',
  reservedKey: 'demo is the built-in demo provider’s key: it cannot be registered or changed',
  keyTaken: 'Another provider has this key',
  unknownProvider: 'Provider not found',
  secretRequired: 'secret is required for a new provider',
  reasonRequired: 'reason is required: this change needs a second operator’s approval',
  requestPending: 'A request for this provider is already waiting for approval',
  keyChangeWithTransactions: 'key cannot change once the provider has moved money: register a new provider',
  providerSaved: 'Saved',
} as const;

/** Provider keys name the seamless-wallet path: short lowercase words. */
export const PROVIDER_KEY_PATTERN = /^[a-z0-9_-]{2,40}$/;
/** Provider transaction and round ids. */
const PROVIDER_ID_PATTERN = /^[A-Za-z0-9:_.-]{1,100}$/;

const providerIdField = (field: string) =>
  requiredText(field, {
    max: 100,
    pattern: { regex: PROVIDER_ID_PATTERN, message: `${field} must be 1-100 letters, digits or :_.-` },
  });
const sessionField = requiredText('session', {
  max: 100,
  pattern: { regex: /^[A-Za-z0-9_-]{16,100}$/, message: 'session must be a session token' },
});
/** Amounts between the provider and us are integers of minor units. */
const minorAmountField = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of minor units` })
    .int(`${field} must be a whole number of minor units`)
    .min(1, `${field} must be greater than 0`)
    .max(1_000_000_000_000, `${field} is too large`);

/** The provider key in the path of the seamless-wallet calls. */
export const seamlessProviderParams = z.object({
  provider: requiredText('provider', {
    max: 40,
    pattern: { regex: PROVIDER_KEY_PATTERN, message: 'provider must be a provider key' },
  }),
});

/** The seamless-wallet calls (POST /seamless/{provider}/…), each signed with the provider's key. */
export const seamlessOpenBody = z.object({
  launch_token: requiredText('launch_token', { max: 100 }),
});
export const seamlessBalanceBody = z.object({ session: sessionField });
export const seamlessDebitBody = z.object({
  session: sessionField,
  transaction_id: providerIdField('transaction_id'),
  round_id: providerIdField('round_id'),
  amount_minor: minorAmountField('amount_minor'),
});
export const seamlessCreditBody = seamlessDebitBody;
export const seamlessRollbackBody = z.object({
  session: sessionField,
  transaction_id: providerIdField('transaction_id'),
  reference_transaction_id: providerIdField('reference_transaction_id'),
});
export type SeamlessDebitBody = z.output<typeof seamlessDebitBody>;
export type SeamlessRollbackBody = z.output<typeof seamlessRollbackBody>;

/** What every seamless-wallet call answers: the player's balance after it. */
export interface SeamlessWalletResponse {
  code: 200;
  balance_minor: number;
  currency: string;
  /** For debit, credit and rollback: ok, duplicate (a replay), or not_found (rollback of an unknown id). */
  status?: 'ok' | 'duplicate' | 'not_found';
}
export interface SeamlessOpenResponse extends SeamlessWalletResponse {
  session: string;
  player_id: number;
  nick_name: string;
}

/**
 * The header carrying the call's signature: hex HMAC-SHA256, with the provider's secret, of
 * `<timestamp>.<nonce>.<raw body>` (the two headers below, then the body exactly as sent).
 */
export const SEAMLESS_SIGNATURE_HEADER = 'x-signature';
/** The header carrying the time the provider signed the call, in epoch milliseconds (decimal digits). */
export const SEAMLESS_TIMESTAMP_HEADER = 'x-seamless-timestamp';
/** The header carrying a value the provider never sends twice: 16-64 letters, digits, `_` or `-`. */
export const SEAMLESS_NONCE_HEADER = 'x-seamless-nonce';
/** A call signed further than this from the wallet's clock (either way) is refused. */
export const SEAMLESS_CALL_WINDOW_MS = 5 * 60_000;
export const SEAMLESS_TIMESTAMP_PATTERN = /^\d{1,16}$/;
export const SEAMLESS_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The text a seamless-wallet call's signature is computed over, before the raw body. */
export function seamlessSignedPrefix(timestamp: string, nonce: string): string {
  return `${timestamp}.${nonce}.`;
}

/** The lowest and highest maximum multiplier per round an operator may approve for a provider (× stake). */
export const PROVIDER_MIN_MULTIPLIER_HUNDREDTHS = 1_00;
export const PROVIDER_MAX_MULTIPLIER_HUNDREDTHS = 10_000_00;
/** The highest daily net payout cap an operator may approve for a provider, in minor units. */
export const PROVIDER_MAX_DAILY_PAYOUT_CAP_MINOR = MAX_AMOUNT_MINOR;

/** A multiplier as a decimal with at most two decimals (49 or "49.50"), answered in hundredths. */
const multiplierField = (field: string) =>
  moneyAmountField(field).superRefine((hundredths, ctx) => {
    if (hundredths < PROVIDER_MIN_MULTIPLIER_HUNDREDTHS || hundredths > PROVIDER_MAX_MULTIPLIER_HUNDREDTHS) {
      ctx.addIssue({
        code: 'custom',
        message: `${field} must be from ${PROVIDER_MIN_MULTIPLIER_HUNDREDTHS / 100} to ${PROVIDER_MAX_MULTIPLIER_HUNDREDTHS / 100}`,
      });
    }
  });

/**
 * Operator calls: providers and their games. POST /admin/api/game-providers registers a provider (by a new
 * key) or changes one (by `id`, or by its key): a new provider, or a change of its key, secret or launch URL
 * or a raised cap, is a request a second operator approves (`reason` required, HTTP 202); a change of the
 * name alone, or caps only lowered, applies at once. `secret` may be left out to keep the current one.
 */
export const adminProviderBody = z.object({
  id: z.number({ error: 'id must be a provider id' }).int('id must be a provider id').positive().optional(),
  key: requiredText('key', {
    max: 40,
    pattern: { regex: PROVIDER_KEY_PATTERN, message: 'key must be 2-40 lowercase letters, digits, _ or -' },
  }),
  name: requiredText('name', { max: 100 }),
  secret: optionalText('secret', { max: 200, min: 16 }),
  launch_url: requiredText('launch_url', {
    max: 1000,
    pattern: { regex: /^(https?:\/\/|\/)\S+$/, message: 'launch_url must be a URL or a path' },
  }),
  /** The most a round may pay back: its credits ≤ its debits × this (two decimals, e.g. 49.00). */
  max_multiplier: multiplierField('max_multiplier'),
  /** The most the provider may pay out net in one market day (credits − debits + rollbacks). */
  daily_payout_cap: moneyAmountField('daily_payout_cap'),
  reason: optionalText('reason', { max: OPERATOR_REASON_MAX_LENGTH }),
});
export type AdminProviderBody = z.output<typeof adminProviderBody>;
export const adminGameBody = z.object({
  provider_key: requiredText('provider_key', { max: 40 }),
  game_code: requiredText('game_code', { max: 60 }),
  name: requiredText('name', { max: 100 }),
  image: requiredText('image', { max: 500 }),
  sort_order: z.number().int().min(0).max(100_000).optional(),
});
export const adminGameListQuery = paginationQuery;
export const adminGameParams = z.object({ id: idFromQuery('id') });
export const adminGameEnabledBody = z.object({
  is_enabled: z.boolean({ error: 'is_enabled must be true or false' }),
});

export interface AdminProviderDto {
  id: number;
  key: string;
  name: string;
  launch_url: string;
  is_enabled: boolean;
  /** Whether a second operator approved the provider as it is (an unapproved one launches nothing). */
  is_approved: boolean;
  /** The approved maximum multiplier per round, e.g. "49.00". */
  max_multiplier: string;
  /** The approved daily net payout cap, a decimal string. */
  daily_payout_cap: string;
}
export interface AdminGameDto {
  id: number;
  name: string;
  image: string;
  provider_key: string | null;
  game_code: string | null;
  is_enabled: boolean;
  sort_order: number;
}

/** The demo provider's dice game (provably fair): roll under a target 2..98 for a payout of 98 / target. */
export const DICE_MIN_TARGET = 2;
export const DICE_MAX_TARGET = 98;
export const DICE_HOUSE_PERCENT = 2;

/** The demo provider's own calls, made by its page in the frame (not part of our wallet API). */
export const demoOpenBody = z.object({ token: requiredText('token', { max: 100 }) });
export const demoSessionBody = z.object({ session_id: requiredText('session_id', { max: 100 }) });
export const demoRollBody = demoSessionBody.extend({
  stake_minor: z
    .number({ error: 'stake_minor must be a whole number' })
    .int('stake_minor must be a whole number'),
  target: z.number({ error: 'target must be a whole number' }).int('target must be a whole number'),
  client_seed: requiredText('client_seed', { max: 64 }),
});
