import {
  type AlertKind,
  type AlertSeverity,
  OPERATOR_REASON_MAX_LENGTH,
  type OperatorAlertDto,
  type OperatorRole,
} from '@app/shared';
import { useTable } from '@refinedev/antd';
import { useCustomMutation, useGetIdentity, useInvalidate } from '@refinedev/core';
import { Card, Space, Table, type TableColumnsType, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ReasonButton } from '../../shared/reason-button.component.tsx';
import { ageText, timeText, valueText } from '../approvals/approval-format.ts';
import type { ConsoleIdentity } from '../auth/auth-provider.ts';

/** The Refine resource of the alert list (its open count feeds the header's badge). */
export const ALERTS_RESOURCE = 'alerts';

/** The roles that may acknowledge an alert (the server's rule; owner always may). */
const ACKNOWLEDGING_ROLES: readonly OperatorRole[] = ['owner', 'finance', 'support'];

type AlertState = 'open' | 'acknowledged' | 'all';

const ALERT_TABS: ReadonlyArray<{ key: AlertState; label: string }> = [
  { key: 'open', label: 'Open' },
  { key: 'acknowledged', label: 'Acknowledged' },
  { key: 'all', label: 'All' },
];

const SEVERITY_COLOURS: Record<AlertSeverity, string> = {
  critical: 'red',
  warning: 'orange',
  info: 'blue',
};

/** What raised an alert, as the list names it. */
const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  provider_payout_cap: 'Provider payout cap',
  provider_round_cap: 'Provider round cap',
  large_gift_code: 'Large gift code',
  operator_gift_cap: 'Operator gift-code cap',
  voided_round: 'Voided round',
  operator_changed_alone: 'Operator changed by a sole owner',
};

const PAGE_SIZE = 20;
/** Short cells (kinds, names, ages, detail lines) stay on one line; the summary takes the rest. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Acknowledges an alert with a note, then refreshes the list and the header's badge. */
function AcknowledgeButton({ alert }: { alert: OperatorAlertDto }) {
  const { mutateAsync } = useCustomMutation<{ msg: string; entry: OperatorAlertDto }>();
  const invalidate = useInvalidate();
  const acknowledge = async (note: string) => {
    try {
      const answer = await mutateAsync({
        url: `/admin/api/alerts/${alert.id}/acknowledge`,
        method: 'post',
        values: { reason: note },
        successNotification: false,
        errorNotification: false,
      });
      return answer.data;
    } finally {
      await invalidate({ resource: ALERTS_RESOURCE, invalidates: ['list'] });
    }
  };
  return (
    <ReasonButton
      label="Acknowledge"
      title={`Acknowledge: ${alert.summary}`}
      field={{
        label: 'Note',
        placeholder: 'What you checked or did (kept in the audit log)',
        maxLength: OPERATOR_REASON_MAX_LENGTH,
      }}
      testId={`acknowledge-${alert.id}`}
      onSubmit={acknowledge}
    />
  );
}

/** An alert's details, one line each. */
function AlertDetails({ details }: { details: Record<string, unknown> }) {
  return (
    <Space direction="vertical" size={0}>
      {Object.entries(details).map(([key, value]) => (
        <Typography.Text key={key} style={{ fontSize: 12, ...NO_WRAP }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {key}:
          </Typography.Text>{' '}
          {valueText(value)}
        </Typography.Text>
      ))}
    </Space>
  );
}

function AlertTable({ state, mayAcknowledge }: { state: AlertState; mayAcknowledge: boolean }) {
  const { tableProps } = useTable<OperatorAlertDto>({
    resource: ALERTS_RESOURCE,
    pagination: { pageSize: PAGE_SIZE },
    meta: { query: { state } },
    syncWithLocation: false,
  });
  const now = Date.now();
  const columns: TableColumnsType<OperatorAlertDto> = [
    {
      key: 'severity',
      title: 'Severity',
      render: (_, row) => <Tag color={SEVERITY_COLOURS[row.severity]}>{row.severity}</Tag>,
    },
    {
      key: 'kind',
      title: 'Kind',
      render: (_, row) => <span style={NO_WRAP}>{ALERT_KIND_LABELS[row.kind] ?? row.kind}</span>,
    },
    {
      key: 'summary',
      title: 'What happened',
      render: (_, row) => <Typography.Text strong>{row.summary}</Typography.Text>,
    },
    { key: 'details', title: 'Details', render: (_, row) => <AlertDetails details={row.details} /> },
    {
      key: 'created_at',
      title: 'Raised',
      render: (_, row) => (
        <Tooltip title={timeText(row.created_at)}>
          <span style={NO_WRAP}>{ageText(row.created_at, now)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'acknowledged',
      title: 'Acknowledged',
      render: (_, row) =>
        row.acknowledged_by === null ? (
          mayAcknowledge ? (
            <AcknowledgeButton alert={row} />
          ) : (
            <Typography.Text type="secondary">open</Typography.Text>
          )
        ) : (
          <Space direction="vertical" size={0}>
            <span style={NO_WRAP}>
              {row.acknowledged_by} · {timeText(row.acknowledged_at)}
            </span>
            <Typography.Text type="secondary">{row.note}</Typography.Text>
          </Space>
        ),
    },
  ];
  return (
    <Table<OperatorAlertDto>
      {...tableProps}
      rowKey="id"
      size="small"
      columns={columns}
      scroll={{ x: true }}
      locale={{ emptyText: state === 'open' ? 'No open alerts' : 'No alerts' }}
      data-testid={`alerts-${state}`}
    />
  );
}

/**
 * The alert list (DESIGN.md §2 "Operator money controls"): what the money controls want a person to look
 * at (a provider's payout cap hit, a large gift code, an operator's daily gift-code cap, a voided round),
 * newest first; an operator acknowledges one with a note.
 */
export function AlertsPage() {
  const [state, setState] = useState<AlertState>('open');
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const mayAcknowledge = identity !== undefined && ACKNOWLEDGING_ROLES.includes(identity.role);
  return (
    <Card title="Alerts">
      <Tabs
        activeKey={state}
        onChange={(key) => setState(key as AlertState)}
        destroyOnHidden
        items={ALERT_TABS.map((item) => ({
          key: item.key,
          label: item.label,
          children: <AlertTable state={item.key} mayAcknowledge={mayAcknowledge} />,
        }))}
      />
    </Card>
  );
}
