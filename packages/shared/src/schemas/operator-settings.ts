import { z } from 'zod';

/** The longest setting key PUT /admin/api/settings/:key accepts; every real key is far shorter. */
export const SETTING_KEY_MAX_LENGTH = 64;

/** The key in PUT /admin/api/settings/:key; whether it names a setting is the server's to say (404). */
export const settingParams = z.object({
  key: z
    .string()
    .min(1, 'key is required')
    .max(SETTING_KEY_MAX_LENGTH, `key must be at most ${SETTING_KEY_MAX_LENGTH} characters`),
});
