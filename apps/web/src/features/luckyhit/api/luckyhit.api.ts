import type {
  LuckyHitRoundDetailResponse,
  LuckyHitUserRecordDto,
  LuckyHitUserRecordsResponse,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';

/** Records per page of my records (spec 02 §9). */
export const LUCKY_HIT_RECORDS_PAGE_SIZE = 10;

/** GET /luckyhit/user_records: a page of the player's bets, newest first. */
export async function fetchLuckyHitRecords(
  api: ApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<{ count: number; rows: LuckyHitUserRecordDto[] }> {
  const answer = await api.get<LuckyHitUserRecordsResponse>(
    '/luckyhit/user_records',
    { p: page, p_size: LUCKY_HIT_RECORDS_PAGE_SIZE },
    signal ? { signal } : undefined,
  );
  return { count: answer.page.count, rows: answer.queryset };
}

/** GET /luckyhit/round_detail: a dealt round's seeds, draws and cards. */
export async function fetchLuckyHitRoundDetail(
  api: ApiClient,
  period: string,
): Promise<LuckyHitRoundDetailResponse['entity']> {
  return (await api.get<LuckyHitRoundDetailResponse>('/luckyhit/round_detail', { period })).entity;
}
