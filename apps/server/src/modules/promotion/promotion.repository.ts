import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import { pageOwnedRows } from '../../db/owned-rows-page.repository.ts';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { ProfitTransferRow } from './promotion.tables.ts';

/**
 * SQL condition: the referred player `referred` and the referrer `referrer` (column expressions) share a
 * device id (a trusted device of both) or a payout account (a bank card number of both, deleted or not).
 * Such a referral earns no bonus (DESIGN.md §6).
 */
export function sharesDeviceOrPayout(referred: RawBuilder<unknown>, referrer: RawBuilder<unknown>) {
  return sql<boolean>`(exists (select 1 from trusted_devices d1 join trusted_devices d2
      on d2.device_id = d1.device_id and d2.user_id = ${referrer} where d1.user_id = ${referred})
    or exists (select 1 from bank_cards c1 join bank_cards c2
      on c2.account_number = c1.account_number and c2.user_id = ${referrer} where c1.user_id = ${referred}))`;
}

/**
 * Inserts the P bonuses of one settled round, set-based: the fees (`fees` answers user_id and fee_minor)
 * summed per player, each player's level-1 and level-2 referrer (unless the referral shares a device or
 * payout account), summed per referrer and level, times the level's rate in basis points, rounded down; a
 * zero bonus is not written. Answers how many rows were written.
 */
