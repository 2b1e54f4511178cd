import {
  type AdminPaymentChannelDto,
  adminPaymentChannelUpdateBody,
  PAYMENT_CHANNEL_FIELDS,
} from '@app/shared';
import { Button, Divider, Drawer, Form, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

interface PaymentChannelFields {
  name: string;
  min_amount: string;
  max_amount: string;
  fixed_amounts: string;
  sort_order: number;
  settings: Record<string, string>;
  secrets: Record<string, string | undefined>;
}

/** How the form describes a secret it never receives: set (with its last characters) or not set. */
export function secretHint(state: { set: boolean; last4: string | null } | undefined): string {
  if (!state?.set) return 'not set';
  return state.last4 ? `set (ends …${state.last4})` : 'set';
}

/**
 * Edits a payment channel: what players see (name, bounds, presets, order, the UPI account of a manual
 * channel) and its gateway keys. A key field starts empty whatever is stored: typing one sets or replaces
 * the key, leaving it empty keeps the one there. The form checks the shared schema before sending; the
 * server checks every field against the channel's adapter and says which one is wrong.
 */
export function PaymentChannelFormButton({
  channel,
  onSaved,
}: {
  channel: AdminPaymentChannelDto;
  onSaved: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const fields = PAYMENT_CHANNEL_FIELDS[channel.adapter] ?? [];
  const save = async (values: PaymentChannelFields) => {
    const secrets = Object.fromEntries(
      Object.entries(values.secrets ?? {}).filter((entry): entry is [string, string] =>
        Boolean(entry[1]?.trim()),
      ),
    );
    const body = {
      name: values.name,
      min_amount: values.min_amount,
      max_amount: values.max_amount,
      fixed_amounts: values.fixed_amounts ?? '',
      sort_order: values.sort_order,
      settings: Object.fromEntries(
        Object.entries(values.settings ?? {}).map(([name, text]) => [name, text ?? '']),
      ),
      ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
    };
    const parsed = adminPaymentChannelUpdateBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      message.error(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid channel');
      return;
    }
    setBusy(true);
    try {
      await apiCall('PUT', `/admin/api/payment-channels/${channel.id}`, body);
      message.success(`${channel.name} saved`);
      setOpen(false);
      onSaved();
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`edit-channel-${channel.key}`}>
        Edit
      </Button>
      <Drawer
        open={open}
        width={480}
        title={`Payment channel ${channel.key} (${channel.adapter})`}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<PaymentChannelFields>
          layout="vertical"
          initialValues={{
            name: channel.name,
            min_amount: channel.min_amount,
            max_amount: channel.max_amount,
            fixed_amounts: channel.fixed_amounts,
            sort_order: channel.sort_order,
            settings: channel.settings,
            secrets: {},
          }}
          onFinish={save}
        >
          <Form.Item label="Name shown to players" name="name" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item label="Smallest amount" name="min_amount" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item label="Largest amount" name="max_amount" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item label="Preset amounts (whole amounts, comma separated)" name="fixed_amounts">
            <Input />
          </Form.Item>
          <Form.Item label="Order" name="sort_order">
            <InputNumber min={0} precision={0} />
          </Form.Item>
          {fields.length > 0 ? <Divider>Gateway settings</Divider> : null}
          {fields
            .filter((field) => !field.secret)
            .map((field) => (
              <Form.Item
                key={field.name}
                label={field.label}
                name={['settings', field.name]}
                extra={field.required ? undefined : 'Optional: empty uses the default'}
              >
                <Input />
              </Form.Item>
            ))}
          {fields
            .filter((field) => field.secret)
            .map((field) => (
              <Form.Item
                key={field.name}
                label={field.label}
                name={['secrets', field.name]}
                extra={
                  <Typography.Text type="secondary" data-testid={`secret-state-${field.name}`}>
                    {`Currently ${secretHint(channel.secrets[field.name])}. Type a new key to replace it; empty keeps it.`}
                  </Typography.Text>
                }
              >
                <Input.Password
                  autoComplete="new-password"
                  placeholder={channel.secrets[field.name]?.set ? 'unchanged' : 'not set'}
                />
              </Form.Item>
            ))}
          <Button type="primary" htmlType="submit" loading={busy}>
            Save
          </Button>
        </Form>
      </Drawer>
    </>
  );
}
