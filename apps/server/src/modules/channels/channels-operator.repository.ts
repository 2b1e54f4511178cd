import type { Kysely, Updateable } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PaymentChannelRow, PaymentChannelsTable } from '../payments/payments.tables.ts';
import type { WithdrawalChannelRow, WithdrawalChannelsTable } from '../withdrawals/withdrawals.tables.ts';

/** A bound on the channel lists: a real deployment has a handful. */
export const MAX_LISTED_CHANNELS = 200;

/** Every payment channel, enabled or not, in the players' order. */
export async function listAllPaymentChannels(db: Kysely<Database>): Promise<PaymentChannelRow[]> {
  return db
    .selectFrom('payment_channels')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .limit(MAX_LISTED_CHANNELS)
    .execute();
}

/** Reads a payment channel for a change (locked on PostgreSQL until the transaction ends). */
/** One payment channel as committed, without a lock. */
export async function findPaymentChannelById(
  db: Kysely<Database>,
  id: number,
): Promise<PaymentChannelRow | undefined> {
  return db.selectFrom('payment_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockPaymentChannelById(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<PaymentChannelRow | undefined> {
  return forUpdate(
    trx.selectFrom('payment_channels').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
}

/** Writes a payment channel's changed columns. */
export async function updatePaymentChannel(
  trx: Kysely<Database>,
  id: number,
  changes: Updateable<PaymentChannelsTable>,
): Promise<void> {
  await trx.updateTable('payment_channels').set(changes).where('id', '=', id).execute();
}

/** Every withdrawal channel, enabled or not, in the players' order. */
export async function listAllWithdrawalChannels(db: Kysely<Database>): Promise<WithdrawalChannelRow[]> {
  return db
    .selectFrom('withdrawal_channels')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .limit(MAX_LISTED_CHANNELS)
    .execute();
}

/** Reads a withdrawal channel for a change (locked on PostgreSQL until the transaction ends). */
export async function lockWithdrawalChannelById(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<WithdrawalChannelRow | undefined> {
  return forUpdate(
    trx.selectFrom('withdrawal_channels').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
}

/** Writes a withdrawal channel's changed columns. */
export async function updateWithdrawalChannel(
  trx: Kysely<Database>,
  id: number,
  changes: Updateable<WithdrawalChannelsTable>,
): Promise<void> {
  await trx.updateTable('withdrawal_channels').set(changes).where('id', '=', id).execute();
}
