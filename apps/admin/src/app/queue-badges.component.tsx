import type { QueuesResponse } from '@app/shared';
import { useList } from '@refinedev/core';
import { Badge, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ALERTS_RESOURCE } from '../features/alerts/alerts.page.tsx';
import { apiCall } from '../shared/api-client.ts';
import { APPROVALS_RESOURCE } from '../shared/approval-notice.component.tsx';

/** How often the header asks for the queue counts. */
const QUEUE_REFRESH_MS = 30_000;

const QUEUE_LINKS: Record<string, { label: string; to: string }> = {
  manual_recharges: { label: 'UPI', to: '/recharges' },
  withdrawals: { label: 'Withdrawals', to: '/withdrawals' },
  orders_to_ship: { label: 'Orders', to: '/orders' },
  tickets: { label: 'Tickets', to: '/tickets' },
  profit_transfers: { label: 'Profit transfers', to: '/profit-transfers' },
};

/**
 * How many records of a list match, asked as a one-row page. It is a Refine list query, so an action that
 * invalidates the list (approving a request, acknowledging an alert) refreshes the count at once.
 */
function useListCount(resource: string, query: Record<string, string>): number {
  const { result } = useList({
    resource,
    pagination: { currentPage: 1, pageSize: 1 },
    meta: { query },
    queryOptions: { refetchInterval: QUEUE_REFRESH_MS },
    errorNotification: false,
  });
  return result.total ?? 0;
}

/**
 * The counts of the operator queues, always in sight, each linking to its list; then the money controls'
 * lists: requests waiting for a second operator, and open alerts.
 */
export function QueueBadges() {
  const pendingRequests = useListCount(APPROVALS_RESOURCE, { status: 'pending' });
  const openAlerts = useListCount(ALERTS_RESOURCE, { state: 'open' });
  const [queues, setQueues] = useState<QueuesResponse['queues']>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      apiCall<QueuesResponse>('GET', '/admin/api/queues')
        .then((body) => live && setQueues(body.queues))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, QUEUE_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return (
    <Space size="large">
      {queues.map((queue) => {
        const link = QUEUE_LINKS[queue.key] ?? { label: queue.key, to: '/' };
        return (
          <Link key={queue.key} to={link.to} data-testid={`queue-${queue.key}`}>
            <Badge count={queue.count} showZero size="small" offset={[8, -2]}>
              {link.label}
            </Badge>
          </Link>
        );
      })}
      <Link to="/approvals" data-testid="queue-approvals">
        <Badge count={pendingRequests} showZero size="small" offset={[8, -2]}>
          Requests
        </Badge>
      </Link>
      <Link to="/alerts" data-testid="queue-alerts">
        <Badge count={openAlerts} showZero size="small" offset={[8, -2]}>
          Alerts
        </Badge>
      </Link>
    </Space>
  );
}
