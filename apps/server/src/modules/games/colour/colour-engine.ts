import {
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_MS,
  type ColourCategory,
  isBettingOpen,
  periodNumberAt,
  periodStartMs,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { Clock } from '../../../platform/clock.ts';
import { dueRoundStarts, LeaderTickLoop } from '../leader-tick-loop.ts';
import { latestSettledStart, listChainsStartingBy, openPeriodStartsEndedBy } from './colour.repository.ts';
import { type ColourChainService, chainEndOf } from './colour-chain.service.ts';
import type { ColourSettlementService } from './colour-settlement.service.ts';

/**
 * The pause between the end of one tick and the start of the next. Ticks are chained (the next is
 * scheduled when the current one has finished), so a long tick, such as the catch-up after downtime,
 * delays the next one instead of letting ticks pile up behind it.
 */
export const COLOUR_ENGINE_TICK_INTERVAL_MS = 1000;
/** The name of the colour engine's leader lock. */
export const COLOUR_LEADER_LOCK = 'colour-engine';
/** The log message of each period this instance settled (with room and period), for operators and tests. */
export const COLOUR_PERIOD_SETTLED_LOG = 'colour period settled';

/**
 * A room's phase: betting while more than 30 s remain, locked for the last 30 s, settling while the
 * ended period is drawn and paid; then betting again in the next period.
 */
export type ColourPhase = 'betting' | 'locked' | 'settling';

export interface RoomState {
  readonly phase: ColourPhase;
  readonly period: string;
}

export interface ColourTickReport {
  readonly leader: boolean;
  /** Periods settled by this tick, as "room:period". */
  readonly settled: string[];
}

export interface ColourEngineDependencies {
  database: AppDatabase;
  clock: Clock;
  chains: ColourChainService;
  settlement: Pick<ColourSettlementService, 'settle'>;
  timeZone: string;
  logger: FastifyBaseLogger;
  /** Told after each period this instance settled, once its settlement has committed. */
  onPeriodSettled?: (room: ColourCategory, period: string) => void;
}

/**
 * The colour game's engine (DESIGN.md §2 "Runtime", §3 "Colour game"): a state machine per room driven
 * by the server clock. Only the instance holding the leader lock (a PostgreSQL advisory lock; on SQLite
 * the single process) draws and settles. Each tick the leader reads the database, never its memory: it
 * makes sure every room has a published chain (renewals go on in the background), settles every ended
 * period a chain covers that is not settled yet (the ones it missed while down included, oldest first,
 * each from its own seed), then moves the rooms' phases.
 */
export class ColourEngine {
  private readonly loop: LeaderTickLoop<ColourTickReport>;
  private readonly rooms = new Map<ColourCategory, RoomState>();

  constructor(private readonly dependencies: ColourEngineDependencies) {
    this.loop = new LeaderTickLoop({
      database: dependencies.database,
      logger: dependencies.logger,
      lockName: COLOUR_LEADER_LOCK,
      name: 'colour engine',
      cancelGenerations: () => dependencies.chains.cancelGenerations(),
      leaderStep: () => this.leaderStep(),
      followerReport: () => ({ leader: false, settled: [] }),
    });
  }

  /**
   * Starts ticking: the first tick at once, each next one intervalMs after the previous one finished (the
   * app calls this; tests call tick themselves). A failed tick is logged and the next one still comes.
   */
  start(intervalMs = COLOUR_ENGINE_TICK_INTERVAL_MS): void {
    this.loop.start(intervalMs);
  }

  /** Stops ticking, abandons a chain being made, waits for a running tick and gives up the leadership. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** The phase of a room as this instance last saw it (memory only serves logs and tests). */
  roomState(room: ColourCategory): RoomState | undefined {
    return this.rooms.get(room);
  }

  /** One step of the engine. Steps never overlap: a tick asked for while one runs starts after it. */
  tick(): Promise<ColourTickReport> {
    return this.loop.tick();
  }

  private async leaderStep(): Promise<ColourTickReport> {
    const { database, clock, chains } = this.dependencies;
    // Every room's chain first: a renewal runs on in the background, while a room with no chain for its
    // next period is waited for, since nothing can be bet on or drawn there without one (the chain service
    // hashes one chain at a time, so the rooms of a first start are ready one after another).
    await Promise.all(COLOUR_CATEGORIES.map((room) => chains.prepare(database, room, clock)));
    const settled: string[] = [];
    for (const room of COLOUR_CATEGORIES) settled.push(...(await this.stepRoom(room)));
    return { leader: true, settled };
  }

  /**
   * Settles the room's ended periods that are not settled yet: the open ones left behind by any leader,
   * then every period after the latest settled one that a committed chain covers. Periods no chain covers
   * (before the first chain, or in a gap after a chain ran out during downtime) are skipped: nothing was
   * committed for them, so they took no bets and have no result.
   */
  private async stepRoom(room: ColourCategory): Promise<string[]> {
    const { database, clock, settlement, timeZone } = this.dependencies;
    const currentStart = periodStartMs(clock.now());
    const lastEnded = currentStart - COLOUR_PERIOD_MS;
    const lastSettled = await latestSettledStart(database.db, room);
    const starts = dueRoundStarts({
      lastSettled,
      // Open periods behind the latest settled one (left by a leader that died mid-way) come in too.
      openStarts: await openPeriodStartsEndedBy(database.db, room, lastEnded),
      chains: (await listChainsStartingBy(database.db, room, lastEnded)).map((chain) => ({
        firstStartAt: chain.first_period_start_at,
        endAt: chainEndOf(chain),
      })),
      lastDue: lastEnded,
      roundMs: COLOUR_PERIOD_MS,
    });
    const settled: string[] = [];
    for (const start of starts) {
      const period = periodNumberAt(start, timeZone);
      this.rooms.set(room, { phase: 'settling', period });
      if ((await settlement.settle(room, start)) === 'settled') {
        settled.push(`${room}:${period}`);
        this.dependencies.logger.info({ room, period }, COLOUR_PERIOD_SETTLED_LOG);
        this.dependencies.onPeriodSettled?.(room, period);
      }
    }
    this.rooms.set(room, {
      phase: isBettingOpen(clock.now()) ? 'betting' : 'locked',
      period: periodNumberAt(currentStart, timeZone),
    });
    return settled;
  }
}
