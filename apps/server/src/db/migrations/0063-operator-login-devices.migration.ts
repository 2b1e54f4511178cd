import type { Kysely } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/**
 * Operators' known devices (issue 24): after a successful console login the browser gets a long random token
 * (stored here only as its SHA-256), and a later login presenting it is slowed only by that device's own
 * failures, never by strangers guessing the operator's password. Revoked with the operator's password or
 * TOTP reset and when the operator is disabled.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('operator_login_devices'), dialect)
    .addColumn('operator_id', 'bigint', (column) => column.notNull().references('operators.id'))
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_at', 'bigint', (column) => column.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('operator_login_devices_operator_idx')
    .on('operator_login_devices')
    .columns(['operator_id', 'last_used_at'])
    .execute();
}
