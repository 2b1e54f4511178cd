import { setTimeout as sleep } from 'node:timers/promises';
import {
  AVIATOR_BETTING_MS,
  AVIATOR_CLOSING_MS,
  AVIATOR_ENDED_MS,
  AVIATOR_PLAYERS_LISTED,
  type AviatorBetResult,
  type AviatorCashOutResult,
  AviatorCmd,
  type AviatorCoefficient,
  type AviatorGroupInfo,
  AviatorMessage,
  type AviatorPlayers,
  aviatorResult,
  aviatorServerSeedHash,
  aviatorTimeToReach,
  aviatorWinMinor,
  formatMultiplier,
  LiveCloseCode,
  ServerMessage,
} from '@app/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import type { LiveConnection, LiveTarget } from '../../../platform/live-sockets/live-sockets.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { describeEachDatabase, type TestDatabase } from '../../../test-support/test-database.ts';
import { createTestUser } from '../../accounts/account-fixtures.ts';
import { insertSession } from '../../accounts/session.repository.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { balanceOf, fundWallet } from '../../orders/order-fixtures.ts';
import { PromotionAccrualService } from '../../promotion/promotion-accrual.service.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { AVIATOR_PLAYERS_INTERVAL_MS, AviatorEngine } from './aviator-engine.ts';
import { AviatorGameService } from './aviator-game.service.ts';
import { AviatorRoundService } from './aviator-round.service.ts';

const START = Date.parse('2026-01-01T00:00:00Z');
const SEED = 'Abcdefghij0123456789';
const logger = Fastify({ logger: false }).log;

/** Records what the engine sends, as the socket channel would relay it. */
class RecordingChannel {
  readonly sent: Array<{ target: LiveTarget; cmd: number; payload: unknown }> = [];
  readonly closed: Array<{ connectionId: number; code: number; reason: string }> = [];
  readonly rechecked: number[] = [];
  send(target: LiveTarget, cmd: number, payload: unknown): void {
    this.sent.push({ target, cmd, payload });
  }
  closeConnection(connection: Pick<LiveConnection, 'connectionId'>, code: number, reason: string): void {
    this.closed.push({ connectionId: connection.connectionId, code, reason });
  }
  recheckUser(userId: number): void {
    this.rechecked.push(userId);
  }
  /** Where each frame of a cmd went. */
  targetsOf(cmd: number): LiveTarget[] {
    return this.sent.filter((entry) => entry.cmd === cmd).map((entry) => entry.target);
  }
  of<T>(cmd: number, forUser?: number): T[] {
    return this.sent
      .filter(
        (entry) =>
          entry.cmd === cmd &&
          (forUser === undefined ||
            (entry.target.to === 'user' && entry.target.userId === forUser) ||
            (entry.target.to === 'connection' && entry.target.connection.connectionId === forUser)),
      )
      .map((entry) => entry.payload as T);
  }
}

interface Harness {
  clock: ManualClock;
  channel: RecordingChannel;
  engine: AviatorEngine;
  rounds: AviatorRoundService;
  game: AviatorGameService;
  settings: SettingsService;
}

function harness(
  database: TestDatabase,
  clock: ManualClock,
  options: { referralBonuses?: boolean } = {},
): Harness {
  const channel = new RecordingChannel();
  const settings = new SettingsService(database.db, clock);
  const ledger = new LedgerService(database, clock);
  const rounds = new AviatorRoundService({
    database,
    clock,
    ledger,
    wagering: new WageringService(settings, clock),
    logger,
    chainLength: 200,
    ...(options.referralBonuses
      ? { referralBonuses: new PromotionAccrualService(database, clock, ledger, settings) }
      : {}),
  });
  const engine = new AviatorEngine({ database, clock, rounds, settings, logger, channel });
  return { clock, channel, engine, rounds, game: new AviatorGameService(database.db, rounds), settings };
}

let userCounter = 0;
/** The live session each test user's socket was opened with. */
const sessionOfUser = new Map<number, number>();
async function earlyUser(database: TestDatabase, fundsMinor = 1_000_00): Promise<number> {
  userCounter += 1;
  const userId = await createTestUser(database.db, {
    rCode: `AV${String(userCounter).padStart(4, '0')}`,
    mobile: `+91760${String(userCounter).padStart(7, '0')}`,
    nickName: `pilot${userCounter}`,
  });
  await database.db.updateTable('users').set({ is_early: 1 }).where('id', '=', userId).execute();
  if (fundsMinor > 0) await fundWallet(database, new ManualClock(START), userId, fundsMinor);
  // Used "now" by the engine's clock: the tests move it far ahead, never 30 days.
  const sessionId = await insertSession(database.db, {
    token_hash: `test-session-${userId}-${userCounter}`,
    user_id: userId,
    device_id: null,
    ip: null,
    now: START + 86_400_000,
  });
  sessionOfUser.set(userId, sessionId);
  return userId;
}

