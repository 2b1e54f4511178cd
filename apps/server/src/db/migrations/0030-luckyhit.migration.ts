import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/** Lucky Hit (issue 16): hash chains with checkpoints, rounds with their deal and house totals, bets. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // One hash chain per span of rounds; the secret is link chain_length, the terminal hash link 0.
  await withIdColumn(db.schema.createTable('luckyhit_chains'), dialect)
    .addColumn('chain_length', 'integer', (column) => column.notNull())
    .addColumn('secret_hex', 'varchar(64)', (column) => column.notNull())
    .addColumn('terminal_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('first_round_start_at', 'bigint', (column) => column.notNull().unique())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('luckyhit_chains_length_check', sql`chain_length > 0`)
    .execute();
  await db.schema
    .createTable('luckyhit_chain_checkpoints')
    .addColumn('chain_id', 'bigint', (column) => column.notNull().references('luckyhit_chains.id'))
    .addColumn('link_index', 'integer', (column) => column.notNull())
    .addColumn('link_hex', 'varchar(64)', (column) => column.notNull())
    .addPrimaryKeyConstraint('luckyhit_chain_checkpoints_pk', ['chain_id', 'link_index'])
    .execute();

  await withIdColumn(db.schema.createTable('luckyhit_rounds'), dialect)
    .addColumn('period', 'varchar(12)', (column) => column.notNull().unique())
    .addColumn('start_at', 'bigint', (column) => column.notNull().unique())
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('chain_id', 'bigint', (column) => column.notNull().references('luckyhit_chains.id'))
    .addColumn('chain_index', 'integer', (column) => column.notNull())
    // Revealed with the settlement: the seed, the three client seeds, the six draws and both hands (JSON).
    .addColumn('seed_hex', 'varchar(64)')
    .addColumn('client_seeds_json', 'varchar(200)')
    .addColumn('draws_json', 'varchar(100)')
    .addColumn('cards1_json', 'varchar(100)')
    .addColumn('cards2_json', 'varchar(100)')
    .addColumn('winner', 'varchar(1)')
    .addColumn('lucky_hit_odds', 'integer')
    .addColumn('bet_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('stake_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('fee_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('payout_total_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('house_take_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('settled_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('luckyhit_rounds_status_check', sql`status in ('open', 'settled')`)
    .addCheckConstraint(
      'luckyhit_rounds_settled_check',
      sql`(status = 'settled') = (seed_hex is not null and client_seeds_json is not null and draws_json is not null
        and cards1_json is not null and cards2_json is not null and winner is not null
        and lucky_hit_odds is not null and settled_at is not null)`,
    )
    .addCheckConstraint('luckyhit_rounds_winner_check', sql`winner is null or winner in ('B', 'R')`)
    .execute();
  await db.schema
    .createIndex('luckyhit_rounds_status_start_idx')
    .on('luckyhit_rounds')
    .columns(['status', 'start_at'])
    .execute();

  await withIdColumn(db.schema.createTable('luckyhit_bets'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('round_id', 'bigint', (column) => column.notNull().references('luckyhit_rounds.id'))
    .addColumn('period', 'varchar(12)', (column) => column.notNull())
    .addColumn('bet_type', 'varchar(1)', (column) => column.notNull())
    .addColumn('client_seed', 'varchar(20)', (column) => column.notNull())
    .addColumn('stake_minor', 'bigint', (column) => column.notNull())
    .addColumn('fee_minor', 'bigint', (column) => column.notNull())
    .addColumn('contract_minor', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(1)', (column) => column.notNull())
    .addColumn('payout_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('settled_at', 'bigint')
    .addCheckConstraint('luckyhit_bets_type_check', sql`bet_type in ('B', 'R', 'L')`)
    .addCheckConstraint('luckyhit_bets_status_check', sql`status in ('W', 'S', 'F')`)
    .addCheckConstraint(
      'luckyhit_bets_money_check',
      sql`stake_minor > 0 and fee_minor >= 0 and contract_minor = stake_minor - fee_minor and payout_minor >= 0`,
    )
    .addCheckConstraint(
      'luckyhit_bets_settled_check',
      sql`(status = 'W') = (settled_at is null) and (status = 'S') = (payout_minor > 0)`,
    )
    .execute();
  // No index holds a column the settlement changes, so PostgreSQL updates settled bets in place (see 0008).
  await db.schema
    .createIndex('luckyhit_bets_round_user_idx')
    .on('luckyhit_bets')
    .columns(['round_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('luckyhit_bets_user_idx')
    .on('luckyhit_bets')
    .columns(['user_id', 'id'])
    .execute();
  if (dialect === 'postgres') await sql`alter table luckyhit_bets set (fillfactor = 50)`.execute(db);
}
