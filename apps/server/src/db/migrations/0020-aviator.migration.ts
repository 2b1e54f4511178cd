import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/** The crash game (issue 15): its hash chains with checkpoints, rounds with seeds and house figures, bets. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Round k of a chain uses link k (the secret is link chain_length, the terminal hash link 0).
  await withIdColumn(db.schema.createTable('aviator_chains'), dialect)
    .addColumn('chain_length', 'integer', (column) => column.notNull())
    .addColumn('secret_hex', 'varchar(64)', (column) => column.notNull())
    .addColumn('terminal_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('aviator_chains_length_check', sql`chain_length > 0`)
    .execute();
  await db.schema
    .createTable('aviator_chain_checkpoints')
    .addColumn('chain_id', 'bigint', (column) => column.notNull().references('aviator_chains.id'))
    .addColumn('link_index', 'integer', (column) => column.notNull())
    .addColumn('link_hex', 'varchar(64)', (column) => column.notNull())
    .addPrimaryKeyConstraint('aviator_chain_checkpoints_pk', ['chain_id', 'link_index'])
    .execute();

  // status: betting (bets taken) → flying (seeds and result fixed at the close) → settled, or refunded when a
  // leader died before the round could end. The result is secret until the round ends.
  await withIdColumn(db.schema.createTable('aviator_rounds'), dialect)
    .addColumn('period', 'bigint', (column) => column.notNull().unique())
    .addColumn('chain_id', 'bigint', (column) => column.notNull().references('aviator_chains.id'))
    .addColumn('chain_index', 'integer', (column) => column.notNull())
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('started_at', 'bigint', (column) => column.notNull())
    .addColumn('betting_ends_at', 'bigint', (column) => column.notNull())
    .addColumn('takeoff_at', 'bigint')
    .addColumn('crash_at', 'bigint')
    .addColumn('result_hundredths', 'integer')
    .addColumn('player_nickname1', 'varchar(40)')
    .addColumn('player_nickname2', 'varchar(40)')
    .addColumn('player_nickname3', 'varchar(40)')
    .addColumn('player_seed1', 'varchar(20)')
    .addColumn('player_seed2', 'varchar(20)')
    .addColumn('player_seed3', 'varchar(20)')
    .addColumn('sha512hash', 'varchar(128)')
    .addColumn('bet_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('stake_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('fee_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('payout_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('house_take_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('settled_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('aviator_rounds_chain_link_unique', ['chain_id', 'chain_index'])
    .addCheckConstraint(
      'aviator_rounds_status_check',
      sql`status in ('betting', 'flying', 'settled', 'refunded')`,
    )
    .addCheckConstraint(
      'aviator_rounds_flying_check',
      sql`status not in ('flying', 'settled') or (result_hundredths >= 100 and takeoff_at is not null
        and crash_at is not null and player_seed1 is not null and sha512hash is not null)`,
    )
    .execute();
  await db.schema.createIndex('aviator_rounds_status_idx').on('aviator_rounds').columns(['status']).execute();

  // One bet per player and round; status open → cashed (paid once, guarded by status = 'open'), lost or
  // refunded. fee_minor is stored per bet for the referral accrual that reads settled bets' fees.
  await withIdColumn(db.schema.createTable('aviator_bets'), dialect)
    .addColumn('round_id', 'bigint', (column) => column.notNull().references('aviator_rounds.id'))
    .addColumn('period', 'bigint', (column) => column.notNull())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('nick_name', 'varchar(40)', (column) => column.notNull())
    .addColumn('client_seed', 'varchar(20)', (column) => column.notNull())
    .addColumn('stake_minor', 'bigint', (column) => column.notNull())
    .addColumn('fee_minor', 'bigint', (column) => column.notNull())
    .addColumn('auto_cash_out_hundredths', 'integer')
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('cash_hundredths', 'integer')
    .addColumn('win_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('settled_at', 'bigint')
    .addUniqueConstraint('aviator_bets_round_user_unique', ['round_id', 'user_id'])
    .addUniqueConstraint('aviator_bets_round_seq_unique', ['round_id', 'seq'])
    .addCheckConstraint('aviator_bets_status_check', sql`status in ('open', 'cashed', 'lost', 'refunded')`)
    .addCheckConstraint(
      'aviator_bets_money_check',
      sql`stake_minor > 0 and fee_minor >= 0 and fee_minor < stake_minor and win_minor >= 0`,
    )
    .addCheckConstraint('aviator_bets_cashed_check', sql`(status = 'cashed') = (cash_hundredths is not null)`)
    .execute();
  await db.schema
    .createIndex('aviator_bets_user_idx')
    .on('aviator_bets')
    .columns(['user_id', 'id'])
    .execute();
}
