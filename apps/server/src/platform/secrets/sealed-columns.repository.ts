import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The two TOTP secret columns of an operator. */
export type OperatorSecretColumn = 'totp_secret' | 'totp_pending_secret';

/** A page of operators that hold a TOTP secret, after the given id, in id order. */
export async function listOperatorTotpSecrets(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; totp_secret: string | null; totp_pending_secret: string | null }>> {
  return db
    .selectFrom('operators')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_pending_secret', 'is not', null)]))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Replaces one TOTP secret if it still holds `previous`; answers whether it did. */
export async function replaceOperatorSecret(
  db: Kysely<Database>,
  id: number,
  column: OperatorSecretColumn,
  previous: string,
  next: string,
): Promise<boolean> {
  const query =
    column === 'totp_secret'
      ? db.updateTable('operators').set({ totp_secret: next }).where('totp_secret', '=', previous)
      : db
          .updateTable('operators')
          .set({ totp_pending_secret: next })
          .where('totp_pending_secret', '=', previous);
  const result = await query.where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A page of payment channels' settings, after the given id, in id order. */
export async function listPaymentChannelSettings(db: Kysely<Database>, afterId: number, limit: number) {
  return db
    .selectFrom('payment_channels')
    .select(['id', 'key', 'adapter', 'settings_json'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Replaces a channel's settings if they are still `previous`; answers whether it did. */
export async function replacePaymentChannelSettings(
  db: Kysely<Database>,
  id: number,
  previous: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_channels')
    .set({ settings_json: next })
    .where('id', '=', id)
    .where('settings_json', '=', previous)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A page of game providers' secrets, after the given id, in id order. */
export async function listGameProviderSecrets(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; key: string; secret: string }>> {
  return db
    .selectFrom('game_providers')
    .select(['id', 'key', 'secret'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Replaces a provider's secret if it is still `previous`; answers whether it did. */
export async function replaceGameProviderSecret(
  db: Kysely<Database>,
  id: number,
  previous: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('game_providers')
    .set({ secret: next })
    .where('id', '=', id)
    .where('secret', '=', previous)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
