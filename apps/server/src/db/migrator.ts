import { type Kysely, sql } from 'kysely';
import type { AppDatabase, DialectName } from './dialect.ts';
import * as foundation from './migrations/0001-foundation.migration.ts';
import * as accounts from './migrations/0002-accounts.migration.ts';
import * as ledger from './migrations/0003-ledger.migration.ts';
import * as payments from './migrations/0004-payments.migration.ts';
import * as orders from './migrations/0005-orders.migration.ts';
import * as withdrawals from './migrations/0006-withdrawals.migration.ts';
import * as colourGame from './migrations/0007-colour-game.migration.ts';
import * as colourBetsSettlement from './migrations/0008-colour-bets-settlement.migration.ts';
import * as colourPeriodHouseFigures from './migrations/0009-colour-period-house-figures.migration.ts';
import * as ledgerWritePath from './migrations/0010-ledger-write-path.migration.ts';
import * as securityEventCounts from './migrations/0011-security-event-counts.migration.ts';
import * as loginThrottles from './migrations/0012-login-throttles.migration.ts';
import * as aviator from './migrations/0020-aviator.migration.ts';
import * as luckyHit from './migrations/0030-luckyhit.migration.ts';
import * as promotionGiftsSupportLauncher from './migrations/0040-promotion-gifts-support-launcher.migration.ts';
import * as operatorConsole from './migrations/0050-operator-console.migration.ts';
import * as mediaUploads from './migrations/0055-media-uploads.migration.ts';
import * as secretsAtRest from './migrations/0056-secrets-at-rest.migration.ts';
import * as moneyControls from './migrations/0060-money-controls.migration.ts';
import * as launcherControls from './migrations/0061-launcher-controls.migration.ts';
import * as operatorLoginDevices from './migrations/0063-operator-login-devices.migration.ts';
import type { Database } from './schema.ts';

interface VersionedMigration {
  readonly version: string;
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Any value works as long as no other advisory lock in the app uses it. */
const MIGRATION_LOCK_KEY = 7_301_001;

/**
 * Every migration in order. A migration is never edited once it has shipped; a change is a new file.
 * Kysely's own Migrator is not used because these migrations need to know the dialect.
 */
export const MIGRATIONS: readonly VersionedMigration[] = [
  { version: '0001-foundation', up: foundation.up },
  { version: '0002-accounts', up: accounts.up },
  { version: '0003-ledger', up: ledger.up },
  { version: '0004-payments', up: payments.up },
  { version: '0005-orders', up: orders.up },
  { version: '0006-withdrawals', up: withdrawals.up },
  { version: '0007-colour-game', up: colourGame.up },
  { version: '0008-colour-bets-settlement', up: colourBetsSettlement.up },
  { version: '0009-colour-period-house-figures', up: colourPeriodHouseFigures.up },
  { version: '0010-ledger-write-path', up: ledgerWritePath.up },
  { version: '0011-security-event-counts', up: securityEventCounts.up },
  { version: '0012-login-throttles', up: loginThrottles.up },
  { version: '0020-aviator', up: aviator.up },
  { version: '0030-luckyhit', up: luckyHit.up },
  { version: '0040-promotion-gifts-support-launcher', up: promotionGiftsSupportLauncher.up },
  { version: '0050-operator-console', up: operatorConsole.up },
  { version: '0055-media-uploads', up: mediaUploads.up },
  { version: '0056-secrets-at-rest', up: secretsAtRest.up },
  { version: '0060-money-controls', up: moneyControls.up },
  { version: '0061-launcher-controls', up: launcherControls.up },
  { version: '0063-operator-login-devices', up: operatorLoginDevices.up },
];

async function isApplied(db: Kysely<Database>, version: string): Promise<boolean> {
  const row = await db
    .selectFrom('schema_migrations')
    .select('version')
    .where('version', '=', version)
    .executeTakeFirst();
  return row !== undefined;
}

/** Applies the migrations that have not run yet, each in its own transaction, and returns their versions. */
export async function migrateToLatest(database: AppDatabase): Promise<string[]> {
  const { db, dialect } = database;
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('version', 'varchar(100)', (column) => column.primaryKey())
    .addColumn('applied_at', 'bigint', (column) => column.notNull())
    .execute();
  // One read of what is applied (a second start has every migration): a query per migration was most of
  // the check. Each missing one is checked again inside its transaction, under the lock.
  const appliedBefore = new Set(
    (await db.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version),
  );
  const applied: string[] = [];
  for (const migration of MIGRATIONS) {
    if (appliedBefore.has(migration.version)) continue;
    await db.transaction().execute(async (trx) => {
      // Two instances starting at once must not both apply a migration: PostgreSQL serialises them here.
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      if (await isApplied(trx, migration.version)) return;
      await migration.up(trx as unknown as Kysely<unknown>, dialect);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, applied_at: Date.now() })
        .execute();
      applied.push(migration.version);
    });
  }
  return applied;
}
