import {
  type AdminAviatorRoundDto,
  type AdminColourPeriodDto,
  type AdminGameDto,
  type AdminGiftCodeDto,
  type AdminGiftEventRoundDto,
  type AdminLuckyHitRoundDto,
  type AdminOrderDto,
  type AdminProductDto,
  type AdminProfitTransferDto,
  type AdminProviderDto,
  type AdminRechargeDto,
  type AdminSuggestionDto,
  type AdminWithdrawalDto,
  type AuditEntryDto,
  adminGameBody,
  adminProviderBody,
  type OperatorDto,
  type OperatorUserDto,
  PROFIT_TRANSFER_STATUSES,
  SUGGESTION_REPLY_MAX_LENGTH,
  SUGGESTION_STATUSES,
} from '@app/shared';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { apiCall } from '../../shared/api-client.ts';
import { CreateFormButton } from '../../shared/create-form-button.component.tsx';
import { enabledTag } from '../../shared/enabled-tag.component.tsx';
import { message } from '../../shared/feedback.ts';
import { ReasonButton } from '../../shared/reason-button.component.tsx';
import { GiftCodeClaimsButton } from '../gifts/gift-code-claims.component.tsx';
import { GiftCodeFormButton } from '../gifts/gift-code-form.component.tsx';
import { ProductFormButton } from '../products/product-form.component.tsx';
import { defineResource, type ResourceColumn, type ResourceDefinition } from './resource-definition.ts';

const time = (value: unknown) =>
  typeof value === 'number' && value > 0 ? new Date(value).toLocaleString() : '';
const playerLink = (userId: number) => <Link to={`/users/${userId}`}>#{userId}</Link>;
const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const options = (values: readonly string[]) => values.map((value) => ({ label: value, value }));

/** A column showing a timestamp field in the operator's local time. */
function timeColumn<Row>(key: keyof Row & string, title: string): ResourceColumn<Row> {
  return { key, title, render: (row) => time(row[key]) };
}

/** A column showing a field (a status, a type) as a tag. */
function tagColumn<Row>(key: keyof Row & string, title: string): ResourceColumn<Row> {
  return { key, title, render: (row) => <Tag>{row[key] as ReactNode}</Tag> };
}

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
    timeColumn('utr_submit_time', 'UTR sent'),
    {
      key: 'first_confirmer',
      title: 'Four-eyes',
      render: (row) =>
        !row.needs_two_confirmations ? (
          'one confirmation'
        ) : row.first_confirmer ? (
          <Tag color="gold">confirmed by {row.first_confirmer}: needs a second operator</Tag>
        ) : (
          <Tag>needs two operators</Tag>
        ),
    },
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

const WITHDRAWAL_FILTERS = options(['pending', 'all', 'Wait', 'Success', 'Reject']);

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
    tagColumn('status', 'Status'),
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

const ORDER_FILTERS = options(['all', 'undelivered', 'unreceived', 'success', 'cancelled']);

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
    tagColumn('status', 'Status'),
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
    tagColumn('type', 'Type'),
    { key: 'whats_app', title: 'WhatsApp' },
    {
      key: 'content',
      title: 'Message',
      render: (row) => <Typography.Paragraph>{row.content}</Typography.Paragraph>,
    },
    { key: 'supple_serial', title: 'About' },
    timeColumn('create_time', 'Sent'),
    tagColumn('status', 'Status'),
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
    tagColumn('status', 'Status'),
    { key: 'refuse_reason', title: 'Refused because' },
    timeColumn('create_time', 'Asked'),
    timeColumn('resolved_time', 'Decided'),
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
    timeColumn('created_at', 'Registered'),
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
      options: options(['P', 'S', 'B', 'E']),
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
    timeColumn('settled_time', 'Settled'),
  ],
});

