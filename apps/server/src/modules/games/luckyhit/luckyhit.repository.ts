import type { LuckyHitBetType, LuckyHitSide } from '@app/shared';
import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import { type DialectName, forShare, jsonRowsFrom } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { forUpdate } from '../../../db/transaction.ts';
import type { PageWindow } from '../../../http/pagination.ts';
import {
  countedPage,
  findRevealedSeedIn,
  insertChainOnce,
  pageUserBetsWithRounds,
} from '../game-rounds.repository.ts';
import { chainCheckpointStore } from '../hash-chain-store.repository.ts';
import type {
  LuckyHitBetRow,
  LuckyHitChainRow,
  LuckyHitChainsTable,
  LuckyHitRoundRow,
  LuckyHitRoundsTable,
  NewLuckyHitBetRow,
} from './luckyhit.tables.ts';

/** The game's chain checkpoints, stored by the shared hash-chain code. */
const luckyHitCheckpoints = chainCheckpointStore('luckyhit_chain_checkpoints');

/** The chain that covers a round start: the latest one starting at or before it. */
export async function findChainFor(
  db: Kysely<Database>,
  startAt: number,
): Promise<LuckyHitChainRow | undefined> {
  return db
    .selectFrom('luckyhit_chains')
    .selectAll()
    .where('first_round_start_at', '<=', startAt)
    .orderBy('first_round_start_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest chain. */
export async function findLatestChain(db: Kysely<Database>): Promise<LuckyHitChainRow | undefined> {
  return db
    .selectFrom('luckyhit_chains')
    .selectAll()
    .orderBy('first_round_start_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The chains whose first round starts at or before `latestStart`, oldest first. */
export async function listChainsStartingBy(
  db: Kysely<Database>,
  latestStart: number,
): Promise<LuckyHitChainRow[]> {
  return db
    .selectFrom('luckyhit_chains')
    .selectAll()
    .where('first_round_start_at', '<=', latestStart)
    .orderBy('first_round_start_at', 'asc')
    .execute();
}

/** Stores a chain and its checkpoints; answers the chain, or undefined when another leader stored one first. */
export async function insertChain(
  db: Kysely<Database>,
  chain: Insertable<LuckyHitChainsTable>,
  checkpoints: ReadonlyArray<{ linkIndex: number; linkHex: string }>,
): Promise<LuckyHitChainRow | undefined> {
  return insertChainOnce(db, 'luckyhit_chains', chain, ['first_round_start_at'], {
    store: luckyHitCheckpoints,
    list: checkpoints,
  });
}

/** The nearest stored link at or above an index of a chain. */
export const findCheckpointAtOrAbove = luckyHitCheckpoints.findAtOrAbove;

/** Creates a round's row (open) unless it exists. */
export async function ensureRound(
  db: Kysely<Database>,
  round: Insertable<LuckyHitRoundsTable>,
): Promise<void> {
  await db
    .insertInto('luckyhit_rounds')
    .values(round)
    .onConflict((conflict) => conflict.column('period').doNothing())
    .execute();
}

/** A round's row held FOR SHARE (PostgreSQL): bets hold it so the settlement's FOR UPDATE waits for them. */
export async function shareRound(
  db: Kysely<Database>,
  dialect: DialectName,
  period: string,
): Promise<LuckyHitRoundRow | undefined> {
  return forShare(
    db.selectFrom('luckyhit_rounds').selectAll().where('period', '=', period),
    dialect,
  ).executeTakeFirst();
}

/** A round's row locked FOR UPDATE (PostgreSQL): the settlement's state guard. */
export async function lockRound(
  db: Kysely<Database>,
  dialect: DialectName,
  period: string,
): Promise<LuckyHitRoundRow | undefined> {
  return forUpdate(
    db.selectFrom('luckyhit_rounds').selectAll().where('period', '=', period),
    dialect,
  ).executeTakeFirst();
}

/** A round's row. */
export async function findRound(db: Kysely<Database>, period: string): Promise<LuckyHitRoundRow | undefined> {
  return db.selectFrom('luckyhit_rounds').selectAll().where('period', '=', period).executeTakeFirst();
}

/** The revealed seed of a chain's link, if its round is settled. */
export async function findRevealedSeed(
  db: Kysely<Database>,
  chainId: number,
  chainIndex: number,
): Promise<string | undefined> {
  return findRevealedSeedIn(db, 'luckyhit_rounds', chainId, chainIndex);
}

/** The start of the latest settled round. */
export async function latestSettledStart(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('luckyhit_rounds')
    .select((eb) => eb.fn.max('start_at').as('start_at'))
    .where('status', '=', 'settled')
    .executeTakeFirst();
  return row?.start_at === null || row?.start_at === undefined ? undefined : Number(row.start_at);
}

/** Starts of open rounds that started at or before `latestStart` (left behind by a leader that stopped). */
export async function openRoundStartsBy(db: Kysely<Database>, latestStart: number): Promise<number[]> {
  const rows = await db
    .selectFrom('luckyhit_rounds')
    .select('start_at')
    .where('status', '=', 'open')
    .where('start_at', '<=', latestStart)
    .execute();
  return rows.map((row) => Number(row.start_at));
}

/** Stores a bet; answers its id. */
export async function insertBet(db: Kysely<Database>, bet: NewLuckyHitBetRow): Promise<number> {
  const row = await db.insertInto('luckyhit_bets').values(bet).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** How many bets a user has in a round. */
export async function countUserBetsInRound(
  db: Kysely<Database>,
  roundId: number,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom('luckyhit_bets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The round's stakes per side: what the live totals show. */
export async function stakeTotalsBySide(
  db: Kysely<Database>,
  roundId: number,
): Promise<Record<LuckyHitBetType, number>> {
  const rows = await db
    .selectFrom('luckyhit_bets')
    .select(['bet_type', (eb) => eb.fn.sum<number>('stake_minor').as('stake')])
    .where('round_id', '=', roundId)
    .groupBy('bet_type')
    .execute();
  const totals: Record<LuckyHitBetType, number> = { B: 0, R: 0, L: 0 };
  for (const row of rows) totals[row.bet_type] = Number(row.stake ?? 0);
  return totals;
}

/**
 * The client seeds of a round's first `count` bettors: each bettor's seed is that of their first bet, and
 * bettors are ordered by their first bet (the bet id is the order the leader took them in). A player has at
 * most `betsPerPlayer` bets in a round, so the first (count − 1) × betsPerPlayer + 1 bets by id hold the
 * first `count` bettors whenever the round has that many: one short read instead of grouping every bet of
 * the round by player. Should the cap ever have been passed (it is checked with each bet), the bets grouped
 * by player answer instead.
 */
export async function firstBettorSeeds(
  db: Kysely<Database>,
  roundId: number,
  count: number,
  betsPerPlayer: number,
): Promise<string[]> {
  if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(betsPerPlayer) || betsPerPlayer < 1)
    throw new Error(`cannot read the first ${count} bettors with ${betsPerPlayer} bets each`);
  const window = (count - 1) * betsPerPlayer + 1;
  const earliest = await db
    .selectFrom('luckyhit_bets')
    .select(['user_id', 'client_seed'])
    .where('round_id', '=', roundId)
    .orderBy('id', 'asc')
    .limit(window)
    .execute();
  const seeds = new Map<number, string>();
  for (const bet of earliest) {
    if (seeds.size >= count) break;
    if (!seeds.has(Number(bet.user_id))) seeds.set(Number(bet.user_id), bet.client_seed);
  }
  if (seeds.size >= count || earliest.length < window) return [...seeds.values()];
  const rows = await db
    .selectFrom('luckyhit_bets as b')
    .select('b.client_seed')
    .where('b.round_id', '=', roundId)
    .where('b.id', 'in', (eb) =>
      eb
        .selectFrom('luckyhit_bets')
        .select((inner) => inner.fn.min<number>('id').as('first_id'))
        .where('round_id', '=', roundId)
        .groupBy('user_id'),
    )
    .orderBy('b.id', 'asc')
    .limit(count)
    .execute();
  return rows.map((row) => row.client_seed);
}

/**
 * The payout multiplier of each waiting bet given a round's outcome, as SQL: the shared payout table for
 * the outcome, so the database computes every bet's payout in one statement.
 */
export function multiplierSql(multipliers: Record<LuckyHitBetType, number>): RawBuilder<number> {
  for (const value of Object.values(multipliers)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`bad multiplier ${value}`);
  }
  return sql<number>`(case bet_type when 'B' then ${sql.lit(multipliers.B)} when 'R' then ${sql.lit(multipliers.R)}
    else ${sql.lit(multipliers.L)} end)`;
}

/** What one player's bets of a round came to when they were settled. */
export interface SettledPlayer {
  readonly userId: number;
  readonly bets: number;
  readonly stakeMinor: number;
  readonly feeMinor: number;
  readonly contractMinor: number;
  readonly payoutMinor: number;
}

const toSafeInteger = (value: unknown, what: string): number => {
  const number = Number(value);
  if (!Number.isSafeInteger(number))
    throw new Error(`Database invariant violated: ${what} = ${String(value)}`);
  return number;
};

const toSettledPlayer = (row: Record<string, unknown>): SettledPlayer => ({
  userId: toSafeInteger(row.user_id, 'user_id'),
  bets: toSafeInteger(row.bets, 'bets'),
  stakeMinor: toSafeInteger(row.stake, 'stake'),
  feeMinor: toSafeInteger(row.fee, 'fee'),
  contractMinor: toSafeInteger(row.contract, 'contract'),
  payoutMinor: toSafeInteger(row.payout, 'payout'),
});

/**
 * Settles every waiting bet of a round in one statement (W → S with its payout, or F) and answers what each
 * player's settled bets came to, so that the wins, the fees and the stakes are taken from these few rows per
 * player rather than from the bets again. PostgreSQL sums the UPDATE's RETURNING rows per player in the same
 * statement. SQLite's RETURNING cannot feed a query, and handing its 10,000 rows to JavaScript to be summed
 * cost more CPU than the passes it saved (bench/luckyhit, process CPU time), so there the UPDATE is followed
 * by one grouped read of the bets it settled.
 */
export async function settleWaitingBetsPerPlayer(
  db: Kysely<Database>,
  dialect: DialectName,
  roundId: number,
  multiplier: RawBuilder<number>,
  now: number,
): Promise<SettledPlayer[]> {
  const update = sql`
    update luckyhit_bets
    set payout_minor = contract_minor * ${multiplier},
      status = case when contract_minor * ${multiplier} > 0 then 'S' else 'F' end,
      settled_at = ${now}
    where round_id = ${roundId} and status = 'W'
  `;
  const sums = sql`select user_id, count(*) as bets, sum(stake_minor) as stake, sum(fee_minor) as fee,
      sum(contract_minor) as contract, sum(payout_minor) as payout`;
  if (dialect === 'postgres') {
    const result = await sql<Record<string, unknown>>`
      with settled as (${update} returning user_id, stake_minor, fee_minor, contract_minor, payout_minor)
      ${sums} from settled group by user_id order by user_id
    `.execute(db);
    return result.rows.map(toSettledPlayer);
  }
  const updated = Number((await update.execute(db)).numAffectedRows ?? 0n);
  const result = await sql<Record<string, unknown>>`
    ${sums} from luckyhit_bets where round_id = ${roundId} and settled_at = ${now}
    group by user_id order by user_id
  `.execute(db);
  const players = result.rows.map(toSettledPlayer);
  const read = players.reduce((sum, player) => sum + player.bets, 0);
  if (read !== updated) throw new Error(`luckyhit round ${roundId}: settled ${updated} bets, summed ${read}`);
  return players;
}

/** The credits of a round's wins as a bulk-credit source: one row per winning player with the sum of their wins. */
export function winCreditsSource(
  dialect: DialectName,
  roundId: number,
  keyPrefix: string,
  players: readonly SettledPlayer[],
): RawBuilder<unknown> {
  const rows = players
    .filter((player) => player.payoutMinor > 0)
    .map((player) => ({
      user_id: player.userId,
      reference_id: String(roundId),
      idempotency_key: `${keyPrefix}${player.userId}`,
      amount_minor: player.payoutMinor,
    }));
  const source = jsonRowsFrom(dialect, 's', rows, {
    user_id: 'integer',
    reference_id: 'text',
    idempotency_key: 'text',
    amount_minor: 'integer',
  });
  return sql`select s.user_id as user_id, s.reference_id as reference_id, s.idempotency_key as idempotency_key,
      s.amount_minor as amount_minor from ${source}`;
}

/** The settled totals a per-player source can carry, by the column name its reader expects. */
const SETTLED_PLAYER_COLUMNS = { fee_minor: 'feeMinor', stake_minor: 'stakeMinor' } as const;

/**
 * Each player's settled fees (`fee_minor`, as the referral bonus accrual reads them) or stakes
 * (`stake_minor`, as the needs_bet reduction reads them); both readers sum them per player.
 */
export function settledPlayersSource(
  dialect: DialectName,
  players: readonly SettledPlayer[],
  column: keyof typeof SETTLED_PLAYER_COLUMNS,
): RawBuilder<unknown> {
  const field = SETTLED_PLAYER_COLUMNS[column];
  const source = jsonRowsFrom(
    dialect,
    's',
    players.map((player) => ({ user_id: player.userId, [column]: player[field] })),
    { user_id: 'integer', [column]: 'integer' },
  );
  return sql`select s.user_id as user_id, s.${sql.raw(column)} as ${sql.raw(column)} from ${source}`;
}

/** What the settlement writes on a round. */
export interface SettledRoundValues {
  seedHex: string;
  clientSeeds: readonly string[];
  draws: readonly number[];
  cards1: ReadonlyArray<{ t: number; n: number }>;
  cards2: ReadonlyArray<{ t: number; n: number }>;
  winner: LuckyHitSide;
  luckyHitOdds: number;
  betCount: number;
  stakeMinor: number;
  feeMinor: number;
  payoutMinor: number;
  now: number;
}

/** Marks a round settled with its deal and house totals, only if it is still open. */
export async function markRoundSettled(
  db: Kysely<Database>,
  roundId: number,
  values: SettledRoundValues,
): Promise<boolean> {
  const result = await db
    .updateTable('luckyhit_rounds')
    .set({
      status: 'settled',
      seed_hex: values.seedHex,
      client_seeds_json: JSON.stringify(values.clientSeeds),
      draws_json: JSON.stringify(values.draws),
      cards1_json: JSON.stringify(values.cards1),
      cards2_json: JSON.stringify(values.cards2),
      winner: values.winner,
      lucky_hit_odds: values.luckyHitOdds,
      bet_count: values.betCount,
      stake_total_minor: values.stakeMinor,
      fee_total_minor: values.feeMinor,
      payout_total_minor: values.payoutMinor,
      house_take_minor: values.stakeMinor - values.payoutMinor,
      settled_at: values.now,
    })
    .where('id', '=', roundId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The latest settled rounds, newest first. */
export async function latestSettledRounds(db: Kysely<Database>, limit: number): Promise<LuckyHitRoundRow[]> {
  return db
    .selectFrom('luckyhit_rounds')
    .selectAll()
    .where('status', '=', 'settled')
    .orderBy('start_at', 'desc')
    .limit(limit)
    .execute();
}

/** A page of settled rounds, newest first, and how many there are. */
export async function listSettledRounds(
  db: Kysely<Database>,
  window: PageWindow,
): Promise<{ count: number; rows: LuckyHitRoundRow[] }> {
  const settled = db.selectFrom('luckyhit_rounds').where('status', '=', 'settled');
  return countedPage(
    settled.select((eb) => eb.fn.countAll<number>().as('count')),
    settled.selectAll().orderBy('start_at', 'desc'),
    window,
  );
}

/** A user's bet with its round's outcome (null while the round is open). */
export interface UserBetWithRound extends LuckyHitBetRow {
  winner: LuckyHitSide | null;
  lucky_hit_odds: number | null;
}

/** A page of a user's bets, newest first, with their rounds' outcomes, and how many there are. */
export async function listUserBets(
  db: Kysely<Database>,
  userId: number,
  window: PageWindow,
): Promise<{ count: number; rows: UserBetWithRound[] }> {
  return pageUserBetsWithRounds(
    db,
    { bets: 'luckyhit_bets', rounds: 'luckyhit_rounds' },
    ['r.winner', 'r.lucky_hit_odds'],
    userId,
    window,
  );
}
