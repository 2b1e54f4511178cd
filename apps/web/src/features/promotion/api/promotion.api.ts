import type { PromotionInfoResponse, PromotionLevel } from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { fetchRecordPage, type RecordPage } from '../../wallet/api/wallet.api.ts';

type UnknownRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** GET /user/my_promotion_info, read defensively. */
export interface PromotionInfo {
  profit: string;
  levels: Record<PromotionLevel, { users: number; contribution: string }>;
}

export async function fetchPromotionInfo(client: ApiClient, signal?: AbortSignal): Promise<PromotionInfo> {
  const response = await client.get<PromotionInfoResponse>('/user/my_promotion_info', {}, { signal });
  const info: UnknownRecord = isRecord(response.info) ? response.info : {};
  return {
    profit: text(response.profit) || '0.00',
    levels: {
      1: {
        users: count(info.one_level_user_count),
        contribution: text(info.one_level_contribution) || '0.00',
      },
      2: {
        users: count(info.two_level_user_count),
        contribution: text(info.two_level_contribution) || '0.00',
      },
    },
  };
}

export interface BonusRow {
  type: string;
  relationId: string;
  change: string;
  nickName: string;
  createTime: number;
}

function toBonus(value: unknown): BonusRow | null {
  if (!isRecord(value) || typeof value.create_time !== 'number') return null;
  const infos = Array.isArray(value.bonus_infos) ? value.bonus_infos : [];
  const first = isRecord(infos[0]) ? infos[0] : {};
  return {
    type: text(value.type),
    relationId: text(value.relation_id),
    change: text(value.change),
    nickName: text(first.nick_name),
    createTime: value.create_time,
  };
}

/** GET /user/profit_transactions?level. */
export function fetchBonusPage(client: ApiClient, level: PromotionLevel, page: number, signal?: AbortSignal) {
  return fetchRecordPage(client, '/user/profit_transactions', page, toBonus, signal, { level });
}

export interface ReferredRow {
  nickName: string;
  firstRecharge: string;
  createTime: number;
}

function toReferred(value: unknown): ReferredRow | null {
  if (!isRecord(value) || typeof value.create_time !== 'number') return null;
  return {
    nickName: text(value.nick_name),
    firstRecharge: text(value.first_recharge_price) || '0.00',
    createTime: value.create_time,
  };
}

/** GET /user/promotion_users?level. */
export function fetchReferredPage(
  client: ApiClient,
  level: PromotionLevel,
  page: number,
  signal?: AbortSignal,
): Promise<RecordPage<ReferredRow>> {
  return fetchRecordPage(client, '/user/promotion_users', page, toReferred, signal, { level });
}

export interface ProfitTransferRow {
  price: string;
  status: string;
  createTime: number;
}

function toProfitTransfer(value: unknown): ProfitTransferRow | null {
  if (!isRecord(value) || typeof value.create_time !== 'number') return null;
  return { price: text(value.price), status: text(value.status) || 'Wait', createTime: value.create_time };
}

/** GET /user/profit_transfers. */
export function fetchProfitTransferPage(client: ApiClient, page: number, signal?: AbortSignal) {
  return fetchRecordPage(client, '/user/profit_transfers', page, toProfitTransfer, signal);
}

/** POST /user/add_profit_transfer. */
export async function applyBonus(client: ApiClient, amount: string): Promise<void> {
  await client.post('/user/add_profit_transfer', { apply_bonus: amount });
}

/**
 * Spec 02 §5 "Apply bonus": non-empty, numeric, above 0, a comma read as a dot; otherwise nothing is sent
 * (answers null).
 */
export function parseApplyAmount(input: string): string | null {
  const value = input.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) <= 0) return null;
  return value;
}

export const promotionQueryKeys = {
  info: ['promotion', 'info'] as const,
  bonuses: (level: PromotionLevel) => ['promotion', 'bonuses', level] as const,
  referred: (level: PromotionLevel) => ['promotion', 'referred', level] as const,
  transfers: ['promotion', 'transfers'] as const,
};
