import {
  type AlertKind,
  type AlertListQuery,
  type AlertSeverity,
  ApprovalMessage,
  type OperatorAlertDto,
  type Page,
  ResponseCode,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import { acknowledgeAlert, countAlerts, findAlert, insertAlert, listAlerts } from './approvals.repository.ts';
import type { OperatorAlertRow } from './approvals.tables.ts';

/** The audit event of an acknowledged alert. */
export const ALERT_ACKNOWLEDGED_EVENT = 'operator_alert_acknowledged';

/** An alert as the code that raises it describes it. */
export interface NewAlert {
  readonly kind: AlertKind;
  readonly severity: AlertSeverity;
  readonly summary: string;
  readonly details: Record<string, unknown>;
  /** Alerts raised again under the same key (a provider's cap hit again the same day) are kept once. */
  readonly dedupeKey?: string;
}

function toAlertDto(row: OperatorAlertRow): OperatorAlertDto {
  return {
    id: Number(row.id),
    kind: row.kind as AlertKind,
    severity: row.severity,
    summary: row.summary,
    details: JSON.parse(row.details_json) as Record<string, unknown>,
    created_at: Number(row.created_at),
    acknowledged_by: row.acknowledged_by,
    acknowledged_at: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
    note: row.note,
  };
}

/**
 * The console's alert list (DESIGN.md §2 "Operator money controls"): what the money controls want a person
 * to look at, such as a provider's payout cap hit, a large gift code or a voided round. An operator
 * acknowledges an alert with a note.
 */
export class AlertService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Raises an alert; answers its id, or undefined when one with the same dedupe key exists. Given a
   * transaction it commits with it: raise the alert of a refusal outside the refused transaction.
   */
  async raise(alert: NewAlert, db: Kysely<Database> = this.database.db): Promise<number | undefined> {
    return insertAlert(db, {
      kind: alert.kind,
      severity: alert.severity,
      summary: alert.summary.slice(0, 300),
      details_json: JSON.stringify(alert.details),
      dedupe_key: alert.dedupeKey ?? null,
      created_at: this.clock.now(),
      acknowledged_by: null,
      acknowledged_at: null,
      note: null,
    });
  }

  /** GET /admin/api/alerts: newest first. */
  async list(query: AlertListQuery): Promise<Page<OperatorAlertDto>> {
    const { db } = this.database;
    const [count, rows] = await Promise.all([
      countAlerts(db, query.state),
      listAlerts(db, query.state, pageWindow(query)),
    ]);
    return pageResponse(count, rows.map(toAlertDto));
  }

  /** POST /admin/api/alerts/:id/acknowledge {reason}: an operator has looked at it. */
  async acknowledge(
    id: number,
    operator: OperatorPrincipal,
    note: string,
  ): Promise<{ code: 200; msg: string; entry: OperatorAlertDto }> {
    const { db } = this.database;
    const acknowledged = await acknowledgeAlert(db, id, {
      acknowledged_by: operator.auditName,
      acknowledged_at: this.clock.now(),
      note,
    });
    const row = await findAlert(db, id);
    if (!row) throw notFound(ApprovalMessage.alertNotFound);
    if (!acknowledged) throw new AppError(ResponseCode.conflict, 'This alert was already acknowledged');
    await this.audit.record(ALERT_ACKNOWLEDGED_EVENT, {
      detail: { operator: operator.auditName, alert_id: id, kind: row.kind, note },
    });
    return { code: 200, msg: ApprovalMessage.alertAcknowledged, entry: toAlertDto(row) };
  }
}
