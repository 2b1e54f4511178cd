import type { ColourCategory } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fetchGuessPage, fetchMyGuessPage } from '../api/colour-game.api.ts';
import { colourQueryKeys } from './colour-query-keys.ts';

/** Rows per page of the /win tables (spec 02 §9: guess list page size 10). */
export const WIN_PAGE_SIZE = 10;
/** The page sizes of /guessRecord and /myGuessRecord, the first being the default (spec 02 §9). */
export const RECORD_PAGE_SIZES = [10, 20] as const;
export type RecordPageSize = (typeof RECORD_PAGE_SIZES)[number];

/** One page of a category's settled periods; the previous page stays on screen while the next loads. */
export function usePeriodRecords(category: ColourCategory, page: number, pageSize: number) {
  return useQuery({
    queryKey: colourQueryKeys.guessPage(category, page, pageSize),
    queryFn: ({ signal }) => fetchGuessPage(api, { category, page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the player's bets of a category. */
export function useMyBets(category: ColourCategory, page: number, pageSize: number) {
  return useQuery({
    queryKey: colourQueryKeys.myGuessPage(category, page, pageSize),
    queryFn: ({ signal }) => fetchMyGuessPage(api, { category, page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}
