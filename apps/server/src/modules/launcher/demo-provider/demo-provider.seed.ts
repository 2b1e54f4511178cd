import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { findProviderByKey, insertGame, upsertProvider } from '../launcher.repository.ts';
import { DEMO_DICE_GAME_CODE, DEMO_DICE_PAGE_PATH, DEMO_PROVIDER_KEY } from './dice-provider.service.ts';

/**
 * Registers the built-in demo provider (with a fresh random secret) and its dice game on the home list,
 * once: an existing provider row, whatever the operator changed in it, is left alone.
 */
export async function seedDemoGameProvider(db: Kysely<Database>, clock: Clock): Promise<boolean> {
  if (await findProviderByKey(db, DEMO_PROVIDER_KEY)) return false;
  const now = clock.now();
  await upsertProvider(db, {
    key: DEMO_PROVIDER_KEY,
    name: 'Demo provider',
    secret: randomBytes(32).toString('base64url'),
    launchUrl: DEMO_DICE_PAGE_PATH,
    now,
  });
  const provider = await findProviderByKey(db, DEMO_PROVIDER_KEY);
  if (!provider) throw new Error('the demo provider vanished right after it was saved');
  await insertGame(db, {
    providerId: Number(provider.id),
    gameCode: DEMO_DICE_GAME_CODE,
    name: 'Dice',
    image: '/demo-provider/dice.svg',
    sortOrder: 0,
    now,
  });
  return true;
}