export const giftCodesResource = defineResource<AdminGiftCodeDto>({
  name: 'gift-codes',
  title: 'Gift codes',
  path: '/admin/api/gift-codes',
  rowKey: 'id',
  roles: ['support'],
  columns: [
    { key: 'code', title: 'Code', render: (row) => <Typography.Text code>{row.code}</Typography.Text> },
    { key: 'total', title: 'Total' },
    { key: 'count', title: 'Packets' },
    { key: 'split', title: 'Split' },
    { key: 'min_amount', title: 'Smallest' },
    { key: 'claimed_count', title: 'Claimed', render: (row) => `${row.claimed_count} (${row.claimed})` },
    {
      key: 'require_recharge',
      title: 'Recharge needed',
      render: (row) => yesNo(row.require_recharge),
    },
    timeColumn('expires_at', 'Expires'),
    {
      key: 'is_disabled',
      title: 'State',
      render: (row) => (row.is_disabled ? <Tag color="red">disabled</Tag> : <Tag>active</Tag>),
    },
    timeColumn('create_time', 'Created'),
  ],
  toolbar: (refresh) => <GiftCodeFormButton onSaved={refresh} />,
  actions: (row, refresh) => (
    <>
      <GiftCodeClaimsButton code={row} />
      {row.is_disabled ? null : (
        <ConfirmButton
          label="Disable"
          question={`Disable gift code ${row.code}? Nobody can claim it afterwards.`}
          run={() => act('POST', `/admin/api/gift-codes/${row.id}/disable`, {}, refresh)}
        />
      )}
    </>
  ),
});

export const giftEventsResource = defineResource<AdminGiftEventRoundDto>({
  name: 'gift-events',
  title: 'Gift event rounds',
  path: '/admin/api/gift-events',
  rowKey: 'id',
  roles: ['support'],
  columns: [
    { key: 'day', title: 'Day' },
    { key: 'slot', title: 'Round' },
    timeColumn('start_time', 'Opens'),
    timeColumn('end_time', 'Closes'),
    { key: 'pool', title: 'Pool' },
    { key: 'paid', title: 'Paid' },
    { key: 'remaining', title: 'Left' },
    { key: 'opened_count', title: 'Opened', render: (row) => `${row.opened_count} / ${row.receive_limit}` },
    { key: 'join_recharge', title: 'Recharge needed', render: (row) => yesNo(row.join_recharge) },
    { key: 'join_relation', title: 'Referral needed', render: (row) => yesNo(row.join_relation) },
    { key: 'join_bet', title: 'Bet needed', render: (row) => yesNo(row.join_bet) },
  ],
});

export const aviatorRoundsResource = defineResource<AdminAviatorRoundDto>({
  name: 'aviator-rounds',
  title: 'Crash game rounds',
  path: '/admin/api/aviator/rounds',
  rowKey: 'period',
  roles: ['finance', 'content'],
  columns: [
    { key: 'period', title: 'Period' },
    tagColumn('status', 'Status'),
    { key: 'result', title: 'Crashed at', render: (row) => (row.result === null ? '' : `${row.result}×`) },
    { key: 'bet_count', title: 'Bets' },
    { key: 'stake', title: 'Stake' },
    { key: 'fee', title: 'Fee' },
    { key: 'payout', title: 'Payout' },
    { key: 'house_take', title: 'House take' },
    timeColumn('settle_time', 'Settled'),
  ],
});

export const luckyHitRoundsResource = defineResource<AdminLuckyHitRoundDto>({
  name: 'luckyhit-rounds',
  title: 'Lucky Hit rounds',
  path: '/admin/api/luckyhit/rounds',
  rowKey: 'period',
  roles: ['finance', 'content'],
  columns: [
    { key: 'period', title: 'Period' },
    tagColumn('result', 'Result'),
    { key: 'lucky_hit_odds', title: 'Lucky Hit odds' },
    { key: 'bet_count', title: 'Bets' },
    { key: 'stake_total', title: 'Stake' },
    { key: 'fee_total', title: 'Fee' },
    { key: 'payout_total', title: 'Payout' },
    { key: 'house_take', title: 'House take' },
    timeColumn('settle_time', 'Settled'),
  ],
});

