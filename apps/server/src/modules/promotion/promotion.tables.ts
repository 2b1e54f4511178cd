import type { ColumnType, Generated, Selectable } from 'kysely';

/** Tables of migration 0040 that hold referral bonuses and profit transfers (DESIGN.md §6). */
export interface PromotionTables {
  promotion_bonuses: PromotionBonusesTable;
  profit_transfers: ProfitTransfersTable;
}

export interface PromotionBonusesTable {
  id: Generated<number>;
  /** The referrer who earns the bonus. */
  user_id: number;
  level: number;
  type: 'P' | 'BFFR';
  amount_minor: number;
  /** The referred player (for P, the one with the lowest id of the round's contributors). */
  source_user_id: number;
  /** How many referred players' fees made this bonus (1 for BFFR). */
  source_count: number;
  /** 'colour', 'aviator', 'luckyhit' for P; 'recharge' for BFFR. */
  game: string;
  /** The settled round (such as 'P:20250305002') or the first recharge's serial number. */
  round_ref: string;
  /** Unique; also the ledger idempotency key of the bonus's transfer. */
  bonus_key: string;
  created_at: number;
}

export interface ProfitTransfersTable {
  id: Generated<number>;
  user_id: number;
  amount_minor: number;
  status: 'Wait' | 'Completed' | 'Refused';
  /** The ledger hold (bonus account → wallet) this transfer posts or voids. */
  hold_transfer_id: ColumnType<number | null, number | null | undefined, number | null>;
  refuse_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  resolved_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export type PromotionBonusRow = Selectable<PromotionBonusesTable>;
export type ProfitTransferRow = Selectable<ProfitTransfersTable>;
