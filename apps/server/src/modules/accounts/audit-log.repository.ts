import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuditLogRow } from './accounts.tables.ts';

export interface NewAuditEntry {
  event: string;
  user_id: number | null;
  mobile: string | null;
  ip: string | null;
  detail_json: string;
  created_at: number;
}

/** Appends one audit row. The log is append-only: this module has no update or delete on purpose. */
export async function insertAuditEntry(db: Kysely<Database>, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** The newest audit rows first, optionally of one event only (for operators and tests). */
export async function listAuditEntries(
  db: Kysely<Database>,
  filter: { event?: string; userId?: number; limit: number },
): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.event) query = query.where('event', '=', filter.event);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
