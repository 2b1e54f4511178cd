import type { FastifyBaseLogger } from 'fastify';
import { type AppDatabase, type LeaderLock, tryAcquireLeaderLock } from '../../db/dialect.ts';

/** What a game engine hands its tick loop: the lock to hold, and the step the leader takes each tick. */
export interface LeaderTickLoopOptions<Report> {
  database: AppDatabase;
  logger: FastifyBaseLogger;
  /** The name of the leader lock. */
  lockName: string;
  /** The engine's name in its log lines ("colour engine"). */
  name: string;
  /** Abandons the chains being made: a former leader's work that will not be committed. */
  cancelGenerations: () => Promise<void>;
  /** One step of the leader; it runs only while this instance holds the lock. */
  leaderStep: () => Promise<Report>;
  /** What a tick answers on an instance that is not the leader. */
  followerReport: () => Report;
}

/**
 * The ticking of a game engine under a leader lock (DESIGN.md §2 "Runtime"): ticks are chained (the next
 * is scheduled when the current one has finished, so a long catch-up delays the next one instead of
 * letting ticks pile up), never overlap, and take the leader's step only while this instance holds the
 * lock; an instance that loses the lock abandons the chains it was making.
 */
export class LeaderTickLoop<Report> {
  private leaderLock: LeaderLock | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: LeaderTickLoopOptions<Report>) {}

  /**
   * Starts ticking: the first tick at once, each next one intervalMs after the previous one finished (the
   * app calls this; tests call tick themselves). A failed tick is logged and the next one still comes.
   */
  start(intervalMs: number): void {
    if (this.running) return;
    this.running = true;
    const loop = async (): Promise<void> => {
      this.timer = undefined;
      try {
        await this.tick();
      } catch (error) {
        this.options.logger.error({ err: error }, `${this.options.name} tick failed`);
      }
      if (!this.running) return;
      this.timer = setTimeout(() => void loop(), intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(() => void loop(), 0);
    this.timer.unref();
  }

  /** Stops ticking, abandons a chain being made, waits for a running tick and gives up the leadership. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.options.cancelGenerations();
    await this.queue.catch(() => undefined);
    await this.leaderLock?.release();
    this.leaderLock = undefined;
  }

  /** Whether this instance held the leadership at its last tick. */
  isLeader(): boolean {
    return this.leaderLock !== undefined;
  }

  /** One step of the engine. Steps never overlap: a tick asked for while one runs starts after it. */
  tick(): Promise<Report> {
    const next = this.queue.catch(() => undefined).then(() => this.step());
    this.queue = next;
    return next;
  }

  private async step(): Promise<Report> {
    const { database, logger, lockName, name } = this.options;
    if (!this.leaderLock || !(await this.leaderLock.isHeld())) {
      const wasLeader = this.leaderLock !== undefined;
      this.leaderLock = await tryAcquireLeaderLock(database, lockName);
      if (!this.leaderLock) {
        // Making chains is the leader's work; a chain made by a former leader is not committed.
        if (wasLeader) await this.options.cancelGenerations();
        return this.options.followerReport();
      }
      logger.info(`${name}: this instance is the leader`);
    }
    return this.options.leaderStep();
  }
}

/**
 * The starts of the rounds due for settlement, oldest first: the open ones left behind by any leader, then
 * every round after the latest settled one, up to `lastDue`, that a committed chain covers. Rounds no chain
 * covers (before the first chain, or in a gap after a chain ran out during downtime) are left out: nothing
 * was committed for them, so they took no bets and have no result.
 */
export function dueRoundStarts(due: {
  openStarts: readonly number[];
  chains: ReadonlyArray<{ firstStartAt: number; endAt: number }>;
  lastSettled: number | undefined;
  lastDue: number;
  roundMs: number;
}): number[] {
  const { roundMs, lastDue } = due;
  const from = due.lastSettled === undefined ? Number.NEGATIVE_INFINITY : due.lastSettled + roundMs;
  const starts = new Set(due.openStarts);
  for (const chain of due.chains) {
    const last = Math.min(chain.endAt - roundMs, lastDue);
    for (let start = Math.max(chain.firstStartAt, from); start <= last; start += roundMs) starts.add(start);
  }
  return [...starts].sort((left, right) => left - right);
}
