import {
  type AdminColourPeriodDto,
  type AdminOrderDto,
  type AdminProductDto,
  type AdminProfitTransferDto,
  type AdminRechargeDto,
  type AdminSuggestionDto,
  type AdminWithdrawalDto,
  type AuditEntryDto,
  type OperatorDto,
  type OperatorUserDto,
  PROFIT_TRANSFER_STATUSES,
  SUGGESTION_REPLY_MAX_LENGTH,
  SUGGESTION_STATUSES,
} from '@app/shared';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';
import { ReasonButton } from '../../shared/reason-button.component.tsx';
import { ProductFormButton } from '../products/product-form.component.tsx';
import { defineResource, type ResourceDefinition } from './resource-definition.ts';

const time = (value: unknown) =>
  typeof value === 'number' && value > 0 ? new Date(value).toLocaleString() : '';
const playerLink = (userId: number) => <Link to={`/users/${userId}`}>#{userId}</Link>;

async function act(method: 'POST' | 'PUT', path: string, body: unknown, refresh: () => void) {
  const answer = await apiCall<{ msg?: string }>(method, path, body);
  refresh();
  return answer;
}

/** An action without a text: asks to confirm, runs, and says how it went. */
function ConfirmButton(props: {
  label: string;
  question: string;
  run: () => Promise<{ msg?: string }>;
  type?: 'primary';
}) {
  return (
    <Popconfirm
      title={props.question}
      okText={props.label}
      onConfirm={async () => {
        try {
          message.success((await props.run()).msg ?? 'Done');
        } catch (error) {
          message.error(error instanceof Error ? error.message : String(error));
        }
      }}
    >
      <Button size="small" type={props.type}>
        {props.label}
      </Button>
    </Popconfirm>
  );
}

const options = (values: readonly string[]) => values.map((value) => ({ label: value, value }));

export const rechargesResource = defineResource<AdminRechargeDto>({
  name: 'recharges',
  title: 'Manual UPI recharges',
  path: '/admin/api/recharges',
  rowKey: 'serial_number',
  queueKey: 'manual_recharges',
  roles: ['finance'],
  columns: [
    { key: 'serial_number', title: 'Serial' },
    { key: 'user_id', title: 'Player', render: (row) => playerLink(row.user_id) },
    { key: 'mobile', title: 'Mobile' },
    { key: 'price', title: 'Amount' },
    { key: 'utr', title: 'UTR', render: (row) => <Typography.Text code>{row.utr}</Typography.Text> },
    { key: 'pay_name', title: 'Payer' },
    { key: 'utr_submit_time', title: 'UTR sent', render: (row) => time(row.utr_submit_time) },
  ],
  actions: (row, refresh) => (
    <>
      <ReasonButton
        label="Confirm"
        type="primary"
        title={`Confirm UTR ${row.utr} (${row.price})`}
        onSubmit={(reason) =>
          act('POST', `/admin/api/recharges/${row.serial_number}/confirm`, { reason }, refresh)
        }
      />
      <ReasonButton
        label="Reject"
        danger
        title={`Reject UTR ${row.utr}`}
        onSubmit={(reason) =>
          act('POST', `/admin/api/recharges/${row.serial_number}/reject`, { reason }, refresh)
        }
      />
    </>
  ),
});

const WITHDRAWAL_FILTERS = ['pending', 'all', 'Wait', 'Success', 'Reject'].map((value) => ({
  label: value,
  value,
}));

