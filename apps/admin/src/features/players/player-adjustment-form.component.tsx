import {
  OPERATOR_REASON_MAX_LENGTH,
  type PlayerAdjustmentDirection,
  playerAdjustmentBody,
} from '@app/shared';
import { Form, Input, Radio, Space, Typography } from 'antd';
import { FormDrawerButton } from '../../shared/form-drawer-button.component.tsx';

interface AdjustmentFields {
  direction: PlayerAdjustmentDirection;
  amount: string;
  reason: string;
}

/** The two kinds of adjustment, as spec 02 §3 names their transaction types. */
const DIRECTIONS: ReadonlyArray<{ value: PlayerAdjustmentDirection; label: string }> = [
  { value: 'credit', label: 'Hand recharge (HRE): add money' },
  { value: 'debit', label: 'Recharge cancel (HREC): take money back' },
];

/**
 * Asks for a hand recharge (HRE) or a recharge cancel (HREC) of a player's balance. Nothing moves when it is
 * sent: the server stores a request (HTTP 202) that a second operator approves, and the console says so with
 * a link to the request. The amount is in the market's currency, as every amount of the console.
 */
export function PlayerAdjustmentButton({ userId, balance }: { userId: number; balance: string }) {
  return (
    <FormDrawerButton<AdjustmentFields>
      label="Hand recharge / Recharge cancel"
      buttonTestId="player-adjustment"
      title={`Adjust the balance of player #${userId}`}
      width={460}
      initialValues={{ direction: 'credit' }}
      schema={playerAdjustmentBody}
      invalidMessage="Invalid adjustment"
      method="POST"
      path={`/admin/api/users/${userId}/adjustments`}
      savedMessage="Sent for approval"
      submitLabel="Send for approval"
      onSaved={() => undefined}
    >
      <Typography.Paragraph type="secondary">
        A second operator (finance) must approve it before the balance changes. Balance now: {balance}.
      </Typography.Paragraph>
      <Form.Item label="What" name="direction" rules={[{ required: true }]}>
        <Radio.Group>
          <Space direction="vertical">
            {DIRECTIONS.map((direction) => (
              <Radio key={direction.value} value={direction.value}>
                {direction.label}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item label="Amount" name="amount" rules={[{ required: true }]} extra="For example 500.00">
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item label="Reason" name="reason" rules={[{ required: true }]}>
        <Input.TextArea maxLength={OPERATOR_REASON_MAX_LENGTH} autoSize={{ minRows: 2 }} />
      </Form.Item>
    </FormDrawerButton>
  );
}
