import type { ColumnType, Generated, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Tables of migration 0040 that hold gift codes (red packets) and gift event rounds (DESIGN.md §6). */
export interface GiftsTables {
  gift_codes: GiftCodesTable;
  gift_code_packets: GiftCodePacketsTable;
  gift_event_rounds: GiftEventRoundsTable;
  gift_event_claims: GiftEventClaimsTable;
  gift_code_daily_totals: GiftCodeDailyTotalsTable;
}

/** Migration 0060: what one operator's gift codes add up to in one market day (the per-operator cap). */
export interface GiftCodeDailyTotalsTable {
  creator_key: string;
  day: string;
  total_minor: number;
  updated_at: number;
}

export interface GiftCodesTable {
  id: Generated<number>;
  /** Upper case. */
  code: string;
  total_minor: number;
  packet_count: number;
  split: 'fixed' | 'random';
  min_amount_minor: number;
  expires_at: number;
  require_recharge: Defaulted<number>;
  claimed_count: Defaulted<number>;
  claimed_minor: Defaulted<number>;
  is_disabled: Defaulted<number>;
  created_at: number;
  /** Migration 0060: who made the code (`operator:<id>` or `admin_token`), for each operator's daily cap. */
  created_by_key: Defaulted<string | null>;
  /** Migration 0060: the approval request that made it, when its total needed a second operator. */
  approval_request_id: Defaulted<number | null>;
}

export interface GiftCodePacketsTable {
  id: Generated<number>;
  gift_code_id: number;
  seq: number;
  amount_minor: number;
  claimed_by_user_id: number | null;
  claimed_at: number | null;
}

export interface GiftEventRoundsTable {
  id: Generated<number>;
  /** The market date, YYYY-MM-DD. */
  day: string;
  /** 1, 2 or 3: the round of the day. */
  slot: number;
  start_at: number;
  end_at: number;
  pool_minor: number;
  remaining_minor: number;
  receive_limit: number;
  opened_count: Defaulted<number>;
  min_amount_minor: number;
  join_recharge: number;
  join_relation: number;
  join_bet: number;
  created_at: number;
}

export interface GiftEventClaimsTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  amount_minor: number;
  created_at: number;
}

export type GiftCodeRow = Selectable<GiftCodesTable>;
export type GiftEventRoundRow = Selectable<GiftEventRoundsTable>;
