import {
  type AddUserGuessResponse,
  addUserGuessBody,
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_MS,
  ColourMessage,
  GUESS_TYPES,
  periodNumberAt,
} from '@app/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { AppError } from '../../../http/app-error.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../../../test-support/test-database.ts';
import { IdempotencyService } from '../../idempotency/idempotency.service.ts';
import { INSUFFICIENT_BALANCE_MESSAGE } from '../../ledger/ledger.errors.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { createPlayer, fundWallet } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import {
  COLOUR_BET_RATE_LIMITED_MESSAGE,
  COLOUR_BET_RATE_WINDOW_MS,
  COLOUR_BETS_PER_USER_PER_WINDOW,
  COLOUR_INTAKE_BUSY_MESSAGE,
  COLOUR_INTAKE_QUEUE_LIMIT,
  colourBetBucketKey,
} from './colour-bet-intake.service.ts';
import { ColourChainService } from './colour-chain.service.ts';
import { ColourGameService } from './colour-game.service.ts';

const KOLKATA = 'Asia/Kolkata';
/** 2025-03-05 00:00 IST: the start of period 20250305001. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const TEST_CHAIN_LENGTH = 3000;
const ROUTE = 'POST /win/add_user_guess';
/** Wallets of the players: rich, modest, poor, none at all, and a few in between. */
const FUNDS_MINOR = [1_000_000_000, 60_000, 3_000, 0, 250_000, 1_500];
/** How many bets the random sequence places. */
const SEQUENCE_LENGTH = 400;

/** A small seeded generator, so a failing sequence can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PlannedBet {
  readonly player: number;
  readonly raw: Record<string, unknown>;
  readonly key: string | undefined;
}

/** Chunks of bets that arrive together, with how far the clock moves before each chunk. */
interface Chunk {
  readonly advanceMs: number;
  readonly bets: PlannedBet[];
}

function planSequence(seed: number, period: string, afterLockPeriod: string): Chunk[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const keysOf = new Map<number, Array<{ key: string; raw: Record<string, unknown> }>>();
  const chunks: Chunk[] = [];
  let planned = 0;
  let keyCounter = 0;
  while (planned < SEQUENCE_LENGTH) {
    const size = 1 + Math.floor(random() * 70);
    const last = planned + size >= SEQUENCE_LENGTH;
    const bets: PlannedBet[] = [];
    for (let index = 0; index < size && planned < SEQUENCE_LENGTH; index += 1, planned += 1) {
      // Player 0 bets most, so that some chunks go past the per-user limit.
      const player = random() < 0.45 ? 0 : 1 + Math.floor(random() * (FUNDS_MINOR.length - 1));
      const guessType = pick(GUESS_TYPES);
      let raw: Record<string, unknown> = {
        category: pick(COLOUR_CATEGORIES),
        period: last ? afterLockPeriod : period,
        guess_type: guessType,
        number: Math.floor(random() * 10),
        contract_money: pick([10, 100, 1000]),
        contract_count: 1 + Math.floor(random() * 5),
      };
      let key: string | undefined;
      const earlier = keysOf.get(player) ?? [];
      const roll = random();
      if (roll < 0.12 && earlier.length > 0) {
        // A retry of an earlier request: the same body (a replay) or, now and then, another one (422).
        const previous = pick(earlier);
        key = previous.key;
        raw = random() < 0.7 ? previous.raw : { ...raw, contract_count: 7 };
      } else if (roll < 0.5) {
        keyCounter += 1;
        key = `key-${keyCounter}`;
        earlier.push({ key, raw });
        keysOf.set(player, earlier);
      }
      bets.push({ player, raw, key });
    }
    chunks.push({ advanceMs: last ? 0 : Math.floor(random() * 4_000), bets });
  }
  return chunks;
}

type Answer = { readonly ok: AddUserGuessResponse } | { readonly code: number; readonly msg: string };

function toAnswer(outcome: PromiseSettledResult<AddUserGuessResponse>): Answer {
  if (outcome.status === 'fulfilled') return { ok: outcome.value };
  if (outcome.reason instanceof AppError) return { code: outcome.reason.code, msg: outcome.reason.message };
  throw outcome.reason;
}

interface World {
  readonly database: TestDatabase;
  readonly clock: ManualClock;
  readonly game: ColourGameService;
  readonly ledger: LedgerService;
  readonly players: number[];
}

