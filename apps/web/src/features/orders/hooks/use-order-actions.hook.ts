import type { OrderDto } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useErrorAlert, useHideErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { confirmDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { shopQueryKeys } from '../../shop/hooks/shop-query-keys.ts';
import { shopErrorText, translateShopMessage } from '../../shop/rules/shop-message.rule.ts';
import { cancelOrder, confirmOrder } from '../api/orders.api.ts';
import { orderQueryKeys } from './order-query-keys.ts';

/**
 * Confirm receipt and cancel, each after a confirmation dialog. Success shows the server's message and
 * reloads every tab; a cancellation also reloads the balance (refunded) and the stock (returned). A failure
 * shows in the error alert and reloads the tabs too, since the order may have moved on meanwhile.
 */
export function useOrderActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showError = useErrorAlert();
  const hideError = useHideErrorAlert();
  const formatPrice = useFormatPrice();
  const [busyId, setBusyId] = useState<number | null>(null);

  const run = useCallback(
    async (order: OrderDto, call: () => Promise<{ msg: string }>, refunds: boolean) => {
      // The last refusal speaks of the last attempt, not of this one.
      hideError();
      setBusyId(order.id);
      try {
        const response = await call();
        Toast.show({ content: translateShopMessage(response.msg) });
        if (refunds) {
          void queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile });
          void queryClient.invalidateQueries({ queryKey: shopQueryKeys.product(order.product_id) });
          void queryClient.invalidateQueries({ queryKey: shopQueryKeys.allProducts });
        }
      } catch (error) {
        showError(shopErrorText(error));
      } finally {
        setBusyId(null);
        await queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
      }
    },
    [queryClient, showError, hideError],
  );

  const confirmReceipt = useCallback(
    async (order: OrderDto) => {
      const confirmed = await confirmDialog({
        title: t('orders.confirmReceiptTitle'),
        content: t('orders.confirmReceiptContent', { name: order.product_name }),
        confirmText: t('orders.confirm'),
        cancelText: t('common.cancel'),
      });
      if (confirmed) await run(order, () => confirmOrder(api, order.id), false);
    },
    [run, t],
  );

  const cancel = useCallback(
    async (order: OrderDto) => {
      const confirmed = await confirmDialog({
        title: t('orders.cancelTitle'),
        content: t('orders.cancelContent', { name: order.product_name, price: formatPrice(order.price) }),
        confirmText: t('orders.cancel'),
        cancelText: t('orders.keep'),
      });
      if (confirmed) await run(order, () => cancelOrder(api, order.id), true);
    },
    [run, t, formatPrice],
  );

  return { busyId, confirmReceipt, cancel };
}
