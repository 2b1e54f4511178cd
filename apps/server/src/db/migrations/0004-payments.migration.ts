import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/** Payment channels, recharges, verified webhook events and the sandbox gateway's payments. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('payment_channels'), dialect)
    .addColumn('type', 'varchar(20)', (column) => column.notNull())
    .addColumn('key', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('adapter', 'varchar(20)', (column) => column.notNull())
    .addColumn('fixed_amounts_json', 'varchar(1000)', (column) => column.notNull())
    .addColumn('min_amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('max_amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('is_enabled', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('settings_json', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint(
      'payment_channels_amounts_check',
      sql`min_amount_minor > 0 and max_amount_minor >= min_amount_minor`,
    )
    .execute();

  await withIdColumn(db.schema.createTable('recharges'), dialect)
    .addColumn('serial_number', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('channel_id', 'bigint', (column) => column.notNull().references('payment_channels.id'))
    .addColumn('channel_key', 'varchar(40)', (column) => column.notNull())
    .addColumn('adapter', 'varchar(20)', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('gateway_order_id', 'varchar(100)')
    .addColumn('gateway_payment_id', 'varchar(100)')
    .addColumn('utr', 'varchar(12)', (column) => column.unique())
    .addColumn('utr_submitted_at', 'bigint')
    .addColumn('pay_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('pay_mobile', 'varchar(20)', (column) => column.notNull())
    .addColumn('pay_email', 'varchar(200)', (column) => column.notNull())
    .addColumn('pay_upi_account', 'varchar(100)')
    .addColumn('pay_url', 'varchar(1000)')
    .addColumn('payee_upi_account', 'varchar(300)')
    .addColumn('payee_name', 'varchar(100)')
    .addColumn('is_first_recharge', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('failure_reason', 'varchar(500)')
    .addColumn('notified_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('credited_at', 'bigint')
    .addCheckConstraint('recharges_amount_check', sql`amount_minor > 0`)
    .addCheckConstraint('recharges_status_check', sql`status in ('Wait', 'Success', 'Failed', 'Cancelled')`)
    // A credited recharge has its credit time, and only a credited one.
    .addCheckConstraint('recharges_credited_check', sql`(status = 'Success') = (credited_at is not null)`)
    .execute();
  // One gateway order belongs to one recharge, and one gateway payment credits one recharge.
  await db.schema
    .createIndex('recharges_gateway_order_unique')
    .on('recharges')
    .columns(['adapter', 'gateway_order_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('recharges_gateway_payment_unique')
    .on('recharges')
    .columns(['adapter', 'gateway_payment_id'])
    .unique()
    .execute();
  // At most one first recharge per user, whatever races the code above has.
  await db.schema
    .createIndex('recharges_first_recharge_unique')
    .on('recharges')
    .column('user_id')
    .unique()
    .where(sql.ref('is_first_recharge'), '=', sql.lit(1))
    .execute();
  // The recharge record lists a user's recharges newest first.
  await db.schema.createIndex('recharges_user_idx').on('recharges').columns(['user_id', 'id']).execute();
  // The poller and the operator read waiting recharges by age.
  await db.schema
    .createIndex('recharges_status_created_idx')
    .on('recharges')
    .columns(['status', 'created_at'])
    .execute();
  // The notification call finds a user's credited recharges not yet reported.
  await db.schema
    .createIndex('recharges_user_notified_idx')
    .on('recharges')
    .columns(['user_id', 'notified_at'])
    .execute();

  await withIdColumn(db.schema.createTable('webhook_events'), dialect)
    .addColumn('provider', 'varchar(40)', (column) => column.notNull())
    .addColumn('event_id', 'varchar(200)', (column) => column.notNull())
    .addColumn('recharge_id', 'bigint', (column) => column.references('recharges.id'))
    .addColumn('outcome', 'varchar(30)', (column) => column.notNull())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('webhook_events_provider_event_unique', ['provider', 'event_id'])
    .execute();

  await withIdColumn(db.schema.createTable('sandbox_payments'), dialect)
    .addColumn('order_id', 'varchar(100)', (column) => column.notNull())
    .addColumn('payment_id', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_payments_order_idx')
    .on('sandbox_payments')
    .column('order_id')
    .execute();
  // Like a real gateway, the sandbox takes at most one successful payment per order.
  await db.schema
    .createIndex('sandbox_payments_paid_order_unique')
    .on('sandbox_payments')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('paid'))
    .execute();
}
