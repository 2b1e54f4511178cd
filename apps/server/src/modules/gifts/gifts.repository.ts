import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { LedgerKind } from '../ledger/ledger.kinds.ts';
import type { GiftCodeRow, GiftEventRoundRow } from './gifts.tables.ts';

/** The account facts the gift rules need. */
export async function findGiftUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['mobile', 'event_gift_enable'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether the user has a credited recharge. */
export async function hasCreditedRecharge(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('recharges')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'Success')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user referred anyone. */
export async function hasReferred(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('referrer_level1_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user's wallet paid a stake of any game (by its ledger kind) since the instant. */
export async function hasBetSince(
  db: Kysely<Database>,
  userId: number,
  kinds: readonly LedgerKind[],
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.debit_account_id')
    .select('t.id')
    .where('a.user_id', '=', userId)
    .where('a.kind', '=', 'user_wallet')
    .where('t.kind', 'in', kinds)
    .where('t.created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// Gift codes

/**
 * Adds a gift code's total to its maker's total of the day, unless that would pass the cap: one conditional
 * upsert, so parallel requests of one operator cannot pass it together. Answers whether it was added.
 */
export async function addToCreatorDailyTotal(
  trx: Kysely<Database>,
  values: { creatorKey: string; day: string; amountMinor: number; capMinor: number; now: number },
): Promise<boolean> {
  if (values.amountMinor > values.capMinor) return false;
  const row = await trx
    .insertInto('gift_code_daily_totals')
    .values({
      creator_key: values.creatorKey,
      day: values.day,
      total_minor: values.amountMinor,
      updated_at: values.now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['creator_key', 'day'])
        .doUpdateSet((eb) => ({
          total_minor: eb('gift_code_daily_totals.total_minor', '+', values.amountMinor),
          updated_at: values.now,
        }))
        .where('gift_code_daily_totals.total_minor', '<=', values.capMinor - values.amountMinor),
    )
    .returning('total_minor')
    .executeTakeFirst();
  return row !== undefined;
}

/** What an operator's gift codes of a day add up to so far (0 when none). */
export async function creatorDailyTotal(
  db: Kysely<Database>,
  creatorKey: string,
  day: string,
): Promise<number> {
  const row = await db
    .selectFrom('gift_code_daily_totals')
    .select('total_minor')
    .where('creator_key', '=', creatorKey)
    .where('day', '=', day)
    .executeTakeFirst();
  return row ? Number(row.total_minor) : 0;
}

/** Whether a gift code of this name exists. */
export async function giftCodeExists(db: Kysely<Database>, code: string): Promise<boolean> {
  const row = await db.selectFrom('gift_codes').select('id').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function insertGiftCode(
  trx: Kysely<Database>,
  values: {
    code: string;
    totalMinor: number;
    count: number;
    split: 'fixed' | 'random';
    minimumMinor: number;
    expiresAt: number;
    requireRecharge: boolean;
    createdByKey: string;
    approvalRequestId: number | null;
    now: number;
  },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('gift_codes')
    .values({
      code: values.code,
      total_minor: values.totalMinor,
      packet_count: values.count,
      split: values.split,
      min_amount_minor: values.minimumMinor,
      expires_at: values.expiresAt,
      require_recharge: values.requireRecharge ? 1 : 0,
      created_at: values.now,
      created_by_key: values.createdByKey,
      approval_request_id: values.approvalRequestId,
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** Inserts a code's packets, a few hundred rows per statement. */
export async function insertPackets(trx: Kysely<Database>, giftCodeId: number, amounts: readonly number[]) {
  const CHUNK = 500;
  for (let start = 0; start < amounts.length; start += CHUNK) {
    await trx
      .insertInto('gift_code_packets')
      .values(
        amounts.slice(start, start + CHUNK).map((amount, index) => ({
          gift_code_id: giftCodeId,
          seq: start + index + 1,
          amount_minor: amount,
          claimed_by_user_id: null,
          claimed_at: null,
        })),
      )
      .execute();
  }
}

export async function lockGiftCodeByCode(
  trx: Kysely<Database>,
  dialect: DialectName,
  code: string,
): Promise<GiftCodeRow | undefined> {
  return forUpdate(
    trx.selectFrom('gift_codes').selectAll().where('code', '=', code),
    dialect,
  ).executeTakeFirst();
}

export async function findGiftCode(db: Kysely<Database>, id: number): Promise<GiftCodeRow | undefined> {
  return db.selectFrom('gift_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hasClaimedCode(
  db: Kysely<Database>,
  giftCodeId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('gift_code_packets')
    .select('id')
    .where('gift_code_id', '=', giftCodeId)
    .where('claimed_by_user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the next unclaimed packet of a locked code to the user; answers its amount, or undefined. */
export async function claimNextPacket(
  trx: Kysely<Database>,
  giftCodeId: number,
  userId: number,
  now: number,
): Promise<number | undefined> {
  const packet = await trx
    .selectFrom('gift_code_packets')
    .select(['id', 'amount_minor'])
    .where('gift_code_id', '=', giftCodeId)
    .where('claimed_by_user_id', 'is', null)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  if (!packet) return undefined;
  const updated = await trx
    .updateTable('gift_code_packets')
    .set({ claimed_by_user_id: userId, claimed_at: now })
    .where('id', '=', packet.id)
    .where('claimed_by_user_id', 'is', null)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n)
    throw new Error(`packet ${packet.id} was taken while its code was locked`);
  const counted = await trx
    .updateTable('gift_codes')
    .set((eb) => ({
      claimed_count: eb('claimed_count', '+', 1),
      claimed_minor: eb('claimed_minor', '+', Number(packet.amount_minor)),
    }))
    .where('id', '=', giftCodeId)
    .executeTakeFirst();
  if (counted.numUpdatedRows !== 1n) throw new Error(`gift code ${giftCodeId} vanished while locked`);
  return Number(packet.amount_minor);
}

export async function disableGiftCode(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('gift_codes')
    .set({ is_disabled: 1 })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function listGiftCodes(db: Kysely<Database>, window: PageWindow) {
  const count = await db
    .selectFrom('gift_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('gift_codes')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { count: Number(count.count), rows };
}

export async function listGiftCodeClaims(db: Kysely<Database>, giftCodeId: number, window: PageWindow) {
  const base = db
    .selectFrom('gift_code_packets')
    .where('gift_code_id', '=', giftCodeId)
    .where('claimed_by_user_id', 'is not', null);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['claimed_by_user_id', 'amount_minor', 'claimed_at'])
    .orderBy('claimed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { count: Number(count.count), rows };
}

// Gift event rounds

/** Creates the day's rounds unless they exist (a concurrent creator wins quietly). */
export async function insertRoundsIfMissing(
  db: Kysely<Database>,
  rounds: ReadonlyArray<Omit<GiftEventRoundRow, 'id' | 'opened_count'>>,
): Promise<void> {
  await db
    .insertInto('gift_event_rounds')
    .values(rounds.map((round) => ({ ...round })))
    .onConflict((conflict) => conflict.columns(['day', 'slot']).doNothing())
    .execute();
}

export async function listRoundsOfDay(db: Kysely<Database>, day: string): Promise<GiftEventRoundRow[]> {
  return db.selectFrom('gift_event_rounds').selectAll().where('day', '=', day).orderBy('slot').execute();
}

export async function roundsJoinedBy(db: Kysely<Database>, userId: number, roundIds: readonly number[]) {
  if (roundIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('gift_event_claims')
    .select('round_id')
    .where('user_id', '=', userId)
    .where('round_id', 'in', roundIds)
    .execute();
  return new Set(rows.map((row) => Number(row.round_id)));
}

export async function lockRound(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<GiftEventRoundRow | undefined> {
  return forUpdate(
    trx.selectFrom('gift_event_rounds').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
}

/** Records a player's opening of a locked round and takes the amount from its pool; false if joined before. */
export async function recordRoundClaim(
  trx: Kysely<Database>,
  values: { roundId: number; userId: number; amountMinor: number; now: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('gift_event_claims')
    .values({
      round_id: values.roundId,
      user_id: values.userId,
      amount_minor: values.amountMinor,
      created_at: values.now,
    })
    .onConflict((conflict) => conflict.columns(['round_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
  const taken = await trx
    .updateTable('gift_event_rounds')
    .set((eb) => ({
      remaining_minor: eb('remaining_minor', '-', values.amountMinor),
      opened_count: eb('opened_count', '+', 1),
    }))
    .where('id', '=', values.roundId)
    .where('remaining_minor', '>=', values.amountMinor)
    .where(sql<boolean>`opened_count < receive_limit`)
    .executeTakeFirst();
  if (taken.numUpdatedRows !== 1n)
    throw new Error(`round ${values.roundId} could not pay ${values.amountMinor}`);
  return true;
}

export async function listRounds(db: Kysely<Database>, window: PageWindow) {
  const count = await db
    .selectFrom('gift_event_rounds')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('gift_event_rounds')
    .selectAll()
    .orderBy('start_at', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { count: Number(count.count), rows };
}
