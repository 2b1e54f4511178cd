import type { AviatorRoundDetailResponse, AviatorUserRecordsResponse } from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';

/** The records page size of spec 02 §9. */
export const AVIATOR_RECORDS_PAGE_SIZE = 10;

/** GET /aviator/user_records. */
export function fetchAviatorRecords(
  client: ApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<AviatorUserRecordsResponse> {
  return client.get<AviatorUserRecordsResponse>(
    '/aviator/user_records',
    { p: page, p_size: AVIATOR_RECORDS_PAGE_SIZE },
    signal ? { signal } : {},
  );
}

/** GET /aviator/round_detail: the verification entity of a finished round. */
export function fetchAviatorRoundDetail(
  client: ApiClient,
  period: number,
  signal?: AbortSignal,
): Promise<AviatorRoundDetailResponse> {
  return client.get<AviatorRoundDetailResponse>(
    '/aviator/round_detail',
    { period },
    signal ? { signal } : {},
  );
}
