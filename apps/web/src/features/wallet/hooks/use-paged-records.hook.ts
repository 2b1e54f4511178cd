import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { RecordPage } from '../api/wallet.api.ts';

/** The page after the loaded ones, or undefined once `page.count` rows are loaded. */
export function nextRecordPage<T>(
  pages: readonly RecordPage<T>[],
  lastPageNumber: number,
): number | undefined {
  const last = pages.at(-1);
  if (!last) return 1;
  const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
  // An empty page also ends the list, so a count that shrank while scrolling cannot loop forever.
  return loaded < last.count && last.rows.length > 0 ? lastPageNumber + 1 : undefined;
}

/**
 * A paged record list (the product feed's approach): pages of RECORD_PAGE_SIZE loaded one after another
 * by the infinite scroll, with `loadMore` rejecting on failure so the scroll offers a retry.
 */
export function usePagedRecords<T>(
  queryKey: QueryKey,
  fetchPage: (page: number, signal: AbortSignal) => Promise<RecordPage<T>>,
  enabled = true,
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages, lastPageNumber) => nextRecordPage(pages, lastPageNumber),
    enabled,
  });
  const { fetchNextPage } = query;
  const rows = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.rows), [query.data]);

  const loadMore = useCallback(async () => {
    const result = await fetchNextPage();
    if (result.isError) throw result.error;
  }, [fetchNextPage]);

  return { ...query, rows, loadMore };
}

/** What `usePagedRecords` returns, for the list component that renders it. */
export type PagedRecordsState<T> = ReturnType<typeof usePagedRecords<T>>;
