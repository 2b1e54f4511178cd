import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { type SecretBox, SecretBoxError } from '../../../platform/secrets/secret-box.ts';
import {
  findProviderByKey,
  insertApprovedProvider,
  insertGame,
  updateApprovedProvider,
} from '../launcher.repository.ts';
import type { GameProviderRow } from '../launcher.tables.ts';
import { PROVIDER_SECRET_PURPOSE } from '../provider-secrets.ts';
import {
  DEMO_DAILY_PAYOUT_CAP_MINOR,
  DEMO_DICE_GAME_CODE,
  DEMO_DICE_PAGE_PATH,
  DEMO_MAX_MULTIPLIER_HUNDREDTHS,
  DEMO_PROVIDER_KEY,
} from './dice-provider.service.ts';

/** Whether a stored secret opens with this box. */
function opens(secrets: SecretBox, sealed: string): boolean {
  try {
    secrets.open(sealed, PROVIDER_SECRET_PURPOSE);
    return true;
  } catch (error) {
    if (error instanceof SecretBoxError) return false;
    throw error;
  }
}

/**
 * Registers the built-in demo provider (approved, with its caps and a fresh random secret, sealed) and its
 * dice game on the home list, once. The demo provider is this server talking to itself, so nobody needs its
 * secret: a row left unapproved by an older version (whose secret an operator could have chosen), or whose
 * secret no longer opens (the key changed), is re-keyed with a fresh secret, its launch URL and caps reset
 * and approved. An approved row that opens is left alone.
 */
export async function seedDemoGameProvider(
  db: Kysely<Database>,
  clock: Clock,
  secrets: SecretBox,
): Promise<boolean> {
  const now = clock.now();
  const values = {
    key: DEMO_PROVIDER_KEY,
    secret: secrets.seal(randomBytes(32).toString('base64url'), PROVIDER_SECRET_PURPOSE),
    launch_url: DEMO_DICE_PAGE_PATH,
    max_multiplier_hundredths: DEMO_MAX_MULTIPLIER_HUNDREDTHS,
    daily_payout_cap_minor: DEMO_DAILY_PAYOUT_CAP_MINOR,
    approvalRequestId: null,
    now,
  };
  const existing: GameProviderRow | undefined = await findProviderByKey(db, DEMO_PROVIDER_KEY);
  if (existing) {
    if (existing.approved_at === null || !opens(secrets, existing.secret)) {
      await updateApprovedProvider(db, Number(existing.id), { ...values, name: existing.name });
    }
    return false;
  }
  const providerId = await insertApprovedProvider(db, { ...values, name: 'Demo provider' });
  if (providerId === undefined) return false;
  await insertGame(db, {
    providerId,
    gameCode: DEMO_DICE_GAME_CODE,
    name: 'Dice',
    image: '/demo-provider/dice.svg',
    sortOrder: 0,
    now,
  });
  return true;
}
