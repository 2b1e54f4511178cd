import type { MarketCode } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { type PublicReadCache, PublicReadTag } from '../../platform/public-read-cache.ts';
import {
  SETTING_DEFINITIONS,
  type SettingKey,
  type SettingValue,
  settingDefault,
} from './settings.definitions.ts';
import { findSettingValues, upsertSettingValue } from './settings.repository.ts';

const ALL_SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];

/** Every setting with its current (or default) value. */
export type AllSettings = { [K in SettingKey]: SettingValue<K> };

/** Typed access to operator settings, falling back to each setting's default. */
export class SettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Where settings read for display are kept between changes; without one they are read every time. */
    private readonly publicReads?: PublicReadCache,
    /** The market whose defaults apply to settings never stored (amounts of money differ per market). */
    readonly market: MarketCode = 'in',
  ) {}

  /**
   * Reads settings for display (profile, home screen, app shell) from the public-read cache: every setting
   * is read in one query once per change. Never for a decision that moves money or guards an action, which
   * reads the table itself (get/getMany), in its transaction.
   */
  async getForDisplay<Key extends SettingKey>(
    keys: readonly Key[],
  ): Promise<{ [K in Key]: SettingValue<K> }> {
    if (!this.publicReads) return this.getMany(keys);
    const all = await this.allForDisplay();
    const result = {} as { [K in Key]: SettingValue<K> };
    for (const key of keys) result[key] = all[key] as SettingValue<Key>;
    return result;
  }

  /**
   * Every setting for display, from the public-read cache: synchronously while it is kept (the app shell's
   * hot path allocates no promise), else once it is read.
   */
  allForDisplay(): AllSettings | Promise<AllSettings> {
    if (!this.publicReads) return this.getMany(ALL_SETTING_KEYS);
    return this.publicReads.read('settings', [PublicReadTag.settings], () => this.getMany(ALL_SETTING_KEYS));
  }

  /**
   * Says that settings changed (called after the change has committed), so everything computed from them
   * is read again. The seam for the event bus: publish it so every other instance invalidates
   * `PublicReadTag.settings` too.
   */
  changed(): void {
    this.publicReads?.invalidate(PublicReadTag.settings);
  }

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
        result[key] = settingDefault(key, this.market) as SettingValue<Key>;
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
    // Outside a transaction the change is committed now; inside one, the caller says so after its commit.
    if (db === this.db) this.changed();
  }
}
