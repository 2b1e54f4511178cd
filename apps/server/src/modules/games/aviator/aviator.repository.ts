import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type DialectName, jsonRowsFrom } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import type { PageWindow } from '../../../http/pagination.ts';
import { countedPage, pageUserBetsWithRounds } from '../game-rounds.repository.ts';
import { chainCheckpointStore } from '../hash-chain-store.repository.ts';
import type {
  AviatorBetRow,
  AviatorChainRow,
  AviatorRoundRow,
  AviatorRoundStatus,
  NewAviatorBetRow,
} from './aviator.tables.ts';

/** The game's chain checkpoints, stored by the shared hash-chain code. */
const aviatorCheckpoints = chainCheckpointStore('aviator_chain_checkpoints');

/** Stores a chain and its checkpoints; answers its id. */
export async function insertChain(
  db: Kysely<Database>,
  chain: {
    chainLength: number;
    secretHex: string;
    terminalHash: string;
    checkpoints: ReadonlyArray<{ linkIndex: number; linkHex: string }>;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('aviator_chains')
    .values({
      chain_length: chain.chainLength,
      secret_hex: chain.secretHex,
      terminal_hash: chain.terminalHash,
      created_at: chain.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chainId = Number(row.id);
  await aviatorCheckpoints.insert(db, chainId, chain.checkpoints);
  return chainId;
}

/** The newest chain. */
export function findLatestChain(db: Kysely<Database>): Promise<AviatorChainRow | undefined> {
  return db.selectFrom('aviator_chains').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A chain by id. */
export function findChain(db: Kysely<Database>, chainId: number): Promise<AviatorChainRow | undefined> {
  return db.selectFrom('aviator_chains').selectAll().where('id', '=', chainId).executeTakeFirst();
}

/** The highest link of a chain a round has used (0 when none). */
export async function highestUsedLink(db: Kysely<Database>, chainId: number): Promise<number> {
  const row = await db
    .selectFrom('aviator_rounds')
    .select((eb) => eb.fn.max('chain_index').as('highest'))
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/** The nearest stored link at or above an index of a chain. */
export const findCheckpointAtOrAbove = aviatorCheckpoints.findAtOrAbove;

/** Creates a round in betting; answers its id. */
export async function insertRound(
  db: Kysely<Database>,
  round: {
    period: number;
    chainId: number;
    chainIndex: number;
    startedAt: number;
    bettingEndsAt: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('aviator_rounds')
    .values({
      period: round.period,
      chain_id: round.chainId,
      chain_index: round.chainIndex,
      status: 'betting',
      started_at: round.startedAt,
      betting_ends_at: round.bettingEndsAt,
      created_at: round.startedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Rounds a leader left unfinished (betting or flying), oldest first. */
export function findUnfinishedRounds(db: Kysely<Database>): Promise<AviatorRoundRow[]> {
  return db
    .selectFrom('aviator_rounds')
    .selectAll()
    .where('status', 'in', ['betting', 'flying'])
    .orderBy('id', 'asc')
    .execute();
}

/** A round by id, locked against concurrent settlement on PostgreSQL. */
export function lockRound(
  trx: Kysely<Database>,
  dialect: DialectName,
  roundId: number,
): Promise<AviatorRoundRow | undefined> {
  const query = trx.selectFrom('aviator_rounds').selectAll().where('id', '=', roundId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** A round by its period. */
export function findRoundByPeriod(
  db: Kysely<Database>,
  period: number,
): Promise<AviatorRoundRow | undefined> {
  return db.selectFrom('aviator_rounds').selectAll().where('period', '=', period).executeTakeFirst();
}

/** Fixes a betting round's seeds and result and moves it to flying; false unless it was betting. */
export async function markRoundFlying(
  db: Kysely<Database>,
  roundId: number,
  flight: {
    takeoffAt: number;
    crashAt: number;
    resultHundredths: number;
    sha512hash: string;
    nickNames: readonly string[];
    seeds: readonly string[];
  },
): Promise<boolean> {
  const result = await db
    .updateTable('aviator_rounds')
    .set({
      status: 'flying',
      takeoff_at: flight.takeoffAt,
      crash_at: flight.crashAt,
      result_hundredths: flight.resultHundredths,
      sha512hash: flight.sha512hash,
      player_nickname1: flight.nickNames[0] ?? '',
      player_nickname2: flight.nickNames[1] ?? '',
      player_nickname3: flight.nickNames[2] ?? '',
      player_seed1: flight.seeds[0] ?? null,
      player_seed2: flight.seeds[1] ?? null,
      player_seed3: flight.seeds[2] ?? null,
    })
    .where('id', '=', roundId)
    .where('status', '=', 'betting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a bet; answers its id. */
export async function insertBet(db: Kysely<Database>, bet: NewAviatorBetRow): Promise<number> {
  const row = await db.insertInto('aviator_bets').values(bet).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The round's first bets by the leader's order (the seeds of the result). */
export function firstBets(db: Kysely<Database>, roundId: number, count: number): Promise<AviatorBetRow[]> {
  return db
    .selectFrom('aviator_bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .orderBy('seq', 'asc')
    .limit(count)
    .execute();
}

/** Every bet of a round. */
export function roundBets(db: Kysely<Database>, roundId: number): Promise<AviatorBetRow[]> {
  return db
    .selectFrom('aviator_bets')
    .selectAll()
    .where('round_id', '=', roundId)
    .orderBy('seq', 'asc')
    .execute();
}

/** One bet of a cash-out group: closed at its own multiplier with its own win. */
export interface CashOutGroupRow {
  readonly bet_id: number;
  readonly cash_hundredths: number;
  readonly win_minor: number;
}

/** A bet a cash-out group closed, as the database holds it after the update. */
export interface CashedBetRow {
  readonly id: number;
  readonly user_id: number;
  readonly stake_minor: number;
  readonly win_minor: number;
}

/**
 * Cashes out a group of open bets in one statement, each at its own multiplier and win: the guard that makes
 * every cash-out happen exactly once is `status = 'open'` in the statement that closes the bet, so a bet
 * already closed (cashed, lost, refunded) is left alone and absent from the answer. The rows travel as one
 * JSON parameter (the statement's text is the same for any group size). Answers the bets it closed.
 */
export async function markBetsCashed(
  trx: Kysely<Database>,
  dialect: DialectName,
  rows: readonly CashOutGroupRow[],
  now: number,
): Promise<CashedBetRow[]> {
  if (rows.length === 0) return [];
  const group = jsonRowsFrom(dialect, 'g', rows, {
    bet_id: 'integer',
    cash_hundredths: 'integer',
    win_minor: 'integer',
  });
  // SQLite's RETURNING names only the updated table's columns, which is all the caller needs.
  const result = await sql<CashedBetRow>`
    update aviator_bets
    set status = 'cashed', cash_hundredths = g.cash_hundredths, win_minor = g.win_minor, settled_at = ${now}
    from ${group}
    where aviator_bets.id = g.bet_id and aviator_bets.status = 'open'
    returning aviator_bets.id, aviator_bets.user_id, aviator_bets.stake_minor, aviator_bets.win_minor
  `.execute(trx);
  return result.rows.map((row) => ({
    id: Number(row.id),
    user_id: Number(row.user_id),
    stake_minor: Number(row.stake_minor),
    win_minor: Number(row.win_minor),
  }));
}

/** The wins of cashed bets as a bulk wallet credit reads them (user_id, reference_id, idempotency_key, amount_minor). */
export function cashedBetWins(
  dialect: DialectName,
  bets: readonly CashedBetRow[],
  winKey: (betId: number) => string,
): RawBuilder<unknown> {
  const wins = jsonRowsFrom(
    dialect,
    'w',
    bets.map((bet) => ({
      user_id: bet.user_id,
      reference_id: String(bet.id),
      idempotency_key: winKey(bet.id),
      amount_minor: bet.win_minor,
    })),
    { user_id: 'integer', reference_id: 'text', idempotency_key: 'text', amount_minor: 'integer' },
  );
  return sql`select w.user_id, w.reference_id, w.idempotency_key, w.amount_minor from ${wins}`;
}

/** The stakes of cashed bets, for needs_bet: rows of (user_id, stake_minor). */
export function cashedBetStakes(dialect: DialectName, bets: readonly CashedBetRow[]): RawBuilder<unknown> {
  const stakes = jsonRowsFrom(
    dialect,
    'k',
    bets.map((bet) => ({ user_id: bet.user_id, stake_minor: bet.stake_minor })),
    { user_id: 'integer', stake_minor: 'integer' },
  );
  return sql`select k.user_id, k.stake_minor from ${stakes}`;
}

/** The round's open bets become lost; answers how many. */
export async function markOpenBetsLost(trx: Kysely<Database>, roundId: number, now: number): Promise<number> {
  const result = await trx
    .updateTable('aviator_bets')
    .set({ status: 'lost', settled_at: now })
    .where('round_id', '=', roundId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The round's open bets become refunded; answers them (id, user, stake) for the refunds. */
export async function markOpenBetsRefunded(
  trx: Kysely<Database>,
  roundId: number,
  now: number,
): Promise<Array<{ id: number; user_id: number; stake_minor: number }>> {
  const open = await trx
    .selectFrom('aviator_bets')
    .select(['id', 'user_id', 'stake_minor'])
    .where('round_id', '=', roundId)
    .where('status', '=', 'open')
    .orderBy('id', 'asc')
    .execute();
  if (open.length === 0) return [];
  await trx
    .updateTable('aviator_bets')
    .set((eb) => ({ status: 'refunded', settled_at: now, win_minor: eb.ref('stake_minor') }))
    .where('round_id', '=', roundId)
    .where('status', '=', 'open')
    .execute();
  return open;
}

/** The round's figures over its settled (cashed or lost) bets. */
export async function settledTotals(
  trx: Kysely<Database>,
  roundId: number,
): Promise<{ count: number; stake: number; fee: number; payout: number }> {
  const row = await trx
    .selectFrom('aviator_bets')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('stake_minor'), sql<number>`0`).as('stake'),
      eb.fn.coalesce(eb.fn.sum<number>('fee_minor'), sql<number>`0`).as('fee'),
      eb.fn.coalesce(eb.fn.sum<number>('win_minor'), sql<number>`0`).as('payout'),
    ])
    .where('round_id', '=', roundId)
    .where('status', 'in', ['cashed', 'lost'])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    stake: Number(row.stake),
    fee: Number(row.fee),
    payout: Number(row.payout),
  };
}

/** Each settled (cashed or lost) bet's player and fee, as the referral bonus accrual reads them. */
export function settledFees(roundId: number): RawBuilder<unknown> {
  return sql`select b.user_id as user_id, b.fee_minor as fee_minor
    from aviator_bets b where b.round_id = ${roundId} and b.status in ('cashed', 'lost')`;
}

/** The stakes of a round's lost bets, for needs_bet. */
export function lostStakes(roundId: number): RawBuilder<unknown> {
  return sql`select user_id, stake_minor from aviator_bets where round_id = ${roundId} and status = 'lost'`;
}

/** Closes a round (settled or refunded) with its figures; false unless it was betting or flying. */
export async function markRoundFinished(
  trx: Kysely<Database>,
  roundId: number,
  finish: {
    status: Extract<AviatorRoundStatus, 'settled' | 'refunded'>;
    betCount: number;
    stakeMinor: number;
    feeMinor: number;
    payoutMinor: number;
    now: number;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('aviator_rounds')
    .set({
      status: finish.status,
      bet_count: finish.betCount,
      stake_total_minor: finish.stakeMinor,
      fee_total_minor: finish.feeMinor,
      payout_total_minor: finish.payoutMinor,
      house_take_minor: finish.stakeMinor - finish.payoutMinor,
      settled_at: finish.now,
    })
    .where('id', '=', roundId)
    .where('status', 'in', ['betting', 'flying'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The latest settled rounds' results, newest first. */
export async function latestResults(db: Kysely<Database>, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('aviator_rounds')
    .select('result_hundredths')
    .where('status', '=', 'settled')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.result_hundredths));
}

/** A page of a user's bets with their rounds' results, newest first, and how many there are. */
export async function listUserBets(
  db: Kysely<Database>,
  userId: number,
  window: PageWindow,
): Promise<{
  count: number;
  rows: Array<AviatorBetRow & { round_status: AviatorRoundStatus; result_hundredths: number | null }>;
}> {
  return pageUserBetsWithRounds(
    db,
    { bets: 'aviator_bets', rounds: 'aviator_rounds' },
    ['r.status as round_status', 'r.result_hundredths'],
    userId,
    window,
  );
}

/** A page of finished rounds for the operator, newest first, and how many there are. */
export async function listFinishedRounds(
  db: Kysely<Database>,
  window: PageWindow,
): Promise<{ count: number; rows: AviatorRoundRow[] }> {
  const finished = db.selectFrom('aviator_rounds').where('status', 'in', ['settled', 'refunded']);
  return countedPage(
    finished.select((eb) => eb.fn.countAll<number>().as('count')),
    finished.selectAll().orderBy('id', 'desc'),
    window,
  );
}

/** What a bet needs of its bettor: the profile's nickname and the access the bet is taken under. */
export interface BettorRow {
  nick_name: string | null;
  is_early: number;
  suspended_at: number | null;
  /** Null with last_used_at null: the socket's session is not this user's (or does not exist). */
  revoked_at: number | null;
  last_used_at: number | null;
}

/**
 * The bettor's nickname and access, with the socket's session, read in the bet's transaction; on PostgreSQL
 * the user's row is locked FOR NO KEY UPDATE (the global lock order's users step, before the wallet), so a
 * suspension or flag change being written waits for this bet or this bet for it, and never slips between
 * the check and the stake.
 */
export async function lockBettor(
  trx: Kysely<Database>,
  dialect: DialectName,
  userId: number,
  sessionId: number,
): Promise<BettorRow | undefined> {
  const query = trx
    .selectFrom('users')
    .leftJoin('sessions', (join) =>
      join.onRef('sessions.user_id', '=', 'users.id').on('sessions.id', '=', sessionId),
    )
    .select([
      'users.nick_name',
      'users.is_early',
      'users.suspended_at',
      'sessions.revoked_at',
      'sessions.last_used_at',
    ])
    .where('users.id', '=', userId);
  return (dialect === 'postgres' ? query.forNoKeyUpdate('users') : query).executeTakeFirst();
}
