import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuditLogRow, SecurityEventCountRow } from './accounts.tables.ts';

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
