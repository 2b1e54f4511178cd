import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Images operators upload from the console (banners): kept in the database rather than on one instance's
 * disk, so every instance of a deployment serves them. Named by their content's hash, so a name never
 * changes what it shows and browsers may keep it for a year.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('media_uploads')
    .addColumn('name', 'varchar(80)', (column) => column.primaryKey())
    .addColumn('content_type', 'varchar(40)', (column) => column.notNull())
    .addColumn('byte_length', 'integer', (column) => column.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}
