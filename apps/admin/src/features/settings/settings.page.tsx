import type { ApprovalRequestDto } from '@app/shared';
import { useCustom, useList } from '@refinedev/core';
import { Button, Card, Input, InputNumber, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiCall, errorMessage } from '../../shared/api-client.ts';
import {
  APPROVALS_RESOURCE,
  approvalHref,
  isApprovalRequested,
  useActionAnswer,
} from '../../shared/approval-notice.component.tsx';
import { message } from '../../shared/feedback.ts';
import { ReasonButton } from '../../shared/reason-button.component.tsx';

interface SettingDescription {
  key: string;
  value: unknown;
  default: unknown;
  schema: { type?: string };
  role: string;
  /** A money control: a change that loosens it waits for a second operator's approval. */
  control?: boolean;
}

/** What the operator reads before changing a money control. */
const CONTROL_EXPLANATION =
  'This setting is a money control. A change that loosens it (allows more) is sent to a second operator, ' +
  'who approves it before it applies; a change that tightens it applies at once. Both keep your reason.';

/** One setting's editor, chosen by its JSON schema type: a switch, a number, a text or JSON. */
function SettingEditor({ setting, onSaved }: { setting: SettingDescription; onSaved: () => void }) {
  const type = setting.schema.type;
  const [draft, setDraft] = useState<unknown>(
    type === 'string' || type === 'boolean' || type === 'number' || type === 'integer'
      ? setting.value
      : JSON.stringify(setting.value, null, 2),
  );
  const answerOf = useActionAnswer();
  const parsedDraft = () =>
    type === 'array' || type === 'object' || type === undefined ? JSON.parse(String(draft)) : draft;
  /** Sends the change; answers what the server answered (a 202 when it waits for an approval). */
  const send = async (reason?: string) => {
    const answer = await apiCall('PUT', `/admin/api/settings/${setting.key}`, {
      value: parsedDraft(),
      ...(reason ? { reason } : {}),
    });
    onSaved();
    return answer;
  };
  const save = async () => {
    try {
      answerOf(await send(), `${setting.key} saved`);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  const editor =
    type === 'boolean' ? (
      <Switch checked={draft === true} onChange={setDraft} />
    ) : type === 'number' || type === 'integer' ? (
      <InputNumber
        value={draft as number}
        onChange={(value) => setDraft(value ?? 0)}
        style={{ width: 180 }}
      />
    ) : type === 'string' ? (
      <Input.TextArea value={draft as string} onChange={(event) => setDraft(event.target.value)} autoSize />
    ) : (
      <Input.TextArea
        value={draft as string}
        onChange={(event) => setDraft(event.target.value)}
        autoSize
        style={{ fontFamily: 'monospace' }}
      />
    );
  return (
    <Space align="start" style={{ width: '100%' }}>
      <div style={{ minWidth: 320 }}>{editor}</div>
      {setting.control ? (
        <ReasonButton
          label="Save"
          title={`Change ${setting.key}`}
          description={CONTROL_EXPLANATION}
          testId={`save-${setting.key}`}
          onSubmit={async (reason) => {
            const answer = await send(reason);
            return isApprovalRequested(answer) ? answer : { msg: `${setting.key} saved` };
          }}
        />
      ) : (
        <Button size="small" onClick={save} data-testid={`save-${setting.key}`}>
          Save
        </Button>
      )}
    </Space>
  );
}

/** How many pending setting changes the page looks up (more than there are settings to change). */
const PENDING_CHANGES_LIMIT = 100;

/** The setting changes waiting for a second operator, by setting key. */
function usePendingSettingChanges(): Map<string, ApprovalRequestDto[]> {
  const { result } = useList<ApprovalRequestDto>({
    resource: APPROVALS_RESOURCE,
    pagination: { currentPage: 1, pageSize: PENDING_CHANGES_LIMIT },
    meta: { query: { status: 'pending', kind: 'setting.change' } },
  });
  const byKey = new Map<string, ApprovalRequestDto[]>();
  for (const request of result.data) {
    const key = String(request.details.key);
    byKey.set(key, [...(byKey.get(key) ?? []), request]);
  }
  return byKey;
}

/** Settings that have their own form on the content page (checked there field by field). */
const CONTENT_FORM_KEYS = new Set(['home.banners', 'home.notice', 'colour.notice', 'support.contacts']);

/**
 * Every operator setting with its type, its default and its current value: banners, notices, support
 * contacts, app links, withdrawal limits and the four-eyes threshold, defaults of new accounts.
 */
export function SettingsPage() {
  const { result, query } = useCustom<{ definitions: SettingDescription[] }>({
    url: '/admin/api/settings',
    method: 'get',
  });
  const settings = result.data?.definitions ?? [];
  const pendingChanges = usePendingSettingChanges();
  const [version, setVersion] = useState(0);
  const saved = () => {
    setVersion((value) => value + 1);
    void query.refetch();
  };
  return (
    <Card title="Settings">
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={settings}
        columns={[
          {
            key: 'key',
            title: 'Setting',
            render: (_, row) => (
              <Space size={4} wrap>
                <Typography.Text code>{row.key}</Typography.Text>
                {row.control ? (
                  <Tooltip title="A change that loosens it waits for a second operator's approval">
                    <Tag color="gold" data-testid={`control-${row.key}`}>
                      control
                    </Tag>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          { key: 'type', title: 'Type', render: (_, row) => <Tag>{row.schema.type ?? 'json'}</Tag> },
          { key: 'role', title: 'Role', render: (_, row) => row.role },
          {
            key: 'default',
            title: 'Default',
            render: (_, row) => (
              <Typography.Text type="secondary">{JSON.stringify(row.default)}</Typography.Text>
            ),
          },
          {
            key: 'value',
            title: 'Value',
            render: (_, row) =>
              CONTENT_FORM_KEYS.has(row.key) ? (
                <Space direction="vertical" size={0}>
                  <Typography.Text code ellipsis style={{ maxWidth: 420 }}>
                    {JSON.stringify(row.value)}
                  </Typography.Text>
                  <Link to="/content">Edit on the Banners &amp; notices page</Link>
                </Space>
              ) : (
                <Space direction="vertical" size={4}>
                  <SettingEditor key={`${row.key}:${version}`} setting={row} onSaved={saved} />
                  {(pendingChanges.get(row.key) ?? []).map((request) => (
                    <a key={request.id} href={approvalHref(request.id)}>
                      <Tag color="blue">
                        Request #{request.id} waits for approval: {JSON.stringify(request.details.value)}
                      </Tag>
                    </a>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}
