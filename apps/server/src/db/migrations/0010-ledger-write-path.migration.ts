import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Cheaper ledger writes on PostgreSQL, measured on the settlement of a colour period with 100,000 bets
 * (bench/colour/settlement.bench.ts), which posts up to one win credit per player and raises as many
 * wallets' counters in one transaction. Neither change loosens a guarantee.
 *
 * - The uniqueness of `ledger_transfers.pending_id` (a hold is posted or voided at most once) only
 *   concerns the rows that resolve a hold; every other transfer has no pending_id. The unique constraint of
 *   migration 0003 still put each of those rows' NULL into its index: one of the six index entries every
 *   new transfer cost. A partial unique index over the non-NULL values keeps exactly the same guarantee
 *   (NULLs never conflict in a unique index) and skips that entry for every other row; the foreign key to
 *   the hold stays as it is. The other five are all needed: the primary key, the unique idempotency key,
 *   each side's account index for the transaction list, and the reference index the ledger checks join on.
 * - Every movement rewrites its accounts' counters, and on full pages each new row version also went into
 *   all three indexes of `ledger_accounts`. Filling its pages half-way leaves room for the new version on
 *   the same page, so PostgreSQL updates the row in place (no index holds a counter). The setting applies
 *   to pages written from now on; an existing database gets it for all rows after a `VACUUM FULL
 *   ledger_accounts` in a quiet hour.
 *
 * SQLite is left alone: its column UNIQUE is an automatic index that only a rebuild of the whole table
 * could drop, it has no fillfactor, and its settlement is well inside the target without either.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create unique index ledger_transfers_pending_id_unique on ledger_transfers (pending_id)
    where pending_id is not null
  `.execute(db);
  await sql`alter table ledger_transfers drop constraint ledger_transfers_pending_id_key`.execute(db);
  await sql`alter table ledger_accounts set (fillfactor = 50)`.execute(db);
}
