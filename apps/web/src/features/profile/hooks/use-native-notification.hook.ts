import { useEffect } from 'react';
import { api } from '../../../shared/api/api.ts';
import { hasNativeBridge, NativeEvent, trackNativeEvent } from '../../../shared/native/native-bridge.ts';
import { fetchNotification } from '../api/profile.api.ts';

/**
 * Inside the native app, asks GET /user/notification for a credited recharge and reports it to the wrapper
 * (e_first_pay for the first recharge, e_pay for later ones). The server reports each recharge once, so a
 * plain browser, which has no one to report to, never asks.
 */
export function useNativeNotification(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !hasNativeBridge()) return;
    let current = true;
    fetchNotification(api)
      .then((notify) => {
        if (!current || !notify) return;
        const event = notify.type === 'first_recharge' ? NativeEvent.firstPay : NativeEvent.pay;
        trackNativeEvent(event, { price: notify.price });
      })
      .catch((error: unknown) => console.error('GET /user/notification failed', error));
    return () => {
      current = false;
    };
  }, [enabled]);
}
