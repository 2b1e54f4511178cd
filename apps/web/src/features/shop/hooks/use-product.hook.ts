import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fetchProduct } from '../api/shop.api.ts';
import { shopQueryKeys } from './shop-query-keys.ts';

/** One product (GET /shop/product?id); nothing is asked while the id is unknown (a broken link). */
export function useProduct(productId: number | null) {
  return useQuery({
    queryKey: shopQueryKeys.product(productId ?? 0),
    queryFn: ({ signal }) => fetchProduct(api, productId ?? 0, signal),
    enabled: productId !== null,
  });
}