async function createWorld(database: TestDatabase): Promise<World> {
  const clock = new ManualClock(MIDNIGHT_IST - 60_000);
  const chains = new ColourChainService(TEST_CHAIN_LENGTH);
  for (const room of COLOUR_CATEGORIES) await chains.ensureChain(database, room, clock.now(), MIDNIGHT_IST);
  const ledger = new LedgerService(database, clock);
  const game = new ColourGameService({
    database,
    clock,
    ledger,
    settings: new SettingsService(database.db, clock),
    idempotency: new IdempotencyService(clock),
    chains,
    market: 'in',
  });
  const players: number[] = [];
  for (const funds of FUNDS_MINOR) {
    const buyer = await createPlayer(database, clock);
    if (funds > 0) await fundWallet(database, clock, buyer.userId, funds);
    players.push(buyer.userId);
  }
  clock.set(MIDNIGHT_IST + 1_000);
  return { database, clock, game, ledger, players };
}

/** Everything the two paths must agree on, with row ids replaced by what they identify. */
async function snapshot(world: World, answers: Answer[], lastWindowEnd: number) {
  const { db } = world.database;
  const bets = await db.selectFrom('colour_bets').selectAll().orderBy('id').execute();
  const describe = new Map(
    bets.map((bet) => [
      Number(bet.id),
      [
        bet.user_id,
        bet.room,
        bet.period,
        bet.guess_type,
        bet.guess_number,
        bet.contract_money_minor,
        bet.contract_count,
        bet.stake_minor,
        bet.fee_minor,
        bet.contract_minor,
        bet.status,
        bet.created_at,
      ].join('/'),
    ]),
  );
  const stakes = await db
    .selectFrom('ledger_transfers')
    .select(['reference_id', 'amount_minor', 'idempotency_key', 'status'])
    .where('kind', '=', 'colour_bet')
    .orderBy('id')
    .execute();
  const keys = await db
    .selectFrom('idempotency_keys')
    .select(['user_id', 'key', 'response_json', 'status_code'])
    .orderBy('user_id')
    .orderBy('key')
    .execute();
  // Only the last window of the bets: the intake drops ended ones, which the single-bet path leaves.
  const buckets = await db
    .selectFrom('rate_limit_buckets')
    .selectAll()
    .where('expires_at', '=', lastWindowEnd)
    .orderBy('bucket_key')
    .execute();
  const balances = await Promise.all(world.players.map((userId) => world.ledger.balanceMinor(db, userId)));
  const escrow = await world.ledger.findAccount(db, { system: 'game_escrow' });
  return {
    answers: answers.map((answer) =>
      'ok' in answer ? { ...answer.ok, id: describe.get(answer.ok.id) ?? 'missing bet' } : answer,
    ),
    // Ids are compared through what they identify: a bet held back for a later batch gets a later id.
    bets: [...describe.values()].sort(),
    stakes: stakes
      .map((stake) => ({
        bet: describe.get(Number(stake.reference_id)),
        amount: Number(stake.amount_minor),
        keyMatches: stake.idempotency_key === `colour_bet:${stake.reference_id}`,
        status: stake.status,
      }))
      .sort((left, right) => String(left.bet).localeCompare(String(right.bet))),
    keys: keys.map((key) => ({
      user: key.user_id,
      key: key.key,
      status: key.status_code,
      bet:
        key.response_json === null
          ? null
          : describe.get((JSON.parse(key.response_json) as AddUserGuessResponse).id),
    })),
    buckets: buckets.map((bucket) => ({ key: bucket.bucket_key, hits: Number(bucket.hits) })),
    balances,
    escrow: escrow ? [escrow.creditsPostedMinor, escrow.debitsPostedMinor] : undefined,
  };
}

