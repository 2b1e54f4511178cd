import { z } from 'zod';
import { idFromQuery, type Page, paginationQuery } from './common.ts';
import { optionalText } from './text-field.ts';
import { moneyAmountField } from './wallet.ts';

/** The two levels of the referral tree (spec 02 §3): 1 = referred by me, 2 = referred by those. */
export const PROMOTION_LEVELS = [1, 2] as const;
export type PromotionLevel = (typeof PROMOTION_LEVELS)[number];

/** Bonus types (spec 02 §3 "Bonus transaction"): P from a settled period's fees, BFFR from a first recharge. */
export const BONUS_TYPES = ['P', 'BFFR'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** Profit transfer statuses; Refused is an operator's refusal (the bonus goes back). */
export const PROFIT_TRANSFER_STATUSES = ['Wait', 'Completed', 'Refused'] as const;
export type ProfitTransferStatus = (typeof PROFIT_TRANSFER_STATUSES)[number];

/** Server messages of the promotion calls. */
export const PromotionMessage = {
  applyCreated: 'Your application has been submitted',
  applyMoreThanBonus: 'apply_bonus is more than your bonus',
  profitTransferNotFound: 'Profit transfer not found',
  profitTransferNotWaiting: 'This profit transfer is not waiting',
} as const;

const levelField = z
  .string({ error: 'level must be 1 or 2' })
  .trim()
  .refine((value) => value === '1' || value === '2', 'level must be 1 or 2')
  .transform((value) => Number(value) as PromotionLevel);

/** GET /user/profit_transactions and /user/promotion_users: a page of one level (default 1). */
export const promotionLevelQuery = paginationQuery.extend({ level: levelField.optional().default(1) });
export type PromotionLevelQuery = z.output<typeof promotionLevelQuery>;

/** GET /user/profit_transfers. */
export const profitTransferListQuery = paginationQuery;

/** POST /user/add_profit_transfer. */
export const addProfitTransferBody = z.object({ apply_bonus: moneyAmountField('apply_bonus') });
export type AddProfitTransferBody = z.output<typeof addProfitTransferBody>;

/** GET /user/my_promotion_info. */
export interface PromotionInfoResponse {
  code: 200;
  profit: string;
  info: {
    one_level_user_count: number;
    one_level_contribution: string;
    two_level_user_count: number;
    two_level_contribution: string;
  };
}

/** One bonus row of GET /user/profit_transactions. */
export interface BonusTransactionDto {
  type: BonusType;
  relation_id: string;
  change: string;
  bonus_infos: Array<{ nick_name: string }>;
  create_time: number;
}
export type BonusTransactionListResponse = Page<BonusTransactionDto>;

/** One referred player of GET /user/promotion_users: only these fields, never more. */
export interface PromotionUserDto {
  nick_name: string;
  first_recharge_price: string;
  create_time: number;
}
export type PromotionUserListResponse = Page<PromotionUserDto>;

/** One row of GET /user/profit_transfers. */
export interface ProfitTransferDto {
  price: string;
  status: ProfitTransferStatus;
  create_time: number;
}
export type ProfitTransferListResponse = Page<ProfitTransferDto>;

/** GET /admin/api/profit-transfers: Wait by default. */
export const adminProfitTransferListQuery = paginationQuery.extend({
  status: z.enum(PROFIT_TRANSFER_STATUSES, { error: 'status must be Wait, Completed or Refused' }).optional(),
});
export const adminProfitTransferParams = z.object({ id: idFromQuery('id') });
export const adminProfitTransferRefuseBody = z.object({ reason: optionalText('reason', { max: 300 }) });

/** A profit transfer as the operator sees it. */
export interface AdminProfitTransferDto {
  id: number;
  user_id: number;
  price: string;
  status: ProfitTransferStatus;
  refuse_reason: string | null;
  create_time: number;
  resolved_time: number | null;
}
