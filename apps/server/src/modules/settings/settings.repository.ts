import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Reads the stored JSON text of the given keys. */
export async function findSettingValues(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value_json'])
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.key, row.value_json]));
}

/** Inserts or replaces one setting. */
export async function upsertSettingValue(
  db: Kysely<Database>,
  key: string,
  valueJson: string,
  updatedAt: number,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value_json: valueJson, updated_at: updatedAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value_json: valueJson, updated_at: updatedAt }),
    )
    .execute();
}
