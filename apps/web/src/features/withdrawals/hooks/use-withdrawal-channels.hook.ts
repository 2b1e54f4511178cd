import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fetchWithdrawalChannels } from '../api/withdrawals.api.ts';
import { withdrawalQueryKeys } from './withdrawal-query-keys.ts';

/** GET /user/channels?type=withdrawal for the withdrawal screen (needs_bet changes with every bet). */
export function useWithdrawalChannels() {
  return useQuery({
    queryKey: withdrawalQueryKeys.channels,
    queryFn: ({ signal }) => fetchWithdrawalChannels(api, signal),
  });
}
