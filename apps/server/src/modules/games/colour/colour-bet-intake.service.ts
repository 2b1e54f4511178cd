import {
  type AddUserGuessBody,
  type AddUserGuessResponse,
  type ColourCategory,
  ColourMessage,
  colourFeeMinor,
  isBettingOpen,
  periodStartFromNumber,
  periodStartMs,
  ResponseCode,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { readTogether, writeTogether } from '../../../db/combined-statements.ts';
import type { AppDatabase, DialectName } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { AppError, badRequest } from '../../../http/app-error.ts';
import type { Clock } from '../../../platform/clock.ts';
import {
  BucketLimitReachedError,
  deleteExpiredBuckets,
  planAddBucketHits,
  planReadBucketHits,
} from '../../accounts/rate-limit.repository.ts';
import type { BulkClaim, IdempotencyService } from '../../idempotency/idempotency.service.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import {
  BetGroupCommit,
  decideBatchStakes,
  everyBetDecided,
  type GroupCommitOutcome,
  stakeDebitsOf,
} from '../bet-group-commit.service.ts';
import type { ColourPeriodRow, NewColourBetRow } from './colour.tables.ts';
import {
  planInsertBets,
  planReserveBetIds,
  planSharePeriods,
  type ReservedBetRow,
} from './colour-bet-intake.repository.ts';
import type { ColourChainService } from './colour-chain.service.ts';
import { COLOUR_BET_REFERENCE_TYPE, colourStakeKey } from './colour-settlement.service.ts';

/**
 * Most bets one batch transaction takes. At the 5,000 bets/s target a batch that takes 20 ms holds about
 * 100 bets, so 500 leaves room for bursts while keeping one transaction's locks and its statements' JSON
 * parameters (about 150 KB) small.
 */
export const COLOUR_INTAKE_BATCH_MAX = 500;
/**
 * Most bets waiting for a batch: two seconds of the 5,000 bets/s target. Beyond it the server is behind
 * for longer than a player would wait, so a new bet answers 503 at once instead of queueing.
 */
export const COLOUR_INTAKE_QUEUE_LIMIT = 10_000;
/**
 * Accepted bets per user and rate window (DESIGN.md "Rate limits on … betting"). A player tapping through
 * the app places a few bets a second at most, and the four rooms together rarely more; twenty a second
 * leaves room for quick multi-room play and scripted clients while capping one account at 0.4 % of the
 * instance's 5,000 bets/s.
 */
export const COLOUR_BETS_PER_USER_PER_WINDOW = 20;
/** The window of the per-user betting limit. */
export const COLOUR_BET_RATE_WINDOW_MS = 1_000;
/**
 * Batches in flight at once. SQLite has one connection and one writer, so one. On PostgreSQL a new batch
 * claims its keys, share-locks its periods and reserves its ids while an earlier one still holds the
 * wallets and escrow; all lock those in ascending id order, so they take turns there and never deadlock.
 * Three let one batch commit while the next holds the wallets and a third gets ready (interleaved intake
 * bench runs: about 12 % more bets a second than two; four did no better than three).
 */
export const COLOUR_INTAKE_CONCURRENT_BATCHES: Readonly<Record<DialectName, number>> = {
  sqlite: 1,
  postgres: 3,
};
/** The message of the 429 answered above the per-user betting limit (the style of the other limits). */
export const COLOUR_BET_RATE_LIMITED_MESSAGE = 'Too many bets, please try again later';
/** The message of the 503 answered when the queue is full or the server is shutting down. */
export const COLOUR_INTAKE_BUSY_MESSAGE = 'The game is busy, please try again';
/** The system account every stake is paid into. */
const STAKE_ACCOUNT = 'game_escrow';

/** The per-user rate bucket of a window, in the `<key>|<window start>` form of DatabaseRateLimiter. */
export function colourBetBucketKey(userId: number, windowStart: number): string {
  return `colour_bet:user:${userId}|${windowStart}`;
}

/** The start of the period if it is the open one at `now` with betting still open; else a 400. */
export function assertOpenPeriod(period: string, now: number, timeZone: string): number {
  const startAt = periodStartFromNumber(period, timeZone);
  if (startAt === undefined) throw badRequest('period must be a period number such as 20250305001');
  const openStart = periodStartMs(now);
  if (startAt < openStart) throw badRequest(ColourMessage.periodClosed);
  if (startAt > openStart) throw badRequest(ColourMessage.periodNotOpen);
  if (!isBettingOpen(now)) throw badRequest(ColourMessage.periodClosed);
  return startAt;
}

/** The answer of a bet that was taken. */
function betCompleted(betId: number): AddUserGuessResponse {
  return { code: 200, msg: ColourMessage.betCompleted, id: betId };
}

