import {
  isLuckyHitBettingOpen,
  LUCKY_HIT_MAX_BETS_PER_ROUND,
  type LuckyHitBetCommand,
  LuckyHitMessage,
  luckyHitFeeMinor,
  luckyHitPeriodAt,
  luckyHitRoundStartMs,
  ResponseCode,
  ServerMessage,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { readTogether, writeTogether } from '../../../db/combined-statements.ts';
import type { AppDatabase, DialectName } from '../../../db/dialect.ts';
import { planReserveIds } from '../../../db/reserved-ids.ts';
import type { Database } from '../../../db/schema.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { AppError, badRequest, forbidden, tooManyRequests } from '../../../http/app-error.ts';
import type { Clock } from '../../../platform/clock.ts';
import { type PlayerAccess, planReadPlayerAccess } from '../../accounts/user-access.repository.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import {
  BetGroupCommit,
  decideBatchStakes,
  everyBetDecided,
  type GroupCommitOutcome,
  stakeDebitsOf,
} from '../bet-group-commit.service.ts';
import type { LuckyHitRoundRow } from './luckyhit.tables.ts';
import {
  planBetCountsInRound,
  planInsertLuckyHitBets,
  planShareRound,
  type ReservedLuckyHitBetRow,
} from './luckyhit-bet-intake.repository.ts';
import type { LuckyHitChainService } from './luckyhit-chain.service.ts';
import { LUCKY_HIT_BET_REFERENCE_TYPE, luckyHitStakeKey } from './luckyhit-settlement.service.ts';

/** A player's bets in one round are capped: several are allowed, a flood is not (the shared rule). */
export const LUCKY_HIT_BETS_PER_USER_PER_ROUND = LUCKY_HIT_MAX_BETS_PER_ROUND;
/**
 * Most bets one batch transaction takes. At the 500 bets/s target a batch that takes 20 ms holds about ten
 * bets; 500 leaves room for the bursts of the window's last seconds while keeping one transaction's locks
 * and its statements' JSON parameters small (as the colour game's COLOUR_INTAKE_BATCH_MAX).
 */
export const LUCKY_HIT_INTAKE_BATCH_MAX = 500;
/**
 * Most bets waiting for a batch: four seconds of the 500 bets/s target. Beyond it the server is behind for
 * longer than a player would wait, so a new bet is refused at once (503) instead of queueing.
 */
export const LUCKY_HIT_INTAKE_QUEUE_LIMIT = 2_000;
/**
 * Batches in flight at once: one on SQLite (one writer); three on PostgreSQL, for the reasons and with the
 * measurements of the colour game's COLOUR_INTAKE_CONCURRENT_BATCHES (the batches take turns on the wallets
 * and the escrow row, locked in ascending id order, so they never deadlock).
 */
export const LUCKY_HIT_INTAKE_CONCURRENT_BATCHES: Readonly<Record<DialectName, number>> = {
  sqlite: 1,
  postgres: 3,
};
/** The system account every stake is paid into. */
const STAKE_ACCOUNT = 'game_escrow';

/** A bet whose stake bounds were checked at the edge, as the intake takes it. */
export interface LuckyHitBetRequest {
  readonly userId: number;
  readonly command: LuckyHitBetCommand;
}

export interface LuckyHitBetIntakeDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  chains: LuckyHitChainService;
  timeZone: string;
  /** Takes one bet alone in its own transaction (answers its id): the path a failed batch falls back to. */
  single: (request: LuckyHitBetRequest) => Promise<number>;
  logger?: FastifyBaseLogger | undefined;
}

/**
 * The period of the round under way, remembered for its round: every bet is checked against it twice (at the
 * edge and in its batch), and the zone arithmetic of luckyHitPeriodAt showed in the socket bench's CPU profile.
 */
let periodMemo: { roundStart: number; timeZone: string; period: string } | undefined;
function periodOfRound(roundStart: number, timeZone: string): string {
  if (periodMemo?.roundStart !== roundStart || periodMemo.timeZone !== timeZone) {
    periodMemo = { roundStart, timeZone, period: luckyHitPeriodAt(roundStart, timeZone) };
  }
  return periodMemo.period;
}

/** The start of the round under way if `period` is it and betting is open at `now`; else a 400. */
export function assertOpenLuckyHitRound(period: string, now: number, timeZone: string): number {
  if (!isLuckyHitBettingOpen(now)) throw badRequest(LuckyHitMessage.bettingClosed);
  const roundStart = luckyHitRoundStartMs(now);
  if (periodOfRound(roundStart, timeZone) !== period) throw badRequest(LuckyHitMessage.periodNotOpen);
  return roundStart;
}

