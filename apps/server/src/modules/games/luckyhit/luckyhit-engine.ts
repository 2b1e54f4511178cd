import {
  LUCKY_HIT_DEAL_SECOND,
  LUCKY_HIT_ROUND_MS,
  LuckyHitCmd,
  luckyHitPeriodAt,
  luckyHitRoundStartMs,
  luckyHitSecondOfRound,
  minorToDecimalString,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { Clock } from '../../../platform/clock.ts';
import { dueRoundStarts, LeaderTickLoop } from '../leader-tick-loop.ts';
import {
  findRound,
  latestSettledStart,
  listChainsStartingBy,
  openRoundStartsBy,
  stakeTotalsBySide,
} from './luckyhit.repository.ts';
import { chainEndOf, type LuckyHitChainService } from './luckyhit-chain.service.ts';
import type { LuckyHitGameService } from './luckyhit-game.service.ts';
import type { LuckyHitSettlementService } from './luckyhit-settlement.service.ts';

/** Pause between the end of one tick and the next: fine enough for the deal at second 20 and totals each second. */
export const LUCKY_HIT_ENGINE_TICK_INTERVAL_MS = 200;
/** The bet totals (cmd 3012) are sent at most this often. */
export const LUCKY_HIT_TOTALS_INTERVAL_MS = 1_000;
/** The name of the engine's leader lock. */
export const LUCKY_HIT_LEADER_LOCK = 'luckyhit-engine';
/** The log message of each round this instance settled. */
export const LUCKY_HIT_ROUND_SETTLED_LOG = 'luckyhit round settled';

/**
 * The round's phase by the server clock: waiting (seconds 0-3), betting (4-19), dealt (20-29, once the
 * leader has dealt and settled it).
 */
export type LuckyHitPhase = 'waiting' | 'betting' | 'dealing' | 'dealt';

/** Where the engine's events go: the live channel (every socket of every instance). */
export interface LuckyHitBroadcast {
  publish(cmd: number, data: unknown): void;
}

export interface LuckyHitTickReport {
  readonly leader: boolean;
  /** Periods dealt and settled by this tick, oldest first. */
  readonly settled: string[];
}

export interface LuckyHitEngineDependencies {
  database: AppDatabase;
  clock: Clock;
  chains: LuckyHitChainService;
  settlement: Pick<LuckyHitSettlementService, 'settle'>;
  game: Pick<LuckyHitGameService, 'latestResults' | 'groupInfo'>;
  broadcast: LuckyHitBroadcast;
  timeZone: string;
  logger: FastifyBaseLogger;
}

/**
 * Lucky Hit's engine (DESIGN.md §3 "Lucky Hit", "Live game sockets"): a state machine on the server clock,
 * run only by the holder of the leader lock. Each tick it reads the database, never its memory, to decide:
 * it makes sure a chain covers the next round, deals and settles every round whose betting has closed and
 * which is not settled yet (rounds missed while no leader ran included, oldest first, each from its own
 * seed), and announces: group info (3002) when a round begins, the cards (3004), the period result (3006)
 * and the latest results (3008) once dealt, and the bet totals (3012) at most once a second while bets
 * are taken.
 */
export class LuckyHitEngine {
  private readonly loop: LeaderTickLoop<LuckyHitTickReport>;
  private announcedPeriod: string | undefined;
  private lastTotalsAt = 0;
  private lastTotals = '';
  private lastOpenResult: { period: string; openResult: unknown } | undefined;
  private lastTotalsPayload: { period: string; betTotal: { a: string; b: string; t: string } } | undefined;
  private phase: LuckyHitPhase = 'waiting';

  constructor(private readonly dependencies: LuckyHitEngineDependencies) {
    this.loop = new LeaderTickLoop({
      database: dependencies.database,
      logger: dependencies.logger,
      lockName: LUCKY_HIT_LEADER_LOCK,
      name: 'luckyhit engine',
      cancelGenerations: () => dependencies.chains.cancelGenerations(),
      leaderStep: () => this.leaderStep(),
      followerReport: () => ({ leader: false, settled: [] }),
    });
  }

  /** Starts ticking: the first tick at once, each next one intervalMs after the previous one finished. */
  start(intervalMs = LUCKY_HIT_ENGINE_TICK_INTERVAL_MS): void {
    this.loop.start(intervalMs);
  }

  /** Stops ticking, abandons a chain being made, waits for a running tick and gives up the leadership. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Whether this instance held the leadership at its last tick. */
  isLeader(): boolean {
    return this.loop.isLeader();
  }

  /** The latest totals sent (3012) if they belong to the round under way, for a socket that just connected. */
  currentTotals(): { period: string; betTotal: { a: string; b: string; t: string } } | undefined {
    const payload = this.lastTotalsPayload;
    return payload?.period === this.announcedPeriod ? payload : undefined;
  }

  /** The cards of the round under way once dealt (3004), for a socket that connects after the deal. */
  currentOpenResult(): { period: string; openResult: unknown } | undefined {
    const payload = this.lastOpenResult;
    return payload?.period === this.announcedPeriod ? payload : undefined;
  }

  /** The phase as this instance last saw it (memory only serves logs and tests). */
  currentPhase(): LuckyHitPhase {
    return this.phase;
  }

  /** One step. Steps never overlap: a tick asked for while one runs starts after it. */
  tick(): Promise<LuckyHitTickReport> {
    return this.loop.tick();
  }

  private async leaderStep(): Promise<LuckyHitTickReport> {
    const { database, clock, chains } = this.dependencies;
    await chains.prepare(database, clock);
    const settled = await this.settleDue();
    await this.announce(settled.length > 0);
    return { leader: true, settled: settled.map((round) => round.period) };
  }

  /**
   * Deals and settles every due round not settled yet: open rounds left behind, then every round after the
   * latest settled one that a chain covers, up to the current one once its betting has closed. Rounds no
   * chain covers were never committed to: they took no bets and are never dealt.
   */
  private async settleDue(): Promise<Array<{ period: string }>> {
    const { database, clock, settlement, broadcast, logger } = this.dependencies;
    const now = clock.now();
    const currentStart = luckyHitRoundStartMs(now);
    const lastDue =
      luckyHitSecondOfRound(now) >= LUCKY_HIT_DEAL_SECOND ? currentStart : currentStart - LUCKY_HIT_ROUND_MS;
    const lastSettled = await latestSettledStart(database.db);
    const starts = dueRoundStarts({
      lastSettled,
      openStarts: await openRoundStartsBy(database.db, lastDue),
      chains: (await listChainsStartingBy(database.db, lastDue)).map((chain) => ({
        firstStartAt: chain.first_round_start_at,
        endAt: chainEndOf(chain),
      })),
      lastDue,
      roundMs: LUCKY_HIT_ROUND_MS,
    });
    const settled: Array<{ period: string }> = [];
    for (const start of starts) {
      const outcome = await settlement.settle(start);
      if (outcome.status !== 'settled') continue;
      const { round } = outcome;
      settled.push({ period: round.period });
      logger.info({ period: round.period, bets: round.betCount }, LUCKY_HIT_ROUND_SETTLED_LOG);
      // Only the round under way is shown being dealt; rounds caught up after downtime go to the history.
      if (start === currentStart) {
        this.phase = 'dealt';
        this.lastOpenResult = {
          period: round.period,
          openResult: {
            cards1: round.deal.cards1,
            cards2: round.deal.cards2,
            blackWin: round.outcome.blackWin,
            luckyHitOdds: round.outcome.luckyHitOdds,
          },
        };
        broadcast.publish(LuckyHitCmd.openResult, this.lastOpenResult);
        broadcast.publish(LuckyHitCmd.periodResult, {
          period: round.period,
          result: round.outcome.winner,
          luckyHitOdds: round.outcome.luckyHitOdds,
        });
      }
    }
    return settled;
  }

  /** Group info when a new round begins, the latest results after a deal, the totals while bets are taken. */
  private async announce(dealt: boolean): Promise<void> {
    const { database, clock, game, broadcast, timeZone } = this.dependencies;
    const now = clock.now();
    const period = luckyHitPeriodAt(now, timeZone);
    const second = luckyHitSecondOfRound(now);
    if (period !== this.announcedPeriod) {
      this.announcedPeriod = period;
      this.lastTotals = '';
      broadcast.publish(LuckyHitCmd.groupInfo, game.groupInfo(now));
    }
    if (second < LUCKY_HIT_DEAL_SECOND) this.phase = second >= 4 ? 'betting' : 'waiting';
    else if (this.phase !== 'dealt') this.phase = 'dealing';
    if (dealt) broadcast.publish(LuckyHitCmd.latestResults, await game.latestResults());
    if (second < 4 || now - this.lastTotalsAt < LUCKY_HIT_TOTALS_INTERVAL_MS) return;
    const round = await findRound(database.db, period);
    if (!round) return;
    const totals = await stakeTotalsBySide(database.db, round.id);
    const betTotal = {
      a: minorToDecimalString(totals.B),
      b: minorToDecimalString(totals.R),
      t: minorToDecimalString(totals.L),
    };
    const text = JSON.stringify(betTotal);
    if (text === this.lastTotals) return;
    this.lastTotals = text;
    this.lastTotalsAt = now;
    this.lastTotalsPayload = { period, betTotal };
    broadcast.publish(LuckyHitCmd.betTotal, this.lastTotalsPayload);
  }
}
