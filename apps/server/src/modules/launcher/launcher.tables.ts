import type { ColumnType, Generated, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Tables of migration 0040 for embedded third-party games (DESIGN.md §3 "Embedded third-party games"). */
export interface LauncherTables {
  game_providers: GameProvidersTable;
  game_sessions: GameSessionsTable;
  provider_transactions: ProviderTransactionsTable;
}

export interface GameProvidersTable {
  id: Generated<number>;
  key: string;
  name: string;
  /** The HMAC key both sides sign seamless-wallet calls with. */
  secret: string;
  /** Where a launch sends the player (an absolute URL, or a path on this server); the token is appended. */
  launch_url: string;
  is_enabled: Defaulted<number>;
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
  created_at: number;
}

export type GameProviderRow = Selectable<GameProvidersTable>;
export type GameSessionRow = Selectable<GameSessionsTable>;
export type ProviderTransactionRow = Selectable<ProviderTransactionsTable>;
