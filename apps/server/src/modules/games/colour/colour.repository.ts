import type { ColourCategory } from '@app/shared';
import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import { type DialectName, forShare } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { forUpdate } from '../../../db/transaction.ts';
import type { PageWindow } from '../../../http/pagination.ts';
import { countedPage, findRevealedSeedIn, insertChainOnce } from '../game-rounds.repository.ts';
import { chainCheckpointStore } from '../hash-chain-store.repository.ts';
import type {
  ColourBetRow,
  ColourChainRow,
  ColourChainsTable,
  ColourPeriodRow,
  ColourPeriodsTable,
  NewColourBetRow,
} from './colour.tables.ts';

/** The game's chain checkpoints, stored by the shared hash-chain code. */
const colourCheckpoints = chainCheckpointStore('colour_chain_checkpoints');

/** The chains of one room, for the lookups below to order and pick from. */
function roomChains(db: Kysely<Database>, room: ColourCategory) {
  return db.selectFrom('colour_chains').selectAll().where('room', '=', room);
}

/** The room's chain that covers a period start: the latest one starting at or before it. */
export async function findChainFor(
  db: Kysely<Database>,
  room: ColourCategory,
  startAt: number,
): Promise<ColourChainRow | undefined> {
  return roomChains(db, room)
    .where('first_period_start_at', '<=', startAt)
    .orderBy('first_period_start_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The room's newest chain. */
export async function findLatestChain(
  db: Kysely<Database>,
  room: ColourCategory,
): Promise<ColourChainRow | undefined> {
  return roomChains(db, room).orderBy('first_period_start_at', 'desc').limit(1).executeTakeFirst();
}

/** The room's chains whose first period starts at or before `latestStart`, oldest first. */
export async function listChainsStartingBy(
  db: Kysely<Database>,
  room: ColourCategory,
  latestStart: number,
): Promise<ColourChainRow[]> {
  return roomChains(db, room)
    .where('first_period_start_at', '<=', latestStart)
    .orderBy('first_period_start_at', 'asc')
    .execute();
}

/** A chain as it is published: everything but its secret. */
export type PublishedChainRow = Omit<ColourChainRow, 'secret_hex'>;

/** The room's latest chains, newest first, without their secrets. */
export async function listRecentChains(
  db: Kysely<Database>,
  room: ColourCategory,
  limit: number,
): Promise<PublishedChainRow[]> {
  return db
    .selectFrom('colour_chains')
    .select(['id', 'room', 'chain_length', 'terminal_hash', 'first_period_start_at', 'created_at'])
    .where('room', '=', room)
    .orderBy('first_period_start_at', 'desc')
    .limit(limit)
    .execute();
}

/** Stores a chain and its checkpoints; answers the chain, or undefined when another leader stored it first. */
export async function insertChain(
  db: Kysely<Database>,
  chain: Insertable<ColourChainsTable>,
  checkpoints: ReadonlyArray<{ linkIndex: number; linkHex: string }>,
): Promise<ColourChainRow | undefined> {
  return insertChainOnce(db, 'colour_chains', chain, ['room', 'first_period_start_at'], {
    store: colourCheckpoints,
    list: checkpoints,
  });
}

/** The nearest stored link at or above an index of a chain. */
export const findCheckpointAtOrAbove = colourCheckpoints.findAtOrAbove;

/** Creates a period's row (open) unless it exists. */
export async function ensurePeriod(
  db: Kysely<Database>,
  period: Insertable<ColourPeriodsTable>,
): Promise<void> {
  await db
    .insertInto('colour_periods')
    .values(period)
    .onConflict((conflict) => conflict.columns(['room', 'period']).doNothing())
    .execute();
}

/** A period row held FOR SHARE on PostgreSQL: bets of it run side by side; its settlement waits for them. */
export async function sharePeriod(
  db: Kysely<Database>,
  dialect: DialectName,
  room: ColourCategory,
  period: string,
): Promise<ColourPeriodRow | undefined> {
  return forShare(
    db.selectFrom('colour_periods').selectAll().where('room', '=', room).where('period', '=', period),
    dialect,
  ).executeTakeFirst();
}

/** A period row locked FOR UPDATE on PostgreSQL (the settlement's state guard). */
export async function lockPeriod(
  db: Kysely<Database>,
  dialect: DialectName,
  room: ColourCategory,
  period: string,
): Promise<ColourPeriodRow | undefined> {
  return forUpdate(
    db.selectFrom('colour_periods').selectAll().where('room', '=', room).where('period', '=', period),
    dialect,
  ).executeTakeFirst();
}

/** One period by room and number, without a lock. */
export async function findPeriod(
  db: Kysely<Database>,
  room: ColourCategory,
  period: string,
): Promise<ColourPeriodRow | undefined> {
  return db
    .selectFrom('colour_periods')
    .selectAll()
    .where('room', '=', room)
    .where('period', '=', period)
    .executeTakeFirst();
}

/** The seed of a chain's link, if its period is settled (revealed). */
export async function findRevealedSeed(
  db: Kysely<Database>,
  chainId: number,
  chainIndex: number,
): Promise<string | undefined> {
  return findRevealedSeedIn(db, 'colour_periods', chainId, chainIndex);
}

/** The start of the room's latest settled period. */
export async function latestSettledStart(
  db: Kysely<Database>,
  room: ColourCategory,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('colour_periods')
    .select('start_at')
    .where('room', '=', room)
    .where('status', '=', 'settled')
    .orderBy('start_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.start_at;
}

/** The starts of the room's open periods that ended at or before `endedBy` (left behind by any leader). */
export async function openPeriodStartsEndedBy(
  db: Kysely<Database>,
  room: ColourCategory,
  latestStart: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('colour_periods')
    .select('start_at')
    .where('room', '=', room)
    .where('status', '=', 'open')
    .where('start_at', '<=', latestStart)
    .orderBy('start_at', 'asc')
    .execute();
  return rows.map((row) => row.start_at);
}

/** Inserts a bet (status W) and answers its id. */
export async function insertBet(db: Kysely<Database>, bet: NewColourBetRow): Promise<number> {
  const row = await db.insertInto('colour_bets').values(bet).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The totals of a period's waiting bets, with what they win on a result digit. */
export async function waitingTotals(
  db: Kysely<Database>,
  periodId: number,
  payoutTenths: ReturnType<typeof sql<number>>,
): Promise<{ count: number; stake: number; fee: number; contract: number; payout: number }> {
  const result = await sql<{
    count: number;
    stake: number | null;
    fee: number | null;
    contract: number | null;
    payout: number | null;
  }>`
    select count(*) as count, sum(stake_minor) as stake, sum(fee_minor) as fee,
      sum(contract_minor) as contract, sum((contract_minor * ${payoutTenths}) / 10) as payout
    from colour_bets where period_id = ${periodId} and status = 'W'
  `.execute(db);
  const row = result.rows[0];
  return {
    count: Number(row?.count ?? 0),
    stake: Number(row?.stake ?? 0),
    fee: Number(row?.fee ?? 0),
    contract: Number(row?.contract ?? 0),
    payout: Number(row?.payout ?? 0),
  };
}

/** Settles every waiting bet of a period in one UPDATE: W → S with its payout, or F. */
export async function settleWaitingBets(
  db: Kysely<Database>,
  periodId: number,
  payoutTenths: ReturnType<typeof sql<number>>,
  result: { price: number; number: number },
  now: number,
): Promise<number> {
  const updated = await sql`
    update colour_bets
    set amount_minor = (contract_minor * ${payoutTenths}) / 10,
      status = case when (contract_minor * ${payoutTenths}) / 10 > 0 then 'S' else 'F' end,
      open_price = ${result.price}, result_number = ${result.number}, settled_at = ${now}
    where period_id = ${periodId} and status = 'W'
  `.execute(db);
  return Number(updated.numAffectedRows ?? 0n);
}

/**
 * The win credits of a settled period as the ledger's bulk credit reads them: one row per player with a
 * won bet, its amount the sum of that player's wins, referenced by the period and keyed `<keyPrefix><user
 * id>`. The period index (period_id, user_id) hands the rows over already grouped by player.
 */
export function winCreditsPerPlayer(periodId: number, keyPrefix: string): RawBuilder<unknown> {
  // The id goes in as text: better-sqlite3 binds a JavaScript number as a REAL, whose text is '1.0'.
  return sql`select b.user_id as user_id, cast(${String(periodId)} as varchar(100)) as reference_id,
      cast(${keyPrefix} as varchar(200)) || cast(b.user_id as varchar(20)) as idempotency_key, sum(b.amount_minor) as amount_minor
    from colour_bets b where b.period_id = ${periodId} and b.status = 'S'
    group by b.user_id`;
}

/** Each settled bet's player and fee, as the referral bonus accrual reads them. */
export function settledFees(periodId: number): RawBuilder<unknown> {
  return sql`select b.user_id as user_id, b.fee_minor as fee_minor
    from colour_bets b where b.period_id = ${periodId} and b.status in ('S', 'F')`;
}

/** Each settled bet's player and stake, as the needs_bet reduction reads them. */
export function settledStakes(periodId: number): RawBuilder<unknown> {
  return sql`select b.user_id as user_id, b.stake_minor as stake_minor
    from colour_bets b where b.period_id = ${periodId} and b.status in ('S', 'F')`;
}

/** Marks a period settled with its seed, result and house totals, only if it is still open. */
export async function markPeriodSettled(
  db: Kysely<Database>,
  periodId: number,
  values: {
    seedHex: string;
    price: number;
    number: number;
    betCount: number;
    stakeMinor: number;
    feeMinor: number;
    contractMinor: number;
    payoutMinor: number;
    houseTakeMinor: number;
    now: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('colour_periods')
    .set({
      status: 'settled',
      seed_hex: values.seedHex,
      price: values.price,
      result_number: values.number,
      bet_count: values.betCount,
      stake_total_minor: values.stakeMinor,
      fee_total_minor: values.feeMinor,
      contract_total_minor: values.contractMinor,
      payout_total_minor: values.payoutMinor,
      house_take_minor: values.houseTakeMinor,
      settled_at: values.now,
    })
    .where('id', '=', periodId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A page of the room's settled periods, newest first, and how many there are. */
export async function listSettledPeriods(
  db: Kysely<Database>,
  room: ColourCategory,
  window: PageWindow,
): Promise<{ count: number; rows: ColourPeriodRow[] }> {
  const settled = db.selectFrom('colour_periods').where('room', '=', room).where('status', '=', 'settled');
  return countedPage(
    settled.select((eb) => eb.fn.countAll<number>().as('count')),
    settled.selectAll().orderBy('start_at', 'desc'),
    window,
  );
}

/** A page of settled periods (one room, or all), newest first, with their house figures, and how many. */
export async function listSettledPeriodsForOperator(
  db: Kysely<Database>,
  room: ColourCategory | undefined,
  window: PageWindow,
): Promise<{ count: number; rows: ColourPeriodRow[] }> {
  const settled = db.selectFrom('colour_periods').where('status', '=', 'settled');
  const scoped = room === undefined ? settled : settled.where('room', '=', room);
  return countedPage(
    scoped.select((eb) => eb.fn.countAll<number>().as('count')),
    scoped.selectAll().orderBy('start_at', 'desc').orderBy('room', 'asc'),
    window,
  );
}

/** What the public history shows of a settled period: its number and its result. */
export type SettledPeriodResult = Pick<ColourPeriodRow, 'period' | 'price' | 'result_number'>;

/** The room's settled periods that started in [from, to), oldest first. */
export async function settledPeriodsBetween(
  db: Kysely<Database>,
  room: ColourCategory,
  from: number,
  to: number,
): Promise<SettledPeriodResult[]> {
  return db
    .selectFrom('colour_periods')
    .select(['period', 'price', 'result_number'])
    .where('room', '=', room)
    .where('status', '=', 'settled')
    .where('start_at', '>=', from)
    .where('start_at', '<', to)
    .orderBy('start_at', 'asc')
    .execute();
}

/** A page of a user's bets of a room, newest first, and how many there are. */
export async function listUserBets(
  db: Kysely<Database>,
  userId: number,
  room: ColourCategory,
  window: PageWindow,
): Promise<{ count: number; rows: ColourBetRow[] }> {
  const bets = db.selectFrom('colour_bets').where('user_id', '=', userId).where('room', '=', room);
  return countedPage(
    bets.select((eb) => eb.fn.countAll<number>().as('count')),
    bets.selectAll().orderBy('id', 'desc'),
    window,
  );
}
