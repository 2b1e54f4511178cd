import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Aggregated security events (issue 13): anonymous floods (refused operator calls, failed and rate-limited
 * logins, rate-limited or failed one-time codes) are counted per event, source address and minute instead of
 * being appended to the audit log row by row; the first event of each minute still gets its audit row.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('security_event_counts')
    .addColumn('event', 'varchar(60)', (column) => column.notNull())
    .addColumn('source', 'varchar(64)', (column) => column.notNull())
    .addColumn('minute_start', 'bigint', (column) => column.notNull())
    .addColumn('hits', 'integer', (column) => column.notNull())
    .addColumn('first_at', 'bigint', (column) => column.notNull())
    .addColumn('last_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('security_event_counts_pk', ['event', 'source', 'minute_start'])
    .execute();
  // Operators read the newest minutes first.
  await db.schema
    .createIndex('security_event_counts_minute_idx')
    .on('security_event_counts')
    .column('minute_start')
    .execute();
}
