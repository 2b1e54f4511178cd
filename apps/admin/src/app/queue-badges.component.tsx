import type { QueuesResponse } from '@app/shared';
import { Badge, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiCall } from '../shared/api-client.ts';

/** How often the header asks for the queue counts. */
const QUEUE_REFRESH_MS = 30_000;

const QUEUE_LINKS: Record<string, { label: string; to: string }> = {
  manual_recharges: { label: 'UPI', to: '/recharges' },
  withdrawals: { label: 'Withdrawals', to: '/withdrawals' },
  orders_to_ship: { label: 'Orders', to: '/orders' },
  tickets: { label: 'Tickets', to: '/tickets' },
  profit_transfers: { label: 'Profit transfers', to: '/profit-transfers' },
};

/** The counts of the operator queues, always in sight, each linking to its list. */
export function QueueBadges() {
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
    </Space>
  );
}