const connectionOf = (userId: number): LiveConnection => ({
  instanceId: 'test',
  connectionId: userId,
  userId,
  sessionId: sessionOfUser.get(userId) ?? 0,
});

/** Waits until the condition holds (the engine's money moves run after the command returns). */
async function eventually<T>(check: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const value = check();
    if (value !== undefined) return value;
    await sleep(5);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Moves the clock and runs one tick. */
async function at(h: Harness, epochMs: number): Promise<void> {
  h.clock.set(Math.max(epochMs, h.clock.now()));
  await h.engine.tick();
}

/** Ticks through rounds until one is open for bets whose result (fixed later) is unknown; answers its period. */
async function openRound(h: Harness): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await at(h, h.clock.now());
    const round = h.engine.currentRound();
    if (round?.phase === 'betting') return round.period;
    // Finish whatever is under way: to its crash, then past the ended pause.
    if (round?.crashAt !== undefined) await at(h, round.crashAt);
    await at(h, h.clock.now() + AVIATOR_ENDED_MS);
  }
  throw new Error('no round opened');
}

async function bet(h: Harness, userId: number, period: number, extra: Record<string, unknown> = {}) {
  const before = h.channel.of<AviatorBetResult>(AviatorCmd.betResult).length;
  h.engine.onCommand(connectionOf(userId), AviatorCmd.bet, {
    nickName: 'pilot',
    period,
    betPrice: 50,
    seed: SEED,
    ...extra,
  });
  return eventually(() => h.channel.of<AviatorBetResult>(AviatorCmd.betResult)[before], 'the bet result');
}

async function cashOut(h: Harness, userId: number, tag: string) {
  const before = h.channel.of<AviatorCashOutResult>(AviatorCmd.cashOutResult, userId).length;
  h.engine.onCommand(connectionOf(userId), AviatorCmd.cashOut, { tag });
  return eventually(
    () => h.channel.of<AviatorCashOutResult>(AviatorCmd.cashOutResult, userId)[before],
    'the cash-out result',
  );
}

/** Closes betting and takes off; answers the round's result and crash time. */
async function takeOff(
  h: Harness,
  period: number,
): Promise<{ result: number; crashAt: number; takeoffAt: number }> {
  const open = h.engine.currentRound();
  if (open?.period !== period) throw new Error(`round ${period} is not the current one`);
  await at(h, open.bettingEndsAt);
  const closed = h.engine.currentRound();
  if (closed?.takeoffAt === undefined) throw new Error('betting did not close');
  await at(h, closed.takeoffAt);
  const round = h.engine.currentRound();
  // A round whose result is 1.00 crashes at take-off: it is already over here.
  const flown = round?.phase === 'flight' || round?.phase === 'ended';
  if (!flown || round.resultHundredths === undefined || round.crashAt === undefined) {
    throw new Error('no flight');
  }
  return { result: round.resultHundredths, crashAt: round.crashAt, takeoffAt: closed.takeoffAt };
}

/** Plays rounds (betting with the given users) until one's result is at least `minimum`. */
async function flightReaching(
  h: Harness,
  minimum: number,
  placeBets: (period: number) => Promise<void>,
): Promise<{ period: number; result: number; crashAt: number; takeoffAt: number }> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const period = await openRound(h);
    await placeBets(period);
    const flight = await takeOff(h, period);
    if (flight.result >= minimum) return { period, ...flight };
    await at(h, flight.crashAt);
  }
  throw new Error(`no round reached ${minimum}`);
}

