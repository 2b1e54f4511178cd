import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/** The colour game (issue 7): hash chains with checkpoints, periods with results and house totals, bets. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // One hash chain per room and span of periods; the secret is link chain_length, the terminal hash link 0.
  await withIdColumn(db.schema.createTable('colour_chains'), dialect)
    .addColumn('room', 'varchar(1)', (column) => column.notNull())
    .addColumn('chain_length', 'integer', (column) => column.notNull())
    .addColumn('secret_hex', 'varchar(64)', (column) => column.notNull())
    .addColumn('terminal_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('first_period_start_at', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('colour_chains_room_start_unique', ['room', 'first_period_start_at'])
    .addCheckConstraint('colour_chains_length_check', sql`chain_length > 0`)
    .execute();
  // Every COLOUR_CHECKPOINT_INTERVAL-th link, so a period's seed costs at most that many hashes.
  await db.schema
    .createTable('colour_chain_checkpoints')
    .addColumn('chain_id', 'bigint', (column) => column.notNull().references('colour_chains.id'))
    .addColumn('link_index', 'integer', (column) => column.notNull())
    .addColumn('link_hex', 'varchar(64)', (column) => column.notNull())
    .addPrimaryKeyConstraint('colour_chain_checkpoints_pk', ['chain_id', 'link_index'])
    .execute();

  await withIdColumn(db.schema.createTable('colour_periods'), dialect)
    .addColumn('room', 'varchar(1)', (column) => column.notNull())
    .addColumn('period', 'varchar(11)', (column) => column.notNull())
    .addColumn('start_at', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('chain_id', 'bigint', (column) => column.notNull().references('colour_chains.id'))
    .addColumn('chain_index', 'integer', (column) => column.notNull())
    .addColumn('seed_hex', 'varchar(64)')
    .addColumn('price', 'integer')
    .addColumn('result_number', 'integer')
    .addColumn('bet_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('stake_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('fee_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('payout_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('margin_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('settled_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('colour_periods_room_period_unique', ['room', 'period'])
    .addCheckConstraint('colour_periods_status_check', sql`status in ('open', 'settled')`)
    // A settled period has its seed, result and settlement time; an open one has none of them.
    .addCheckConstraint(
      'colour_periods_settled_check',
      sql`(status = 'settled') = (seed_hex is not null and price is not null
        and result_number is not null and settled_at is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('colour_periods_room_start_idx')
    .on('colour_periods')
    .columns(['room', 'status', 'start_at'])
    .execute();

  await withIdColumn(db.schema.createTable('colour_bets'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('period_id', 'bigint', (column) => column.notNull().references('colour_periods.id'))
    .addColumn('room', 'varchar(1)', (column) => column.notNull())
    .addColumn('period', 'varchar(11)', (column) => column.notNull())
    .addColumn('guess_type', 'varchar(1)', (column) => column.notNull())
    .addColumn('guess_number', 'integer')
    .addColumn('contract_money_minor', 'bigint', (column) => column.notNull())
    .addColumn('contract_count', 'integer', (column) => column.notNull())
    .addColumn('stake_minor', 'bigint', (column) => column.notNull())
    .addColumn('fee_minor', 'bigint', (column) => column.notNull())
    .addColumn('contract_minor', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(1)', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('open_price', 'integer')
    .addColumn('result_number', 'integer')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('colour_bets_type_check', sql`guess_type in ('G', 'R', 'V', 'N')`)
    .addCheckConstraint('colour_bets_status_check', sql`status in ('W', 'S', 'F')`)
    .addCheckConstraint(
      'colour_bets_number_check',
      sql`(guess_type = 'N') = (guess_number is not null) and (guess_number is null or guess_number between 0 and 9)`,
    )
    .addCheckConstraint(
      'colour_bets_money_check',
      sql`contract_count > 0 and stake_minor = contract_money_minor * contract_count
        and fee_minor >= 0 and contract_minor = stake_minor - fee_minor and amount_minor >= 0`,
    )
    .addCheckConstraint(
      'colour_bets_settled_check',
      sql`(status = 'W') = (settled_at is null) and (status = 'S') = (amount_minor > 0)`,
    )
    .execute();
  await db.schema
    .createIndex('colour_bets_period_status_idx')
    .on('colour_bets')
    .columns(['period_id', 'status', 'user_id'])
    .execute();
  await db.schema
    .createIndex('colour_bets_user_room_idx')
    .on('colour_bets')
    .columns(['user_id', 'room', 'id'])
    .execute();
}
