import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/**
 * Promotion (referral bonuses and profit transfers), gift codes and gift events, support tickets, and the
 * embedded-game launcher with its seamless wallet (issue 17, DESIGN.md §6 and §3 "Embedded third-party
 * games"). Also the operator's account that external games' money moves through.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // One row per bonus: type P per (referrer, level, game round), type BFFR once per referred player.
  // bonus_key is also the ledger idempotency key of the bonus's transfer, so each is paid once.
  await withIdColumn(db.schema.createTable('promotion_bonuses'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('level', 'integer', (column) => column.notNull())
    .addColumn('type', 'varchar(10)', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('source_user_id', 'bigint', (column) => column.notNull())
    .addColumn('source_count', 'integer', (column) => column.notNull())
    .addColumn('game', 'varchar(20)', (column) => column.notNull())
    .addColumn('round_ref', 'varchar(100)', (column) => column.notNull())
    .addColumn('bonus_key', 'varchar(200)', (column) => column.notNull().unique())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('promotion_bonuses_amount_check', sql`amount_minor > 0`)
    .addCheckConstraint('promotion_bonuses_level_check', sql`level in (1, 2)`)
    .addCheckConstraint('promotion_bonuses_type_check', sql`type in ('P', 'BFFR')`)
    .execute();
  await db.schema
    .createIndex('promotion_bonuses_user_idx')
    .on('promotion_bonuses')
    .columns(['user_id', 'level', 'id'])
    .execute();
  await db.schema
    .createIndex('promotion_bonuses_round_idx')
    .on('promotion_bonuses')
    .columns(['game', 'round_ref'])
    .execute();

  await withIdColumn(db.schema.createTable('profit_transfers'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('hold_transfer_id', 'bigint')
    .addColumn('refuse_reason', 'varchar(300)')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('resolved_at', 'bigint')
    .addCheckConstraint('profit_transfers_amount_check', sql`amount_minor > 0`)
    .addCheckConstraint('profit_transfers_status_check', sql`status in ('Wait', 'Completed', 'Refused')`)
    .execute();
  await db.schema
    .createIndex('profit_transfers_user_idx')
    .on('profit_transfers')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('profit_transfers_status_idx')
    .on('profit_transfers')
    .columns(['status', 'id'])
    .execute();

  await withIdColumn(db.schema.createTable('gift_codes'), dialect)
    .addColumn('code', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('total_minor', 'bigint', (column) => column.notNull())
    .addColumn('packet_count', 'integer', (column) => column.notNull())
    .addColumn('split', 'varchar(10)', (column) => column.notNull())
    .addColumn('min_amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('require_recharge', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('claimed_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('claimed_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('is_disabled', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('gift_codes_split_check', sql`split in ('fixed', 'random')`)
    .addCheckConstraint(
      'gift_codes_claims_check',
      sql`claimed_count >= 0 and claimed_count <= packet_count and claimed_minor <= total_minor`,
    )
    .execute();
  // The packets' amounts are drawn when the code is made (they add up to its total exactly); a claim takes
  // the next unclaimed packet. One claim per user and code, whatever the code above does.
  await withIdColumn(db.schema.createTable('gift_code_packets'), dialect)
    .addColumn('gift_code_id', 'bigint', (column) => column.notNull().references('gift_codes.id'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('claimed_by_user_id', 'bigint', (column) => column.references('users.id'))
    .addColumn('claimed_at', 'bigint')
    .addUniqueConstraint('gift_code_packets_seq_unique', ['gift_code_id', 'seq'])
    .addUniqueConstraint('gift_code_packets_claimant_unique', ['gift_code_id', 'claimed_by_user_id'])
    .addCheckConstraint('gift_code_packets_amount_check', sql`amount_minor > 0`)
    .execute();

  await withIdColumn(db.schema.createTable('gift_event_rounds'), dialect)
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('slot', 'integer', (column) => column.notNull())
    .addColumn('start_at', 'bigint', (column) => column.notNull())
    .addColumn('end_at', 'bigint', (column) => column.notNull())
    .addColumn('pool_minor', 'bigint', (column) => column.notNull())
    .addColumn('remaining_minor', 'bigint', (column) => column.notNull())
    .addColumn('receive_limit', 'integer', (column) => column.notNull())
    .addColumn('opened_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('min_amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('join_recharge', 'integer', (column) => column.notNull())
    .addColumn('join_relation', 'integer', (column) => column.notNull())
    .addColumn('join_bet', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('gift_event_rounds_slot_unique', ['day', 'slot'])
    .addCheckConstraint(
      'gift_event_rounds_pool_check',
      sql`remaining_minor >= 0 and remaining_minor <= pool_minor and opened_count >= 0 and opened_count <= receive_limit`,
    )
    .execute();
  await withIdColumn(db.schema.createTable('gift_event_claims'), dialect)
    .addColumn('round_id', 'bigint', (column) => column.notNull().references('gift_event_rounds.id'))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('gift_event_claims_user_unique', ['round_id', 'user_id'])
    .addCheckConstraint('gift_event_claims_amount_check', sql`amount_minor > 0`)
    .execute();

  await withIdColumn(db.schema.createTable('suggestions'), dialect)
    .addColumn('serial_number', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('type', 'varchar(10)', (column) => column.notNull())
    .addColumn('whats_app', 'varchar(100)', (column) => column.notNull())
    .addColumn('content', 'varchar(2000)', (column) => column.notNull())
    .addColumn('supple_serial', 'varchar(40)', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('reply', 'varchar(2000)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('replied_at', 'bigint')
    .addCheckConstraint('suggestions_status_check', sql`status in ('Wait', 'Completed')`)
    .execute();
  await db.schema
    .createIndex('suggestions_user_idx')
    .on('suggestions')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('suggestions_status_idx').on('suggestions').columns(['status', 'id']).execute();

  await withIdColumn(db.schema.createTable('game_providers'), dialect)
    .addColumn('key', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('secret', 'varchar(200)', (column) => column.notNull())
    .addColumn('launch_url', 'varchar(1000)', (column) => column.notNull())
    .addColumn('is_enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  // A game of the home list opens through its provider when it has one (its launch_url is then unused).
  await db.schema
    .alterTable('more_games')
    .addColumn('provider_id', 'bigint', (column) => column.references('game_providers.id'))
    .execute();
  await db.schema.alterTable('more_games').addColumn('game_code', 'varchar(60)').execute();

  // A launch: its one-time launch token opens one session that the provider's wallet calls name.
  await withIdColumn(db.schema.createTable('game_sessions'), dialect)
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('game_id', 'bigint', (column) => column.notNull().references('more_games.id'))
    .addColumn('provider_id', 'bigint', (column) => column.notNull().references('game_providers.id'))
    .addColumn('launch_token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('session_token_hash', 'varchar(64)', (column) => column.unique())
    .addColumn('launch_expires_at', 'bigint', (column) => column.notNull())
    .addColumn('opened_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  // Every seamless-wallet call that moved (or refused to move) money, unique per provider transaction id.
  await withIdColumn(db.schema.createTable('provider_transactions'), dialect)
    .addColumn('provider_id', 'bigint', (column) => column.notNull().references('game_providers.id'))
    .addColumn('provider_tx_id', 'varchar(100)', (column) => column.notNull())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('session_id', 'bigint', (column) => column.notNull().references('game_sessions.id'))
    .addColumn('kind', 'varchar(10)', (column) => column.notNull())
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('round_id', 'varchar(100)', (column) => column.notNull())
    .addColumn('reference_tx_id', 'varchar(100)')
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('request_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('provider_transactions_tx_unique', ['provider_id', 'provider_tx_id'])
    .addCheckConstraint('provider_transactions_kind_check', sql`kind in ('debit', 'credit', 'rollback')`)
    .addCheckConstraint('provider_transactions_amount_check', sql`amount_minor >= 0`)
    .execute();
  await db.schema
    .createIndex('provider_transactions_reference_idx')
    .on('provider_transactions')
    .columns(['provider_id', 'reference_tx_id'])
    .execute();

  const untyped = db as Kysely<{
    ledger_accounts: { code: string; kind: string; user_id: number | null; created_at: number };
  }>;
  await untyped
    .insertInto('ledger_accounts')
    .values({ code: 'system:external_games', kind: 'system', user_id: null, created_at: Date.now() })
    .execute();
}
