import type { ApprovalRequestDto } from '@app/shared';
import { useOne } from '@refinedev/core';
import { Alert, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { APPROVALS_RESOURCE } from '../../shared/approval-notice.component.tsx';
import { ApprovalActions } from './approval-actions.component.tsx';
import {
  APPROVAL_STATUS_COLOURS,
  APPROVAL_STATUS_LABELS,
  ageText,
  approverText,
  expiryText,
  kindLabel,
  timeText,
  valueText,
} from './approval-format.ts';

/** The width of a field's name in the details, so both lists line up. */
const FIELD_LABEL_WIDTH = 240;

/** A record's fields as description rows (what would be done, or what the approval did). */
function FieldList({
  title,
  fields,
  testId,
}: {
  title: string;
  fields: Record<string, unknown>;
  testId: string;
}) {
  const entries = Object.entries(fields);
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={title}
      data-testid={testId}
      styles={{ label: { width: FIELD_LABEL_WIDTH } }}
    >
      {entries.length === 0 ? (
        <Descriptions.Item label="—">Nothing</Descriptions.Item>
      ) : (
        entries.map(([key, value]) => (
          <Descriptions.Item key={key} label={key}>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{valueText(value)}</Typography.Text>
          </Descriptions.Item>
        ))
      )}
    </Descriptions>
  );
}

/** What the state of a request means for the operator looking at it. */
function StateAlert({ request }: { request: ApprovalRequestDto }) {
  if (request.status === 'approved') {
    return <Alert type="success" showIcon message={`Approved by ${request.decided_by}: it is done.`} />;
  }
  if (request.status === 'refused') {
    return <Alert type="error" showIcon message={`Refused by ${request.decided_by}: nothing was done.`} />;
  }
  if (request.status === 'cancelled') {
    return <Alert type="info" showIcon message="Withdrawn by the operator who asked: nothing was done." />;
  }
  if (request.status === 'expired') {
    return <Alert type="warning" showIcon message="Nobody decided it in time: nothing was done." />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      message="Waiting for a second operator: nothing is done until it is approved."
    />
  );
}

/** One request with everything its approver needs to see, and the buttons to decide or withdraw it. */
export function ApprovalPage() {
  const id = Number(useParams().id);
  const { result: request, query } = useOne<ApprovalRequestDto>({ resource: APPROVALS_RESOURCE, id });
  if (!request) return <Card loading={query.isLoading}>{query.isError ? 'Request not found' : null}</Card>;
  const now = Date.now();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <span>Request #{request.id}</span>
            <Tag>{kindLabel(request)}</Tag>
            <Tag color={APPROVAL_STATUS_COLOURS[request.status]} data-testid="request-status">
              {APPROVAL_STATUS_LABELS[request.status]}
            </Tag>
          </Space>
        }
        extra={<Link to="/approvals">All requests</Link>}
      >
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <StateAlert request={request} />
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="request-summary">
            {request.summary}
          </Typography.Title>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="Amount">{request.amount ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Player">
              {request.user_id === null ? (
                '—'
              ) : (
                <Link to={`/users/${request.user_id}`}>#{request.user_id}</Link>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Who may approve">{approverText(request)}</Descriptions.Item>
            <Descriptions.Item label="Asked by">
              {request.requested_by} ({request.requested_by_role})
            </Descriptions.Item>
            <Descriptions.Item label="Asked">
              {timeText(request.created_at)} ({ageText(request.created_at, now)})
            </Descriptions.Item>
            {request.status === 'pending' || request.status === 'expired' ? (
              <Descriptions.Item label={request.status === 'pending' ? 'Expires' : 'Expired'}>
                {timeText(request.expires_at)}
                {request.status === 'pending' ? ` (${expiryText(request.expires_at, now)})` : ''}
              </Descriptions.Item>
            ) : (
              <Descriptions.Item label="Status">{APPROVAL_STATUS_LABELS[request.status]}</Descriptions.Item>
            )}
            <Descriptions.Item label="Why" span={3}>
              <span data-testid="request-reason">{request.reason}</span>
            </Descriptions.Item>
            {request.decided_by === null ? null : (
              <>
                <Descriptions.Item label="Decided by">{request.decided_by}</Descriptions.Item>
                <Descriptions.Item label="Decided">{timeText(request.decided_at)}</Descriptions.Item>
                <Descriptions.Item label="Decision reason">
                  <span data-testid="decision-reason">{request.decision_reason}</span>
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          <ApprovalActions request={request} />
        </Space>
      </Card>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <FieldList title="What it does" fields={request.details} testId="request-details" />
          {request.result ? (
            <FieldList title="What the approval did" fields={request.result} testId="request-result" />
          ) : null}
        </Space>
      </Card>
    </Space>
  );
}