export const gameProvidersResource = defineResource<AdminProviderDto>({
  name: 'game-providers',
  title: 'Game providers',
  path: '/admin/api/game-providers',
  rowKey: 'id',
  roles: ['content'],
  columns: [
    { key: 'id', title: 'Id' },
    { key: 'key', title: 'Key', render: (row) => <Typography.Text code>{row.key}</Typography.Text> },
    { key: 'name', title: 'Name' },
    { key: 'launch_url', title: 'Launch URL' },
    { key: 'max_multiplier', title: 'Max × a round' },
    { key: 'daily_payout_cap', title: 'Daily payout cap' },
    { key: 'is_approved', title: 'Approved', render: (row) => yesNo(row.is_approved) },
    { key: 'is_enabled', title: 'Enabled', render: (row) => yesNo(row.is_enabled) },
  ],
  // A new provider, or a new key, secret, launch URL or higher cap, is sent for a second operator's
  // approval (the reason is then required); the secret may be left empty to keep the current one.
  toolbar: (refresh) => (
    <CreateFormButton
      label="Save provider"
      schema={adminProviderBody}
      path="/admin/api/game-providers"
      fields={[
        { name: 'key', label: 'Key', required: true },
        { name: 'name', label: 'Name', required: true },
        { name: 'secret', label: 'Signing secret (empty: keep)', kind: 'secret' },
        { name: 'launch_url', label: 'Launch URL', required: true },
        { name: 'max_multiplier', label: 'Max multiplier a round (e.g. 49.00)', required: true },
        { name: 'daily_payout_cap', label: 'Daily net payout cap', required: true },
        { name: 'reason', label: 'Reason (for the approver)' },
      ]}
      onSaved={refresh}
    />
  ),
});

export const gamesResource = defineResource<AdminGameDto>({
  name: 'games',
  title: 'Games',
  path: '/admin/api/games',
  rowKey: 'id',
  roles: ['content'],
  columns: [
    { key: 'image', title: '', render: (row) => <img src={row.image} alt="" width={40} height={40} /> },
    { key: 'id', title: 'Id' },
    { key: 'name', title: 'Name' },
    { key: 'provider_key', title: 'Provider', render: (row) => row.provider_key ?? 'in-house' },
    { key: 'game_code', title: 'Game code' },
    { key: 'sort_order', title: 'Order' },
    {
      key: 'is_enabled',
      title: 'State',
      render: (row) => enabledTag(row.is_enabled),
    },
  ],
  toolbar: (refresh) => (
    <CreateFormButton
      label="Register game"
      schema={adminGameBody}
      path="/admin/api/games"
      fields={[
        { name: 'provider_key', label: 'Provider key', required: true },
        { name: 'game_code', label: 'Game code', required: true },
        { name: 'name', label: 'Name', required: true },
        { name: 'image', label: 'Image URL', required: true },
        { name: 'sort_order', label: 'Order', kind: 'number' },
      ]}
      onSaved={refresh}
    />
  ),
  actions: (row, refresh) => (
    <ConfirmButton
      label={row.is_enabled ? 'Disable' : 'Enable'}
      question={`${row.is_enabled ? 'Hide' : 'Show'} ${row.name} in the players' game list?`}
      run={() => act('PUT', `/admin/api/games/${row.id}/enabled`, { is_enabled: !row.is_enabled }, refresh)}
    />
  ),
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
    timeColumn('created_at', 'When'),
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
    tagColumn('role', 'Role'),
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
  // With another active owner, every change but disabling a non-owner waits for that owner's approval, so each
  // asks for a reason (the server answers 202 and the console says it was sent for approval).
  actions: (row, refresh) => (
    <>
      <ReasonButton
        label={row.disabled ? 'Enable' : 'Disable'}
        danger={!row.disabled}
        title={`${row.disabled ? 'Enable' : 'Disable'} ${row.username}`}
        onSubmit={(reason) =>
          act('PUT', `/admin/api/operators/${row.id}`, { disabled: !row.disabled, reason }, refresh)
        }
      />
      <ReasonButton
        label="Reset TOTP"
        title={`Reset the authenticator of ${row.username}`}
        description="The operator enrols a new authenticator at the next login; its sessions end."
        onSubmit={(reason) =>
          act('PUT', `/admin/api/operators/${row.id}`, { reset_totp: true, reason }, refresh)
        }
      />
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
    { key: 'active', title: 'Active', render: (row) => yesNo(row.active) },
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
  aviatorRoundsResource,
  luckyHitRoundsResource,
  giftCodesResource,
  giftEventsResource,
  gameProvidersResource,
  gamesResource,
  auditResource,
  operatorsResource,
];