describeEachDatabase('aviator engine', (database) => {
  let h: Harness;
  beforeAll(() => {
    h = harness(database(), new ManualClock(START));
  });
  afterAll(async () => {
    await h.engine.stop();
  });

  it('runs the phases on the server clock: betting 11-20, closing 22, flight 30, crash, ended 600, next round', async () => {
    await at(h, START);
    const round = h.engine.currentRound();
    expect(round?.phase).toBe('betting');
    expect(round?.period).toBe(START / 100);
    const info = h.channel.of<AviatorGroupInfo>(AviatorCmd.groupInfo);
    expect(info.at(-1)).toMatchObject({ period: START / 100, status: 11, countdownMs: AVIATOR_BETTING_MS });
    await at(h, START + 4_500);
    expect(h.channel.of<AviatorGroupInfo>(AviatorCmd.groupInfo).at(-1)?.status).toBe(15);
    await at(h, START + AVIATOR_BETTING_MS);
    expect(h.engine.currentRound()?.phase).toBe('closing');
    expect(h.channel.of<AviatorGroupInfo>(AviatorCmd.groupInfo).at(-1)?.status).toBe(22);
    await at(h, START + AVIATOR_BETTING_MS + AVIATOR_CLOSING_MS);
    // In flight now, or already over when the result is 1.00 (the crash comes at take-off).
    expect(['flight', 'ended']).toContain(h.engine.currentRound()?.phase);
    expect(h.channel.of<AviatorGroupInfo>(AviatorCmd.groupInfo).map((info) => info.status)).toContain(30);
    const { resultHundredths, crashAt } = h.engine.currentRound() ?? {};
    if (resultHundredths === undefined || crashAt === undefined) throw new Error('no result');
    const takeoffAt = START + AVIATOR_BETTING_MS + AVIATOR_CLOSING_MS;
    expect(crashAt - takeoffAt).toBe(aviatorTimeToReach(resultHundredths));
    if (crashAt - takeoffAt > 200) {
      await at(h, takeoffAt + 100);
      expect(h.channel.of<AviatorCoefficient>(AviatorCmd.coefficient).at(-1)).toMatchObject({
        tag: String(START / 100),
        flyEnd: 0,
        coefficient: '1.00',
      });
    }
    await at(h, crashAt);
    expect(h.channel.of<AviatorCoefficient>(AviatorCmd.coefficient).at(-1)).toMatchObject({
      flyEnd: 1,
      coefficient: formatMultiplier(resultHundredths),
    });
    expect(h.channel.of<{ results: string[] }>(AviatorCmd.latestResults).at(-1)?.results[0]).toBe(
      formatMultiplier(resultHundredths),
    );
    expect(h.channel.of<AviatorGroupInfo>(AviatorCmd.groupInfo).at(-1)?.status).toBe(600);
    await at(h, crashAt + AVIATOR_ENDED_MS);
    expect(h.engine.currentRound()?.period).toBe(Math.floor((crashAt + AVIATOR_ENDED_MS) / 100));
    expect(h.engine.currentRound()?.phase).toBe('betting');

    // The round is verifiable: its entity recomputes to its result, and the shown seed hash was SHA-256 of it.
    const detail = await h.game.roundDetail(START / 100);
    const recomputed = await aviatorResult(detail.entity.server_seed, [
      detail.entity.player_seed1,
      detail.entity.player_seed2,
      detail.entity.player_seed3,
    ]);
    expect(formatMultiplier(recomputed.resultHundredths)).toBe(detail.entity.result);
    expect(detail.entity.sha512hash).toBe(recomputed.sha512hash);
    expect(await aviatorServerSeedHash(detail.entity.server_seed)).toBe(info[0]?.serverSeed);
    // The round under way has no detail yet.
    await expect(h.game.roundDetail(h.engine.currentRound()?.period ?? 0)).rejects.toMatchObject({
      code: 400,
    });
  });

  it('takes one bet per player while betting is open, the stake through the ledger, and the first seeds', async () => {
    const userId = await earlyUser(database());
    const period = await openRound(h);
    expect(await bet(h, userId, period)).toMatchObject({ status: 1, period, betPrice: '50.00' });
    expect(await balanceOf(database(), h.clock, userId)).toBe(950_00);
    expect(await bet(h, userId, period)).toMatchObject({ status: 0, msg: AviatorMessage.alreadyBet });
    expect(await bet(h, userId, period + 1)).toMatchObject({ status: 0, msg: AviatorMessage.wrongPeriod });
    const poor = await earlyUser(database(), 10_00);
    expect(await bet(h, poor, period)).toMatchObject({ status: 0 });
    expect(await balanceOf(database(), h.clock, poor)).toBe(10_00);
    const flight = await takeOff(h, period);
    const late = await earlyUser(database());
    expect(await bet(h, late, period)).toMatchObject({ status: 0, msg: AviatorMessage.bettingClosed });
    const row = await database()
      .db.selectFrom('aviator_rounds')
      .selectAll()
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
    expect(row.player_seed1).toBe(SEED);
    expect(row.player_seed2).toHaveLength(20);
    await at(h, flight.crashAt);
    await expectLedgerClean(database());
  });

  it('cashes out just before the crash at the multiplier, and refuses just after it', async () => {
    const early = await earlyUser(database());
    const late = await earlyUser(database());
    const flight = await flightReaching(h, 120, async (period) => {
      await bet(h, early, period);
      await bet(h, late, period);
    });
    const earlyBase = await balanceOf(database(), h.clock, early);
    const lateBase = await balanceOf(database(), h.clock, late);
    const justBefore = flight.crashAt - 1;
    h.clock.set(justBefore);
    const multiplier = Math.floor(100 * Math.exp(0.00006 * (justBefore - flight.takeoffAt)));
    const answer = await cashOut(h, early, String(flight.period));
    expect(answer).toMatchObject({
      status: 1,
      cashSuccess: true,
      cashCoefficient: formatMultiplier(multiplier),
    });
    expect(multiplier).toBeLessThan(flight.result);
    const paid = aviatorWinMinor(50_00, multiplier);
    expect(answer.cashAmount).toBe((paid / 100).toFixed(2));
    expect(await balanceOf(database(), h.clock, early)).toBe(earlyBase + paid);
    h.clock.set(flight.crashAt);
    expect(await cashOut(h, late, String(flight.period))).toMatchObject({
      status: 0,
      msg: AviatorMessage.flewAway,
    });
    await at(h, flight.crashAt);
    expect(await balanceOf(database(), h.clock, late)).toBe(lateBase);
    const records = await h.game.userRecords(late, { p: 1, p_size: 10 });
    expect(records.queryset[0]).toMatchObject({ cash_result: 'none', status: 'lost', win_amount: '0.00' });
    expect(records.queryset[0]?.open_result).toBe(formatMultiplier(flight.result));
    const cashed = await h.game.userRecords(early, { p: 1, p_size: 10 });
    expect(cashed.queryset[0]).toMatchObject({ cash_result: formatMultiplier(multiplier), status: 'cashed' });
    await expectLedgerClean(database());
  });

  it('cashes a bet out exactly once: twice at once in the engine, and twice at once in the database', async () => {
    const userId = await earlyUser(database());
    const flight = await flightReaching(h, 110, async (period) => {
      await bet(h, userId, period);
    });
    const base = await balanceOf(database(), h.clock, userId);
    h.clock.set(flight.takeoffAt + 1);
    h.engine.onCommand(connectionOf(userId), AviatorCmd.cashOut, { tag: String(flight.period) });
    h.engine.onCommand(connectionOf(userId), AviatorCmd.cashOut, { tag: String(flight.period) });
    const answers = await eventually(() => {
      const all = h.channel.of<AviatorCashOutResult>(AviatorCmd.cashOutResult, userId);
      return all.length >= 2 ? all.slice(-2) : undefined;
    }, 'two answers');
    expect(answers.map((answer) => answer.cashSuccess).sort()).toEqual([false, true]);
    expect(await balanceOf(database(), h.clock, userId)).toBe(base + aviatorWinMinor(50_00, 100));
    // The database guard alone: two transactions closing the same bet pay once.
    const other = await earlyUser(database());
    await at(h, flight.crashAt);
    const next = await openRound(h);
    await bet(h, other, next);
    const row = await database()
      .db.selectFrom('aviator_bets')
      .select('id')
      .where('user_id', '=', other)
      .executeTakeFirstOrThrow();
    const paid = await Promise.all([
      h.rounds.cashOut(row.id, 50_00, 150),
      h.rounds.cashOut(row.id, 50_00, 150),
    ]);
    expect(paid.filter((amount) => amount !== undefined)).toEqual([aviatorWinMinor(50_00, 150)]);
    const flight2 = await takeOff(h, next);
    await at(h, flight2.crashAt);
    await expectLedgerClean(database());
  });

  it('pays an auto cash-out exactly its target, even when the tick comes after the crash', async () => {
    const userId = await earlyUser(database());
    const flight = await flightReaching(h, 115, async (period) => {
      await bet(h, userId, period, { autoCashOut: 1.1 });
    });
    const base = await balanceOf(database(), h.clock, userId);
    await at(h, flight.crashAt + 500);
    await eventually(
      () => h.channel.of<AviatorCashOutResult>(AviatorCmd.cashOutResult, userId)[0],
      'the auto cash-out',
    );
    expect(h.channel.of<AviatorCashOutResult>(AviatorCmd.cashOutResult, userId).at(-1)).toMatchObject({
      cashSuccess: true,
      cashCoefficient: '1.10',
    });
    expect(await balanceOf(database(), h.clock, userId)).toBe(base + aviatorWinMinor(50_00, 110));
  });

  it('cashes out a player whose last socket closed, at the current multiplier', async () => {
    const userId = await earlyUser(database());
    const flight = await flightReaching(h, 130, async (period) => {
      await bet(h, userId, period);
    });
    const when = flight.takeoffAt + Math.floor((flight.crashAt - flight.takeoffAt) / 2);
    await at(h, when);
    h.engine.onDisconnect(connectionOf(userId), false);
    h.engine.onDisconnect(connectionOf(userId), true);
    const answer = await eventually(
      () => h.channel.of<AviatorCashOutResult>(AviatorCmd.cashOutResult, userId)[0],
      'the disconnect cash-out',
    );
    const multiplier = Math.floor(100 * Math.exp(0.00006 * (when - flight.takeoffAt)));
    expect(answer).toMatchObject({ cashSuccess: true, cashCoefficient: formatMultiplier(multiplier) });
    await at(h, flight.crashAt);
    await expectLedgerClean(database());
  });

  it('commits the cash-outs of one moment together, each paid exactly once at its own multiplier', async () => {
    const users = await Promise.all(Array.from({ length: 24 }, () => earlyUser(database())));
    const flight = await flightReaching(h, 150, async (period) => {
      for (const userId of users) await bet(h, userId, period);
    });
    const bases = new Map<number, number>();
    for (const userId of users) bases.set(userId, await balanceOf(database(), h.clock, userId));
    // The real group commit, recorded: how many cash-outs each transaction carried.
    const groups: number[] = [];
    const commitGroup = h.rounds.cashOutGroup.bind(h.rounds);
    h.rounds.cashOutGroup = (requests) => {
      groups.push(requests.length);
      return commitGroup(requests);
    };
    try {
      // Three moments of the same tick, eight players each (one of them leaves instead), and a second
      // cash-out of one player: all before the group's window closes.
      const expected = new Map<number, number>();
      for (const [slice, flightMs] of [2_000, 4_000, 6_000].entries()) {
        const when = flight.takeoffAt + flightMs;
        h.clock.set(when);
        const multiplier = Math.floor(100 * Math.exp(0.00006 * flightMs));
        for (const [index, userId] of users.slice(slice * 8, slice * 8 + 8).entries()) {
          if (index === 0) h.engine.onDisconnect(connectionOf(userId), true);
          else h.engine.onCommand(connectionOf(userId), AviatorCmd.cashOut, { tag: String(flight.period) });
          expected.set(userId, multiplier);
        }
      }
      const twice = users[1] as number;
      h.engine.onCommand(connectionOf(twice), AviatorCmd.cashOut, { tag: String(flight.period) });
      const answers = await eventually(() => {
        const all = users.map(
          (userId) => h.channel.of<AviatorCashOutResult>(AviatorCmd.cashOutResult, userId).at(-1) ?? null,
        );
        return all.every((answer) => answer?.cashSuccess === true) ? all : undefined;
      }, 'every cash-out answered');
      expect(groups).toEqual([users.length]);
      // The second cash-out of the same player was refused at once, before any transaction.
      expect(
        h.channel
          .of<AviatorCashOutResult>(AviatorCmd.cashOutResult, twice)
          .map((answer) => answer.cashSuccess),
      ).toEqual([false, true]);
      for (const [index, userId] of users.entries()) {
        const multiplier = expected.get(userId) as number;
        expect(answers[index]).toMatchObject({ cashCoefficient: formatMultiplier(multiplier) });
        expect(await balanceOf(database(), h.clock, userId)).toBe(
          (bases.get(userId) as number) + aviatorWinMinor(50_00, multiplier),
        );
      }
      const rows = await database()
        .db.selectFrom('aviator_bets')
        .select(['id', 'user_id', 'status', 'cash_hundredths', 'win_minor'])
        .where('period', '=', flight.period)
        .where('user_id', 'in', users)
        .execute();
      expect(rows).toHaveLength(users.length);
      for (const row of rows) {
        const multiplier = expected.get(row.user_id) as number;
        expect(row).toMatchObject({
          status: 'cashed',
          cash_hundredths: multiplier,
          win_minor: aviatorWinMinor(50_00, multiplier),
        });
      }
      const wins = await database()
        .db.selectFrom('ledger_transfers')
        .select('reference_id')
        .where('kind', '=', 'aviator_win')
        .where(
          'reference_id',
          'in',
          rows.map((row) => String(row.id)),
        )
        .execute();
      expect(wins).toHaveLength(users.length);
      // The database guard within a group: bets already cashed are left alone, nothing is paid twice.
      const [first, second] = rows;
      if (!first || !second) throw new Error('no bets');
      expect(
        await h.rounds.cashOutGroup([
          { betId: first.id, stakeMinor: 50_00, hundredths: 300 },
          { betId: second.id, stakeMinor: 50_00, hundredths: 300 },
        ]),
      ).toEqual([undefined, undefined]);
      await expect(
        h.rounds.cashOutGroup([
          { betId: first.id, stakeMinor: 50_00, hundredths: 300 },
          { betId: first.id, stakeMinor: 50_00, hundredths: 300 },
        ]),
      ).rejects.toThrow(/twice/);
    } finally {
      h.rounds.cashOutGroup = commitGroup;
    }
    await at(h, flight.crashAt);
    // 5012 counts every bettor but names at most AVIATOR_PLAYERS_LISTED (it goes to every socket).
    const players = h.channel.of<AviatorPlayers>(AviatorCmd.players).at(-1);
    expect(players).toMatchObject({ bettorCount: users.length, cashedCount: users.length });
    expect(players?.players).toHaveLength(AVIATOR_PLAYERS_LISTED);
    expect(players?.players.every((player) => player.cashOut && player.coefficient !== '')).toBe(true);
    await expectLedgerClean(database());
  });

  it("lists the bettor under the profile's nickname, never the one the client sent", async () => {
    const userId = await earlyUser(database());
    const profile = await database()
      .db.selectFrom('users')
      .select('nick_name')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const period = await openRound(h);
    expect(await bet(h, userId, period, { nickName: 'Impostor' })).toMatchObject({ status: 1 });
    await at(h, h.clock.now() + AVIATOR_PLAYERS_INTERVAL_MS);
    const players = h.channel.of<AviatorPlayers>(AviatorCmd.players).at(-1);
    expect(players?.players.map((player) => player.nickName)).toEqual([profile.nick_name]);
    const row = await database()
      .db.selectFrom('aviator_bets')
      .select('nick_name')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.nick_name).toBe(profile.nick_name);
    const flight = await takeOff(h, period);
    await at(h, flight.crashAt);
  });

  it('refuses a bet sent after the access ended (before the socket closed): no money moves, the socket closes', async () => {
    const suspended = await earlyUser(database());
    const loggedOut = await earlyUser(database());
    const cleared = await earlyUser(database());
    const period = await openRound(h);
    // What an operator's suspension, a logout and an operator's flag change write; the sockets are still open.
    await database()
      .db.updateTable('users')
      .set({ suspended_at: h.clock.now(), suspended_reason: 'test' })
      .where('id', '=', suspended)
      .execute();
    await database()
      .db.updateTable('sessions')
      .set({ revoked_at: h.clock.now() })
      .where('id', '=', sessionOfUser.get(loggedOut) ?? 0)
      .execute();
    await database().db.updateTable('users').set({ is_early: 0 }).where('id', '=', cleared).execute();
    expect(await bet(h, suspended, period)).toMatchObject({ status: 0, msg: ServerMessage.unauthorized });
    expect(await bet(h, loggedOut, period)).toMatchObject({ status: 0, msg: ServerMessage.unauthorized });
    expect(await bet(h, cleared, period)).toMatchObject({
      status: 0,
      msg: AviatorMessage.earlyAccessRequired,
    });
    for (const userId of [suspended, loggedOut, cleared]) {
      expect(await balanceOf(database(), h.clock, userId)).toBe(1_000_00);
    }
    const rows = await database()
      .db.selectFrom('aviator_bets')
      .select('id')
      .where('user_id', 'in', [suspended, loggedOut, cleared])
      .execute();
    expect(rows).toEqual([]);
    // Each asking socket is closed after its answer, and the user's other sockets are re-checked.
    expect(
      h.channel.closed.filter((entry) => [suspended, loggedOut, cleared].includes(entry.connectionId)),
    ).toEqual([
      { connectionId: suspended, code: LiveCloseCode.unauthorized, reason: ServerMessage.unauthorized },
      { connectionId: loggedOut, code: LiveCloseCode.unauthorized, reason: ServerMessage.unauthorized },
      { connectionId: cleared, code: LiveCloseCode.forbidden, reason: AviatorMessage.earlyAccessRequired },
    ]);
    expect(h.channel.rechecked).toEqual(expect.arrayContaining([suspended, loggedOut, cleared]));
    const flight = await takeOff(h, period);
    await at(h, flight.crashAt);
    await expectLedgerClean(database());
  });

  it('answers a bet and a cash-out to the socket that asked, and only its own cash-outs to the whole user', async () => {
    const asker = await earlyUser(database());
    const automatic = await earlyUser(database());
    const flight = await flightReaching(h, 130, async (period) => {
      await bet(h, asker, period);
      await bet(h, automatic, period, { autoCashOut: 1.1 });
    });
    const base = await balanceOf(database(), h.clock, asker);
    // Access ended meanwhile: the staked bet is still cashed out when asked (its socket's close would too).
    await database()
      .db.updateTable('users')
      .set({ suspended_at: h.clock.now(), suspended_reason: 'test' })
      .where('id', '=', asker)
      .execute();
    h.clock.set(flight.takeoffAt + aviatorTimeToReach(120));
    expect(await cashOut(h, asker, String(flight.period))).toMatchObject({ cashSuccess: true });
    expect(await balanceOf(database(), h.clock, asker)).toBe(base + aviatorWinMinor(50_00, 120));
    await at(h, flight.crashAt);
    // Every round flightReaching played counts: each bet answered to its socket, each cash-out the asker
    // asked for to its socket, each automatic one to the user.
    const targets = (cmd: number, userId: number) =>
      h.channel.sent
        .filter(
          (entry) =>
            entry.cmd === cmd &&
            ((entry.target.to === 'user' && entry.target.userId === userId) ||
              (entry.target.to === 'connection' && entry.target.connection.connectionId === userId)),
        )
        .map((entry) => entry.target);
    const byConnection = (userId: number) => ({ to: 'connection', connection: connectionOf(userId) });
    for (const userId of [asker, automatic]) {
      const bets = targets(AviatorCmd.betResult, userId);
      expect(bets.length).toBeGreaterThan(0);
      expect(bets).toEqual(bets.map(() => byConnection(userId)));
    }
    const asked = targets(AviatorCmd.cashOutResult, asker);
    expect(asked).toEqual([byConnection(asker)]);
    const automaticOnes = targets(AviatorCmd.cashOutResult, automatic);
    expect(automaticOnes.length).toBeGreaterThan(0);
    expect(automaticOnes).toEqual(automaticOnes.map(() => ({ to: 'user', userId: automatic })));
    await expectLedgerClean(database());
  });

  it('ends the flight for everyone still in at the force point of the maximum payout', async () => {
    await h.settings.set('aviator.max_payout_per_round_minor', 60_00);
    const userId = await earlyUser(database());
    const flight = await flightReaching(h, 150, async (period) => {
      await bet(h, userId, period);
    });
    // 49.00 × m reaches 60.00 at m = 1.23.
    await at(h, flight.takeoffAt + aviatorTimeToReach(123));
    const answer = await eventually(
      () => h.channel.of<AviatorCashOutResult>(AviatorCmd.cashOutResult, userId)[0],
      'the forced cash-out',
    );
    expect(answer).toMatchObject({ cashSuccess: true, cashCoefficient: '1.23' });
    await at(h, flight.crashAt);
    await h.settings.set('aviator.max_payout_per_round_minor', 1_000_000_00);
    await expectLedgerClean(database());
  });
});

