import type { LuckyHitBetType, LuckyHitSide } from '@app/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Tables of migration 0030-luckyhit. */
export interface LuckyHitTables {
  luckyhit_chains: LuckyHitChainsTable;
  luckyhit_chain_checkpoints: LuckyHitChainCheckpointsTable;
  luckyhit_rounds: LuckyHitRoundsTable;
  luckyhit_bets: LuckyHitBetsTable;
}

/** A SHA-256 hash chain: round k after first_round_start_at (k = 1, 2, …) uses link k. */
export interface LuckyHitChainsTable {
  id: Generated<number>;
  chain_length: number;
  /** Link chain_length, from the cryptographic RNG; never sent to anyone. */
  secret_hex: string;
  /** Link 0, published before the chain's first round. */
  terminal_hash: string;
  first_round_start_at: number;
  created_at: number;
}

export interface LuckyHitChainCheckpointsTable {
  chain_id: number;
  link_index: number;
  link_hex: string;
}

/** Counters default to 0 and are written once, by the settlement. */
type Total = ColumnType<number, number | undefined, number>;

/** One round: open while it takes bets and waits for its deal, settled once dealt and paid. */
export interface LuckyHitRoundsTable {
  id: Generated<number>;
  period: string;
  start_at: number;
  status: 'open' | 'settled';
  chain_id: number;
  chain_index: number;
  seed_hex: string | null;
  client_seeds_json: string | null;
  draws_json: string | null;
  cards1_json: string | null;
  cards2_json: string | null;
  winner: LuckyHitSide | null;
  lucky_hit_odds: number | null;
  bet_count: Total;
  stake_total_minor: Total;
  fee_total_minor: Total;
  payout_total_minor: Total;
  /** Stake − payout, the fee included (negative when the house lost). */
  house_take_minor: Total;
  settled_at: number | null;
  created_at: number;
}

export interface LuckyHitBetsTable {
  id: Generated<number>;
  user_id: number;
  round_id: number;
  period: string;
  bet_type: LuckyHitBetType;
  client_seed: string;
  stake_minor: number;
  /** Kept per bet: the referral programme accrues its bonus from settled bets' fees. */
  fee_minor: number;
  contract_minor: number;
  status: 'W' | 'S' | 'F';
  payout_minor: Total;
  created_at: number;
  settled_at: number | null;
}

export type LuckyHitChainRow = Selectable<LuckyHitChainsTable>;
export type LuckyHitRoundRow = Selectable<LuckyHitRoundsTable>;
export type LuckyHitBetRow = Selectable<LuckyHitBetsTable>;
export type NewLuckyHitBetRow = Insertable<LuckyHitBetsTable>;
