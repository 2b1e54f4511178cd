import type { ProductDto } from '@app/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from '../../../shared/api/api.ts';
import { fetchProductPage, PRODUCT_PAGE_SIZE, type ProductPage } from '../api/shop.api.ts';
import { shopQueryKeys } from './shop-query-keys.ts';

/** The page after the loaded ones, or undefined once `page.count` products are loaded. */
export function nextProductPage(pages: readonly ProductPage[], lastPageNumber: number): number | undefined {
  const last = pages.at(-1);
  if (!last) return 1;
  const loaded = pages.reduce((sum, page) => sum + page.products.length, 0);
  // An empty page also ends the list, so a count that shrank while scrolling cannot loop forever.
  return loaded < last.count && last.products.length > 0 ? lastPageNumber + 1 : undefined;
}

/** Products of all loaded pages, without the repeats a catalogue change between pages could cause. */
export function mergeProductPages(pages: readonly ProductPage[]): ProductDto[] {
  const seen = new Set<number>();
  const products: ProductDto[] = [];
  for (const page of pages) {
    for (const product of page.products) {
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      products.push(product);
    }
  }
  return products;
}

/**
 * How long a loaded product page counts as fresh: long enough that the page fetched while the app boots is
 * not fetched again when the home screen mounts a moment later, short enough that stock and prices that
 * change are seen on the next visit.
 */
const PRODUCT_PAGES_STALE_MS = 30_000;

/** The paged product list's query, shared by the hook and the boot-time prefetch of the home screen. */
export function productPagesQueryOptions(keyword = '') {
  return infiniteQueryOptions({
    queryKey: shopQueryKeys.products(keyword),
    queryFn: ({ pageParam, signal }) =>
      fetchProductPage(api, { keyword, page: pageParam, pageSize: PRODUCT_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages, lastPageNumber) => nextProductPage(pages, lastPageNumber),
    staleTime: PRODUCT_PAGES_STALE_MS,
  });
}

/** The paged product list (GET /shop/products) with `loadMore` for the infinite scroll. */
export function useProductPages(keyword = '') {
  const query = useInfiniteQuery(productPagesQueryOptions(keyword));
  const { fetchNextPage } = query;

  const products = useMemo(() => mergeProductPages(query.data?.pages ?? []), [query.data]);

  /** Loads the next page; rejects on failure so the infinite scroll offers a retry. */
  const loadMore = useCallback(async () => {
    const result = await fetchNextPage();
    if (result.isError) throw result.error;
  }, [fetchNextPage]);

  return { ...query, products, loadMore };
}

/** What `useProductPages` returns, for components that render a feed another component loads. */
export type ProductPagesState = ReturnType<typeof useProductPages>;
