import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fetchHomeTop, readInlineHomeTop } from '../api/shop.api.ts';
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
 * Readies the home screen's data while the app boots: the top content the server wrote into the page (or,
 * without it, its call), and the call for the first products, so they are on their way before the first
 * render instead of after it.
 */
export function prefetchShopHome(queryClient: QueryClient): void {
  const inlineHomeTop = readInlineHomeTop(document);
  if (inlineHomeTop) queryClient.setQueryData(homeTopQueryOptions.queryKey, inlineHomeTop);
  else void queryClient.prefetchQuery(homeTopQueryOptions);
  void queryClient.prefetchInfiniteQuery(productPagesQueryOptions());
}
