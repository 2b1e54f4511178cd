import {
  type AdminPaymentChannelDto,
  adminPaymentChannelUpdateBody,
  PAYMENT_CHANNEL_FIELDS,
} from '@app/shared';
import { Divider, Form, Input, InputNumber, Typography } from 'antd';
import { FormDrawerButton } from '../../shared/form-drawer-button.component.tsx';

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
/** When a channel change needs a reason (DESIGN.md §2 "Operator money controls"). */
const CHANNEL_REASON_EXTRA =
  'Needed when gateway settings or keys change: where players pay and what vouches for a payment change ' +
  'only once a second operator approves. Name, amounts, order and the switch apply at once.';

export function secretHint(state: { set: boolean; last4: string | null } | undefined): string {
  if (!state?.set) return 'not set';
  return state.last4 ? `set (ends …${state.last4})` : 'set';
}

/** The body sent: a secret is sent only when a key was typed, so an empty field keeps the stored one. */
function channelBody(values: PaymentChannelFields) {
  const secrets = Object.fromEntries(
    Object.entries(values.secrets ?? {}).filter((entry): entry is [string, string] =>
      Boolean(entry[1]?.trim()),
    ),
  );
  return {
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
  const fields = PAYMENT_CHANNEL_FIELDS[channel.adapter] ?? [];
  return (
    <FormDrawerButton<PaymentChannelFields>
      label="Edit"
      buttonTestId={`edit-channel-${channel.key}`}
      title={`Payment channel ${channel.key} (${channel.adapter})`}
      width={480}
      initialValues={{
        name: channel.name,
        min_amount: channel.min_amount,
        max_amount: channel.max_amount,
        fixed_amounts: channel.fixed_amounts,
        sort_order: channel.sort_order,
        settings: channel.settings,
        secrets: {},
      }}
      toBody={channelBody}
      schema={adminPaymentChannelUpdateBody}
      invalidMessage="Invalid channel"
      describeIssue={(issue) => `${issue.path.join('.')}: ${issue.message}`}
      method="PUT"
      path={`/admin/api/payment-channels/${channel.id}`}
      savedMessage={`${channel.name} saved`}
      reasonField={{ extra: CHANNEL_REASON_EXTRA }}
      onSaved={onSaved}
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
    </FormDrawerButton>
  );
}
