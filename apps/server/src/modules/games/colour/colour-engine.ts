import {
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_MS,
  type ColourCategory,
  isBettingOpen,
  periodNumberAt,
  periodStartMs,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type AppDatabase, type LeaderLock, tryAcquireLeaderLock } from '../../../db/dialect.ts';
import type { Clock } from '../../../platform/clock.ts';
import { findFirstChain, latestSettledStart, openPeriodStartsEndedBy } from './colour.repository.ts';
import type { ColourChainService } from './colour-chain.service.ts';
import type { ColourSettlementService } from './colour-settlement.service.ts';

/** How often the engine looks at the clock (and, when not the leader, tries to become it). */
export const COLOUR_ENGINE_TICK_MS = 1000;
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
  settlement: ColourSettlementService;
  timeZone: string;
  logger: FastifyBaseLogger;
}

/**
 * The colour game's engine (DESIGN.md §2 "Runtime", §3 "Colour game"): a state machine per room driven
 * by the server clock. Only the instance holding the leader lock (a PostgreSQL advisory lock; on SQLite
 * the single process) draws and settles. Each tick the leader reads the database, never its memory: it
 * makes sure every room has a published chain, settles every ended period not yet settled (the ones it
 * missed while down included, oldest first, each from its own seed), then moves the rooms' phases.
 */
export class ColourEngine {
  private leaderLock: LeaderLock | undefined;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly rooms = new Map<ColourCategory, RoomState>();

  constructor(private readonly dependencies: ColourEngineDependencies) {}

  /** Starts ticking on a timer (the app calls this; tests call tick themselves). */
  start(tickMs = COLOUR_ENGINE_TICK_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((error: unknown) =>
        this.dependencies.logger.error({ err: error }, 'colour engine tick failed'),
      );
    }, tickMs);
    this.timer.unref();
  }

  /** Stops the timer, waits for a running tick and gives up the leadership. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.queue.catch(() => undefined);
    await this.leaderLock?.release();
    this.leaderLock = undefined;
  }

  /** The phase of a room as this instance last saw it (memory only serves logs and tests). */
  roomState(room: ColourCategory): RoomState | undefined {
    return this.rooms.get(room);
  }

  /** One step of the engine; steps never overlap. */
  tick(): Promise<ColourTickReport> {
    const next = this.queue.catch(() => undefined).then(() => this.step());
    this.queue = next;
    return next;
  }

  private async step(): Promise<ColourTickReport> {
    if (!this.leaderLock || !(await this.leaderLock.isHeld())) {
      this.leaderLock = await tryAcquireLeaderLock(this.dependencies.database, COLOUR_LEADER_LOCK);
      if (!this.leaderLock) return { leader: false, settled: [] };
      this.dependencies.logger.info('colour engine: this instance is the leader');
    }
    const settled: string[] = [];
    for (const room of COLOUR_CATEGORIES) settled.push(...(await this.stepRoom(room)));
    return { leader: true, settled };
  }

  private async stepRoom(room: ColourCategory): Promise<string[]> {
    const { database, clock, chains, settlement, timeZone } = this.dependencies;
    const now = clock.now();
    const currentStart = periodStartMs(now);
    await chains.ensureChain(database, room, now, currentStart + COLOUR_PERIOD_MS);
    const settled: string[] = [];
    const firstChain = await findFirstChain(database.db, room);
    if (firstChain) {
      const lastEnded = currentStart - COLOUR_PERIOD_MS;
      const lastSettled = await latestSettledStart(database.db, room);
      const from = Math.max(
        firstChain.first_period_start_at,
        (lastSettled ?? Number.NEGATIVE_INFINITY) + COLOUR_PERIOD_MS,
      );
      // Open periods behind the latest settled one (left by a leader that died mid-way) come first.
      const starts = new Set(await openPeriodStartsEndedBy(database.db, room, lastEnded));
      for (let start = from; start <= lastEnded; start += COLOUR_PERIOD_MS) starts.add(start);
      for (const start of [...starts].sort((left, right) => left - right)) {
        const period = periodNumberAt(start, timeZone);
        this.rooms.set(room, { phase: 'settling', period });
        if ((await settlement.settle(room, start)) === 'settled') {
          settled.push(`${room}:${period}`);
          this.dependencies.logger.info({ room, period }, COLOUR_PERIOD_SETTLED_LOG);
        }
      }
    }
    this.rooms.set(room, {
      phase: isBettingOpen(clock.now()) ? 'betting' : 'locked',
      period: periodNumberAt(currentStart, timeZone),
    });
    return settled;
  }
}
