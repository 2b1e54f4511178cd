import {
  APPROVAL_KINDS,
  APPROVAL_REQUEST_TTL_MS,
  type ApprovalKind,
  type ApprovalRequestDto,
  type ApprovalStatus,
} from '@app/shared';
import { useTable } from '@refinedev/antd';
import { Card, Select, Space, Table, type TableColumnsType, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { APPROVALS_RESOURCE } from '../../shared/approval-notice.component.tsx';
import { ApprovalActions } from './approval-actions.component.tsx';
import {
  APPROVAL_KIND_LABELS,
  APPROVAL_STATUS_COLOURS,
  APPROVAL_STATUS_LABELS,
  ageText,
  durationText,
  expiryText,
  kindLabel,
  timeText,
} from './approval-format.ts';

type ApprovalTab = ApprovalStatus | 'all';

/** The tabs of the queue: what waits first, then what was decided or lapsed. */
const APPROVAL_TABS: ReadonlyArray<{ key: ApprovalTab; label: string }> = [
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'refused', label: 'Refused' },
  { key: 'expired', label: 'Expired' },
  { key: 'cancelled', label: 'Withdrawn' },
  { key: 'all', label: 'All' },
];

const PAGE_SIZE = 20;
/** Short cells (names, ages, buttons) stay on one line; the summary and the reason take the rest. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The columns every tab shows: what is asked, by whom and why. */
function requestColumns(now: number): TableColumnsType<ApprovalRequestDto> {
  return [
    {
      key: 'id',
      title: '#',
      width: 64,
      render: (_, row) => <Link to={`/approvals/${row.id}`}>#{row.id}</Link>,
    },
    {
      key: 'kind',
      title: 'Kind',
      render: (_, row) => <Tag>{kindLabel(row)}</Tag>,
    },
    {
      key: 'summary',
      title: 'What',
      render: (_, row) => (
        <Link to={`/approvals/${row.id}`} data-testid={`request-summary-${row.id}`}>
          {row.summary}
        </Link>
      ),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (_, row) =>
        row.amount === null ? '—' : <Typography.Text strong>{row.amount}</Typography.Text>,
    },
    {
      key: 'user_id',
      title: 'Player',
      render: (_, row) =>
        row.user_id === null ? '—' : <Link to={`/users/${row.user_id}`}>#{row.user_id}</Link>,
    },
    {
      key: 'requested_by',
      title: 'Asked by',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span style={NO_WRAP}>{row.requested_by}</span>
          <Typography.Text type="secondary">{row.requested_by_role}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'reason',
      title: 'Why',
      render: (_, row) => <Typography.Text>{row.reason}</Typography.Text>,
    },
    {
      key: 'created_at',
      title: 'Asked',
      render: (_, row) => (
        <Tooltip title={timeText(row.created_at)}>
          <span style={NO_WRAP}>{ageText(row.created_at, now)}</span>
        </Tooltip>
      ),
    },
  ];
}

/** The columns of the waiting requests: when each lapses, and what the operator can do. */
function pendingColumns(now: number): TableColumnsType<ApprovalRequestDto> {
  return [
    {
      key: 'expires_at',
      title: 'Expires',
      render: (_, row) => (
        <Tooltip title={timeText(row.expires_at)}>
          <span style={NO_WRAP}>{expiryText(row.expires_at, now)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, row) => <ApprovalActions request={row} />,
    },
  ];
}

/** The columns of decided requests: the decision, by whom and why. */
const decidedColumns: TableColumnsType<ApprovalRequestDto> = [
  {
    key: 'status',
    title: 'Status',
    render: (_, row) => (
      <Tag color={APPROVAL_STATUS_COLOURS[row.status]}>{APPROVAL_STATUS_LABELS[row.status]}</Tag>
    ),
  },
  {
    key: 'decided_by',
    title: 'Decided',
    render: (_, row) =>
      row.decided_by === null ? (
        '—'
      ) : (
        <Space direction="vertical" size={0}>
          <span style={NO_WRAP}>
            {row.decided_by} · {timeText(row.decided_at)}
          </span>
          <Typography.Text type="secondary">{row.decision_reason}</Typography.Text>
        </Space>
      ),
  },
];

/** One tab's list, paged on the server (pending oldest first, the others newest first). */
function ApprovalTable({ status, kind }: { status: ApprovalTab; kind: ApprovalKind | undefined }) {
  const { tableProps } = useTable<ApprovalRequestDto>({
    resource: APPROVALS_RESOURCE,
    pagination: { pageSize: PAGE_SIZE },
    meta: { query: { status, ...(kind ? { kind } : {}) } },
    syncWithLocation: false,
  });
  const now = Date.now();
  const columns = [
    ...requestColumns(now),
    ...(status === 'pending' ? pendingColumns(now) : decidedColumns),
    ...(status === 'all' ? pendingColumns(now).filter((column) => column.key === 'actions') : []),
  ];
  return (
    <Table<ApprovalRequestDto>
      {...tableProps}
      rowKey="id"
      size="small"
      columns={columns}
      scroll={{ x: true }}
      locale={{ emptyText: status === 'pending' ? 'Nothing waits for an approval' : 'No requests' }}
      data-testid={`approvals-${status}`}
    />
  );
}

/**
 * The "Requests" queue (DESIGN.md §2 "Operator money controls"): what operators asked for that a second
 * operator must approve (gift codes above the single-approval maximum, hand recharges and recharge cancels,
 * settings that loosen a money control, game providers, payment channel keys), with who asked and why. The
 * operator who asked cannot decide; it can withdraw its own request while it waits.
 */
export function ApprovalsPage() {
  const [tab, setTab] = useState<ApprovalTab>('pending');
  const [kind, setKind] = useState<ApprovalKind | undefined>(undefined);
  return (
    <Card
      title="Requests"
      extra={
        <Select<ApprovalKind>
          allowClear
          placeholder="Every kind"
          style={{ minWidth: 180 }}
          value={kind}
          onChange={(value) => setKind(value)}
          options={APPROVAL_KINDS.map((value) => ({ value, label: APPROVAL_KIND_LABELS[value] }))}
          aria-label="Kind"
        />
      }
    >
      <Typography.Paragraph type="secondary">
        Actions that create money or widen who can receive it wait here until a second operator approves them.
        The operator who asked can never approve its own request; a request lapses{' '}
        {durationText(APPROVAL_REQUEST_TTL_MS)} after it was made.
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ApprovalTab)}
        destroyOnHidden
        items={APPROVAL_TABS.map((item) => ({
          key: item.key,
          label: item.label,
          children: <ApprovalTable key={`${item.key}:${kind ?? ''}`} status={item.key} kind={kind} />,
        }))}
      />
    </Card>
  );
}
