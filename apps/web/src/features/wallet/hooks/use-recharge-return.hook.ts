import type { RechargeStatus } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { sendRechargeReturn } from '../api/wallet.api.ts';
import { readRechargeReturn } from '../rules/recharge-return.rule.ts';
import { walletQueryKeys } from './wallet-query-keys.ts';

/**
 * A gateway's return to /rechargeRecord?sn=…: posts what came with it to POST /user/recharge_return once,
 * so the recharge is settled without waiting for the webhook, then drops the query (a reload must not
 * post it again) and reloads the balance and the lists. Answers whether the list may load (at once
 * without a return, after the return otherwise, so the list shows the settled status) and the status the
 * return settled, which the screen confirms to the payer.
 */
export function useRechargeReturn(): { settled: boolean; status: RechargeStatus | null } {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(() => readRechargeReturn(search) === null);
  const [status, setStatus] = useState<RechargeStatus | null>(null);
  // Effects run twice in development (StrictMode); the return posted is remembered across both.
  const posted = useRef<string | null>(null);

  useEffect(() => {
    const pending = readRechargeReturn(search);
    if (!pending || posted.current === search.toString()) return;
    posted.current = search.toString();
    sendRechargeReturn(api, pending.serialNumber, pending.params)
      .then((settledStatus) => {
        setStatus(settledStatus);
        setSearch({}, { replace: true });
      })
      .catch((error: unknown) => console.error('POST /user/recharge_return failed', error))
      .finally(() => {
        setSettled(true);
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile }),
          queryClient.invalidateQueries({ queryKey: walletQueryKeys.recharges }),
          queryClient.invalidateQueries({ queryKey: walletQueryKeys.transactions }),
        ]);
      });
  }, [search, queryClient, setSearch]);

  return { settled, status };
}