export const withdrawalsResource = defineResource<AdminWithdrawalDto>({
  name: 'withdrawals',
  title: 'Withdrawals',
  path: '/admin/api/withdrawals',
  rowKey: 'id',
  queueKey: 'withdrawals',
  roles: ['finance'],
  filters: [{ key: 'status', label: 'Status', options: WITHDRAWAL_FILTERS, initial: 'pending' }],
  columns: [
    { key: 'id', title: 'Id' },
    { key: 'user_id', title: 'Player', render: (row) => playerLink(row.user_id) },
    { key: 'price', title: 'Amount' },
    { key: 'actual_price', title: 'Paid out' },
    { key: 'actual_name', title: 'Holder' },
    { key: 'account_number', title: 'Account' },
    { key: 'status', title: 'Status', render: (row) => <Tag>{row.status}</Tag> },
    {
      key: 'payout_status',
      title: 'Payout',
      render: (row) => (
        <>
          <Tag color={row.payout_status === 'Failed' ? 'red' : 'blue'}>{row.payout_status}</Tag>
          {row.needs_two_approvals ? (
            <Tag color="gold">4 eyes{row.first_approver ? `: ${row.first_approver} ✓` : ''}</Tag>
          ) : null}
        </>
      ),
    },
    { key: 'payout_adapter', title: 'Channel' },
  ],
  actions: (row, refresh) =>
    row.status === 'Wait' ? (
      <>
        {row.payout_status === 'Wait' ? (
          <ReasonButton
            label="Approve"
            type="primary"
            title={`Approve withdrawal #${row.id} (${row.price})`}
            onSubmit={(reason) =>
              act('POST', `/admin/api/withdrawals/${row.id}/approve`, { reason }, refresh)
            }
          />
        ) : null}
        {row.payout_status === 'Processing' && row.payout_adapter === 'manual' ? (
          <ReasonButton
            label="Mark paid"
            type="primary"
            title={`Withdrawal #${row.id} paid by hand`}
            onSubmit={(reason) =>
              act('POST', `/admin/api/withdrawals/${row.id}/mark_paid`, { reason }, refresh)
            }
          />
        ) : null}
        <ReasonButton
          label="Reject"
          danger
          title={`Reject withdrawal #${row.id}`}
          onSubmit={(reason) => act('POST', `/admin/api/withdrawals/${row.id}/reject`, { reason }, refresh)}
        />
      </>
    ) : null,
});

const ORDER_FILTERS = ['all', 'undelivered', 'unreceived', 'success', 'cancelled'].map((value) => ({
  label: value,
  value,
}));

export const ordersResource = defineResource<AdminOrderDto>({
  name: 'orders',
  title: 'Orders',
  path: '/admin/api/orders',
  rowKey: 'id',
  queueKey: 'orders_to_ship',
  roles: ['support'],
  filters: [{ key: 'status', label: 'Status', options: ORDER_FILTERS, initial: 'undelivered' }],
  columns: [
    { key: 'id', title: 'Id' },
    { key: 'user_id', title: 'Player', render: (row) => playerLink(row.user_id) },
    { key: 'user_mobile', title: 'Mobile' },
    { key: 'product_name', title: 'Product' },
    {
      key: 'address',
      title: 'Address',
      render: (row) => Object.values(row.address).filter(Boolean).join(', '),
    },
    { key: 'price', title: 'Price' },
    { key: 'status', title: 'Status', render: (row) => <Tag>{row.status}</Tag> },
  ],
  actions: (row, refresh) =>
    row.status === 'undelivered' ? (
      <>
        <Button
          size="small"
          onClick={async () => {
            try {
              message.success(
                (await act('POST', `/admin/api/orders/${row.id}/ship`, {}, refresh)).msg ?? 'Shipped',
              );
            } catch (error) {
              message.error(error instanceof Error ? error.message : String(error));
            }
          }}
        >
          Ship
        </Button>
        <ReasonButton
          label="Refund"
          danger
          title={`Refund order #${row.id} (${row.price}) to the player's wallet`}
          onSubmit={(reason) => act('POST', `/admin/api/orders/${row.id}/refund`, { reason }, refresh)}
        />
      </>
    ) : null,
});

