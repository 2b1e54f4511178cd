import type { AddRechargeResponse, RechargeStatus } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { showFailDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { addRecharge, type RechargeRequest, sendRechargeReturn } from '../api/wallet.api.ts';
import { openPaymentAddress, postGatewayForm } from '../launchers/gateway-form.launcher.ts';
import { openRazorpayCheckout } from '../launchers/razorpay-checkout.launcher.ts';
import { inAppPath, rechargeLaunch } from '../rules/recharge-launch.rule.ts';
import { walletQueryKeys } from './wallet-query-keys.ts';

/** Where the app shows a recharge once its payment is done. */
export const RECHARGE_RECORD_PATH = '/rechargeRecord';

/**
 * POST /user/add_recharge, then what the channel's answer asks for (spec 01 §4 "Recharge"): the Razorpay
 * widget (its success posted to /user/recharge_return, then the recharge record), a hidden form to the
 * gateway, /transferPayment for manual UPI, or the pay_url. A failure shows the "Fail" dialog with the
 * server's message. `onLeaving` runs once the app is about to move on, so the screen can close its dialog.
 */
export function useRechargeSubmit(onLeaving: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const afterRazorpay = useCallback(
    async (serialNumber: string, params: Record<string, string>) => {
      let paymentStatus: RechargeStatus | null = null;
      try {
        paymentStatus = await sendRechargeReturn(api, serialNumber, params);
      } catch (error) {
        await showFailDialog(errorMessage(error));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: walletQueryKeys.recharges }),
      ]);
      // The record screen confirms the payment the widget reported.
      navigate(RECHARGE_RECORD_PATH, paymentStatus ? { state: { paymentStatus } } : undefined);
    },
    [navigate, queryClient],
  );

  const launch = useCallback(
    async (response: AddRechargeResponse) => {
      const next = rechargeLaunch(response, window.location.origin);
      switch (next.kind) {
        case 'razorpay':
          try {
            await openRazorpayCheckout(next.options, (success) => {
              void afterRazorpay(next.serialNumber, { ...success });
            });
          } catch (error) {
            // The widget's script did not load (offline, blocked); the order stays Wait and expires.
            console.error(error);
            await showFailDialog('');
            return;
          }
          onLeaving();
          return;
        case 'form':
          onLeaving();
          postGatewayForm(next.action, next.fields);
          return;
        case 'transfer_payment':
          onLeaving();
          navigate(next.path);
          return;
        case 'redirect': {
          onLeaving();
          const path = inAppPath(next.url, window.location);
          if (path) navigate(path);
          else openPaymentAddress(next.url);
          return;
        }
        case 'unusable':
          console.error('add_recharge answered nothing the app can open', response);
          await showFailDialog('');
      }
    },
    [afterRazorpay, navigate, onLeaving],
  );

  return useMutation({
    mutationFn: async (request: RechargeRequest) => launch(await addRecharge(api, request)),
    onError: (error) => void showFailDialog(errorMessage(error)),
  });
}
