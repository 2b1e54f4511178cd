import { useTable } from '@refinedev/antd';
import { Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { message } from '../../shared/feedback.ts';
import { exportCsv } from './csv-export.ts';
import type { ResourceDefinition } from './resource-definition.ts';

/** The generic list of a resource: server-side paging, the definition's filters, row actions, CSV export. */
export function ResourceListPage({ definition }: { definition: ResourceDefinition }) {
  const initialFilters = (definition.filters ?? [])
    .filter((filter) => filter.initial !== undefined)
    .map((filter) => ({ field: filter.key, operator: 'eq' as const, value: filter.initial }));
  const { tableProps, setFilters, tableQuery } = useTable<Record<string, unknown>>({
    resource: definition.name,
    meta: { path: definition.path },
    pagination: { pageSize: 20 },
    filters: { initial: initialFilters },
    syncWithLocation: false,
  });
  const [applied, setApplied] = useState<Record<string, string>>(
    Object.fromEntries(initialFilters.map((filter) => [filter.field, String(filter.value)])),
  );
  const refresh = () => void tableQuery.refetch();
  const columns = [
    ...definition.columns.map((column) => ({
      key: column.key,
      dataIndex: column.key,
      title: column.title,
      ...(column.render
        ? { render: (_: unknown, row: Record<string, unknown>) => column.render?.(row) }
        : {}),
    })),
    ...(definition.actions
      ? [
          {
            key: '__actions',
            title: 'Actions',
            render: (_: unknown, row: Record<string, unknown>) => (
              <Space>{definition.actions?.(row, refresh)}</Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title={definition.title}
      extra={
        <Space>
          {definition.toolbar?.(refresh)}
          <Button
            onClick={async () => {
              try {
                message.success(`${await exportCsv(definition, applied)} rows exported`);
              } catch (error) {
                message.error(error instanceof Error ? error.message : String(error));
              }
            }}
          >
            Export CSV
          </Button>
        </Space>
      }
    >
      {definition.filters?.length ? (
        <Form
          layout="inline"
          style={{ marginBottom: 16 }}
          initialValues={applied}
          onFinish={(values: Record<string, string | undefined>) => {
            const next = Object.fromEntries(
              Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
            );
            setApplied(next);
            setFilters(
              (definition.filters ?? []).map((filter) => ({
                field: filter.key,
                operator: 'eq',
                value: next[filter.key],
              })),
              'replace',
            );
          }}
        >
          {definition.filters.map((filter) => (
            <Form.Item key={filter.key} name={filter.key} label={filter.label}>
              {filter.options ? (
                <Select allowClear style={{ minWidth: 140 }} options={[...filter.options]} />
              ) : (
                <Input allowClear />
              )}
            </Form.Item>
          ))}
          <Button htmlType="submit">Filter</Button>
        </Form>
      ) : null}
      <Table {...tableProps} rowKey={definition.rowKey} columns={columns} size="small" scroll={{ x: true }} />
    </Card>
  );
}