/** A bet request as the single-bet path takes it. */
export interface ColourBetRequest {
  readonly userId: number;
  readonly body: AddUserGuessBody;
  readonly key: string | undefined;
  readonly route: string;
}

/** Takes one bet alone in its own transaction: the path a failed batch falls back to. */
export type SingleBetPath = (request: ColourBetRequest) => Promise<AddUserGuessResponse>;

/** What a batch decided for one bet: its answer, or the refusal it answers with. */
type BetOutcome = GroupCommitOutcome<AddUserGuessResponse>;

export interface ColourBetIntakeDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  idempotency: IdempotencyService;
  chains: ColourChainService;
  timeZone: string;
  single: SingleBetPath;
  logger?: FastifyBaseLogger;
}

/**
 * Group commit of colour bets (issue 7: 5,000 bets/s on one instance). Validated bets queue in memory
 * (the shared BetGroupCommit); each batch takes up to COLOUR_INTAKE_BATCH_MAX of them, in arrival order (up
 * to COLOUR_INTAKE_CONCURRENT_BATCHES batches in flight), and commits them in one transaction of a constant
 * number of set-based statements, so the hot game-escrow row is locked once per batch instead of once per
 * bet. From the wallet lock to the commit, the part that the next batch waits for, the statements go in
 * three round trips: the lock, one combined write (bets, transfers, balances, rate buckets, answers;
 * `combined-statements.ts`) and the commit. Each bet is answered exactly as the single-bet path would
 * have answered it, with the same rows and ledger effects; a refused bet leaves nothing behind. A batch that fails for
 * an unexpected reason is taken again bet by bet through the single-bet path, so one poisoned request
 * fails alone.
 */
export class ColourBetIntake {
  private readonly queue: BetGroupCommit<ColourBetRequest, AddUserGuessResponse>;
  /** The last rate window whose expired buckets were dropped: once per window is enough. */
  private prunedWindowStart = 0;

  constructor(private readonly dependencies: ColourBetIntakeDependencies) {
    this.queue = new BetGroupCommit<ColourBetRequest, AddUserGuessResponse>({
      name: 'colour',
      batchMax: COLOUR_INTAKE_BATCH_MAX,
      queueLimit: COLOUR_INTAKE_QUEUE_LIMIT,
      concurrentBatches: COLOUR_INTAKE_CONCURRENT_BATCHES[dependencies.database.dialect],
      busy: () => new AppError(ResponseCode.unavailable, COLOUR_INTAKE_BUSY_MESSAGE),
      decide: (batch, onTail) => this.decide(batch, onTail),
      single: (request) => dependencies.single(request),
      logger: dependencies.logger,
    });
  }

  /** Queues a validated bet for the next batch and answers it once its batch has committed. */
  submit(request: ColourBetRequest): Promise<AddUserGuessResponse> {
    return this.queue.submit(request);
  }

  /** Bets waiting for a batch (for tests and metrics). */
  get queueLength(): number {
    return this.queue.queueLength;
  }

  /**
   * Stops taking bets: the queued ones answer 503 (the player may retry on another instance or after the
   * restart; nothing of them was written), and the batch already running is waited for so that its answers
   * go out before the database closes.
   */
  close(): Promise<void> {
    return this.queue.close();
  }

  /** One batch's transaction, decided again on hits read under the wallet lock when a bucket filled meanwhile. */
  private decide(batch: readonly ColourBetRequest[], onTail: () => void): Promise<BetOutcome[]> {
    const decide = (bucketsAfterLock: boolean) =>
      runInTransaction(this.dependencies.database, (trx) =>
        this.decideBatch(trx, batch, onTail, bucketsAfterLock),
      );
    return decide(false).catch((error: unknown) => {
      // Another batch or bet raised a player's hits after this batch read them: decide again on hits
      // read under the wallet lock.
      if (error instanceof BucketLimitReachedError) return decide(true);
      throw error;
    });
  }