describeEachDatabase('aviator engine recovery (a new leader finishes an interrupted round)', (database) => {
  it('refunds the open bets of a round interrupted before its crash and keeps the cashed-out one paid', async () => {
    const clock = new ManualClock(START + 3_600_000);
    const first = harness(database(), clock);
    const cashed = await earlyUser(database());
    const open = await earlyUser(database());
    const flight = await flightReaching(first, 130, async (period) => {
      await bet(first, cashed, period);
      await bet(first, open, period);
    });
    const openBase = await balanceOf(database(), clock, open);
    const cashedBase = await balanceOf(database(), clock, cashed);
    clock.set(flight.takeoffAt + 10);
    await cashOut(first, cashed, String(flight.period));
    // The first leader dies here (its memory is gone, its lock released); a second one starts before the crash.
    await first.engine.stop();
    const second = harness(database(), clock);
    await second.engine.tick();
    expect(await balanceOf(database(), clock, open)).toBe(openBase + 50_00);
    expect(await balanceOf(database(), clock, cashed)).toBe(cashedBase + aviatorWinMinor(50_00, 100));
    const status = await database()
      .db.selectFrom('aviator_rounds')
      .select('status')
      .where('period', '=', flight.period)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('refunded');
    await second.engine.stop();
    await expectLedgerClean(database());
  });

  it('settles a round whose crash time passed while no leader ran it: open bets lost', async () => {
    const clock = new ManualClock(START + 7_200_000);
    const first = harness(database(), clock);
    const loser = await earlyUser(database());
    const flight = await flightReaching(first, 100, async (period) => {
      await bet(first, loser, period);
    });
    const base = await balanceOf(database(), clock, loser);
    clock.set(flight.crashAt + 2_000);
    await first.engine.stop();
    const second = harness(database(), clock);
    await second.engine.tick();
    expect(await balanceOf(database(), clock, loser)).toBe(base);
    const round = await database()
      .db.selectFrom('aviator_rounds')
      .selectAll()
      .where('period', '=', flight.period)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ status: 'settled', stake_total_minor: 50_00, payout_total_minor: 0 });
    await second.engine.stop();
    await expectLedgerClean(database());
  });
});

