import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fetchPaymentChannels } from '../api/wallet.api.ts';
import { walletQueryKeys } from './wallet-query-keys.ts';

/** GET /user/channels?type=pay for the recharge screen. */
export function usePaymentChannels() {
  return useQuery({
    queryKey: walletQueryKeys.channels,
    queryFn: ({ signal }) => fetchPaymentChannels(api, signal),
  });
}
