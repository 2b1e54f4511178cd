import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fetchHomeTop } from '../api/shop.api.ts';
import { shopQueryKeys } from './shop-query-keys.ts';

/** Banners, notice and games change rarely; a minute saves a call when the player comes back home. */
const HOME_TOP_STALE_MS = 60_000;

/** The home screen's top content (GET /shop/home_top). */
export function useHomeTop() {
  return useQuery({
    queryKey: shopQueryKeys.homeTop,
    queryFn: ({ signal }) => fetchHomeTop(api, signal),
    staleTime: HOME_TOP_STALE_MS,
  });
}
