import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/** Delivery addresses and shop orders (issue 5). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('addresses'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('full_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('mobile_number', 'varchar(32)', (column) => column.notNull())
    .addColumn('pin_code', 'varchar(12)', (column) => column.notNull())
    .addColumn('state', 'varchar(100)', (column) => column.notNull())
    .addColumn('town_city', 'varchar(100)', (column) => column.notNull())
    .addColumn('detail_address', 'varchar(300)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').columns(['user_id', 'id']).execute();

  // An order keeps a copy of the product and of the address as they were when it was bought, so later
  // edits of either (or a deleted address) never change what the user paid for and where it goes.
  await withIdColumn(db.schema.createTable('orders'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('product_id', 'bigint', (column) => column.notNull().references('products.id'))
    .addColumn('product_name', 'varchar(200)', (column) => column.notNull())
    .addColumn('product_image', 'varchar(500)', (column) => column.notNull())
    .addColumn('price_minor', 'bigint', (column) => column.notNull())
    .addColumn('cancellable', 'integer', (column) => column.notNull())
    .addColumn('address_full_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('address_mobile_number', 'varchar(32)', (column) => column.notNull())
    .addColumn('address_pin_code', 'varchar(12)', (column) => column.notNull())
    .addColumn('address_state', 'varchar(100)', (column) => column.notNull())
    .addColumn('address_town_city', 'varchar(100)', (column) => column.notNull())
    .addColumn('address_detail_address', 'varchar(300)', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('payment_transfer_id', 'bigint', (column) => column.references('ledger_transfers.id'))
    .addColumn('refund_transfer_id', 'bigint', (column) => column.references('ledger_transfers.id'))
    .addColumn('cancel_deadline_at', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('shipped_at', 'bigint')
    .addColumn('received_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('orders_price_check', sql`price_minor > 0`)
    .addCheckConstraint(
      'orders_status_check',
      sql`status in ('undelivered', 'unreceived', 'success', 'cancelled')`,
    )
    // Each status carries exactly the times of the steps that led to it, and only a cancelled order a refund.
    .addCheckConstraint(
      'orders_times_check',
      sql`(shipped_at is not null) = (status in ('unreceived', 'success'))
        and (received_at is not null) = (status = 'success')
        and (cancelled_at is not null) = (status = 'cancelled')
        and (refund_transfer_id is not null) = (status = 'cancelled')`,
    )
    .execute();
  // The user's list reads their orders of one status (or all) newest first; the operator's all users'.
  await db.schema
    .createIndex('orders_user_status_idx')
    .on('orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();
}