/**
 * The refusal of a player whose access changed since the socket opened (spec 02 §6): a suspended account
 * as the session lookup refuses it, an account without early access as requireEarlyAccess does.
 */
export function accessRefusal(access: PlayerAccess | undefined): AppError | undefined {
  if (!access || access.suspended) return new AppError(ResponseCode.unauthorized, ServerMessage.unauthorized);
  if (!access.early) return forbidden(LuckyHitMessage.earlyAccessOnly);
  return undefined;
}

/** The 429 of a bet above the per-round cap. */
export function tooManyBetsInRound(): AppError {
  return tooManyRequests(`At most ${LUCKY_HIT_BETS_PER_USER_PER_ROUND} bets per round`);
}

/**
 * Group commit of Lucky Hit bets (cmd 3015), on the shared BetGroupCommit as the colour game's intake: bets
 * queue in memory and each batch of up to LUCKY_HIT_INTAKE_BATCH_MAX commits in one transaction of a
 * constant number of set-based statements, so the game-escrow row is locked once per batch, not per bet.
 * Every bet is still decided on its own, by the rules of the single-bet path: the round under way with
 * betting open by the server's clock now, the player's access now, at most
 * LUCKY_HIT_BETS_PER_USER_PER_ROUND bets per round, and the stake against the wallet's locked balance, in
 * arrival order. A refused bet leaves nothing behind. A player's bets are never in two running batches
 * (oneBatchPerPlayer), so the per-round counts read before the wallet lock are exact. A bet has no
 * Idempotency-Key (a socket frame is sent once); its stake's ledger key is its bet id.
 */
export class LuckyHitBetIntake {
  private readonly queue: BetGroupCommit<LuckyHitBetRequest, number>;

  constructor(private readonly dependencies: LuckyHitBetIntakeDependencies) {
    this.queue = new BetGroupCommit<LuckyHitBetRequest, number>({
      name: 'luckyhit',
      batchMax: LUCKY_HIT_INTAKE_BATCH_MAX,
      queueLimit: LUCKY_HIT_INTAKE_QUEUE_LIMIT,
      concurrentBatches: LUCKY_HIT_INTAKE_CONCURRENT_BATCHES[dependencies.database.dialect],
      oneBatchPerPlayer: true,
      busy: () => new AppError(ResponseCode.unavailable, LuckyHitMessage.unavailable),
      decide: (batch, onTail) =>
        runInTransaction(dependencies.database, (trx) => this.decideBatch(trx, batch, onTail)),
      single: (request) => dependencies.single(request),
      logger: dependencies.logger,
    });
  }

  /** Queues a bet for the next batch and answers its id once its batch has committed (or its refusal). */
  submit(request: LuckyHitBetRequest): Promise<number> {
    return this.queue.submit(request);
  }

  /** Bets waiting for a batch (for tests and metrics). */
  get queueLength(): number {
    return this.queue.queueLength;
  }

  /** Stops taking bets: the queued ones are refused (503, nothing written) and the running batches finish. */
  close(): Promise<void> {
    return this.queue.close();
  }

