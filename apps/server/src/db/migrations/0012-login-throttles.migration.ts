import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Login throttles (issue 13): instead of refusing every login of a number after ten wrong passwords, each
 * source address, account and trusted device keeps its recent failures and the moment before which its next
 * attempt must wait; the wait grows with the failures.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    .addColumn('throttle_key', 'varchar(200)', (column) => column.primaryKey())
    .addColumn('failures', 'integer', (column) => column.notNull())
    .addColumn('blocked_until', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
}
