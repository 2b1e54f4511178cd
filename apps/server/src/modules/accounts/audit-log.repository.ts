import type { Kysely } from 'kysely';
import { containsTextIgnoringCase, type DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLogRow, SecurityEventCountRow } from './accounts.tables.ts';

export interface NewAuditEntry {
  event: string;
  user_id: number | null;
  mobile: string | null;
  ip: string | null;
  detail_json: string;
  created_at: number;
  operator_id: number | null;
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

/**
 * Counts one occurrence of an event from a source in a minute, creating the minute's row if needed, in one
 * atomic upsert; answers the minute's count afterwards (1 for its first occurrence).
 */
export async function countSecurityEvent(
  db: Kysely<Database>,
  key: { event: string; source: string; minuteStart: number },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('security_event_counts')
    .values({
      event: key.event,
      source: key.source,
      minute_start: key.minuteStart,
      hits: 1,
      first_at: now,
      last_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['event', 'source', 'minute_start']).doUpdateSet((eb) => ({
        hits: eb('security_event_counts.hits', '+', 1),
        last_at: now,
      })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** The aggregated counts, newest minute first, optionally of one event or source only. */
export async function listSecurityEventCounts(
  db: Kysely<Database>,
  filter: { event?: string; source?: string; limit: number },
): Promise<SecurityEventCountRow[]> {
  let query = db.selectFrom('security_event_counts').selectAll();
  if (filter.event) query = query.where('event', '=', filter.event);
  if (filter.source) query = query.where('source', '=', filter.source);
  return query.orderBy('minute_start', 'desc').orderBy('event').limit(filter.limit).execute();
}

/** The filters of the operator's audit search (GET /admin/api/audit). */
export interface AuditSearchFilter {
  event?: string | undefined;
  operatorId?: number | undefined;
  userId?: number | undefined;
  /** Text the detail contains, matched literally and ignoring case. */
  text?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function searchQuery(db: Kysely<Database>, filter: AuditSearchFilter, dialect: DialectName) {
  let query = db.selectFrom('audit_log');
  if (filter.event) query = query.where('audit_log.event', '=', filter.event);
  if (filter.operatorId !== undefined) query = query.where('audit_log.operator_id', '=', filter.operatorId);
  if (filter.userId !== undefined) query = query.where('audit_log.user_id', '=', filter.userId);
  if (filter.from !== undefined) query = query.where('audit_log.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('audit_log.created_at', '<', filter.to);
  if (filter.text)
    query = query.where(containsTextIgnoringCase('audit_log.detail_json', filter.text, dialect));
  return query;
}

/** One page of the audit log, newest first, with the acting operator's username. */
export async function searchAuditEntries(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: AuditSearchFilter,
  window: { limit: number; offset: number },
): Promise<Array<AuditLogRow & { operator_username: string | null }>> {
  return searchQuery(db, filter, dialect)
    .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
    .selectAll('audit_log')
    .select('operators.username as operator_username')
    .orderBy('audit_log.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** How many audit rows match the filter. */
export async function countAuditEntries(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: AuditSearchFilter,
): Promise<number> {
  const row = await searchQuery(db, filter, dialect)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