export const ticketsResource = defineResource<AdminSuggestionDto>({
  name: 'tickets',
  title: 'Support tickets',
  path: '/admin/api/suggestions',
  rowKey: 'id',
  queueKey: 'tickets',
  roles: ['support'],
  filters: [{ key: 'status', label: 'Status', options: options(SUGGESTION_STATUSES), initial: 'Wait' }],
  columns: [
    { key: 'serial_number', title: 'Ticket' },
    { key: 'user_id', title: 'Player', render: (row) => playerLink(row.user_id) },
    { key: 'type', title: 'Type', render: (row) => <Tag>{row.type}</Tag> },
    { key: 'whats_app', title: 'WhatsApp' },
    {
      key: 'content',
      title: 'Message',
      render: (row) => <Typography.Paragraph>{row.content}</Typography.Paragraph>,
    },
    { key: 'supple_serial', title: 'About' },
    { key: 'create_time', title: 'Sent', render: (row) => time(row.create_time) },
    { key: 'status', title: 'Status', render: (row) => <Tag>{row.status}</Tag> },
    { key: 'reply', title: 'Reply' },
  ],
  actions: (row, refresh) =>
    row.status === 'Wait' ? (
      <>
        <ReasonButton
          label="Reply"
          type="primary"
          title={`Reply to ticket ${row.serial_number}`}
          field={{
            label: 'Reply',
            placeholder: 'The player reads this reply',
            maxLength: SUGGESTION_REPLY_MAX_LENGTH,
          }}
          onSubmit={(reply) => act('POST', `/admin/api/suggestions/${row.id}/reply`, { reply }, refresh)}
        />
        <ConfirmButton
          label="Close"
          question={`Close ticket ${row.serial_number} without a reply?`}
          run={() => act('POST', `/admin/api/suggestions/${row.id}/close`, {}, refresh)}
        />
      </>
    ) : null,
});

export const profitTransfersResource = defineResource<AdminProfitTransferDto>({
  name: 'profit-transfers',
  title: 'Profit transfers',
  path: '/admin/api/profit-transfers',
  rowKey: 'id',
  queueKey: 'profit_transfers',
  roles: ['finance'],
  filters: [{ key: 'status', label: 'Status', options: options(PROFIT_TRANSFER_STATUSES), initial: 'Wait' }],
  columns: [
    { key: 'id', title: 'Id' },
    { key: 'user_id', title: 'Player', render: (row) => playerLink(row.user_id) },
    { key: 'price', title: 'Amount' },
    { key: 'status', title: 'Status', render: (row) => <Tag>{row.status}</Tag> },
    { key: 'refuse_reason', title: 'Refused because' },
    { key: 'create_time', title: 'Asked', render: (row) => time(row.create_time) },
    { key: 'resolved_time', title: 'Decided', render: (row) => time(row.resolved_time) },
  ],
  actions: (row, refresh) =>
    row.status === 'Wait' ? (
      <>
        <ConfirmButton
          label="Complete"
          type="primary"
          question={`Pay ${row.price} of profit into player #${row.user_id}'s wallet?`}
          run={() => act('POST', `/admin/api/profit-transfers/${row.id}/complete`, {}, refresh)}
        />
        <ReasonButton
          label="Refuse"
          danger
          title={`Refuse profit transfer #${row.id} (${row.price})`}
          onSubmit={(reason) =>
            act('POST', `/admin/api/profit-transfers/${row.id}/refuse`, { reason }, refresh)
          }
        />
      </>
    ) : null,
});

export const usersResource = defineResource<OperatorUserDto>({
  name: 'users',
  title: 'Players',
  path: '/admin/api/users',
  rowKey: 'user_id',
  roles: ['support', 'finance'],
  filters: [
    { key: 'mobile', label: 'Mobile' },
    { key: 'user_id', label: 'User id' },
  ],
  columns: [
    { key: 'user_id', title: 'Id', render: (row) => playerLink(row.user_id) },
    { key: 'mobile', title: 'Mobile' },
    { key: 'nick_name', title: 'Nickname' },
    { key: 'balance', title: 'Balance' },
    {
      key: 'suspended',
      title: 'State',
      render: (row) => (row.suspended ? <Tag color="red">suspended</Tag> : <Tag>active</Tag>),
    },
    { key: 'created_at', title: 'Registered', render: (row) => time(row.created_at) },
  ],
});

