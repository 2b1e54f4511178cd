import { z } from 'zod';
import { idFromQuery, paginationQuery } from './common.ts';
import { OPERATOR_REASON_MAX_LENGTH, type OperatorRole } from './operator-console.ts';
import { requiredText } from './text-field.ts';
import { moneyAmountField } from './wallet.ts';

/**
 * Maker-checker (DESIGN.md §2 "Operator money controls"): an operator action that could create money, move
 * it to a player or widen who can receive it is a request that a second operator approves. These are the
 * console's shapes of those requests and of the alerts the money controls raise.
 */

/** A request expires this long after it was made, unless decided before. */
export const APPROVAL_REQUEST_TTL_MS = 24 * 60 * 60_000;

export const APPROVAL_STATUSES = ['pending', 'approved', 'refused', 'expired', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What a request asks for; each kind names the roles that may approve it (owner always may). */
export const APPROVAL_KINDS = [
  'gift_code.create',
  'player.adjust',
  'setting.change',
  'game_provider.save',
  'payment_channel.change',
  'operator.create',
  'operator.change',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** Messages of the approval calls. */
export const ApprovalMessage = {
  requested: 'Sent for approval: a second operator must approve it',
  approved: 'Approved and done',
  refused: 'Refused',
  cancelled: 'Request withdrawn',
  notFound: 'Request not found',
  notPending: 'This request was already decided',
  expired: 'This request has expired',
  ownRequest: 'A second, different operator must approve this request',
  roleMayNotApprove: 'Your role may not approve this request',
  tokenMayNotApprove: 'The automation token cannot approve requests: an operator must',
  onlyRequesterCancels: 'Only the operator who asked can withdraw a request',
  alertNotFound: 'Alert not found',
  alertAcknowledged: 'Alert acknowledged',
} as const;

/** One request as the console shows it (secrets are never part of `details`). */
export interface ApprovalRequestDto {
  id: number;
  kind: ApprovalKind;
  /** One line saying what is asked, e.g. "Gift code SPRING: 100,000.00 in 10 packets". */
  summary: string;
  /** The money the request moves or allows, when it has one (a decimal string). */
  amount: string | null;
  /** The player the request is about, if any. */
  user_id: number | null;
  /** What exactly would be done, as the approver needs to see it. */
  details: Record<string, unknown>;
  requested_by: string;
  requested_by_role: OperatorRole;
  reason: string;
  status: ApprovalStatus;
  /** The roles besides owner that may approve it. */
  approver_roles: OperatorRole[];
  decided_by: string | null;
  decision_reason: string | null;
  decided_at: number | null;
  /** What the approved action answered (e.g. the new gift code's id). */
  result: Record<string, unknown> | null;
  created_at: number;
  expires_at: number;
  /** Whether the operator who asked for this list may approve or refuse it now. */
  may_decide: boolean;
}

/** The answer of an action that became a request instead of being done. HTTP 202. */
export interface ApprovalRequestedResponse {
  code: 202;
  msg: string;
  request: ApprovalRequestDto;
}

/** GET /admin/api/approvals. */
export const approvalListQuery = paginationQuery.extend({
  status: z
    .enum([...APPROVAL_STATUSES, 'all'], {
      error: `status must be one of ${[...APPROVAL_STATUSES, 'all'].join(', ')}`,
    })
    .default('pending'),
  kind: z.enum(APPROVAL_KINDS, { error: `kind must be one of ${APPROVAL_KINDS.join(', ')}` }).optional(),
});
export type ApprovalListQuery = z.output<typeof approvalListQuery>;

export const approvalParams = z.object({ id: idFromQuery('id') });

/** POST /admin/api/users/:id/adjustments: a hand recharge (HRE) or a recharge cancel (HREC). */
export const PLAYER_ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type PlayerAdjustmentDirection = (typeof PLAYER_ADJUSTMENT_DIRECTIONS)[number];

export const playerAdjustmentBody = z.object({
  direction: z.enum(PLAYER_ADJUSTMENT_DIRECTIONS, {
    error: 'direction must be credit (hand recharge) or debit (recharge cancel)',
  }),
  amount: moneyAmountField('amount'),
  reason: requiredText('reason', { max: OPERATOR_REASON_MAX_LENGTH }),
});
export type PlayerAdjustmentBody = z.output<typeof playerAdjustmentBody>;

export const ALERT_KINDS = [
  'provider_payout_cap',
  'provider_round_cap',
  'large_gift_code',
  'operator_gift_cap',
  'voided_round',
  'operator_changed_alone',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** One alert of the console's alert list. */
export interface OperatorAlertDto {
  id: number;
  kind: AlertKind;
  severity: AlertSeverity;
  summary: string;
  details: Record<string, unknown>;
  created_at: number;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  note: string | null;
}

/** GET /admin/api/alerts. */
export const alertListQuery = paginationQuery.extend({
  state: z
    .enum(['open', 'acknowledged', 'all'], { error: 'state must be open, acknowledged or all' })
    .default('open'),
});
export type AlertListQuery = z.output<typeof alertListQuery>;

export const alertParams = z.object({ id: idFromQuery('id') });
