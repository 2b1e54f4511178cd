import type { AlertSeverity, ApprovalStatus } from '@app/shared';
import type { Generated, Selectable } from 'kysely';

/** Tables of migration 0060 (operator money controls). */
export interface ApprovalsTables {
  approval_requests: ApprovalRequestsTable;
  operator_alerts: OperatorAlertsTable;
}

/** One maker-checker request: what an operator asked for, and what a second operator decided. */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  kind: string;
  summary: string;
  amount_minor: number | null;
  user_id: number | null;
  /** The action's validated input as JSON; any secret in it is sealed. */
  payload_json: string;
  /** What the console shows of the action (never a secret). */
  details_json: string;
  /** `operator:<id>` or `admin_token`: the approver's key must differ (a CHECK constraint says so too). */
  requested_by_key: string;
  requested_by: string;
  requested_by_role: string;
  reason: string;
  /** Comma-separated roles besides owner that may approve. */
  approver_roles: string;
  status: ApprovalStatus;
  decided_by_key: string | null;
  decided_by: string | null;
  decision_reason: string | null;
  decided_at: number | null;
  result_json: string | null;
  created_at: number;
  expires_at: number;
}

/** Something the money controls want an operator to look at (a cap hit, a large gift code, a voided round). */
export interface OperatorAlertsTable {
  id: Generated<number>;
  kind: string;
  severity: AlertSeverity;
  summary: string;
  details_json: string;
  dedupe_key: string | null;
  created_at: number;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  note: string | null;
}

export type ApprovalRequestRow = Selectable<ApprovalRequestsTable>;
export type OperatorAlertRow = Selectable<OperatorAlertsTable>;
