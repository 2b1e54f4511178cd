import { z } from 'zod';
import { idFromQuery, paginationQuery } from './common.ts';
import { requiredText } from './text-field.ts';

/** GET /exg/owngame_start_game?game_id. */
export const startGameQuery = z.object({ game_id: idFromQuery('game_id') });
export interface StartGameResponse {
  code: 200;
  launch_url: string;
}

export const LauncherMessage = {
  unknownGame: 'This game is not available',
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

/** The header carrying hex HMAC-SHA256 of the raw body with the provider's secret. */
export const SEAMLESS_SIGNATURE_HEADER = 'x-signature';

/** Operator calls: providers and their games. */
export const adminProviderBody = z.object({
  key: requiredText('key', {
    max: 40,
    pattern: { regex: PROVIDER_KEY_PATTERN, message: 'key must be 2-40 lowercase letters, digits, _ or -' },
  }),
  name: requiredText('name', { max: 100 }),
  secret: requiredText('secret', { max: 200, min: 16 }),
  launch_url: requiredText('launch_url', {
    max: 1000,
    pattern: { regex: /^(https?:\/\/|\/)\S+$/, message: 'launch_url must be a URL or a path' },
  }),
});
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