describeEachDatabase('aviator referral bonuses', (testDatabase) => {
  it("gives a referred player's referrers 30 % / 10 % of the fees of the round's settled bets, once", async () => {
    const database = testDatabase();
    const clock = new ManualClock(START + 10_800_000);
    const h = harness(database, clock, { referralBonuses: true });
    const level2 = await earlyUser(database, 0);
    const level1 = await earlyUser(database, 0);
    const cashed = await earlyUser(database);
    const lost = await earlyUser(database);
    await database.db
      .updateTable('users')
      .set({ referrer_level1_id: level1, referrer_level2_id: level2 })
      .where('id', 'in', [cashed, lost])
      .execute();
    const flight = await flightReaching(h, 130, async (period) => {
      await bet(h, cashed, period);
      await bet(h, lost, period);
    });
    clock.set(flight.takeoffAt + 10);
    await cashOut(h, cashed, String(flight.period));
    await at(h, flight.crashAt);
    await at(h, flight.crashAt + AVIATOR_ENDED_MS);
    const round = await database.db
      .selectFrom('aviator_rounds')
      .select(['id', 'status'])
      .where('period', '=', flight.period)
      .executeTakeFirstOrThrow();
    expect(round.status).toBe('settled');
    const bets = await database.db
      .selectFrom('aviator_bets')
      .select(['status', 'fee_minor'])
      .where('round_id', '=', round.id)
      .where('user_id', 'in', [cashed, lost])
      .execute();
    expect(bets.map((row) => row.status).sort()).toEqual(['cashed', 'lost']);
    // Rounds played before this one (results under 1.30) accrued their own bonuses, filed under their periods.
    const feesMinor = bets.reduce((sum, row) => sum + row.fee_minor, 0);
    expect(feesMinor).toBeGreaterThan(0);
    const bonuses = await database.db
      .selectFrom('promotion_bonuses')
      .select(['user_id', 'level', 'type', 'amount_minor', 'round_ref'])
      .where('game', '=', 'aviator')
      .where('round_ref', '=', String(flight.period))
      .orderBy('level')
      .execute();
    expect(bonuses.map((row) => ({ ...row, amount_minor: Number(row.amount_minor) }))).toEqual([
      {
        user_id: level1,
        level: 1,
        type: 'P',
        amount_minor: Math.floor((feesMinor * 3_000) / 10_000),
        round_ref: String(flight.period),
      },
      {
        user_id: level2,
        level: 2,
        type: 'P',
        amount_minor: Math.floor((feesMinor * 1_000) / 10_000),
        round_ref: String(flight.period),
      },
    ]);
    await h.engine.stop();
    await expectLedgerClean(database);
  });
});

describeEachDatabase('aviator engine stop', (testDatabase) => {
  it('abandons a chain being made when it stops, so shutdown does not wait for a million hashes', async () => {
    const database = testDatabase();
    const clock = new ManualClock(START);
    const settings = new SettingsService(database.db, clock);
    const rounds = new AviatorRoundService({
      database,
      clock,
      ledger: new LedgerService(database, clock),
      wagering: new WageringService(settings, clock),
      logger,
      chainLength: 1_000_000,
    });
    const engine = new AviatorEngine({
      database,
      clock,
      rounds,
      settings,
      logger,
      channel: new RecordingChannel(),
    });
    const tick = engine.tick();
    // Let the generation begin its slices, then stop long before a million links could be hashed.
    await sleep(50);
    const stopStartedAt = performance.now();
    await engine.stop();
    expect(performance.now() - stopStartedAt).toBeLessThan(500);
    await expect(tick).rejects.toThrow(/abort/i);
    const chains = await database.db.selectFrom('aviator_chains').select('id').execute();
    expect(chains).toEqual([]);
  });
});
