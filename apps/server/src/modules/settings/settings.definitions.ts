import { z } from 'zod';

/** The home carousel shows at most this many banners (spec 01 §9). */
export const MAX_HOME_BANNERS = 5;

/**
 * Every operator setting with its type and default. A setting that is not stored answers its default, so a
 * new setting never needs a data migration.
 */
export const SETTING_DEFINITIONS = {
  'home.banners': {
    schema: z.array(z.string().max(500)).max(MAX_HOME_BANNERS),
    defaultValue: [] as string[],
  },
  'home.notice': { schema: z.string().max(5000), defaultValue: '' },
  'app.android_version': { schema: z.string().max(50), defaultValue: '' },
  'demo.referral_code': { schema: z.string().max(20), defaultValue: '' },
} as const;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export type SettingValue<Key extends SettingKey> = z.output<(typeof SETTING_DEFINITIONS)[Key]['schema']>;
