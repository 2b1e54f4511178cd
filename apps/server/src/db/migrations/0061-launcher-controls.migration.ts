import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/**
 * Launcher controls (issue 24, DESIGN.md §2 "Operator money controls"): a provider works only once a second
 * operator approved it, with the caps that were approved with it (a round's credits at most its debits × a
 * maximum multiplier, and a daily net payout cap); every signed call carries a nonce used once; a launch
 * records the player's login session, so a seamless session ends with it; each round's debits and credits
 * and each provider's net payout of a market day are kept in rows the credits lock.
 *
 * Providers registered before this migration are left unapproved with caps of 0: they launch nothing and
 * their calls are refused until a second operator approves them (the demo seed re-keys and approves the
 * built-in demo provider).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Sealed secrets are longer than their plaintext (a 200-character secret becomes about 320 characters).
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('game_providers')
      .alterColumn('secret', (column) => column.setDataType('text'))
      .execute();
  }
  await db.schema
    .alterTable('game_providers')
    .addColumn('max_multiplier_hundredths', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('game_providers')
    .addColumn('daily_payout_cap_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('game_providers').addColumn('approved_at', 'bigint').execute();
  await db.schema.alterTable('game_providers').addColumn('approval_request_id', 'bigint').execute();

  // The player's login session behind a launch (null for launches made before this migration: refused).
  await db.schema.alterTable('game_sessions').addColumn('login_session_id', 'bigint').execute();
  // What a debit took off needs_bet, so that its rollback gives exactly that back.
  await db.schema
    .alterTable('provider_transactions')
    .addColumn('needs_bet_reduced_minor', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();

  // Each signed call's nonce, once per provider; kept until the call's timestamp leaves the window.
  await withIdColumn(db.schema.createTable('seamless_call_nonces'), dialect)
    .addColumn('provider_id', 'bigint', (column) => column.notNull().references('game_providers.id'))
    .addColumn('nonce', 'varchar(64)', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('seamless_call_nonces_unique', ['provider_id', 'nonce'])
    .execute();
  await db.schema
    .createIndex('seamless_call_nonces_expires')
    .on('seamless_call_nonces')
    .column('expires_at')
    .execute();

  // A round of a provider: its session, what was staked in it (debits not rolled back) and paid in it.
  await withIdColumn(db.schema.createTable('provider_rounds'), dialect)
    .addColumn('provider_id', 'bigint', (column) => column.notNull().references('game_providers.id'))
    .addColumn('round_id', 'varchar(100)', (column) => column.notNull())
    .addColumn('session_id', 'bigint', (column) => column.notNull().references('game_sessions.id'))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id'))
    .addColumn('debited_minor', 'bigint', (column) => column.notNull())
    .addColumn('credited_minor', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('provider_rounds_unique', ['provider_id', 'round_id'])
    .addCheckConstraint('provider_rounds_amounts_check', sql`debited_minor >= 0 and credited_minor >= 0`)
    .execute();

  // A provider's net payout of one market day (credits − debits + rollbacks); may be negative.
  await db.schema
    .createTable('provider_daily_payouts')
    .addColumn('provider_id', 'bigint', (column) => column.notNull().references('game_providers.id'))
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('net_payout_minor', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('provider_daily_payouts_pk', ['provider_id', 'day'])
    .execute();
}
