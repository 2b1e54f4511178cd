import type { PaymentChannelType } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NewPaymentChannelRow, PaymentChannelRow } from '../payments/payments.tables.ts';

/** The enabled channels of a type in the operator's order. */
export async function listEnabledChannels(
  db: Kysely<Database>,
  type: PaymentChannelType,
): Promise<PaymentChannelRow[]> {
  return db
    .selectFrom('payment_channels')
    .selectAll()
    .where('type', '=', type)
    .where('is_enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The channel with this key, enabled or not. */
export async function findChannelByKey(
  db: Kysely<Database>,
  key: string,
): Promise<PaymentChannelRow | undefined> {
  return db.selectFrom('payment_channels').selectAll().where('key', '=', key).executeTakeFirst();
}

/** The channel with this id, enabled or not. */
export async function findChannelById(
  db: Kysely<Database>,
  id: number,
): Promise<PaymentChannelRow | undefined> {
  return db.selectFrom('payment_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many channels exist at all. */
export async function countChannels(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('payment_channels')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts channels; answers how many were written. */
export async function insertChannels(
  db: Kysely<Database>,
  channels: NewPaymentChannelRow[],
): Promise<number> {
  if (channels.length === 0) return 0;
  await db.insertInto('payment_channels').values(channels).execute();
  return channels.length;
}

/** Replaces a channel's settings and switches it on or off (operators and tests). */
export async function updateChannelSettings(
  db: Kysely<Database>,
  key: string,
  change: { settingsJson: string; enabled: boolean; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_channels')
    .set({ settings_json: change.settingsJson, is_enabled: change.enabled ? 1 : 0, updated_at: change.now })
    .where('key', '=', key)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