  /**
   * The batch's transaction, in the order of the single-bet path's checks: the Idempotency-Keys (replays
   * answer their stored answer or 422), the period by the server's clock now (a bet queued before the 30 s
   * lock and batched after it is refused), the period rows, then each bet in arrival order against its
   * wallet's locked balance and the per-user limit; the accepted bets, their stakes, the rate counters and
   * the answers are written set-based, and the claims of refused bets are given back.
   */
  private async decideBatch(
    trx: Kysely<Database>,
    batch: readonly ColourBetRequest[],
    onTail: () => void,
    bucketsAfterLock: boolean,
  ): Promise<BetOutcome[]> {
    const { database, clock, ledger, idempotency, timeZone } = this.dependencies;
    const { dialect } = database;
    const now = clock.now();
    const outcomes: Array<BetOutcome | undefined> = new Array(batch.length);
    const claims: Array<BulkClaim<AddUserGuessResponse>> = await idempotency.claimMany(
      trx,
      dialect,
      batch.map((bet) => ({ userId: bet.userId, route: bet.route, key: bet.key, requestBody: bet.body })),
    );
    const startAts = new Map<number, number>();
    for (const [index, bet] of batch.entries()) {
      const claim = claims[index];
      if (!claim) throw new Error(`bulk claim answered nothing for bet ${index}`);
      if (claim.state === 'replayed') outcomes[index] = { body: claim.result.body };
      else if (claim.state === 'refused') outcomes[index] = { error: claim.error };
      else {
        try {
          startAts.set(index, assertOpenPeriod(bet.body.period, now, timeZone));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes[index] = { error };
        }
      }
    }

    const windowStart = now - (now % COLOUR_BET_RATE_WINDOW_MS);
    const bucketKeys = [...new Set([...startAts.keys()].map((index) => batch[index]?.userId ?? 0))].map(
      (userId) => colourBetBucketKey(userId, windowStart),
    );
    const {
      periods,
      betIds,
      hits: earlyHits,
    } = await this.readBeforeWalletLock(trx, batch, startAts, now, bucketsAfterLock ? [] : bucketKeys);
    const live: number[] = [];
    for (const index of startAts.keys()) {
      const bet = batch[index];
      const period = bet && periods.get(periodIdentity(bet.body.category, bet.body.period));
      if (period?.status === 'open') live.push(index);
      else outcomes[index] = { error: badRequest(ColourMessage.periodClosed) };
    }
    if (windowStart > this.prunedWindowStart) {
      // Outside the part that others wait for, and only buckets whose window ended a whole window ago: a
      // batch still running writes its own window's buckets, which this delete must never wait for (that
      // batch may be waiting for this one's keys or periods).
      await deleteExpiredBuckets(trx, windowStart - COLOUR_BET_RATE_WINDOW_MS);
      this.prunedWindowStart = windowStart;
    }

    // From here on the batch holds its players' wallets, and the next batch waits for them: the lock, one
    // combined write, the commit. The rate buckets were read with the periods, before the lock, and may
    // have grown since; the write adds the hits only where they stay within the limit, and a batch that
    // finds a bucket at the limit is decided again with the buckets read after the lock (a statement that
    // waited for a lock reads everything else as of its start, so they need a statement of their own).
    const liveUsers = [...new Set(live.map((index) => batch[index]?.userId ?? 0))];
    const { lock } = await readTogether(trx, dialect, {
      lock: ledger.planWalletDebitLock(liveUsers, STAKE_ACCOUNT),
    });
    const hits = bucketsAfterLock
      ? (
          await readTogether(trx, dialect, {
            hits: planReadBucketHits(
              dialect,
              liveUsers.map((userId) => colourBetBucketKey(userId, windowStart)),
            ),
          })
        ).hits
      : earlyHits;
    // Decided in arrival order, so a player's earlier bets take the money before the later ones.
    const { accepted, acceptedPerUser } = decideBatchStakes(
      batch,
      live.sort((left, right) => left - right),
      lock.wallets,
      {
        stakeOf: (bet) => bet.body.contractMoneyMinor * bet.body.contractCount,
        overLimit: (bet, taken) =>
          (hits.get(colourBetBucketKey(bet.userId, windowStart)) ?? 0) + taken >=
          COLOUR_BETS_PER_USER_PER_WINDOW
            ? rateLimited(windowStart + COLOUR_BET_RATE_WINDOW_MS - now)
            : undefined,
        limitBeforeBalance: false,
      },
      outcomes,
    );

    // Accepted bets take the reserved ids in arrival order.
    if (accepted.length > betIds.length)
      throw new Error(`batch accepted ${accepted.length} bets with ${betIds.length} ids reserved`);
    const rows = accepted.map((index, position): ReservedBetRow => {
      const bet = batch[index];
      const period = bet && periods.get(periodIdentity(bet.body.category, bet.body.period));
      const id = betIds[position];
      if (!bet || !period || id === undefined)
        throw new Error(`accepted bet ${index} has no period row or id`);
      return { ...betRow(bet.userId, bet.body, period, now), id };
    });
    const stakes = ledger.planTransferMany(lock, {
      kind: 'colour_bet',
      debits: stakeDebitsOf(rows, COLOUR_BET_REFERENCE_TYPE, colourStakeKey),
    });
    const answers: Array<{ claimId: number; body: AddUserGuessResponse }> = [];
    for (const [position, index] of accepted.entries()) {
      const row = rows[position];
      if (!row) throw new Error(`accepted bet ${index} has no row`);
      const body = betCompleted(row.id);
      outcomes[index] = { body };
      const claim = claims[index];
      if (claim?.state === 'claimed') answers.push({ claimId: claim.claimId, body });
    }
    const refusedClaims: number[] = [];
    for (const [index, claim] of claims.entries()) {
      const outcome = outcomes[index];
      if (claim.state === 'claimed' && outcome && 'error' in outcome) refusedClaims.push(claim.claimId);
    }
    // The writes touch different rows and none reads another's, so they may go as one statement.
    await writeTogether(trx, dialect, [
      planInsertBets(dialect, rows),
      ...stakes.writes,
      planAddBucketHits(
        dialect,
        [...acceptedPerUser].map(([userId, count]) => ({
          bucketKey: colourBetBucketKey(userId, windowStart),
          hits: count,
          expiresAt: windowStart + COLOUR_BET_RATE_WINDOW_MS,
        })),
        COLOUR_BETS_PER_USER_PER_WINDOW,
      ),
      idempotency.planStoreMany(dialect, answers),
      idempotency.planReleaseMany(dialect, refusedClaims),
    ]);
    onTail();

    return everyBetDecided('colour', outcomes);
  }

