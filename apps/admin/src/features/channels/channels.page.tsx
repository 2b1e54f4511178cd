import {
  type AdminPaymentChannelDto,
  type AdminWithdrawalChannelDto,
  adminWithdrawalChannelUpdateBody,
} from '@app/shared';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { apiCall } from '../../shared/api-client.ts';
import { enabledTag } from '../../shared/enabled-tag.component.tsx';
import { message } from '../../shared/feedback.ts';
import { FormDrawerButton } from '../../shared/form-drawer-button.component.tsx';
import { PaymentChannelFormButton, secretHint } from './payment-channel-form.component.tsx';

/** Switches a channel on or off after a confirmation, and says how it went. */
function EnableButton(props: { enabled: boolean; name: string; path: string; onDone: () => void }) {
  return (
    <Popconfirm
      title={props.enabled ? `Stop offering ${props.name} to players?` : `Offer ${props.name} to players?`}
      okText={props.enabled ? 'Disable' : 'Enable'}
      onConfirm={async () => {
        try {
          await apiCall('PUT', props.path, { is_enabled: !props.enabled });
          message.success(`${props.name} ${props.enabled ? 'disabled' : 'enabled'}`);
          props.onDone();
        } catch (error) {
          message.error(error instanceof Error ? error.message : String(error));
        }
      }}
    >
      <Button size="small" danger={props.enabled}>
        {props.enabled ? 'Disable' : 'Enable'}
      </Button>
    </Popconfirm>
  );
}

/** The columns both channel tables start with: order, name, key and adapter. */
function channelColumns<Row extends { key: string; adapter: string }>(): TableColumnsType<Row> {
  return [
    { key: 'sort_order', title: 'Order', dataIndex: 'sort_order' },
    { key: 'name', title: 'Name', dataIndex: 'name' },
    { key: 'key', title: 'Key', render: (_, row) => <code>{row.key}</code> },
    { key: 'adapter', title: 'Adapter', render: (_, row) => <Tag>{row.adapter}</Tag> },
  ];
}

/** Renames or reorders a payout channel. */
function WithdrawalChannelFormButton(props: { channel: AdminWithdrawalChannelDto; onSaved: () => void }) {
  return (
    <FormDrawerButton<{ name: string; sort_order: number }>
      label="Edit"
      title={`Payout channel ${props.channel.key}`}
      width={420}
      initialValues={props.channel}
      schema={adminWithdrawalChannelUpdateBody}
      invalidMessage="Invalid channel"
      method="PUT"
      path={`/admin/api/withdrawal-channels/${props.channel.id}`}
      savedMessage={(values) => `${values.name} saved`}
      onSaved={props.onSaved}
    >
      <Form.Item label="Name shown to players" name="name" rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Form.Item label="Order" name="sort_order">
        <InputNumber min={0} precision={0} />
      </Form.Item>
    </FormDrawerButton>
  );
}

/**
 * Payment and payout channels (role finance): what players are offered, in which order and within which
 * bounds, and the gateway keys, which the console can set or replace but never read back.
 */
export function ChannelsPage() {
  const [payment, setPayment] = useState<AdminPaymentChannelDto[]>([]);
  const [payout, setPayout] = useState<AdminWithdrawalChannelDto[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(() => {
    setLoading(true);
    Promise.all([
      apiCall<{ queryset: AdminPaymentChannelDto[] }>('GET', '/admin/api/payment-channels'),
      apiCall<{ queryset: AdminWithdrawalChannelDto[] }>('GET', '/admin/api/withdrawal-channels'),
    ])
      .then(([paymentBody, payoutBody]) => {
        setPayment(paymentBody.queryset);
        setPayout(payoutBody.queryset);
      })
      .catch((error: Error) => message.error(error.message))
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title="Payment channels"
        extra={
          <Typography.Text type="secondary">Keys can be set or replaced, never read back</Typography.Text>
        }
      >
        <Table<AdminPaymentChannelDto>
          rowKey="id"
          size="small"
          loading={loading}
          pagination={false}
          dataSource={payment}
          scroll={{ x: true }}
          columns={[
            ...channelColumns<AdminPaymentChannelDto>(),
            { key: 'state', title: 'State', render: (_, row) => enabledTag(row.is_enabled) },
            {
              key: 'configured',
              title: 'Settings',
              render: (_, row) =>
                row.configured ? (
                  <Tag color="blue">complete</Tag>
                ) : (
                  <Tooltip title={row.problem}>
                    <Tag color="orange">incomplete</Tag>
                  </Tooltip>
                ),
            },
            { key: 'amounts', title: 'Amounts', render: (_, row) => `${row.min_amount} – ${row.max_amount}` },
            { key: 'fixed_amounts', title: 'Presets', dataIndex: 'fixed_amounts' },
            {
              key: 'details',
              title: 'Shown / keys',
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  {Object.entries(row.settings)
                    .filter(([, text]) => text !== '')
                    .map(([name, text]) => (
                      <span key={name}>
                        {name}: <code>{text}</code>
                      </span>
                    ))}
                  {Object.entries(row.secrets).map(([name, state]) => (
                    <span key={name} data-testid={`secret-${row.key}-${name}`}>
                      {name}: {state.set ? <Tag color="green">{secretHint(state)}</Tag> : <Tag>not set</Tag>}
                    </span>
                  ))}
                </Space>
              ),
            },
            {
              key: 'actions',
              title: 'Actions',
              render: (_, row) => (
                <Space>
                  <PaymentChannelFormButton channel={row} onSaved={load} />
                  <EnableButton
                    enabled={row.is_enabled}
                    name={row.name}
                    path={`/admin/api/payment-channels/${row.id}`}
                    onDone={load}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title="Payout channels"
        extra={
          <Typography.Text type="secondary">
            The payout adapters (manual transfer, sandbox bank) take no keys
          </Typography.Text>
        }
      >
        <Table<AdminWithdrawalChannelDto>
          rowKey="id"
          size="small"
          loading={loading}
          pagination={false}
          dataSource={payout}
          columns={[
            ...channelColumns<AdminWithdrawalChannelDto>(),
            {
              key: 'banks',
              title: 'Bank list',
              render: (_, row) =>
                row.bank_code_group_id === null ? 'none' : `group #${row.bank_code_group_id}`,
            },
            { key: 'state', title: 'State', render: (_, row) => enabledTag(row.is_enabled) },
            {
              key: 'actions',
              title: 'Actions',
              render: (_, row) => (
                <Space>
                  <WithdrawalChannelFormButton channel={row} onSaved={load} />
                  <EnableButton
                    enabled={row.is_enabled}
                    name={row.name}
                    path={`/admin/api/withdrawal-channels/${row.id}`}
                    onDone={load}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
