import { type OperatorRole, type OperatorUserDto, USER_FLAG_NAMES } from '@app/shared';
import { useGetIdentity } from '@refinedev/core';
import { Card, Descriptions, Space, Switch, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';
import { ReasonButton } from '../../shared/reason-button.component.tsx';
import type { ConsoleIdentity } from '../auth/auth-provider.ts';
import { PlayerAdjustmentButton } from './player-adjustment-form.component.tsx';
import { PlayerRecords } from './player-records.component.tsx';

/** The record kinds shown as tabs (the server answers which exist; these are the ones every build has). */
const RECORD_TABS = [
  { kind: 'ledger', label: 'Ledger' },
  { kind: 'colour_bets', label: 'Colour bets', categories: ['P', 'S', 'B', 'E'] },
  { kind: 'crash_bets', label: 'Crash game bets' },
  { kind: 'luckyhit_bets', label: 'Lucky Hit bets' },
  { kind: 'recharges', label: 'Recharges' },
  { kind: 'withdrawals', label: 'Withdrawals' },
  { kind: 'bank_cards', label: 'Bank cards' },
  { kind: 'sessions', label: 'Sessions' },
  { kind: 'referrals', label: 'Referral tree' },
];

/** The roles that may ask for a hand recharge or recharge cancel (the server's rule; owner always may). */
const ADJUSTING_ROLES: readonly OperatorRole[] = ['owner', 'finance', 'support'];

/**
 * The player view: profile, flags, balance, suspension (with a reason), and every kind of record (ledger,
 * bets, recharges, withdrawals, masked cards, sessions with revoke, referrals) and the audit trail. A hand
 * recharge or recharge cancel is asked for here and approved by a second operator on the Requests page.
 */
export function PlayerPage() {
  const userId = Number(useParams().id);
  const [player, setPlayer] = useState<OperatorUserDto | null>(null);
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const mayAdjust = identity !== undefined && ADJUSTING_ROLES.includes(identity.role);
  const load = useCallback(() => {
    apiCall<{ entry: OperatorUserDto }>('GET', `/admin/api/users/${userId}`)
      .then((body) => setPlayer(body.entry))
      .catch((error: Error) => message.error(error.message));
  }, [userId]);
  useEffect(load, [load]);
  if (!player) return <Card loading />;
  const setFlag = async (name: string, value: boolean) => {
    try {
      const body = await apiCall<{ entry: OperatorUserDto }>('PUT', `/admin/api/users/${userId}/flags`, {
        [name]: value,
      });
      setPlayer(body.entry);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  const suspension = (action: 'suspend' | 'unsuspend') => async (reason: string) => {
    const answer = await apiCall<{ entry: OperatorUserDto; msg: string }>(
      'POST',
      `/admin/api/users/${userId}/${action}`,
      { reason },
    );
    setPlayer(answer.entry);
    return answer;
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        title={`Player #${player.user_id}`}
        extra={
          <Space>
            {mayAdjust ? <PlayerAdjustmentButton userId={userId} balance={player.balance} /> : null}
            {player.suspended ? (
              <ReasonButton
                label="Unsuspend"
                title="Lift the suspension"
                onSubmit={suspension('unsuspend')}
              />
            ) : (
              <ReasonButton
                label="Suspend"
                danger
                title="Suspend this account"
                onSubmit={suspension('suspend')}
              />
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="Mobile">{player.mobile}</Descriptions.Item>
          <Descriptions.Item label="Nickname">{player.nick_name}</Descriptions.Item>
          <Descriptions.Item label="Balance">{player.balance}</Descriptions.Item>
          <Descriptions.Item label="Referral code">{player.r_code}</Descriptions.Item>
          <Descriptions.Item label="Referrer">
            {player.referrer_user_id ? (
              <Link to={`/users/${player.referrer_user_id}`}>#{player.referrer_user_id}</Link>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Registered">
            {new Date(player.created_at).toLocaleString()}
          </Descriptions.Item>
          <Descriptions.Item label="State">
            {player.suspended ? (
              <Tag color="red">suspended: {player.suspended_reason}</Tag>
            ) : (
              <Tag>active</Tag>
            )}
          </Descriptions.Item>
          {USER_FLAG_NAMES.map((name) => (
            <Descriptions.Item key={name} label={name}>
              <Switch size="small" checked={player[name]} onChange={(value) => setFlag(name, value)} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            ...RECORD_TABS.map((tab) => ({
              key: tab.kind,
              label: tab.label,
              children: tab.categories ? (
                <Tabs
                  size="small"
                  destroyOnHidden
                  items={tab.categories.map((category) => ({
                    key: category,
                    label: category,
                    children: <PlayerRecords userId={userId} kind={tab.kind} category={category} />,
                  }))}
                />
              ) : (
                <PlayerRecords userId={userId} kind={tab.kind} />
              ),
            })),
            { key: 'audit', label: 'Audit trail', children: <PlayerAudit userId={userId} /> },
          ]}
        />
      </Card>
    </Space>
  );
}

function PlayerAudit({ userId }: { userId: number }) {
  const [rows, setRows] = useState<
    Array<{
      id: number;
      event: string;
      operator_username: string | null;
      created_at: number;
      detail: unknown;
    }>
  >([]);
  useEffect(() => {
    apiCall<{ queryset: typeof rows }>('GET', `/admin/api/audit?user_id=${userId}&p_size=100`)
      .then((body) => setRows(body.queryset))
      .catch((error: Error) => message.error(error.message));
  }, [userId]);
  return (
    <ul style={{ fontFamily: 'monospace', fontSize: 12 }}>
      {rows.map((row) => (
        <li key={row.id}>
          {new Date(row.created_at).toLocaleString()} {row.event} {row.operator_username ?? ''}{' '}
          {JSON.stringify(row.detail)}
        </li>
      ))}
    </ul>
  );
}
