import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api/api.ts';
import { fetchAddress, fetchAddresses } from '../api/addresses.api.ts';
import { addressQueryKeys } from './address-query-keys.ts';

/** The player's addresses (GET /user/addresses); a failure is logged, as spec 01 §8 says of lists. */
export function useAddresses() {
  const query = useQuery({
    queryKey: addressQueryKeys.list,
    queryFn: ({ signal }) => fetchAddresses(api, signal),
  });
  useEffect(() => {
    if (query.error) console.error('GET /user/addresses failed', query.error);
  }, [query.error]);
  return query;
}

/** One address to edit (GET /user/address?id); nothing is asked for a new address (id null). */
export function useAddress(id: number | null) {
  return useQuery({
    queryKey: addressQueryKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchAddress(api, id ?? 0, signal),
    enabled: id !== null,
    // An address being edited must show what the server holds now, not what an earlier visit loaded.
    gcTime: 0,
  });
}
