import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fetchHomeTop, readInlineHomeProducts, readInlineHomeTop } from '../api/shop.api.ts';
import { shopQueryKeys } from './shop-query-keys.ts';
import { productPagesQueryOptions } from './use-product-pages.hook.ts';

/** Banners, notice and games change rarely; a minute saves a call when the player comes back home. */
const HOME_TOP_STALE_MS = 60_000;

const homeTopQueryOptions = queryOptions({
  queryKey: shopQueryKeys.homeTop,
  queryFn: ({ signal }) => fetchHomeTop(api, signal),
  staleTime: HOME_TOP_STALE_MS,
});

/** The home screen's top content (GET /shop/home_top). */
export function useHomeTop() {
  return useQuery(homeTopQueryOptions);
}

/**
 * Readies the home screen's data while the app boots: the top content and the first products the server
 * wrote into the page (or, without them, their calls, on their way before the first render). With both in
 * the page the first render is the whole home screen, and no answer re-renders it a moment later.
 */
export function prefetchShopHome(queryClient: QueryClient): void {
  const inlineHomeTop = readInlineHomeTop(document);
  if (inlineHomeTop) queryClient.setQueryData(homeTopQueryOptions.queryKey, inlineHomeTop);
  else void queryClient.prefetchQuery(homeTopQueryOptions);
  const productPages = productPagesQueryOptions();
  const inlineProducts = readInlineHomeProducts(document);
  if (inlineProducts) {
    queryClient.setQueryData(productPages.queryKey, { pages: [inlineProducts], pageParams: [1] });
  } else {
    void queryClient.prefetchInfiniteQuery(productPages);
  }
}
