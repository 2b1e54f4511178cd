import type { Kysely } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/** Accounts, sessions, trusted devices, one-time codes, the SMS outbox, the audit log and rate limits. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('users'), dialect)
    .addColumn('mobile', 'varchar(20)', (column) => column.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (column) => column.notNull())
    .addColumn('nick_name', 'varchar(50)', (column) => column.notNull())
    .addColumn('r_code', 'varchar(20)', (column) => column.notNull().unique())
    .addColumn('referrer_level1_id', 'bigint', (column) => column.references('users.id'))
    .addColumn('referrer_level2_id', 'bigint', (column) => column.references('users.id'))
    .addColumn('is_early', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('is_transfer_enable', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('event_gift_enable', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  // The promotion programme lists each user's level 1 and level 2 referrals.
  await db.schema.createIndex('users_referrer_level1_idx').on('users').column('referrer_level1_id').execute();
  await db.schema.createIndex('users_referrer_level2_idx').on('users').column('referrer_level2_id').execute();

  await withIdColumn(db.schema.createTable('sessions'), dialect)
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('device_id', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_at', 'bigint', (column) => column.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sessions_user_idx')
    .on('sessions')
    .columns(['user_id', 'revoked_at'])
    .execute();

  await withIdColumn(db.schema.createTable('trusted_devices'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('device_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('trusted_devices_user_device_unique', ['user_id', 'device_id'])
    .execute();

  await withIdColumn(db.schema.createTable('otp_codes'), dialect)
    .addColumn('mobile', 'varchar(20)', (column) => column.notNull())
    .addColumn('purpose', 'varchar(20)', (column) => column.notNull())
    .addColumn('code_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('otp_codes_mobile_purpose_idx')
    .on('otp_codes')
    .columns(['mobile', 'purpose', 'id'])
    .execute();
  await db.schema
    .createIndex('otp_codes_mobile_sent_idx')
    .on('otp_codes')
    .columns(['mobile', 'created_at'])
    .execute();
  await db.schema
    .createIndex('otp_codes_ip_sent_idx')
    .on('otp_codes')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('otp_send_slots')
    .addColumn('mobile', 'varchar(20)', (column) => column.notNull())
    .addColumn('purpose', 'varchar(20)', (column) => column.notNull())
    .addColumn('last_sent_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('otp_send_slots_pk', ['mobile', 'purpose'])
    .execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('mobile', 'varchar(20)', (column) => column.primaryKey())
    .addColumn('text', 'varchar(1000)', (column) => column.notNull())
    .addColumn('otp', 'varchar(10)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('event', 'varchar(50)', (column) => column.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('mobile', 'varchar(20)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('detail_json', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('audit_log_event_idx')
    .on('audit_log')
    .columns(['event', 'created_at'])
    .execute();

  await db.schema
    .createTable('rate_limit_buckets')
    .addColumn('bucket_key', 'varchar(300)', (column) => column.primaryKey())
    .addColumn('hits', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_buckets_expiry_idx')
    .on('rate_limit_buckets')
    .column('expires_at')
    .execute();
}
