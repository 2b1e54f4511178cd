import { useTable } from '@refinedev/antd';
import { Button, Table } from 'antd';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' && value > 1_000_000_000_000 && value < 10_000_000_000_000) {
    return new Date(value).toLocaleString();
  }
  return String(value);
}

/** One kind of a player's records, paged on the server; its columns are the rows' own fields. */
export function PlayerRecords({
  userId,
  kind,
  category,
}: {
  userId: number;
  kind: string;
  category?: string;
}) {
  const { tableProps, tableQuery } = useTable<Record<string, unknown>>({
    resource: `player-${kind}`,
    meta: { path: `/admin/api/users/${userId}/records`, query: { kind, ...(category ? { category } : {}) } },
    pagination: { pageSize: 10 },
    syncWithLocation: false,
  });
  const rows = (tableProps.dataSource ?? []) as Record<string, unknown>[];
  const keys = Object.keys(rows[0] ?? {});
  return (
    <Table
      {...tableProps}
      rowKey={(row) => String(row.id ?? row.serial_number ?? row.user_id ?? JSON.stringify(row))}
      size="small"
      scroll={{ x: true }}
      columns={[
        ...keys.map((key) => ({
          key,
          title: key,
          render: (_: unknown, row: Record<string, unknown>) => cell(row[key]),
        })),
        ...(kind === 'sessions'
          ? [
              {
                key: '__revoke',
                title: '',
                render: (_: unknown, row: Record<string, unknown>) => (
                  <Button
                    size="small"
                    danger
                    onClick={async () => {
                      try {
                        await apiCall('POST', `/admin/api/users/${userId}/sessions/${row.id}/revoke`);
                        message.success('Session ended');
                        void tableQuery.refetch();
                      } catch (error) {
                        message.error(error instanceof Error ? error.message : String(error));
                      }
                    }}
                  >
                    Revoke
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
