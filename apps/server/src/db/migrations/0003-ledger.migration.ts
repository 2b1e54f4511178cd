import { type Kysely, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.ts';

/**
 * The operator's accounts of DESIGN.md "The ledger" as they were when this migration shipped (the list is
 * copied here on purpose: a migration must not change when the code's list grows). Per-gateway clearing
 * accounts ('system:gateway:<key>') are created by the ledger the first time a gateway is used.
 */
const SYSTEM_ACCOUNT_CODES = [
  'system:manual_upi_clearing',
  'system:payout_clearing',
  'system:fee_revenue',
  'system:shop_revenue',
  'system:game_escrow',
  'system:game_house',
  'system:promotion_expense',
  'system:gift_expense',
] as const;

/** The double-entry ledger (accounts, append-only transfers) and the idempotent-response store. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('ledger_accounts'), dialect)
    .addColumn('code', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('kind', 'varchar(20)', (column) => column.notNull())
    .addColumn('user_id', 'bigint', (column) => column.unique())
    .addColumn('debits_posted', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('credits_posted', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('debits_pending', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('credits_pending', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('ledger_accounts_kind_check', sql`kind in ('user_wallet', 'system')`)
    .addCheckConstraint(
      'ledger_accounts_owner_check',
      sql`(kind = 'user_wallet' and user_id is not null) or (kind = 'system' and user_id is null)`,
    )
    .addCheckConstraint(
      'ledger_accounts_counters_check',
      sql`debits_posted >= 0 and credits_posted >= 0 and debits_pending >= 0 and credits_pending >= 0`,
    )
    // The last line of defence behind the ledger's conditional debit: a wallet never goes below zero.
    .addCheckConstraint(
      'ledger_accounts_wallet_not_negative_check',
      sql`kind <> 'user_wallet' or debits_posted + debits_pending <= credits_posted`,
    )
    .execute();

  await withIdColumn(db.schema.createTable('ledger_transfers'), dialect)
    .addColumn('debit_account_id', 'bigint', (column) => column.notNull().references('ledger_accounts.id'))
    .addColumn('credit_account_id', 'bigint', (column) => column.notNull().references('ledger_accounts.id'))
    .addColumn('amount_minor', 'bigint', (column) => column.notNull())
    .addColumn('kind', 'varchar(40)', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    // Unique: a pending transfer is posted or voided at most once, whatever the code above does.
    .addColumn('pending_id', 'bigint', (column) => column.unique().references('ledger_transfers.id'))
    .addColumn('reference_type', 'varchar(40)', (column) => column.notNull())
    .addColumn('reference_id', 'varchar(100)', (column) => column.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (column) => column.notNull().unique())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('ledger_transfers_amount_check', sql`amount_minor > 0`)
    .addCheckConstraint('ledger_transfers_accounts_check', sql`debit_account_id <> credit_account_id`)
    .addCheckConstraint(
      'ledger_transfers_status_check',
      sql`(status in ('posted', 'pending') and pending_id is null)
        or (status in ('post_pending', 'void_pending') and pending_id is not null)`,
    )
    .execute();
  // The transaction list reads one account's transfers newest first, from either side.
  await db.schema
    .createIndex('ledger_transfers_debit_idx')
    .on('ledger_transfers')
    .columns(['debit_account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_transfers_credit_idx')
    .on('ledger_transfers')
    .columns(['credit_account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_transfers_reference_idx')
    .on('ledger_transfers')
    .columns(['reference_type', 'reference_id'])
    .execute();

  // A migration sees the database untyped (its tables are as of this version, not as of today's code).
  const createdAt = Date.now();
  const untyped = db as Kysely<{
    ledger_accounts: { code: string; kind: string; user_id: number | null; created_at: number };
  }>;
  await untyped
    .insertInto('ledger_accounts')
    .values(
      SYSTEM_ACCOUNT_CODES.map((code) => ({ code, kind: 'system', user_id: null, created_at: createdAt })),
    )
    .execute();

  await withIdColumn(db.schema.createTable('idempotency_keys'), dialect)
    .addColumn('key', 'varchar(100)', (column) => column.notNull())
    .addColumn('user_id', 'bigint', (column) => column.notNull())
    .addColumn('route', 'varchar(200)', (column) => column.notNull())
    .addColumn('request_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('response_json', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('idempotency_keys_scope_unique', ['user_id', 'route', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}
