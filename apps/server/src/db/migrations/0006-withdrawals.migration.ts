import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/** Bank cards, withdrawal channels and their bank lists, wagering requirements and withdrawals (issue 6). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('bank_cards'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('actual_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('ifsc_code', 'varchar(20)', (column) => column.notNull())
    .addColumn('bank_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('account_number', 'varchar(34)', (column) => column.notNull())
    .addColumn('province', 'varchar(100)', (column) => column.notNull())
    .addColumn('city', 'varchar(100)', (column) => column.notNull())
    .addColumn('address', 'varchar(300)', (column) => column.notNull())
    .addColumn('mobile_number', 'varchar(32)', (column) => column.notNull())
    .addColumn('email', 'varchar(200)', (column) => column.notNull())
    .addColumn('upi_account', 'varchar(400)', (column) => column.notNull())
    .addColumn('withdrawable_from', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('bank_cards_user_idx').on('bank_cards').columns(['user_id', 'id']).execute();

  await withIdColumn(db.schema.createTable('bank_code_groups'), dialect)
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await withIdColumn(db.schema.createTable('bank_codes'), dialect)
    .addColumn('group_id', 'bigint', (column) => column.notNull().references('bank_code_groups.id'))
    .addColumn('code', 'varchar(40)', (column) => column.notNull())
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addUniqueConstraint('bank_codes_group_code_unique', ['group_id', 'code'])
    .execute();

  await withIdColumn(db.schema.createTable('withdrawal_channels'), dialect)
    .addColumn('key', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('adapter', 'varchar(20)', (column) => column.notNull())
    .addColumn('bank_code_group_id', 'bigint', (column) => column.references('bank_code_groups.id'))
    .addColumn('is_enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('withdrawal_channels_adapter_check', sql`adapter in ('manual', 'sandbox')`)
    .execute();

  await db.schema
    .createTable('wagering_requirements')
    .addColumn('user_id', 'bigint', (column) => column.primaryKey().references('users.id'))
    .addColumn('needs_bet_minor', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('wagering_requirements_non_negative', sql`needs_bet_minor >= 0`)
    .execute();

  await withIdColumn(db.schema.createTable('withdrawals'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('bank_card_id', 'bigint', (column) => column.notNull().references('bank_cards.id'))
    .addColumn('channel_id', 'bigint', (column) => column.notNull().references('withdrawal_channels.id'))
    .addColumn('channel_key', 'varchar(40)', (column) => column.notNull())
    .addColumn('channel_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('payout_adapter', 'varchar(20)', (column) => column.notNull())
    .addColumn('bank_code', 'varchar(40)', (column) => column.notNull())
    .addColumn('actual_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('ifsc_code', 'varchar(20)', (column) => column.notNull())
    .addColumn('bank_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('account_number', 'varchar(34)', (column) => column.notNull())
    .addColumn('upi_account', 'varchar(400)', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('fee_minor', 'bigint', (column) => column.notNull())
    .addColumn('actual_minor', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('payout_status', 'varchar(20)', (column) => column.notNull())
    .addColumn('fail_reason', 'varchar(500)', (column) => column.notNull())
    .addColumn('payout_reference', 'varchar(60)', (column) => column.notNull())
    .addColumn('hold_transfer_id', 'bigint', (column) => column.references('ledger_transfers.id'))
    .addColumn('settle_transfer_id', 'bigint', (column) => column.references('ledger_transfers.id'))
    .addColumn('fee_transfer_id', 'bigint', (column) => column.references('ledger_transfers.id'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint(
      'withdrawals_amount_check',
      sql`amount_minor > 0 and fee_minor >= 0 and actual_minor >= 0 and amount_minor = fee_minor + actual_minor`,
    )
    .addCheckConstraint('withdrawals_status_check', sql`status in ('Wait', 'Success', 'Reject')`)
    .addCheckConstraint(
      'withdrawals_payout_status_check',
      sql`payout_status in ('Wait', 'Processing', 'Success', 'Failed')`,
    )
    // A decided withdrawal has its settling transfer; Success goes with a paid payout and nothing else.
    .addCheckConstraint(
      'withdrawals_settled_check',
      sql`(settle_transfer_id is not null) = (status <> 'Wait')
        and (status = 'Success') = (payout_status = 'Success')
        and (decided_at is not null) = (status <> 'Wait')`,
    )
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('withdrawals_user_created_idx')
    .on('withdrawals')
    .columns(['user_id', 'created_at'])
    .execute();
}