  /**
   * What a batch reads before it locks the wallets, in one round trip: the period rows of its bets, held
   * FOR SHARE and keyed by room and period, ids reserved for every bet that may be taken, and the hits of
   * the given rate buckets. A period's row exists from its first bet on; the first bets of a period create
   * it from the room's chain (at most one open period per room, so at most four such look-ups per batch).
   */
  private async readBeforeWalletLock(
    trx: Kysely<Database>,
    batch: readonly ColourBetRequest[],
    startAts: ReadonlyMap<number, number>,
    now: number,
    bucketKeys: readonly string[],
  ): Promise<{ periods: Map<string, ColourPeriodRow>; betIds: number[]; hits: Map<string, number> }> {
    const { database, chains } = this.dependencies;
    const { dialect } = database;
    const wanted = new Map<string, { room: ColourCategory; period: string; startAt: number }>();
    for (const [index, startAt] of startAts) {
      const bet = batch[index];
      if (!bet) continue;
      wanted.set(periodIdentity(bet.body.category, bet.body.period), {
        room: bet.body.category,
        period: bet.body.period,
        startAt,
      });
    }
    const list = [...wanted.values()];
    const byIdentity = (rows: readonly ColourPeriodRow[]) =>
      new Map(rows.map((row) => [periodIdentity(row.room, row.period), row]));
    const first = await readTogether(trx, dialect, {
      periods: planSharePeriods(dialect, list),
      ids: planReserveBetIds(dialect, startAts.size),
      hits: planReadBucketHits(dialect, bucketKeys),
    });
    const periods = byIdentity(first.periods);
    const missing = list.filter((period) => !periods.has(periodIdentity(period.room, period.period)));
    if (missing.length === 0) return { periods, betIds: first.ids, hits: first.hits };
    // Without a chain a period was never committed to: its row is not made and its bets are refused as closed.
    for (const period of missing) await chains.ensurePeriodRow(trx, period, now);
    const again = await readTogether(trx, dialect, { periods: planSharePeriods(dialect, list) });
    return { periods: byIdentity(again.periods), betIds: first.ids, hits: first.hits };
  }
}

function periodIdentity(room: string, period: string): string {
  return `${room}:${period}`;
}

/** The 429 of a bet above the per-user limit, with when the window ends. */
export function rateLimited(retryAfterMs: number): AppError {
  return new AppError(ResponseCode.tooManyRequests, COLOUR_BET_RATE_LIMITED_MESSAGE, {
    retry_after_seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/** The row of an accepted bet, waiting for its period's result; the batch and the single-bet path both write it. */
export function betRow(
  userId: number,
  body: AddUserGuessBody,
  period: ColourPeriodRow,
  now: number,
): NewColourBetRow {
  const stakeMinor = body.contractMoneyMinor * body.contractCount;
  const feeMinor = colourFeeMinor(stakeMinor);
  return {
    user_id: userId,
    period_id: period.id,
    room: body.category,
    period: body.period,
    guess_type: body.guessType,
    guess_number: body.guessNumber,
    contract_money_minor: body.contractMoneyMinor,
    contract_count: body.contractCount,
    stake_minor: stakeMinor,
    fee_minor: feeMinor,
    contract_minor: stakeMinor - feeMinor,
    status: 'W',
    created_at: now,
    settled_at: null,
  };
}
