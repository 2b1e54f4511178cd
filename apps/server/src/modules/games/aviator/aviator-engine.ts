import {
  AVIATOR_BETTING_MS,
  AVIATOR_CLOSING_MS,
  AVIATOR_ENDED_MS,
  AVIATOR_LATEST_RESULTS,
  AVIATOR_PLAYERS_LISTED,
  type AviatorBetCommand,
  type AviatorBetResult,
  type AviatorCashOutResult,
  AviatorCmd,
  type AviatorCoefficient,
  type AviatorGroupInfo,
  AviatorMessage,
  type AviatorPlayers,
  AviatorStatus,
  aviatorBetCommand,
  aviatorCashOutCommand,
  aviatorMultiplierAt,
  aviatorWinMinor,
  bettingStatusAt,
  flightStatusAt,
  formatMultiplier,
  majorToMinor,
  minorToDecimalString,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type AppDatabase, type LeaderLock, tryAcquireLeaderLock } from '../../../db/dialect.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../platform/clock.ts';
import {
  accessRefusalCloseCode,
  type LiveConnection,
  type LiveEngineHandlers,
  type LiveGameChannel,
  type LiveTarget,
} from '../../../platform/live-sockets/live-sockets.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import { findUnfinishedRounds, latestResults } from './aviator.repository.ts';
import {
  AVIATOR_MAX_CASH_OUT_GROUP,
  type AviatorRoundService,
  type OpenedRound,
} from './aviator-round.service.ts';

/** The engine's step: the multiplier is sent at least this often (DESIGN.md §3 "Crash game"). */
export const AVIATOR_TICK_INTERVAL_MS = 100;
/**
 * A cash-out waits at most this long for others to share its transaction (the group commit): one group is
 * committed at a time, so while one commits the next gathers. Far below the tick, so that an answer comes
 * well within the 50 ms target (DESIGN.md §5) and a burst of 1,000 cash-outs a second is a few dozen
 * set-based transactions instead of 1,000 single ones.
 */
export const AVIATOR_CASH_OUT_GROUP_MS = 10;
/** 5012 players at most this often. */
export const AVIATOR_PLAYERS_INTERVAL_MS = 250;
/** A follower tries for the leader lock, and a leader checks it still holds it, this often. */
export const AVIATOR_LEADER_CHECK_MS = 1_000;
/** The name of the crash game's leader lock. */
export const AVIATOR_LEADER_LOCK = 'aviator-engine';
/** Log messages operators and tests look for. */
export const AVIATOR_LEADER_LOG = 'aviator engine: this instance is the leader';
export const AVIATOR_ROUND_SETTLED_LOG = 'aviator round settled';
export const AVIATOR_ROUND_REFUNDED_LOG = 'aviator round refunded';

export type AviatorEnginePhase = 'betting' | 'closing' | 'flight' | 'ended';

/** A bet of the current round, as the leader holds it. */
interface LiveBet {
  readonly userId: number;
  /** The profile's nickname, read with the bet (never the one the client sent); set once the bet is taken. */
  nickName: string;
  readonly stakeMinor: number;
  readonly autoCashOut: number | null;
  betId: number | undefined;
  state: 'placing' | 'open' | 'cashing' | 'cashed' | 'lost';
  cashHundredths: number | undefined;
  /** The user's last socket closed: cashed out at the first moment of flight it can be. */
  disconnected: boolean;
}

/** A cash-out valued at its multiplier, waiting for its group's transaction. */
interface PendingCashOut {
  readonly bet: LiveBet;
  readonly hundredths: number;
  readonly winMinor: number;
  /** The socket that asked for it, or the user for the engine's own (auto, forced, on disconnect). */
  readonly answerTo: LiveTarget;
}

/** The round under way, on the leader. */
interface LiveRound {
  readonly opened: OpenedRound;
  phase: AviatorEnginePhase;
  takeoffAt: number | undefined;
  crashAt: number | undefined;
  resultHundredths: number | undefined;
  endedAt: number | undefined;
  readonly bets: Map<number, LiveBet>;
  /** The cashed-out bets in the order their groups committed. */
  readonly cashedBets: LiveBet[];
  nextSeq: number;
  paidMinor: number;
  maxPayoutMinor: number;
  readonly pendingBets: Set<Promise<unknown>>;
  /** Cash-outs valued and waiting for their group's transaction, in arrival order. */
  readonly cashOutQueue: PendingCashOut[];
  /** The wins of the queued and committing cash-outs (counted against the maximum payout already). */
  pendingWinMinor: number;
  /** The group being committed, if any (at most one at a time). */
  cashOutCommit: Promise<void> | undefined;
  cashOutTimer: NodeJS.Timeout | undefined;
  lastStatusSent: number;
  playersDirty: boolean;
  lastPlayersSentAt: number;
}

