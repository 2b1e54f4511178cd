import type { PaymentAdapterName, RechargeStatus } from '@app/shared';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { NewRechargeRow, RechargeRow } from '../payments/payments.tables.ts';

/** Inserts a recharge and answers its id. */
export async function insertRecharge(db: Kysely<Database>, recharge: NewRechargeRow): Promise<number> {
  const row = await db.insertInto('recharges').values(recharge).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A user's own recharge by serial number (another user's answers undefined). */
export async function findOwnRecharge(
  db: Kysely<Database>,
  userId: number,
  serialNumber: string,
): Promise<RechargeRow | undefined> {
  return db
    .selectFrom('recharges')
    .selectAll()
    .where('serial_number', '=', serialNumber)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A recharge by serial number, whoever owns it. */
export async function findRechargeBySerial(
  db: Kysely<Database>,
  serialNumber: string,
): Promise<RechargeRow | undefined> {
  return db.selectFrom('recharges').selectAll().where('serial_number', '=', serialNumber).executeTakeFirst();
}

/** Locks and reads a recharge by id, so settlements of one recharge take turns. */
export async function lockRechargeById(
  db: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<RechargeRow | undefined> {
  return forUpdate(db.selectFrom('recharges').selectAll().where('id', '=', id), dialect).executeTakeFirst();
}

/** Locks and reads a recharge by serial number (optionally only the given user's). */
export async function lockRechargeBySerial(
  db: Kysely<Database>,
  dialect: DialectName,
  serialNumber: string,
  userId?: number,
): Promise<RechargeRow | undefined> {
  let query = db.selectFrom('recharges').selectAll().where('serial_number', '=', serialNumber);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return forUpdate(query, dialect).executeTakeFirst();
}

/** Locks and reads the recharge of a gateway order taken through the given channel. */
export async function lockRechargeByGatewayOrder(
  db: Kysely<Database>,
  dialect: DialectName,
  order: { adapter: PaymentAdapterName; channelKey: string; gatewayOrderId: string },
): Promise<RechargeRow | undefined> {
  return forUpdate(
    db
      .selectFrom('recharges')
      .selectAll()
      .where('adapter', '=', order.adapter)
      .where('gateway_order_id', '=', order.gatewayOrderId)
      .where('channel_key', '=', order.channelKey),
    dialect,
  ).executeTakeFirst();
}

/** The serial number of another recharge already paid by this gateway payment, if any. */
export async function findOtherRechargeOfPayment(
  db: Kysely<Database>,
  adapter: PaymentAdapterName,
  gatewayPaymentId: string,
  rechargeId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('recharges')
    .select('serial_number')
    .where('adapter', '=', adapter)
    .where('gateway_payment_id', '=', gatewayPaymentId)
    .where('id', '<>', rechargeId)
    .executeTakeFirst();
  return row?.serial_number;
}

/** Whether the user has a credited recharge other than this one. */
export async function hasOtherCreditedRecharge(
  db: Kysely<Database>,
  userId: number,
  rechargeId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('recharges')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'Success')
    .where('id', '<>', rechargeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a recharge credited; answers false when it already was (the caller holds its lock). */
export async function markRechargeCredited(
  db: Kysely<Database>,
  id: number,
  credit: { gatewayPaymentId: string | null; isFirstRecharge: boolean; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('recharges')
    .set({
      status: 'Success',
      gateway_payment_id: credit.gatewayPaymentId,
      is_first_recharge: credit.isFirstRecharge ? 1 : 0,
      credited_at: credit.now,
      updated_at: credit.now,
      failure_reason: null,
    })
    .where('id', '=', id)
    .where('status', '<>', 'Success')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves a recharge from one of `from` to a final unpaid status; answers whether it moved. */
export async function markRechargeUnpaid(
  db: Kysely<Database>,
  id: number,
  change: { from: readonly RechargeStatus[]; to: 'Failed' | 'Cancelled'; reason: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('recharges')
    .set({ status: change.to, failure_reason: change.reason, updated_at: change.now })
    .where('id', '=', id)
    .where('status', 'in', change.from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether any recharge carries this UTR. */
export async function utrExists(db: Kysely<Database>, utr: string): Promise<boolean> {
  const row = await db.selectFrom('recharges').select('id').where('utr', '=', utr).executeTakeFirst();
  return row !== undefined;
}

/** A unique-constraint failure, as each driver reports it. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Stores the UTR of a waiting recharge without one. Answers 'taken' when another recharge got the same
 * UTR first (a concurrent submission that the unique index refused); the caller must then abandon its
 * transaction, which PostgreSQL has already aborted.
 */
export async function setRechargeUtr(
  db: Kysely<Database>,
  id: number,
  utr: string,
  now: number,
): Promise<'stored' | 'taken' | 'not_waiting'> {
  try {
    const result = await db
      .updateTable('recharges')
      .set({ utr, utr_submitted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'Wait')
      .where('utr', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? 'stored' : 'not_waiting';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** A row of the recharge record. */
export interface RechargeRecordRow {
  serial_number: string;
  amount_minor: number;
  status: RechargeStatus;
  channel_name: string;
  created_at: number;
}

/** How many recharges the user has. */
export async function countUserRecharges(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recharges')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the user's recharges, newest first. */
export async function listUserRecharges(
  db: Kysely<Database>,
  userId: number,
  window: PageWindow,
): Promise<RechargeRecordRow[]> {
  return db
    .selectFrom('recharges as r')
    .innerJoin('payment_channels as c', 'c.id', 'r.channel_id')
    .select(['r.serial_number', 'r.amount_minor', 'r.status', 'c.name as channel_name', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** A recharge as the operator sees it. */
export interface OperatorRechargeRow extends RechargeRow {
  mobile: string;
  channel_name: string;
}

/** Waiting manual recharges whose payer has submitted a UTR. */
function awaitingOperator(db: Kysely<Database>, adapters: readonly PaymentAdapterName[]) {
  return db
    .selectFrom('recharges as r')
    .where('r.status', '=', 'Wait')
    .where('r.utr', 'is not', null)
    .where('r.adapter', 'in', adapters);
}

/** How many recharges wait for an operator. */
export async function countAwaitingOperator(
  db: Kysely<Database>,
  adapters: readonly PaymentAdapterName[],
): Promise<number> {
  const row = await awaitingOperator(db, adapters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the recharges waiting for an operator, oldest UTR first. */
export async function listAwaitingOperator(
  db: Kysely<Database>,
  adapters: readonly PaymentAdapterName[],
  window: PageWindow,
): Promise<OperatorRechargeRow[]> {
  return awaitingOperator(db, adapters)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('payment_channels as c', 'c.id', 'r.channel_id')
    .selectAll('r')
    .select(['u.mobile', 'c.name as channel_name'])
    .orderBy('r.utr_submitted_at')
    .orderBy('r.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Waiting gateway recharges created in [createdFrom, createdTo], least recently looked at first. */
export async function listPollableRecharges(
  db: Kysely<Database>,
  filter: { adapters: readonly PaymentAdapterName[]; createdFrom: number; createdTo: number; limit: number },
): Promise<RechargeRow[]> {
  if (filter.adapters.length === 0) return [];
  return db
    .selectFrom('recharges')
    .selectAll()
    .where('status', '=', 'Wait')
    .where('adapter', 'in', filter.adapters)
    .where('created_at', '>=', filter.createdFrom)
    .where('created_at', '<=', filter.createdTo)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(filter.limit)
    .execute();
}

/** Records that the poller looked at a recharge, so the next batch takes others first. */
export async function touchRecharge(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db.updateTable('recharges').set({ updated_at: now }).where('id', '=', id).execute();
}

/** Cancels up to `limit` waiting gateway recharges created before `createdBefore`; answers how many. */
export async function expireWaitingRecharges(
  db: Kysely<Database>,
  filter: { adapters: readonly PaymentAdapterName[]; createdBefore: number; now: number; limit: number },
): Promise<number> {
  if (filter.adapters.length === 0) return 0;
  const result = await db
    .updateTable('recharges')
    .set({ status: 'Cancelled', failure_reason: 'expired', updated_at: filter.now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('recharges')
        .select('id')
        .where('status', '=', 'Wait')
        .where('adapter', 'in', filter.adapters)
        .where('created_at', '<', filter.createdBefore)
        .orderBy('id')
        .limit(filter.limit),
    )
    .where('status', '=', 'Wait')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The user's oldest credited recharge not yet reported by the notification call. */
export async function findUnnotifiedCredit(
  db: Kysely<Database>,
  userId: number,
): Promise<Pick<RechargeRow, 'id' | 'amount_minor' | 'is_first_recharge'> | undefined> {
  return db
    .selectFrom('recharges')
    .select(['id', 'amount_minor', 'is_first_recharge'])
    .where('user_id', '=', userId)
    .where('status', '=', 'Success')
    .where('notified_at', 'is', null)
    .orderBy('credited_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Marks a credit reported; answers false when a concurrent call reported it first. */
export async function markCreditNotified(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('recharges')
    .set({ notified_at: now })
    .where('id', '=', id)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records a webhook event as received; answers its row id, or undefined when the event was received
 * before (a concurrent duplicate waits for the first one's transaction, then finds it).
 */
export async function insertWebhookEvent(
  db: Kysely<Database>,
  event: { provider: string; eventId: string; now: number },
): Promise<number | undefined> {
  const row = await db
    .insertInto('webhook_events')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      recharge_id: null,
      outcome: 'received',
      received_at: event.now,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Stores what processing a webhook event did. */
export async function recordWebhookOutcome(
  db: Kysely<Database>,
  id: number,
  outcome: string,
  rechargeId: number | null,
): Promise<void> {
  await db
    .updateTable('webhook_events')
    .set({ outcome, recharge_id: rechargeId })
    .where('id', '=', id)
    .execute();
}

/** The newest webhook events of a provider (operators and tests). */
export async function listWebhookEvents(
  db: Kysely<Database>,
  provider: string,
  limit: number,
): Promise<Array<{ event_id: string; outcome: string; recharge_id: number | null }>> {
  return db
    .selectFrom('webhook_events')
    .select(['event_id', 'outcome', 'recharge_id'])
    .where('provider', '=', provider)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Records the first of two confirmations of a manual recharge; answers whether it was the first. */
export async function recordFirstConfirmation(
  trx: Kysely<Database>,
  id: number,
  confirmer: { key: string; name: string; now: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('recharges')
    .set({
      first_confirmed_by_key: confirmer.key,
      first_confirmed_by: confirmer.name,
      first_confirmed_at: confirmer.now,
      updated_at: confirmer.now,
    })
    .where('id', '=', id)
    .where('first_confirmed_by_key', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
