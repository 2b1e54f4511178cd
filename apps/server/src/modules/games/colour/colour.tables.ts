import type { ColourCategory, GuessType } from '@app/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Tables of migration 0007-colour-game, with the house figures of 0009-colour-period-house-figures. */
export interface ColourTables {
  colour_chains: ColourChainsTable;
  colour_chain_checkpoints: ColourChainCheckpointsTable;
  colour_periods: ColourPeriodsTable;
  colour_bets: ColourBetsTable;
}

/** A room's SHA-256 hash chain: period k after first_period_start_at (k = 1, 2, …) uses link k. */
export interface ColourChainsTable {
  id: Generated<number>;
  room: ColourCategory;
  chain_length: number;
  /** Link chain_length, from the cryptographic RNG; never sent to anyone. */
  secret_hex: string;
  /** Link 0, published before the chain's first period. */
  terminal_hash: string;
  first_period_start_at: number;
  created_at: number;
}

export interface ColourChainCheckpointsTable {
  chain_id: number;
  link_index: number;
  link_hex: string;
}

/** Counters default to 0 and are written once, by the settlement. */
type Total = ColumnType<number, number | undefined, number>;

/** One period of a room: open while it takes bets and waits for its draw, settled once drawn and paid. */
export interface ColourPeriodsTable {
  id: Generated<number>;
  room: ColourCategory;
  period: string;
  start_at: number;
  status: 'open' | 'settled';
  chain_id: number;
  chain_index: number;
  /** Revealed with the settlement, null before. */
  seed_hex: string | null;
  price: number | null;
  result_number: number | null;
  /**
   * The house's figures of the period, for the operator: stake = fee + contract; payouts are computed on
   * the contracts; the house's take is stake − payout, the fee included (negative when it lost).
   */
  bet_count: Total;
  stake_total_minor: Total;
  fee_total_minor: Total;
  contract_total_minor: Total;
  payout_total_minor: Total;
  house_take_minor: Total;
  settled_at: number | null;
  created_at: number;
}

export interface ColourBetsTable {
  id: Generated<number>;
  user_id: number;
  period_id: number;
  room: ColourCategory;
  period: string;
  guess_type: GuessType;
  guess_number: number | null;
  contract_money_minor: number;
  contract_count: number;
  stake_minor: number;
  fee_minor: number;
  contract_minor: number;
  status: 'W' | 'S' | 'F';
  amount_minor: Total;
  open_price: number | null;
  result_number: number | null;
  created_at: number;
  settled_at: number | null;
}

export type ColourChainRow = Selectable<ColourChainsTable>;
export type ColourPeriodRow = Selectable<ColourPeriodsTable>;
export type ColourBetRow = Selectable<ColourBetsTable>;
export type NewColourBetRow = Insertable<ColourBetsTable>;
