import type { OrderStatusFilter } from '@app/shared';
import { Button, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { getToken, StorageKey } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import { FeedFooter } from '../../../shared/ui/feed-footer.component.tsx';
import { SkeletonScreen } from '../../../shared/ui/skeleton.component.tsx';
import { useOrderActions } from '../hooks/use-order-actions.hook.ts';
import { useOrderPages } from '../hooks/use-order-pages.hook.ts';
import { OrderCard } from './order-card.component.tsx';
import styles from './orders.module.css';

/** The tabs of /orderList in the spec's order (spec 01 §2): All, Undelivered, Unreceived, Success. */
export const ORDER_TABS = [
  'all',
  'undelivered',
  'unreceived',
  'success',
] as const satisfies ReadonlyArray<OrderStatusFilter>;
export type OrderTab = (typeof ORDER_TABS)[number];

/** The query parameter of the open tab, so back navigation and links return to the same tab. */
export const ORDER_TAB_PARAM = 'status';

/** The tab a query value names; anything else opens All. */
export function orderTabFromParam(value: string | null): OrderTab {
  return (ORDER_TABS as readonly string[]).includes(value ?? '') ? (value as OrderTab) : 'all';
}

/** One tab's orders with infinite scroll, ten at a time. */
function OrderFeed({ tab }: { tab: OrderTab }) {
  const { t } = useTranslation();
  const pages = useOrderPages(tab);
  const actions = useOrderActions();
  const { orders } = pages;

  if (pages.isPending) {
    return <SkeletonScreen />;
  }
  if (pages.isError && !pages.isFetchNextPageError && orders.length === 0) {
    return (
      <div className={styles.state} data-testid="order-list-failed">
        <p>{t('home.loadFailed')}</p>
        <Button size="small" onClick={() => void pages.refetch()} loading={pages.isFetching}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      {orders.length > 0 ? (
        <ul className={styles.list} aria-label={t(`orders.tabs.${tab}`)}>
          {orders.map((order) => (
            <li key={order.id} data-testid="order-item" data-order-id={order.id} data-status={order.status}>
              <OrderCard
                order={order}
                busy={actions.busyId === order.id}
                onConfirmReceipt={(chosen) => void actions.confirmReceipt(chosen)}
                onCancel={(chosen) => void actions.cancel(chosen)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <FeedFooter
        pages={pages}
        empty={orders.length === 0}
        failedText={t('home.loadFailed')}
        emptyText={t('orders.empty')}
        noMoreText={t('orders.noMore')}
        testId="order-feed-status"
        statusClassName={styles.feedStatus}
      />
    </div>
  );
}

function SignedInOrderList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = orderTabFromParam(params.get(ORDER_TAB_PARAM));
  return (
    <>
      {/* A wrapper holds the sticky position: antd's own `position: relative` on .adm-tabs would win. */}
      <div className={styles.tabs}>
        <Tabs activeKey={tab} onChange={(key) => setParams({ [ORDER_TAB_PARAM]: key }, { replace: true })}>
          {ORDER_TABS.map((key) => (
            <Tabs.Tab key={key} title={t(`orders.tabs.${key}`)} />
          ))}
        </Tabs>
      </div>
      {/* Keyed by tab: each tab has its own list and its own scroll state. */}
      <OrderFeed key={tab} tab={tab} />
    </>
  );
}

/** The order list /orderList (spec 01 §2): tabs with each status's orders; without a token, /login. */
export function OrderListScreen() {
  const token = useStoredValue(StorageKey.token, getToken);
  if (!token) return <Navigate to="/login" replace />;
  return <SignedInOrderList />;
}
