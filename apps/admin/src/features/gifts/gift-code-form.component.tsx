import { adminCreateGiftCodeBody, GIFT_SPLITS, MAX_GIFT_PACKETS } from '@app/shared';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

interface GiftCodeFields {
  code: string;
  total: string;
  count: number;
  split: (typeof GIFT_SPLITS)[number];
  min_amount?: string;
  expires: Dayjs;
  require_recharge: boolean;
}

/**
 * Creates a gift code: its total is split into `count` packets, fixed or random (never below the minimum).
 * The form is checked with the zod schema the server parses, so it says what is wrong before sending.
 */
export function GiftCodeFormButton({ onSaved }: { onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async ({ expires, min_amount, ...fields }: GiftCodeFields) => {
    const body = {
      ...fields,
      ...(min_amount ? { min_amount } : {}),
      expires_at: expires?.valueOf(),
    };
    const parsed = adminCreateGiftCodeBody.safeParse(body);
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? 'Invalid gift code');
      return;
    }
    setBusy(true);
    try {
      await apiCall('POST', '/admin/api/gift-codes', body);
      message.success(`Gift code ${fields.code} created`);
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
      <Button size="small" type="primary" onClick={() => setOpen(true)}>
        New gift code
      </Button>
      <Drawer open={open} width={420} title="New gift code" onClose={() => setOpen(false)} destroyOnHidden>
        <Form<GiftCodeFields>
          layout="vertical"
          initialValues={{ count: 1, split: 'fixed', require_recharge: false }}
          onFinish={save}
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
          <Button type="primary" htmlType="submit" loading={busy}>
            Create
          </Button>
        </Form>
      </Drawer>
    </>
  );
}
