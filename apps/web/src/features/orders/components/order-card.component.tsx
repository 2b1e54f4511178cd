import type { OrderDto } from '@app/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { useFormatPrice } from '../../../shared/money/use-format-price.hook.ts';
import { addressLine } from '../../addresses/api/addresses.api.ts';
import styles from './orders.module.css';

export interface OrderCardProps {
  order: OrderDto;
  /** An action on this order is running: its buttons wait. */
  busy: boolean;
  onConfirmReceipt: (order: OrderDto) => void;
  onCancel: (order: OrderDto) => void;
}

/**
 * One order: the product as bought (picture, name, price), the delivery address as it was, the status and
 * its times, and the action its status allows: Confirm receipt once shipped, Cancel while undelivered and
 * before the weekly deadline (customised items never).
 */
export function OrderCard({ order, busy, onConfirmReceipt, onCancel }: OrderCardProps) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const { timeZone } = useMarket();
  const at = (epochMs: number) => formatDateTime(epochMs, timeZone);
  const canConfirm = order.status === 'unreceived';
  const canCancel = order.status === 'undelivered' && order.can_cancel;

  return (
    <article className={styles.card} aria-label={order.product_name}>
      <div className={styles.orderHead}>
        <span>{t('orders.orderNumber', { id: order.id })}</span>
        <span className={styles.status} data-status={order.status} data-testid="order-status">
          {t(`orders.status.${order.status}`)}
        </span>
      </div>
      <div className={styles.product}>
        {order.product_image ? (
          <img
            className={styles.productImage}
            src={order.product_image}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={styles.productImage} aria-hidden="true" />
        )}
        <div className={styles.productText}>
          <span className={styles.productName}>{order.product_name}</span>
          <span className={styles.price} data-testid="order-price">
            {formatPrice(order.price)}
          </span>
        </div>
      </div>
      <div className={styles.details}>
        <span>{`${order.address.full_name} ${order.address.mobile_number}`}</span>
        <span>{addressLine(order.address)}</span>
        <span>{t('orders.orderedAt', { time: at(order.create_time) })}</span>
        {order.ship_time !== null ? (
          <span>{t('orders.shippedAt', { time: at(order.ship_time) })}</span>
        ) : null}
        {order.receive_time !== null ? (
          <span>{t('orders.receivedAt', { time: at(order.receive_time) })}</span>
        ) : null}
        {order.cancel_time !== null ? (
          <span>{t('orders.cancelledAt', { time: at(order.cancel_time) })}</span>
        ) : null}
        {canCancel ? <span>{t('orders.cancelBefore', { time: at(order.cancel_deadline) })}</span> : null}
        {order.status === 'undelivered' && !order.cancellable ? (
          <span>{t('orders.notCancellable')}</span>
        ) : null}
      </div>
      {canConfirm || canCancel ? (
        <div className={styles.actions}>
          {canCancel ? (
            <Button size="small" fill="outline" disabled={busy} onClick={() => onCancel(order)}>
              {t('orders.cancel')}
            </Button>
          ) : null}
          {canConfirm ? (
            <Button size="small" color="primary" disabled={busy} onClick={() => onConfirmReceipt(order)}>
              {t('orders.confirmReceipt')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