describeEachDatabase('colour bet intake', (database) => {
  let batched: World;
  let single: World;
  let singleDatabase: TestDatabase | undefined;

  beforeAll(async () => {
    singleDatabase = await createTestDatabase(database().dialect);
    batched = await createWorld(database());
    single = await createWorld(singleDatabase);
  });
  afterAll(async () => {
    await batched?.game.intake.close();
    await singleDatabase?.cleanup();
  });

  it('answers, stores and moves money exactly as the single-bet path for a random sequence of bets', async () => {
    const period = periodNumberAt(MIDNIGHT_IST, KOLKATA);
    const chunks = planSequence(20250305, period, period);
    // The last chunk comes after the 30 s lock of the same period.
    const lockedAt = MIDNIGHT_IST + COLOUR_PERIOD_MS - 20_000;
    let lastWindowEnd = 0;
    const run = async (world: World, together: boolean): Promise<Answer[]> => {
      const answers: Answer[] = [];
      for (const [index, chunk] of chunks.entries()) {
        if (index === chunks.length - 1) {
          lastWindowEnd = world.clock.now() - (world.clock.now() % 1_000) + 1_000;
          world.clock.set(lockedAt);
        } else world.clock.advance(chunk.advanceMs);
        const place = (bet: PlannedBet) =>
          (together ? world.game.addGuess.bind(world.game) : world.game.addGuessAlone.bind(world.game))(
            world.players[bet.player] ?? 0,
            addUserGuessBody.parse(bet.raw),
            { key: bet.key, route: ROUTE },
          );
        if (together) {
          // Placed together, so the intake takes them in batches (repeated keys wait for a later batch).
          answers.push(...(await Promise.allSettled(chunk.bets.map(place))).map(toAnswer));
        } else {
          for (const bet of chunk.bets) {
            const [outcome] = await Promise.allSettled([place(bet)]);
            if (outcome) answers.push(toAnswer(outcome));
          }
        }
      }
      return answers;
    };
    const batchedAnswers = await run(batched, true);
    const singleAnswers = await run(single, false);

    // The sequence exercises every outcome, so the comparison below means something.
    const codes = new Set(batchedAnswers.map((answer) => ('ok' in answer ? 200 : answer.code)));
    expect([...codes].sort()).toEqual([200, 400, 422, 429]);
    const messages = new Set(batchedAnswers.flatMap((answer) => ('msg' in answer ? [answer.msg] : [])));
    expect(messages).toContain(INSUFFICIENT_BALANCE_MESSAGE);
    expect(messages).toContain(ColourMessage.periodClosed);
    expect(messages).toContain(COLOUR_BET_RATE_LIMITED_MESSAGE);

    const batchedState = await snapshot(batched, batchedAnswers, lastWindowEnd);
    const singleState = await snapshot(single, singleAnswers, lastWindowEnd);
    expect(batchedState.buckets.length).toBeGreaterThan(0);
    expect(batchedState.answers).toEqual(singleState.answers);
    expect(batchedState).toEqual(singleState);
    await expectLedgerClean(batched.database);
    await expectLedgerClean(single.database);
  });

  it('refuses a bet queued before the 30 s lock and batched after it, leaving nothing behind', async () => {
    const world = batched;
    const start = MIDNIGHT_IST + 2 * COLOUR_PERIOD_MS;
    world.clock.set(start + 1_000);
    const period = periodNumberAt(start, KOLKATA);
    const body = addUserGuessBody.parse({
      category: 'S',
      period,
      guess_type: 'R',
      number: 0,
      contract_money: 10,
      contract_count: 1,
    });
    const first = await world.game.addGuess(world.players[0] ?? 0, body, { key: 'late-1', route: ROUTE });
    const countRows = async () => ({
      bets: (await world.database.db.selectFrom('colour_bets').select('id').execute()).length,
      keys: (await world.database.db.selectFrom('idempotency_keys').select('id').execute()).length,
      transfers: (await world.database.db.selectFrom('ledger_transfers').select('id').execute()).length,
    });
    const before = await countRows();
    // Both pass the check at the door; the clock passes the lock before their batch runs.
    const late = world.game.addGuess(world.players[0] ?? 0, body, { key: 'late-2', route: ROUTE });
    const replay = world.game.addGuess(world.players[0] ?? 0, body, { key: 'late-1', route: ROUTE });
    world.clock.set(start + COLOUR_PERIOD_MS - 25_000);
    await expect(late).rejects.toMatchObject({ code: 400, message: ColourMessage.periodClosed });
    // A replay answers the stored answer, as withIdempotency does before it looks at the period.
    await expect(replay).resolves.toEqual(first);
    expect(await countRows()).toEqual(before);
    await expectLedgerClean(world.database);
  });

  it('takes the bets of a failed batch one by one, so each gets its own answer', async () => {
    const world = batched;
    const start = MIDNIGHT_IST + 4 * COLOUR_PERIOD_MS;
    world.clock.set(start + 1_000);
    const period = periodNumberAt(start, KOLKATA);
    const transferMany = vi.spyOn(world.ledger, 'planTransferMany').mockImplementationOnce(() => {
      throw new Error('poisoned batch');
    });
    try {
      const place = (player: number, money: number, count: number, key?: string) =>
        world.game.addGuess(
          world.players[player] ?? 0,
          addUserGuessBody.parse({
            category: 'B',
            period,
            guess_type: 'V',
            number: 0,
            contract_money: money,
            contract_count: count,
          }),
          { key, route: ROUTE },
        );
      // Player 5 holds at most 15.00: a bet of 10 × 1000 is beyond it.
      const outcomes = await Promise.allSettled([
        place(0, 10, 1, 'fallback-1'),
        place(5, 1000, 10),
        place(4, 10, 1),
      ]);
      expect(transferMany).toHaveBeenCalledTimes(1);
      expect(outcomes.map(toAnswer)).toEqual([
        { ok: { code: 200, msg: ColourMessage.betCompleted, id: expect.any(Number) } },
        { code: 400, msg: INSUFFICIENT_BALANCE_MESSAGE },
        { ok: { code: 200, msg: ColourMessage.betCompleted, id: expect.any(Number) } },
      ]);
      const replay = await place(0, 10, 1, 'fallback-1');
      expect(toAnswer({ status: 'fulfilled', value: replay })).toEqual(outcomes.map(toAnswer)[0]);
    } finally {
      transferMany.mockRestore();
    }
    await expectLedgerClean(world.database);
  });

  it('decides a batch again when a bucket reached the limit after the batch read it', async (context) => {
    // Only PostgreSQL runs another transaction beside a batch; SQLite has one writer at a time.
    if (database().dialect !== 'postgres') context.skip();
    const world = batched;
    const start = MIDNIGHT_IST + 8 * COLOUR_PERIOD_MS;
    world.clock.set(start + 1_000);
    const now = world.clock.now();
    const windowStart = now - (now % COLOUR_BET_RATE_WINDOW_MS);
    const [blocked, rich] = [world.players[1] ?? 0, world.players[4] ?? 0];
    // Earlier tests spent these players' money.
    for (const player of [blocked, rich]) await fundWallet(world.database, world.clock, player, 100_000);
    const wallet = await world.ledger.findAccount(world.database.db, { userId: blocked });
    if (!wallet) throw new Error('the player has no wallet');
    const body = addUserGuessBody.parse({
      category: 'P',
      period: periodNumberAt(now, KOLKATA),
      guess_type: 'R',
      number: 0,
      contract_money: 10,
      contract_count: 1,
    });
    const decisions = vi.spyOn(world.ledger, 'planTransferMany');
    // Another transaction, on a connection of its own, holds the player's wallet: the batch reads the
    // buckets with its periods and then waits for the wallet.
    const searchPath = await sql<{ search_path: string }>`show search_path`.execute(world.database.db);
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query(`set search_path to ${searchPath.rows[0]?.search_path ?? 'public'}`);
      await other.query('begin');
      await other.query('select id from ledger_accounts where id = $1 for update', [wallet.id]);
      const placed = Promise.allSettled([
        world.game.addGuess(blocked, body, { key: undefined, route: ROUTE }),
        world.game.addGuess(rich, body, { key: undefined, route: ROUTE }),
      ]);
      for (let attempt = 0; ; attempt += 1) {
        const waiting = await other.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if ((waiting.rows[0]?.waiting ?? 0) > 0) break;
        if (attempt > 500) throw new Error('the batch never waited for the wallet');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Meanwhile the player's bets elsewhere reach the limit of the window.
      await other.query('insert into rate_limit_buckets (bucket_key, hits, expires_at) values ($1, $2, $3)', [
        colourBetBucketKey(blocked, windowStart),
        COLOUR_BETS_PER_USER_PER_WINDOW,
        windowStart + COLOUR_BET_RATE_WINDOW_MS,
      ]);
      await other.query('commit');
      const outcomes = await placed;
      expect(outcomes.map(toAnswer)).toEqual([
        { code: 429, msg: COLOUR_BET_RATE_LIMITED_MESSAGE },
        { ok: { code: 200, msg: ColourMessage.betCompleted, id: expect.any(Number) } },
      ]);
      // Decided twice in the batch (first on the hits read before the wait), never bet by bet.
      expect(decisions).toHaveBeenCalledTimes(2);
    } finally {
      decisions.mockRestore();
      await other.end();
    }
    await expectLedgerClean(world.database);
  });

  it('answers 503 when the queue is full and to every queued bet when it closes', async () => {
    // The single-bet world never used its intake.
    const world = single;
    world.clock.set(MIDNIGHT_IST + 6 * COLOUR_PERIOD_MS + 1_000);
    const body = addUserGuessBody.parse({
      category: 'E',
      period: periodNumberAt(world.clock.now(), KOLKATA),
      guess_type: 'G',
      number: 0,
      contract_money: 10,
      contract_count: 1,
    });
    const request = { userId: world.players[0] ?? 0, body, key: undefined, route: ROUTE };
    const queued = Array.from({ length: COLOUR_INTAKE_QUEUE_LIMIT }, () => world.game.intake.submit(request));
    const overflow = world.game.intake.submit(request);
    const busy = { code: 503, message: COLOUR_INTAKE_BUSY_MESSAGE };
    await expect(overflow).rejects.toMatchObject(busy);
    // Closed before the first batch starts: nothing was written, every queued bet hears 503.
    await world.game.intake.close();
    const outcomes = await Promise.allSettled(queued);
    expect(outcomes.every((outcome) => outcome.status === 'rejected' && outcome.reason.code === 503)).toBe(
      true,
    );
    await expect(world.game.intake.submit(request)).rejects.toMatchObject(busy);
  });
});
