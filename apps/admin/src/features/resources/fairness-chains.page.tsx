import type { ColourChainCommitmentDto } from '@app/shared';
import { Alert, Card, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

/** The colour game's published commitments (read-only: nothing in the console can touch a result). */
export function FairnessChainsPage() {
  const [chains, setChains] = useState<ColourChainCommitmentDto[]>([]);
  useEffect(() => {
    apiCall<{ chains: ColourChainCommitmentDto[] }>('GET', '/win/fairness/chains')
      .then((body) => setChains(body.chains))
      .catch((error: Error) => message.error(error.message));
  }, []);
  return (
    <Card title="Fairness chains">
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        message="Results come from hash chains committed before their first round; no operator control over results exists."
      />
      <Table
        rowKey={(row) => `${row.category}:${row.terminal_hash}`}
        size="small"
        dataSource={chains}
        pagination={false}
        columns={[
          { key: 'category', title: 'Room', dataIndex: 'category' },
          { key: 'state', title: 'State', render: (_, row) => <Tag>{row.state}</Tag> },
          { key: 'first_period', title: 'First period', dataIndex: 'first_period' },
          { key: 'last_period', title: 'Last period', dataIndex: 'last_period' },
          { key: 'chain_length', title: 'Length', dataIndex: 'chain_length' },
          {
            key: 'terminal_hash',
            title: 'Terminal hash',
            render: (_, row) => (
              <Typography.Text code copyable>
                {row.terminal_hash}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}
