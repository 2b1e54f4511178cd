import { adminCreateGiftCodeBody, GIFT_SPLITS, MAX_GIFT_PACKETS } from '@app/shared';
import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { FormDrawerButton } from '../../shared/form-drawer-button.component.tsx';

interface GiftCodeFields {
  code: string;
  total: string;
  count: number;
  split: (typeof GIFT_SPLITS)[number];
  min_amount?: string;
  expires: Dayjs;
  require_recharge: boolean;
}

/** The body sent: the expiry as a timestamp, the smallest packet only when one was given. */
function giftCodeBody({ expires, min_amount, ...fields }: GiftCodeFields) {
  return { ...fields, ...(min_amount ? { min_amount } : {}), expires_at: expires?.valueOf() };
}

/** When a gift code needs a reason (DESIGN.md §2 "Operator money controls"). */
const GIFT_REASON_EXTRA =
  'Needed when the total is above the single-approval maximum: such a code is made only once a second ' +
  'operator approves it.';

/**
 * Creates a gift code: its total is split into `count` packets, fixed or random (never below the minimum).
 * The form is checked with the zod schema the server parses, so it says what is wrong before sending. A code
 * above the single-approval maximum is sent for a second operator's approval, and the form says so.
 */
export function GiftCodeFormButton({ onSaved }: { onSaved: () => void }) {
  return (
    <FormDrawerButton<GiftCodeFields>
      label="New gift code"
      buttonType="primary"
      title="New gift code"
      width={420}
      initialValues={{ count: 1, split: 'fixed', require_recharge: false }}
      toBody={giftCodeBody}
      schema={adminCreateGiftCodeBody}
      invalidMessage="Invalid gift code"
      method="POST"
      path="/admin/api/gift-codes"
      savedMessage={(fields) => `Gift code ${fields.code} created`}
      reasonField={{ extra: GIFT_REASON_EXTRA }}
      submitLabel="Create"
      onSaved={onSaved}
    >
      <Form.Item label="Code" name="code" rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Form.Item label="Total" name="total" rules={[{ required: true }]}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item label="Packets" name="count" rules={[{ required: true }]}>
        <InputNumber min={1} max={MAX_GIFT_PACKETS} precision={0} />
      </Form.Item>
      <Form.Item label="Split" name="split">
        <Select options={GIFT_SPLITS.map((value) => ({ label: value, value }))} />
      </Form.Item>
      <Form.Item label="Smallest packet (random split)" name="min_amount">
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item label="Expires" name="expires" rules={[{ required: true }]}>
        <DatePicker showTime />
      </Form.Item>
      <Form.Item label="Only players who recharged" name="require_recharge" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawerButton>
  );
}
