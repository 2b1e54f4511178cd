import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Tables of migration 0020-aviator. */
export interface AviatorTables {
  aviator_chains: AviatorChainsTable;
  aviator_chain_checkpoints: AviatorChainCheckpointsTable;
  aviator_rounds: AviatorRoundsTable;
  aviator_bets: AviatorBetsTable;
}

/** A SHA-256 hash chain: round k of the chain (k = 1, 2, …) uses link k. */
export interface AviatorChainsTable {
  id: Generated<number>;
  chain_length: number;
  /** Link chain_length, from the cryptographic RNG; never sent to anyone. */
  secret_hex: string;
  /** Link 0, published (logged) when the chain is committed, before its first round. */
  terminal_hash: string;
  created_at: number;
}

export interface AviatorChainCheckpointsTable {
  chain_id: number;
  link_index: number;
  link_hex: string;
}

type Total = ColumnType<number, number | undefined, number>;

export type AviatorRoundStatus = 'betting' | 'flying' | 'settled' | 'refunded';

export interface AviatorRoundsTable {
  id: Generated<number>;
  /** The start in tenths of a second since the epoch. */
  period: number;
  chain_id: number;
  chain_index: number;
  status: AviatorRoundStatus;
  started_at: number;
  betting_ends_at: number;
  takeoff_at: number | null;
  /** When the multiplier reaches the result (takeoff_at + the flight's length). */
  crash_at: number | null;
  result_hundredths: number | null;
  player_nickname1: string | null;
  player_nickname2: string | null;
  player_nickname3: string | null;
  player_seed1: string | null;
  player_seed2: string | null;
  player_seed3: string | null;
  sha512hash: string | null;
  bet_count: Total;
  stake_total_minor: Total;
  fee_total_minor: Total;
  payout_total_minor: Total;
  house_take_minor: Total;
  settled_at: number | null;
  created_at: number;
}

export type AviatorBetStatus = 'open' | 'cashed' | 'lost' | 'refunded';

export interface AviatorBetsTable {
  id: Generated<number>;
  round_id: number;
  period: number;
  user_id: number;
  /** The order in which the leader took the round's bets (1 first): the first three seed the result. */
  seq: number;
  nick_name: string;
  client_seed: string;
  stake_minor: number;
  fee_minor: number;
  auto_cash_out_hundredths: number | null;
  status: AviatorBetStatus;
  cash_hundredths: number | null;
  win_minor: Total;
  created_at: number;
  settled_at: number | null;
}

export type AviatorChainRow = Selectable<AviatorChainsTable>;
export type AviatorRoundRow = Selectable<AviatorRoundsTable>;
export type AviatorBetRow = Selectable<AviatorBetsTable>;
export type NewAviatorBetRow = Insertable<AviatorBetsTable>;
