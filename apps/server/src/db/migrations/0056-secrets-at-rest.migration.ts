import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Secrets at rest are stored sealed (platform/secrets/secret-box.ts): a sealed value is longer than its
 * plaintext (a 32-character TOTP secret becomes about 100 characters, a 200-character provider secret about
 * 320), so the columns that hold them become text on PostgreSQL. SQLite never enforced their lengths. The
 * values themselves are sealed by the re-seal routine that runs at every start after the migrations.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema
    .alterTable('operators')
    .alterColumn('totp_secret', (column) => column.setDataType('text'))
    .alterColumn('totp_pending_secret', (column) => column.setDataType('text'))
    .execute();
  await db.schema
    .alterTable('game_providers')
    .alterColumn('secret', (column) => column.setDataType('text'))
    .execute();
}
