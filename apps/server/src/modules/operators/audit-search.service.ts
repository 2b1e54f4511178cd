import type { AuditLogQuery, AuditLogResponse } from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import { countAuditEntries, searchAuditEntries } from '../accounts/audit-log.repository.ts';

/** The console's search of the audit log: every security, money and operator event, newest first. */
export class AuditSearchService {
  constructor(private readonly database: AppDatabase) {}

  /** GET /admin/api/audit: one page of the rows that match every given filter. */
  async search(query: AuditLogQuery): Promise<AuditLogResponse> {
    const filter = {
      event: query.event,
      operatorId: query.operator_id,
      userId: query.user_id,
      text: query.q,
      from: query.from,
      to: query.to,
    };
    const { db, dialect } = this.database;
    const [count, rows] = await Promise.all([
      countAuditEntries(db, dialect, filter),
      searchAuditEntries(db, dialect, filter, pageWindow(query)),
    ]);
    return pageResponse(
      count,
      rows.map((row) => ({
        id: Number(row.id),
        event: row.event,
        user_id: row.user_id === null ? null : Number(row.user_id),
        mobile: row.mobile,
        ip: row.ip,
        operator_id: row.operator_id === null ? null : Number(row.operator_id),
        operator_username: row.operator_username,
        detail: JSON.parse(row.detail_json) as Record<string, unknown>,
        created_at: Number(row.created_at),
      })),
    );
  }
}
