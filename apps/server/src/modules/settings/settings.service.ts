import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { SETTING_DEFINITIONS, type SettingKey, type SettingValue } from './settings.definitions.ts';
import { findSettingValues, upsertSettingValue } from './settings.repository.ts';

/** Typed access to operator settings, falling back to each setting's default. */
export class SettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Reads one setting; a stored value that no longer parses is a bug and fails loudly. */
  async get<Key extends SettingKey>(key: Key, db: Kysely<Database> = this.db): Promise<SettingValue<Key>> {
    const values = await this.getMany([key], db);
    return values[key];
  }

  /** Reads several settings in one query. */
  async getMany<Key extends SettingKey>(
    keys: readonly Key[],
    db: Kysely<Database> = this.db,
  ): Promise<{ [K in Key]: SettingValue<K> }> {
    const stored = await findSettingValues(db, keys);
    const result = {} as { [K in Key]: SettingValue<K> };
    for (const key of keys) {
      const definition = SETTING_DEFINITIONS[key];
      const text = stored.get(key);
      if (text === undefined) {
        result[key] = definition.defaultValue as SettingValue<Key>;
        continue;
      }
      const parsed = definition.schema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error(`Setting ${key} holds an invalid value: ${text}`);
      result[key] = parsed.data as SettingValue<Key>;
    }
    return result;
  }

  /** Validates and stores one setting. */
  async set<Key extends SettingKey>(
    key: Key,
    value: SettingValue<Key>,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    const parsed = SETTING_DEFINITIONS[key].schema.parse(value);
    await upsertSettingValue(db, key, JSON.stringify(parsed), this.clock.now());
  }
}
