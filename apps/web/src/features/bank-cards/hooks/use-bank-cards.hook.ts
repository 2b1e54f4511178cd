import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api/api.ts';
import { setBankCardOtpRequired } from '../../../shared/storage/storage.ts';
import { fetchBankCard, fetchBankCards } from '../api/bank-cards.api.ts';
import { bankCardQueryKeys } from './bank-card-query-keys.ts';

/**
 * The player's bank cards (GET /user/bank_cards). Whether edits need a code is kept in browser storage
 * (spec 01 §3 "Browser storage"), so the card form knows before its own call answers. A failure is logged,
 * as spec 01 §8 says of lists.
 */
export function useBankCards() {
  const query = useQuery({
    queryKey: bankCardQueryKeys.list,
    queryFn: ({ signal }) => fetchBankCards(api, signal),
  });
  const otpRequired = query.data?.otpRequired;
  useEffect(() => {
    if (otpRequired !== undefined) setBankCardOtpRequired(otpRequired);
  }, [otpRequired]);
  useEffect(() => {
    if (query.error) console.error('GET /user/bank_cards failed', query.error);
  }, [query.error]);
  return query;
}

/** One card to edit (GET /user/bank_card?id); nothing is asked for a new card (id null). */
export function useBankCard(id: number | null) {
  return useQuery({
    queryKey: bankCardQueryKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchBankCard(api, id ?? 0, signal),
    enabled: id !== null,
    // A card being edited must show what the server holds now, not what an earlier visit loaded.
    gcTime: 0,
  });
}