export const colourRoundsResource = defineResource<AdminColourPeriodDto>({
  name: 'colour-rounds',
  title: 'Colour rounds',
  path: '/admin/api/colour/periods',
  rowKey: 'period',
  roles: ['finance', 'content'],
  filters: [
    {
      key: 'category',
      label: 'Room',
      options: ['P', 'S', 'B', 'E'].map((value) => ({ label: value, value })),
    },
  ],
  columns: [
    { key: 'category', title: 'Room' },
    { key: 'period', title: 'Period' },
    { key: 'result', title: 'Result' },
    { key: 'contract', title: 'Contract' },
    { key: 'bet_count', title: 'Bets' },
    { key: 'stake', title: 'Stake' },
    { key: 'fee', title: 'Fee' },
    { key: 'payout', title: 'Payout' },
    { key: 'house_take', title: 'House take' },
    { key: 'settled_time', title: 'Settled', render: (row) => time(row.settled_time) },
  ],
});

export const auditResource = defineResource<AuditEntryDto>({
  name: 'audit',
  title: 'Audit log',
  path: '/admin/api/audit',
  rowKey: 'id',
  roles: ['finance', 'support'],
  filters: [
    { key: 'event', label: 'Event' },
    { key: 'operator_id', label: 'Operator id' },
    { key: 'user_id', label: 'User id' },
    { key: 'q', label: 'Contains' },
  ],
  columns: [
    { key: 'created_at', title: 'When', render: (row) => time(row.created_at) },
    { key: 'event', title: 'Event' },
    { key: 'operator_username', title: 'Operator' },
    { key: 'user_id', title: 'Player', render: (row) => (row.user_id ? playerLink(row.user_id) : null) },
    { key: 'ip', title: 'IP' },
    {
      key: 'detail',
      title: 'Detail (before / after)',
      render: (row) => (
        <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(row.detail)}
        </Typography.Text>
      ),
    },
  ],
});

export const operatorsResource = defineResource<OperatorDto>({
  name: 'operators',
  title: 'Operators',
  path: '/admin/api/operators',
  rowKey: 'id',
  roles: [],
  columns: [
    { key: 'id', title: 'Id' },
    { key: 'username', title: 'Username' },
    { key: 'role', title: 'Role', render: (row) => <Tag>{row.role}</Tag> },
    {
      key: 'totp_enrolled',
      title: 'TOTP',
      render: (row) => (row.totp_enrolled ? 'enrolled' : 'at next login'),
    },
    {
      key: 'disabled',
      title: 'State',
      render: (row) => (row.disabled ? <Tag color="red">disabled</Tag> : 'active'),
    },
  ],
  actions: (row, refresh) => (
    <>
      <Button
        size="small"
        onClick={() =>
          act('PUT', `/admin/api/operators/${row.id}`, { disabled: !row.disabled }, refresh).catch((error) =>
            message.error(String(error.message)),
          )
        }
      >
        {row.disabled ? 'Enable' : 'Disable'}
      </Button>
      <Button
        size="small"
        onClick={() =>
          act('PUT', `/admin/api/operators/${row.id}`, { reset_totp: true }, refresh).catch((error) =>
            message.error(String(error.message)),
          )
        }
      >
        Reset TOTP
      </Button>
    </>
  ),
});

export const productsResource = defineResource<AdminProductDto>({
  name: 'products',
  title: 'Products',
  path: '/admin/api/products',
  rowKey: 'id',
  roles: ['content'],
  columns: [
    {
      key: 'main_image',
      title: '',
      render: (row) => <img src={row.main_image} alt="" width={40} height={40} />,
    },
    { key: 'id', title: 'Id' },
    { key: 'name', title: 'Name' },
    { key: 'price', title: 'Price' },
    { key: 'stock', title: 'Stock' },
    { key: 'spec', title: 'Spec' },
    { key: 'active', title: 'Active', render: (row) => (row.active ? 'yes' : 'no') },
  ],
  toolbar: (refresh) => <ProductFormButton onSaved={refresh} />,
  actions: (row, refresh) => <ProductFormButton product={row} onSaved={refresh} />,
});

/** Every list of the console, in menu order (products, settings, the player view and dashboard have pages). */
export const RESOURCE_LISTS: readonly ResourceDefinition[] = [
  rechargesResource,
  withdrawalsResource,
  ordersResource,
  ticketsResource,
  profitTransfersResource,
  productsResource,
  usersResource,
  colourRoundsResource,
  auditResource,
  operatorsResource,
];