export async function insertRoundBonuses(
  trx: Kysely<Database>,
  request: {
    fees: RawBuilder<unknown>;
    game: string;
    roundRef: string;
    keyPrefix: string;
    level1RateBp: number;
    level2RateBp: number;
    now: number;
  },
): Promise<number> {
  const { fees, game, roundRef, keyPrefix, now } = request;
  const rate1 = sql.lit(request.level1RateBp);
  const rate2 = sql.lit(request.level2RateBp);
  const result = await sql`
    insert into promotion_bonuses (user_id, level, type, amount_minor, source_user_id, source_count, game,
      round_ref, bonus_key, created_at)
    select l.referrer_id, l.level, 'P',
      cast(sum(l.fee_minor) as bigint) * (case when l.level = 1 then ${rate1} else ${rate2} end) / 10000,
      min(l.source_user_id), count(*), cast(${game} as varchar(20)), cast(${roundRef} as varchar(100)),
      cast(${keyPrefix} as varchar(200)) || cast(l.level as varchar(1)) || ':' || cast(l.referrer_id as varchar(20)),
      cast(${String(now)} as bigint)
    from (
      select u.referrer_level1_id as referrer_id, 1 as level, f.user_id as source_user_id, f.fee_minor
      from (select user_id, cast(sum(fee_minor) as bigint) as fee_minor from (${fees}) s group by user_id) f
      join users u on u.id = f.user_id
      where u.referrer_level1_id is not null
        and not ${sharesDeviceOrPayout(sql`u.id`, sql`u.referrer_level1_id`)}
      union all
      select u.referrer_level2_id as referrer_id, 2 as level, f.user_id as source_user_id, f.fee_minor
      from (select user_id, cast(sum(fee_minor) as bigint) as fee_minor from (${fees}) s group by user_id) f
      join users u on u.id = f.user_id
      where u.referrer_level2_id is not null
        and not ${sharesDeviceOrPayout(sql`u.id`, sql`u.referrer_level2_id`)}
    ) l
    group by l.referrer_id, l.level
    having cast(sum(l.fee_minor) as bigint) * (case when l.level = 1 then ${rate1} else ${rate2} end) / 10000 > 0
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

/** The P bonuses of one round as a bulk-credit source (user_id, reference_id, idempotency_key, amount_minor). */
export function roundBonusCredits(game: string, roundRef: string): RawBuilder<unknown> {
  return sql`select b.user_id as user_id, b.round_ref as reference_id, b.bonus_key as idempotency_key,
      b.amount_minor as amount_minor
    from promotion_bonuses b where b.type = 'P' and b.game = ${game} and b.round_ref = ${roundRef}`;
}

/** A referred player's level-1 referrer, unless the referral shares a device or payout account. */
export async function findBonusReferrer(
  db: Kysely<Database>,
  referredUserId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select('u.referrer_level1_id')
    .where('u.id', '=', referredUserId)
    .where('u.referrer_level1_id', 'is not', null)
    .where(({ not }) => not(sharesDeviceOrPayout(sql`u.id`, sql`u.referrer_level1_id`)))
    .executeTakeFirst();
  return row?.referrer_level1_id == null ? undefined : Number(row.referrer_level1_id);
}

/** Writes a BFFR bonus unless its key exists; answers whether it was written. */
export async function insertBonusIfNew(
  trx: Kysely<Database>,
  bonus: {
    userId: number;
    amountMinor: number;
    sourceUserId: number;
    roundRef: string;
    bonusKey: string;
    now: number;
  },
): Promise<boolean> {
  const result = await trx
    .insertInto('promotion_bonuses')
    .values({
      user_id: bonus.userId,
      level: 1,
      type: 'BFFR',
      amount_minor: bonus.amountMinor,
      source_user_id: bonus.sourceUserId,
      source_count: 1,
      game: 'recharge',
      round_ref: bonus.roundRef,
      bonus_key: bonus.bonusKey,
      created_at: bonus.now,
    })
    .onConflict((conflict) => conflict.column('bonus_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** How many players a user referred at a level, and the bonus they brought in all. */
export async function levelSummary(
  db: Kysely<Database>,
  userId: number,
  level: 1 | 2,
): Promise<{ userCount: number; contributionMinor: number }> {
  const column = level === 1 ? 'referrer_level1_id' : 'referrer_level2_id';
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(column, '=', userId)
    .executeTakeFirstOrThrow();
  const bonus = await db
    .selectFrom('promotion_bonuses')
    .select((eb) => eb.fn.sum<number | null>('amount_minor').as('total'))
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .executeTakeFirstOrThrow();
  return { userCount: Number(users.count), contributionMinor: Number(bonus.total ?? 0) };
}

/** A page of a user's bonuses of one level, newest first, with the contributor's nick name. */
export async function listBonuses(db: Kysely<Database>, userId: number, level: 1 | 2, window: PageWindow) {
  const count = await db
    .selectFrom('promotion_bonuses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('promotion_bonuses as b')
    .leftJoin('users as u', 'u.id', 'b.source_user_id')
    .select(['b.type', 'b.round_ref', 'b.amount_minor', 'b.created_at', 'u.nick_name'])
    .where('b.user_id', '=', userId)
    .where('b.level', '=', level)
    .orderBy('b.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { count: Number(count.count), rows };
}

/** A page of the players a user referred at a level, newest first, with their first recharge's amount. */
export async function listReferredUsers(
  db: Kysely<Database>,
  userId: number,
  level: 1 | 2,
  window: PageWindow,
) {
  const column = level === 1 ? 'u.referrer_level1_id' : 'u.referrer_level2_id';
  const count = await db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(column, '=', userId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('recharges as r', (join) =>
      join.onRef('r.user_id', '=', 'u.id').on('r.is_first_recharge', '=', 1).on('r.status', '=', 'Success'),
    )
    .select(['u.nick_name', 'u.created_at', 'r.amount_minor'])
    .where(column, '=', userId)
    .orderBy('u.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { count: Number(count.count), rows };
}

/** Inserts a waiting profit transfer; answers its id. */
export async function insertProfitTransfer(
  trx: Kysely<Database>,
  values: { userId: number; amountMinor: number; now: number },
): Promise<number> {
  const row = await trx
    .insertInto('profit_transfers')
    .values({
      user_id: values.userId,
      amount_minor: values.amountMinor,
      status: 'Wait',
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setProfitTransferHold(
  trx: Kysely<Database>,
  id: number,
  holdId: number,
): Promise<void> {
  await trx.updateTable('profit_transfers').set({ hold_transfer_id: holdId }).where('id', '=', id).execute();
}

/** Moves a waiting profit transfer to Completed or Refused; answers whether it was waiting. */
export async function resolveProfitTransfer(
  trx: Kysely<Database>,
  id: number,
  values: { status: 'Completed' | 'Refused'; reason: string | null; now: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('profit_transfers')
    .set({ status: values.status, refuse_reason: values.reason, resolved_at: values.now })
    .where('id', '=', id)
    .where('status', '=', 'Wait')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function lockProfitTransfer(
  trx: Kysely<Database>,
  dialect: DialectName,
  id: number,
): Promise<ProfitTransferRow | undefined> {
  return forUpdate(
    trx.selectFrom('profit_transfers').selectAll().where('id', '=', id),
    dialect,
  ).executeTakeFirst();
}

/** A page of profit transfers of one user, or (userId undefined) of everyone with a status. */
export async function listProfitTransfers(
  db: Kysely<Database>,
  filter: { userId?: number; status?: ProfitTransferRow['status'] },
  window: PageWindow,
): Promise<{ count: number; rows: ProfitTransferRow[] }> {
  return pageOwnedRows(db, 'profit_transfers', filter, window);
}