export interface AviatorEngineDependencies {
  database: AppDatabase;
  clock: Clock;
  rounds: AviatorRoundService;
  settings: SettingsService;
  logger: FastifyBaseLogger;
  /**
   * Where events go (the live-socket channel of /ws/aviator), and how a socket whose user lost access is
   * closed and the user's other sockets re-checked.
   */
  channel: Pick<LiveGameChannel, 'send' | 'closeConnection' | 'recheckUser'>;
}

/** What a tick did, for tests. */
export interface AviatorTickReport {
  readonly leader: boolean;
  readonly phase: AviatorEnginePhase | undefined;
  readonly period: number | undefined;
}

/**
 * The crash game's engine (DESIGN.md §3 "Crash game", "Live game sockets"): a state machine on the server
 * clock. Only the holder of the leader lock (a PostgreSQL advisory lock; on SQLite the single process) runs
 * rounds and takes commands; the others only try for the lock. A round: betting for 10 s (status 11-20), a
 * closing second (22) in which the first three bettors' seeds fix the result, the flight (30 at take-off)
 * until the multiplier reaches the result, the ended status (600) for 3 s, then the next round. Every
 * movement of money is a transaction of the round service: a bet each, the cash-outs group-committed (each
 * valued at arrival, then written with the others of the same few milliseconds in one set-based
 * transaction, off the tick). The tick never waits for a socket (the channel's send only queues) and waits
 * for the database only at phase changes.
 *
 * A new leader first settles or refunds the rounds the last one left unfinished (from the database).
 */
