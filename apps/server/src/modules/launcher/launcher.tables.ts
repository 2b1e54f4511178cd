import type { ColumnType, Generated, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * Tables of migrations 0040 and 0061 for embedded third-party games (DESIGN.md §3 "Embedded third-party
 * games", §2 "Operator money controls").
 */
export interface LauncherTables {
  game_providers: GameProvidersTable;
  game_sessions: GameSessionsTable;
  provider_transactions: ProviderTransactionsTable;
  seamless_call_nonces: SeamlessCallNoncesTable;
  provider_rounds: ProviderRoundsTable;
  provider_daily_payouts: ProviderDailyPayoutsTable;
}

export interface GameProvidersTable {
  id: Generated<number>;
  key: string;
  name: string;
  /** The HMAC key both sides sign seamless-wallet calls with, sealed (SecretBox, purpose game_providers.secret). */
  secret: string;
  /** Where a launch sends the player (an absolute URL, or a path on this server); the token is appended. */
  launch_url: string;
  is_enabled: Defaulted<number>;
  /** A round's credits are at most its debits × this / 100 (0 until approved: nothing can be credited). */
  max_multiplier_hundredths: Defaulted<number>;
  /** The most the provider may pay out net in one market day (see ProviderDailyPayoutsTable). */
  daily_payout_cap_minor: Defaulted<number>;
  /** When a second operator approved the provider as it is; null: never approved, so it works not at all. */
  approved_at: ColumnType<number | null, number | null | undefined, number | null>;
  approval_request_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}

export interface GameSessionsTable {
  id: Generated<number>;
  user_id: number;
  game_id: number;
  provider_id: number;
  /** SHA-256 of the one-time launch token (used once, to open the session). */
  launch_token_hash: string;
  /** SHA-256 of the session token the provider's wallet calls carry; null until opened. */
  session_token_hash: string | null;
  launch_expires_at: number;
  opened_at: number | null;
  created_at: number;
  /** The player's login session that launched the game: the seamless session ends when it does. */
  login_session_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProviderTransactionsTable {
  id: Generated<number>;
  provider_id: number;
  provider_tx_id: string;
  user_id: number;
  session_id: number;
  kind: 'debit' | 'credit' | 'rollback';
  amount_minor: number;
  round_id: string;
  /** For a rollback: the provider transaction it reverses. */
  reference_tx_id: string | null;
  /** ok; rolled_back (a debit reversed); not_found (a rollback of an unknown transaction). */
  status: 'ok' | 'rolled_back' | 'not_found';
  /** SHA-256 of what the call asked for, so a replay with other parameters is refused. */
  request_hash: string;
  /** For a debit: what it took off needs_bet (its rollback gives exactly that back). */
  needs_bet_reduced_minor: Defaulted<number>;
  created_at: number;
}

/** A signed call's nonce, refused if seen again for the provider until the call's window has passed. */
export interface SeamlessCallNoncesTable {
  id: Generated<number>;
  provider_id: number;
  nonce: string;
  /** The call's timestamp plus the window: after it, a replay is refused by its timestamp alone. */
  expires_at: number;
}

/** One round of a provider, of one session: what was staked (debits not rolled back) and paid in it. */
export interface ProviderRoundsTable {
  id: Generated<number>;
  provider_id: number;
  round_id: string;
  session_id: number;
  user_id: number;
  debited_minor: number;
  credited_minor: number;
  created_at: number;
  updated_at: number;
}

/**
 * A provider's net payout of one market day: the sum of its credits, minus its debits, plus the debits it
 * rolled back (each counted on the market day of the call that made it). Positive when players won more than
 * they staked; a credit that would take it above the provider's daily cap is refused.
 */
export interface ProviderDailyPayoutsTable {
  provider_id: number;
  /** YYYY-MM-DD in the market's time zone. */
  day: string;
  net_payout_minor: number;
  updated_at: number;
}

export type GameProviderRow = Selectable<GameProvidersTable>;
export type GameSessionRow = Selectable<GameSessionsTable>;
export type ProviderTransactionRow = Selectable<ProviderTransactionsTable>;
export type ProviderRoundRow = Selectable<ProviderRoundsTable>;