  /**
   * One batch's transaction: the round by the server's clock now (a bet queued before second 20 and
   * batched after it is refused), then in one round trip the round row FOR SHARE, the players' access, their
   * bets so far in the round and ids for every bet that may be taken; the wallets and the escrow row locked
   * in one statement; each bet decided in arrival order; the accepted bets and their stakes written in one
   * combined write.
   */
  private async decideBatch(
    trx: Kysely<Database>,
    batch: readonly LuckyHitBetRequest[],
    onTail: () => void,
  ): Promise<Array<GroupCommitOutcome<number>>> {
    const { database, clock, chains, timeZone } = this.dependencies;
    const { dialect } = database;
    const now = clock.now();
    const outcomes: Array<GroupCommitOutcome<number> | undefined> = new Array(batch.length);
    let period: string | undefined;
    let startAt = 0;
    const candidates: number[] = [];
    for (const [index, bet] of batch.entries()) {
      try {
        startAt = assertOpenLuckyHitRound(bet.command.period, now, timeZone);
        // Only the round under way passes, so every candidate of the batch bets on the same round.
        period = bet.command.period;
        candidates.push(index);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { error };
      }
    }

    if (period !== undefined) {
      const userIds = candidates.map((index) => batch[index]?.userId ?? 0);
      const first = await readTogether(trx, dialect, {
        round: planShareRound(dialect, period),
        access: planReadPlayerAccess(userIds),
        counts: planBetCountsInRound(period, userIds),
        ids: planReserveIds(dialect, 'luckyhit_bets', candidates.length),
      });
      let round: LuckyHitRoundRow | undefined = first.round;
      if (!round && (await chains.ensureRoundRow(trx, { period, startAt }, now))) {
        // The round's first bets make its row from the chain; without a chain it takes no bets.
        round = (await readTogether(trx, dialect, { round: planShareRound(dialect, period) })).round;
      }
      const live: number[] = [];
      for (const index of candidates) {
        const bet = batch[index];
        if (!bet) continue;
        const refusal =
          round?.status !== 'open'
            ? badRequest(LuckyHitMessage.bettingClosed)
            : accessRefusal(first.access.get(bet.userId));
        if (refusal) outcomes[index] = { error: refusal };
        else live.push(index);
      }
      if (round && live.length > 0) {
        await this.takeLive(trx, batch, live, round, first.counts, first.ids, outcomes, now);
      }
    }
    onTail();
    return everyBetDecided('luckyhit', outcomes);
  }

  /**
   * From here on the batch holds its players' wallets and the escrow row, and the next batch waits for them:
   * the lock, one combined write (bets, stake transfers, balances), the commit. Each bet is decided in
   * arrival order, so a player's earlier bets take the money and the round's places before the later ones.
   */
  private async takeLive(
    trx: Kysely<Database>,
    batch: readonly LuckyHitBetRequest[],
    live: readonly number[],
    round: LuckyHitRoundRow,
    counts: ReadonlyMap<number, number>,
    betIds: readonly number[],
    outcomes: Array<GroupCommitOutcome<number> | undefined>,
    now: number,
  ): Promise<void> {
    const { database, ledger } = this.dependencies;
    const { dialect } = database;
    const liveUsers = [...new Set(live.map((index) => batch[index]?.userId ?? 0))];
    const { lock } = await readTogether(trx, dialect, {
      lock: ledger.planWalletDebitLock(liveUsers, STAKE_ACCOUNT),
    });
    const { accepted } = decideBatchStakes(
      batch,
      live,
      lock.wallets,
      {
        stakeOf: (bet) => bet.command.stakeMinor,
        overLimit: (bet, taken) =>
          (counts.get(bet.userId) ?? 0) + taken >= LUCKY_HIT_BETS_PER_USER_PER_ROUND
            ? tooManyBetsInRound()
            : undefined,
        limitBeforeBalance: true,
      },
      outcomes,
    );
    // Accepted bets take the reserved ids in arrival order.
    const rows = accepted.map((index, position): ReservedLuckyHitBetRow => {
      const bet = batch[index];
      const id = betIds[position];
      if (!bet) throw new Error(`accepted luckyhit bet ${index} is not in its batch`);
      if (id === undefined) throw new Error(`luckyhit bet batch has no reserved id for bet ${index}`);
      const { stakeMinor } = bet.command;
      const feeMinor = luckyHitFeeMinor(stakeMinor);
      return {
        id,
        user_id: bet.userId,
        round_id: round.id,
        period: round.period,
        bet_type: bet.command.betType,
        client_seed: bet.command.clientSeed,
        stake_minor: stakeMinor,
        fee_minor: feeMinor,
        contract_minor: stakeMinor - feeMinor,
        status: 'W',
        created_at: now,
        settled_at: null,
      };
    });
    const stakes = ledger.planTransferMany(lock, {
      kind: 'luckyhit_bet',
      debits: stakeDebitsOf(rows, LUCKY_HIT_BET_REFERENCE_TYPE, luckyHitStakeKey),
    });
    if (stakes.count !== rows.length)
      throw new Error(`luckyhit batch: ${stakes.count} stakes for ${rows.length} bets`);
    // The writes touch different rows and none reads another's, so they may go as one statement.
    await writeTogether(trx, dialect, [planInsertLuckyHitBets(dialect, rows), ...stakes.writes]);
    for (const [position, index] of accepted.entries()) {
      const row = rows[position];
      if (!row) throw new Error(`accepted luckyhit bet ${index} has no row`);
      outcomes[index] = { body: row.id };
    }
  }
}