export class AviatorEngine implements LiveEngineHandlers {
  private leaderLock: LeaderLock | undefined;
  private lastLeaderCheckAt = Number.NEGATIVE_INFINITY;
  private ready = false;
  private round: LiveRound | undefined;
  private results: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dependencies: AviatorEngineDependencies) {}

  /** Starts ticking every AVIATOR_TICK_INTERVAL_MS (tests call tick themselves). */
  start(intervalMs = AVIATOR_TICK_INTERVAL_MS): void {
    if (this.running) return;
    this.running = true;
    const loop = async (): Promise<void> => {
      this.timer = undefined;
      try {
        await this.tick();
      } catch (error) {
        // A chain generation abandoned by stop() is no failure.
        if (this.running) this.dependencies.logger.error({ err: error }, 'aviator engine tick failed');
        // The round in memory may no longer match the database: the next tick starts over from it.
        this.dropRound();
      }
      if (!this.running) return;
      this.timer = setTimeout(() => void loop(), intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(() => void loop(), 0);
    this.timer.unref();
  }

  /**
   * Stops ticking, abandons a chain being made, waits for the running tick and pending money moves, and gives
   * up the leadership.
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.dependencies.rounds.cancelChainGenerations();
    await this.queue.catch(() => undefined);
    if (this.round) {
      await Promise.allSettled([...this.round.pendingBets]);
      await this.flushCashOuts(this.round).catch(() => undefined);
    }
    this.round = undefined;
    this.ready = false;
    await this.leaderLock?.release();
    this.leaderLock = undefined;
  }

  /** Whether this instance decides now (the platform passes commands only to the leader). */
  isLeader(): boolean {
    return this.ready && this.leaderLock !== undefined;
  }

  /** The current round as the leader sees it (tests and logs). */
  currentRound():
    | {
        period: number;
        phase: AviatorEnginePhase;
        bettingEndsAt: number;
        takeoffAt: number | undefined;
        resultHundredths: number | undefined;
        crashAt: number | undefined;
      }
    | undefined {
    const round = this.round;
    if (!round) return undefined;
    return {
      period: round.opened.period,
      phase: round.phase,
      bettingEndsAt: round.opened.bettingEndsAt,
      takeoffAt: round.takeoffAt,
      resultHundredths: round.resultHundredths,
      crashAt: round.crashAt,
    };
  }

  /** One step. Steps never overlap: a tick asked for while one runs starts after it. */
  tick(): Promise<AviatorTickReport> {
    const next = this.queue.catch(() => undefined).then(() => this.step());
    this.queue = next;
    return next;
  }

  private dropRound(): void {
    this.round = undefined;
    this.ready = false;
  }

  private async step(): Promise<AviatorTickReport> {
    const { clock } = this.dependencies;
    if (!(await this.holdLeadership())) return { leader: false, phase: undefined, period: undefined };
    if (!this.ready) {
      await this.recover();
      this.ready = true;
    }
    let round = this.round;
    const now = clock.now();
    if (!round || (round.phase === 'ended' && now - (round.endedAt ?? now) >= AVIATOR_ENDED_MS)) {
      round = await this.openRound(now);
    }
    if (round.phase === 'betting') await this.stepBetting(round);
    if (round.phase === 'closing') this.stepClosing(round);
    if (round.phase === 'flight') await this.stepFlight(round);
    return { leader: true, phase: round.phase, period: round.opened.period };
  }

  /** Takes or checks the leader lock (at most once a second); a lost lock drops the round in memory. */
  private async holdLeadership(): Promise<boolean> {
    const { database, clock, logger } = this.dependencies;
    const now = clock.now();
    if (this.leaderLock && now - this.lastLeaderCheckAt < AVIATOR_LEADER_CHECK_MS) return true;
    if (!this.leaderLock && now - this.lastLeaderCheckAt < AVIATOR_LEADER_CHECK_MS) return false;
    this.lastLeaderCheckAt = now;
    if (this.leaderLock) {
      if (await this.leaderLock.isHeld()) return true;
      logger.warn('aviator engine: lost the leader lock');
      this.leaderLock = undefined;
      this.dropRound();
    }
    this.leaderLock = await tryAcquireLeaderLock(database, AVIATOR_LEADER_LOCK);
    if (!this.leaderLock) return false;
    logger.info(AVIATOR_LEADER_LOG);
    return true;
  }

  /**
   * Finishes what a previous leader left (DESIGN.md §3 "Live game sockets"): a round still betting is
   * refunded; a flying round whose crash time has passed is settled at its result (cashed-out bets stay
   * paid, the rest lost); a flying round interrupted before its crash is refunded (open stakes back).
   */
  private async recover(): Promise<void> {
    const { database, clock, rounds, logger } = this.dependencies;
    for (const row of await findUnfinishedRounds(database.db)) {
      const crashed = row.status === 'flying' && row.crash_at !== null && row.crash_at <= clock.now();
      if (crashed) {
        await rounds.settleRound(row.id);
        logger.info({ period: row.period }, AVIATOR_ROUND_SETTLED_LOG);
      } else {
        await rounds.refundRound(row.id);
        logger.info({ period: row.period }, AVIATOR_ROUND_REFUNDED_LOG);
      }
    }
    this.results = await latestResults(database.db, AVIATOR_LATEST_RESULTS);
  }

  private async openRound(now: number): Promise<LiveRound> {
    const { rounds, settings } = this.dependencies;
    const opened = await rounds.openRound(now, AVIATOR_BETTING_MS);
    const round: LiveRound = {
      opened,
      phase: 'betting',
      takeoffAt: undefined,
      crashAt: undefined,
      resultHundredths: undefined,
      endedAt: undefined,
      bets: new Map(),
      cashedBets: [],
      nextSeq: 1,
      paidMinor: 0,
      maxPayoutMinor: await settings.get('aviator.max_payout_per_round_minor'),
      pendingBets: new Set(),
      cashOutQueue: [],
      pendingWinMinor: 0,
      cashOutCommit: undefined,
      cashOutTimer: undefined,
      lastStatusSent: -1,
      playersDirty: true,
      lastPlayersSentAt: Number.NEGATIVE_INFINITY,
    };
    this.round = round;
    this.sendPlayers(round, now);
    return round;
  }

  private async stepBetting(round: LiveRound): Promise<void> {
    const { clock, rounds } = this.dependencies;
    const now = clock.now();
    if (now < round.opened.bettingEndsAt) {
      this.sendStatus(round, bettingStatusAt(now - round.opened.startedAt), now);
      this.sendPlayersIfDue(round, now);
      return;
    }
    // Bets are refused from here on (synchronously); the ones already on their way are waited for, since
    // the first three of them seed the result.
    round.phase = 'closing';
    await Promise.allSettled([...round.pendingBets]);
    const closed = await rounds.closeBetting(round.opened, round.opened.bettingEndsAt + AVIATOR_CLOSING_MS);
    round.takeoffAt = closed.takeoffAt;
    round.crashAt = closed.crashAt;
    round.resultHundredths = closed.resultHundredths;
    this.sendStatus(round, AviatorStatus.closing, clock.now());
  }

  private stepClosing(round: LiveRound): void {
    const now = this.dependencies.clock.now();
    if (round.takeoffAt === undefined || now < round.takeoffAt) return;
    round.phase = 'flight';
    this.sendStatus(round, AviatorStatus.takeOff, now);
  }

  private async stepFlight(round: LiveRound): Promise<void> {
    const { clock, rounds, logger } = this.dependencies;
    const { takeoffAt, crashAt, resultHundredths } = round;
    if (takeoffAt === undefined || crashAt === undefined || resultHundredths === undefined) {
      throw new Error(`aviator round ${round.opened.period} flies without its result`);
    }
    const now = clock.now();
    const tag = String(round.opened.period);
    if (now >= crashAt) {
      // Auto cash-outs below the result were due before the crash, even if this tick came late.
      for (const bet of round.bets.values()) {
        if (bet.state === 'open' && bet.autoCashOut !== null && bet.autoCashOut < resultHundredths) {
          this.cashOut(round, bet, bet.autoCashOut);
        }
      }
      round.phase = 'ended';
      round.endedAt = now;
      this.send({ to: 'all' }, AviatorCmd.coefficient, {
        tag,
        coefficient: formatMultiplier(resultHundredths),
        flyEnd: 1,
        flightMs: crashAt - takeoffAt,
      } satisfies AviatorCoefficient);
      await this.flushCashOuts(round);
      await rounds.settleRound(round.opened.id);
      for (const bet of round.bets.values()) if (bet.state === 'open') bet.state = 'lost';
      logger.info({ period: round.opened.period, result: resultHundredths }, AVIATOR_ROUND_SETTLED_LOG);
      this.results = [resultHundredths, ...this.results].slice(0, AVIATOR_LATEST_RESULTS);
      this.sendResults({ to: 'all' });
      this.sendStatus(round, AviatorStatus.ended, now);
      this.sendPlayers(round, now);
      return;
    }
    const multiplier = aviatorMultiplierAt(now - takeoffAt);
    let openWinsMinor = 0;
    for (const bet of round.bets.values()) {
      if (bet.state !== 'open') continue;
      if (bet.autoCashOut !== null && bet.autoCashOut <= multiplier)
        this.cashOut(round, bet, bet.autoCashOut);
      else if (bet.disconnected) this.cashOut(round, bet, multiplier);
      else openWinsMinor += aviatorWinMinor(bet.stakeMinor, multiplier);
    }
    // The force point: the round may not pay more than the operator's maximum, so everyone still in is
    // cashed out where the payouts would reach it. The result, fixed at the close, does not change.
    if (
      openWinsMinor > 0 &&
      round.paidMinor + round.pendingWinMinor + openWinsMinor >= round.maxPayoutMinor
    ) {
      for (const bet of round.bets.values()) if (bet.state === 'open') this.cashOut(round, bet, multiplier);
    }
    this.send({ to: 'all' }, AviatorCmd.coefficient, {
      tag,
      coefficient: formatMultiplier(multiplier),
      flyEnd: 0,
      flightMs: now - takeoffAt,
    } satisfies AviatorCoefficient);
    this.sendStatus(round, flightStatusAt(now - takeoffAt), now, false);
    this.sendPlayersIfDue(round, now);
  }

  /**
   * Values a bet's cash-out at a multiplier and queues it for the next group transaction; the answer goes,
   * when that group commits, to the socket that asked, or to every socket of the user for the engine's own
   * cash-outs (auto, forced, on disconnect).
   */
  private cashOut(
    round: LiveRound,
    bet: LiveBet,
    hundredths: number,
    answerTo: LiveTarget = { to: 'user', userId: bet.userId },
  ): void {
    if (bet.state !== 'open' || bet.betId === undefined) return;
    bet.state = 'cashing';
    const winMinor = aviatorWinMinor(bet.stakeMinor, hundredths);
    round.cashOutQueue.push({ bet, hundredths, winMinor, answerTo });
    round.pendingWinMinor += winMinor;
    if (round.cashOutCommit === undefined && round.cashOutTimer === undefined) {
      round.cashOutTimer = setTimeout(() => {
        round.cashOutTimer = undefined;
        this.commitCashOutGroup(round);
      }, AVIATOR_CASH_OUT_GROUP_MS);
    }
  }

  /**
   * Commits the queued cash-outs as one group (at most AVIATOR_MAX_CASH_OUT_GROUP), unless a group is
   * committing: that one starts the next when it is done. Never awaited by the tick.
   */
  private commitCashOutGroup(round: LiveRound): void {
    const { rounds, logger } = this.dependencies;
    if (round.cashOutCommit !== undefined || round.cashOutQueue.length === 0) return;
    if (round.cashOutTimer !== undefined) clearTimeout(round.cashOutTimer);
    round.cashOutTimer = undefined;
    const group = round.cashOutQueue.splice(0, AVIATOR_MAX_CASH_OUT_GROUP);
    const commit = rounds
      .cashOutGroup(
        group.map(({ bet, hundredths }) => ({
          betId: bet.betId as number,
          stakeMinor: bet.stakeMinor,
          hundredths,
        })),
      )
      .then(
        (paid) => {
          group.forEach(({ bet, hundredths, winMinor, answerTo }, index) => {
            round.pendingWinMinor -= winMinor;
            const paidMinor = paid[index];
            if (paidMinor === undefined) {
              bet.state = 'lost';
              this.answerCashOut(answerTo, { ok: false, msg: AviatorMessage.flewAway });
              return;
            }
            bet.state = 'cashed';
            bet.cashHundredths = hundredths;
            round.cashedBets.push(bet);
            round.paidMinor += paidMinor;
            this.answerCashOut(answerTo, { ok: true, hundredths, paidMinor });
          });
          round.playersDirty = true;
        },
        (error: unknown) => {
          logger.error({ err: error, cashOuts: group.length }, 'aviator cash-out group failed');
          // Still open in the database (the transaction rolled back): the crash settles them as lost.
          for (const { bet, winMinor, answerTo } of group) {
            round.pendingWinMinor -= winMinor;
            bet.state = 'open';
            this.answerCashOut(answerTo, { ok: false, msg: AviatorMessage.maintenance });
          }
        },
      )
      .finally(() => {
        round.cashOutCommit = undefined;
        // What arrived while this group committed is the next group: committed once I/O and timers (the
        // tick) have had their turn.
        if (round.cashOutQueue.length > 0) setImmediate(() => this.commitCashOutGroup(round));
      });
    round.cashOutCommit = commit;
  }

  /** Commits every queued cash-out and waits for the last group (before the settlement, and on stop). */
  private async flushCashOuts(round: LiveRound): Promise<void> {
    while (round.cashOutCommit !== undefined || round.cashOutQueue.length > 0) {
      this.commitCashOutGroup(round);
      await round.cashOutCommit;
    }
  }

  private answerCashOut(
    target: LiveTarget,
    outcome: { ok: true; hundredths: number; paidMinor: number } | { ok: false; msg: string },
  ): void {
    this.send(target, AviatorCmd.cashOutResult, {
      status: outcome.ok ? 1 : 0,
      cashSuccess: outcome.ok,
      cashCoefficient: outcome.ok ? formatMultiplier(outcome.hundredths) : '0.00',
      cashAmount: outcome.ok ? minorToDecimalString(outcome.paidMinor) : '0.00',
      msg: outcome.ok ? AviatorMessage.cashedOut : outcome.msg,
    } satisfies AviatorCashOutResult);
  }

  /** A socket connected: it gets the round's status, the latest results and the players (and the multiplier). */
  onConnect(connection: LiveConnection): void {
    const target: LiveTarget = { to: 'connection', connection };
    const round = this.round;
    const bet = round?.bets.get(connection.userId);
    if (bet) bet.disconnected = false;
    this.send(target, AviatorCmd.groupInfo, this.groupInfo(round, this.dependencies.clock.now()));
    this.sendResults(target);
    if (round) this.send(target, AviatorCmd.players, this.players(round));
  }

  /** The user's last socket closed with an open bet: cashed out now, or at take-off if not flying yet. */
  onDisconnect(connection: LiveConnection, lastOfUser: boolean): void {
    if (!lastOfUser) return;
    const round = this.round;
    const bet = round?.bets.get(connection.userId);
    if (!round || !bet) return;
    bet.disconnected = true;
    if (round.phase !== 'flight' || bet.state !== 'open') return;
    const now = this.dependencies.clock.now();
    if (round.takeoffAt === undefined || round.crashAt === undefined || now >= round.crashAt) return;
    this.cashOut(round, bet, aviatorMultiplierAt(now - round.takeoffAt));
  }

  /** A bet (5015) or a cash-out (5017) from a socket. */
  onCommand(connection: LiveConnection, cmd: number, payload: unknown): void {
    if (cmd === AviatorCmd.bet) this.placeBet(connection, aviatorBetCommand.parse(payload));
    else if (cmd === AviatorCmd.cashOut)
      this.requestCashOut(connection, aviatorCashOutCommand.parse(payload).tag);
  }

  /**
   * A bet (5015): checked against the round in memory, then taken by the round service in one transaction
   * that also checks the bettor's access now. The nickname the client sent is ignored: the players list
   * shows the profile's. A bet refused because the access is gone (the window between an operator's change
   * and the socket's close) closes the socket after its answer and has the user's other sockets re-checked.
   */
  private placeBet(connection: LiveConnection, command: AviatorBetCommand): void {
    const { rounds, clock, logger, channel } = this.dependencies;
    const round = this.round;
    const target: LiveTarget = { to: 'connection', connection };
    const betPrice = minorToDecimalString(majorToMinor(command.betPrice));
    const refuse = (msg: string) =>
      this.send(target, AviatorCmd.betResult, {
        status: 0,
        msg,
        period: round?.opened.period ?? null,
        betPrice,
      } satisfies AviatorBetResult);
    if (round?.phase !== 'betting' || clock.now() >= round.opened.bettingEndsAt) {
      refuse(AviatorMessage.bettingClosed);
      return;
    }
    if (command.period !== round.opened.period) {
      refuse(AviatorMessage.wrongPeriod);
      return;
    }
    if (round.bets.has(connection.userId)) {
      refuse(AviatorMessage.alreadyBet);
      return;
    }
    const bet: LiveBet = {
      userId: connection.userId,
      nickName: '',
      stakeMinor: majorToMinor(command.betPrice),
      autoCashOut: command.autoCashOut ? Math.round(command.autoCashOut * 100) : null,
      betId: undefined,
      state: 'placing',
      cashHundredths: undefined,
      disconnected: false,
    };
    round.bets.set(connection.userId, bet);
    const pending = rounds
      .placeBet({
        roundId: round.opened.id,
        period: round.opened.period,
        userId: connection.userId,
        sessionId: connection.sessionId,
        seq: round.nextSeq++,
        clientSeed: command.seed,
        stakeMinor: bet.stakeMinor,
        autoCashOutHundredths: bet.autoCashOut,
      })
      .then((placed) => {
        bet.betId = placed.betId;
        bet.nickName = placed.nickName;
        bet.state = 'open';
        round.playersDirty = true;
        this.send(target, AviatorCmd.betResult, {
          status: 1,
          msg: AviatorMessage.betAccepted,
          period: round.opened.period,
          betPrice,
        } satisfies AviatorBetResult);
      })
      .catch((error: unknown) => {
        round.bets.delete(connection.userId);
        if (!(error instanceof AppError)) logger.error({ err: error }, 'aviator bet failed');
        refuse(error instanceof AppError ? error.message : AviatorMessage.maintenance);
        const closeCode = error instanceof AppError ? accessRefusalCloseCode(error.code) : undefined;
        if (closeCode !== undefined && error instanceof AppError) {
          channel.closeConnection(connection, closeCode, error.message);
          channel.recheckUser(connection.userId);
        }
      })
      .finally(() => round.pendingBets.delete(pending));
    round.pendingBets.add(pending);
  }

  /**
   * A cash-out (5017), answered to the socket that asked. It is not refused when the user's access ended
   * meanwhile: the bet is already staked, and the socket's close (within a second) would cash it out at the
   * current multiplier anyway by the disconnect rule; asked for, it is paid at the multiplier asked at.
   */
  private requestCashOut(connection: LiveConnection, tag: string): void {
    const round = this.round;
    const target: LiveTarget = { to: 'connection', connection };
    const refuse = (msg: string) => this.answerCashOut(target, { ok: false, msg });
    const bet = round?.bets.get(connection.userId);
    if (!round || tag !== String(round.opened.period) || !bet) {
      refuse(AviatorMessage.noOpenBet);
      return;
    }
    const now = this.dependencies.clock.now();
    if (round.phase === 'ended' || (round.crashAt !== undefined && now >= round.crashAt)) {
      refuse(AviatorMessage.flewAway);
      return;
    }
    if (round.phase !== 'flight' || round.takeoffAt === undefined) {
      refuse(AviatorMessage.notFlying);
      return;
    }
    if (bet.state !== 'open') {
      refuse(AviatorMessage.noOpenBet);
      return;
    }
    // Valued at the leader's multiplier when the request arrives; the tag only matched the round.
    this.cashOut(round, bet, aviatorMultiplierAt(now - round.takeoffAt), target);
  }

  private groupInfo(round: LiveRound | undefined, now: number, status?: number): AviatorGroupInfo {
    if (!round) return { period: null, serverSeed: '', status: AviatorStatus.ended, countdownMs: 0 };
    const current = status ?? this.statusOf(round, now);
    return {
      period: round.opened.period,
      serverSeed: round.opened.serverSeedHash,
      status: current,
      countdownMs: round.phase === 'betting' ? Math.max(0, round.opened.bettingEndsAt - now) : 0,
    };
  }

  private statusOf(round: LiveRound, now: number): number {
    if (round.phase === 'betting') return bettingStatusAt(now - round.opened.startedAt);
    if (round.phase === 'closing') return AviatorStatus.closing;
    if (round.phase === 'flight' && round.takeoffAt !== undefined)
      return flightStatusAt(now - round.takeoffAt);
    return AviatorStatus.ended;
  }

  /** 5002 on each change of status (every second while betting; phase changes only during the flight). */
  private sendStatus(round: LiveRound, status: number, now: number, broadcast = true): void {
    if (round.lastStatusSent === status) return;
    const phaseChanged =
      round.lastStatusSent < AviatorStatus.takeOff ||
      status === AviatorStatus.ended ||
      status === AviatorStatus.takeOff;
    round.lastStatusSent = status;
    if (!broadcast && !phaseChanged) return;
    this.send({ to: 'all' }, AviatorCmd.groupInfo, this.groupInfo(round, now, status));
  }

  private sendResults(target: LiveTarget): void {
    this.send(target, AviatorCmd.latestResults, { results: this.results.map(formatMultiplier) });
  }

  /** 5012: the counts of all bettors, and the latest cash-outs then the first bets, AVIATOR_PLAYERS_LISTED at most. */
  private players(round: LiveRound): AviatorPlayers {
    const listed = (bet: LiveBet): AviatorPlayers['players'][number] => ({
      nickName: bet.nickName,
      cashOut: bet.state === 'cashed',
      coefficient: bet.cashHundredths === undefined ? '' : formatMultiplier(bet.cashHundredths),
      betAmount: minorToDecimalString(bet.stakeMinor),
    });
    const players = round.cashedBets.slice(-AVIATOR_PLAYERS_LISTED).reverse().map(listed);
    let bettorCount = 0;
    for (const bet of round.bets.values()) {
      if (bet.state === 'placing') continue;
      bettorCount += 1;
      if (bet.state !== 'cashed' && players.length < AVIATOR_PLAYERS_LISTED) players.push(listed(bet));
    }
    return { bettorCount, cashedCount: round.cashedBets.length, players };
  }

  private sendPlayersIfDue(round: LiveRound, now: number): void {
    if (round.playersDirty && now - round.lastPlayersSentAt >= AVIATOR_PLAYERS_INTERVAL_MS)
      this.sendPlayers(round, now);
  }

  private sendPlayers(round: LiveRound, now: number): void {
    round.playersDirty = false;
    round.lastPlayersSentAt = now;
    this.send({ to: 'all' }, AviatorCmd.players, this.players(round));
  }

  private send(target: LiveTarget, cmd: number, payload: unknown): void {
    this.dependencies.channel.send(target, cmd, payload);
  }
}
