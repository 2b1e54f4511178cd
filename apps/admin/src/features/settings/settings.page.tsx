import { Button, Card, Input, InputNumber, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

interface SettingDescription {
  key: string;
  value: unknown;
  default: unknown;
  schema: { type?: string };
  role: string;
}

/** One setting's editor, chosen by its JSON schema type: a switch, a number, a text or JSON. */
function SettingEditor({ setting, onSaved }: { setting: SettingDescription; onSaved: () => void }) {
  const type = setting.schema.type;
  const [draft, setDraft] = useState<unknown>(
    type === 'string' || type === 'boolean' || type === 'number' || type === 'integer'
      ? setting.value
      : JSON.stringify(setting.value, null, 2),
  );
  const save = async () => {
    try {
      const value =
        type === 'array' || type === 'object' || type === undefined ? JSON.parse(String(draft)) : draft;
      await apiCall('PUT', `/admin/api/settings/${setting.key}`, { value });
      message.success(`${setting.key} saved`);
      onSaved();
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
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
      <Button size="small" onClick={save}>
        Save
      </Button>
    </Space>
  );
}

/** Settings that have their own form on the content page (checked there field by field). */
const CONTENT_FORM_KEYS = new Set(['home.banners', 'home.notice', 'colour.notice', 'support.contacts']);

/**
 * Every operator setting with its type, its default and its current value: banners, notices, support
 * contacts, app links, withdrawal limits and the four-eyes threshold, defaults of new accounts.
 */
export function SettingsPage() {
  const [settings, setSettings] = useState<SettingDescription[]>([]);
  const [version, setVersion] = useState(0);
  const load = useCallback(() => {
    apiCall<{ definitions: SettingDescription[] }>('GET', '/admin/api/settings')
      .then((body) => setSettings(body.definitions))
      .catch((error: Error) => message.error(error.message));
  }, []);
  useEffect(load, [load]);
  const saved = () => {
    setVersion((value) => value + 1);
    load();
  };
  return (
    <Card title="Settings">
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={settings}
        columns={[
          {
            key: 'key',
            title: 'Setting',
            render: (_, row) => <Typography.Text code>{row.key}</Typography.Text>,
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
                <SettingEditor key={`${row.key}:${version}`} setting={row} onSaved={saved} />
              ),
          },
        ]}
      />
    </Card>
  );
}
