import type { OrderDto, OrderStatusFilter } from '@app/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { api } from '../../../shared/api/api.ts';
import { fetchOrderPage, ORDER_PAGE_SIZE, type OrderPage } from '../api/orders.api.ts';
import { orderQueryKeys } from './order-query-keys.ts';

/** The page after the loaded ones, or undefined once `page.count` orders are loaded. */
export function nextOrderPage(pages: readonly OrderPage[], lastPageNumber: number): number | undefined {
  const last = pages.at(-1);
  if (!last) return 1;
  const loaded = pages.reduce((sum, page) => sum + page.orders.length, 0);
  // An empty page also ends the list, so a count that shrank while scrolling cannot loop forever.
  return loaded < last.count && last.orders.length > 0 ? lastPageNumber + 1 : undefined;
}

/** Orders of all loaded pages, without the repeats a new order placed between two pages would cause. */
export function mergeOrderPages(pages: readonly OrderPage[]): OrderDto[] {
  const seen = new Set<number>();
  const orders: OrderDto[] = [];
  for (const page of pages) {
    for (const order of page.orders) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      orders.push(order);
    }
  }
  return orders;
}

/** One tab's orders (GET /user/orders?status) with `loadMore` for the infinite scroll. */
export function useOrderPages(status: OrderStatusFilter) {
  const query = useInfiniteQuery({
    queryKey: orderQueryKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      fetchOrderPage(api, { status, page: pageParam, pageSize: ORDER_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages, lastPageNumber) => nextOrderPage(pages, lastPageNumber),
  });
  const { fetchNextPage } = query;

  useEffect(() => {
    // Spec 01 §8: list load failures are logged (the list also offers a retry).
    if (query.error) console.error(`GET /user/orders?status=${status} failed`, query.error);
  }, [query.error, status]);

  const orders = useMemo(() => mergeOrderPages(query.data?.pages ?? []), [query.data]);

  /** Loads the next page; rejects on failure so the infinite scroll offers a retry. */
  const loadMore = useCallback(async () => {
    const result = await fetchNextPage();
    if (result.isError) throw result.error;
  }, [fetchNextPage]);

  return { ...query, orders, loadMore };
}
