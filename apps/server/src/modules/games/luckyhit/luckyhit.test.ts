import { createHash } from 'node:crypto';
import {
  dealLuckyHit,
  LUCKY_HIT_ROUND_MS,
  type LuckyHitBetType,
  LuckyHitCmd,
  LuckyHitMessage,
  type LuckyHitRoundDetailResponse,
  type LuckyHitUserRecordsResponse,
  luckyHitOutcome,
  luckyHitPayoutMinor,
  luckyHitPeriodAt,
  luckyHitRoundStartMs,
  ServerMessage,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { adminTokenHeaders } from '../../operators/operator-fixtures.ts';
import { balanceOf, createBuyer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { createLuckyHitModule, type LuckyHitModule } from './luckyhit.module.ts';

const TIME_ZONE = 'Asia/Kolkata';
const TEST_CHAIN_LENGTH = 2_000;
const FUNDS_MINOR = 10_000_000;
const ADMIN_TOKEN = 'luckyhit-operator-token-0123456789';
/** A round boundary: 2026-11-25 12:00:00 UTC. */
const ROUND_ZERO = Date.UTC(2026, 10, 25, 12, 0, 0);
const seedOf = (index: number) => `SEED${String(index).padStart(16, '0')}`;

describeEachDatabase('Lucky Hit: bets, deal and settlement, recovery', (database) => {
  const clock = new ManualClock(ROUND_ZERO - 10_000);
  let app: FastifyInstance;
  let luckyHit: LuckyHitModule;
  const published: Array<{ cmd: number; data: unknown }> = [];
  const players: TestBuyer[] = [];
  let outsider: TestBuyer;

  const createModule = () => {
    const settings = new SettingsService(database().db, clock);
    return createLuckyHitModule({
      database: database(),
      clock,
      ledger: new LedgerService(database(), clock),
      market: 'in',
      logger: app.log,
      wagering: new WageringService(settings, clock),
      broadcast: { publish: (cmd, data) => published.push({ cmd, data }) },
      chainLength: TEST_CHAIN_LENGTH,
    });
  };

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    luckyHit = createModule();
    await luckyHit.chains.ensureChain(database(), clock.now(), ROUND_ZERO);
    for (let index = 0; index < 4; index += 1) {
      const player = await createBuyer(database(), clock);
      await fundWallet(database(), clock, player.userId, FUNDS_MINOR);
      players.push(player);
    }
    await database()
      .db.updateTable('users')
      .set({ is_early: 1 })
      .where(
        'id',
        'in',
        players.map((player) => player.userId),
      )
      .execute();
    outsider = await createBuyer(database(), clock);
    await fundWallet(database(), clock, outsider.userId, FUNDS_MINOR);
  });
  afterAll(async () => {
    await luckyHit?.engine.stop();
    await app?.close();
  });

  const period = () => luckyHitPeriodAt(clock.now(), TIME_ZONE);
  const bet = (
    player: TestBuyer,
    betType: LuckyHitBetType,
    stakeMinor: number,
    clientSeed: string,
    at = period(),
  ) => luckyHit.game.placeBet(player.userId, { period: at, betType, clientSeed, stakeMinor });
  const get = async <T>(player: TestBuyer, url: string): Promise<{ status: number; body: T }> => {
    const response = await app.inject({ method: 'GET', url, headers: player.headers });
    return { status: response.statusCode, body: response.json() as T };
  };

  it('takes bets from second 4 through second 19 of the round only, by the server clock', async () => {
    const start = ROUND_ZERO;
    const before = await balanceOf(database(), clock, players[0]?.userId ?? 0);
    const player = players[0] as TestBuyer;
    clock.set(start + 3_999);
    expect(await bet(player, 'B', 1_000, seedOf(1))).toMatchObject({
      status: 400,
      msg: LuckyHitMessage.bettingClosed,
      period: period(),
      betPrice: '10.00',
    });
    clock.set(start + 4_000);
    expect(await bet(player, 'B', 1_000, seedOf(1))).toMatchObject({
      status: 200,
      msg: LuckyHitMessage.betCompleted,
    });
    clock.set(start + 19_999);
    expect(await bet(player, 'R', 1_000, seedOf(2))).toMatchObject({ status: 200 });
    clock.set(start + 20_000);
    const late = await bet(player, 'R', 1_000, seedOf(3), luckyHitPeriodAt(start, TIME_ZONE));
    expect(late).toMatchObject({ status: 400, msg: LuckyHitMessage.bettingClosed });
    expect(await balanceOf(database(), clock, player.userId)).toBe(before - 2_000);
  });

  it('refuses a stake out of bounds, another period and an empty wallet, and the calls without early access', async () => {
    clock.set(ROUND_ZERO + LUCKY_HIT_ROUND_MS + 5_000);
    const player = players[1] as TestBuyer;
    const before = await balanceOf(database(), clock, player.userId);
    expect(await bet(player, 'B', 999, seedOf(4))).toMatchObject({
      status: 400,
      msg: 'The minimum bet is 10',
    });
    expect(await bet(player, 'B', 1_000_001, seedOf(4))).toMatchObject({
      status: 400,
      msg: 'The maximum bet is 10000',
    });
    expect(await bet(player, 'B', 1_000_000, seedOf(4))).toMatchObject({ status: 200 });
    const next = luckyHitPeriodAt(clock.now() + LUCKY_HIT_ROUND_MS, TIME_ZONE);
    expect(await bet(player, 'B', 1_000, seedOf(4), next)).toMatchObject({
      status: 400,
      msg: LuckyHitMessage.periodNotOpen,
    });
    expect(await balanceOf(database(), clock, player.userId)).toBe(before - 1_000_000);
    // A player without early access never gets a socket to bet on (4403, luckyhit.socket.test.ts); the calls
    // answer 403 from the shared guard, with the flag read with the session.
    expect(await get(outsider, '/luckyhit/user_records')).toEqual({
      status: 403,
      body: { code: 403, msg: ServerMessage.earlyAccessRequired },
    });
    expect((await get(outsider, `/luckyhit/round_detail?period=${period()}`)).status).toBe(403);
    const poor = await createBuyer(database(), clock);
    await database().db.updateTable('users').set({ is_early: 1 }).where('id', '=', poor.userId).execute();
    expect(await bet(poor, 'B', 1_000, seedOf(4))).toMatchObject({
      status: 400,
      msg: 'Insufficient balance',
    });
  });

  it('deals from the chain seed and the first three bettors, settles every bet in one go and reveals the round', async () => {
    // Round 2: four players, several bets each; the third bettor's first bet comes after the first's second.
    const start = ROUND_ZERO + 2 * LUCKY_HIT_ROUND_MS;
    clock.set(start + 6_000);
    const roundPeriod = period();
    const [first, second, third, fourth] = players as [TestBuyer, TestBuyer, TestBuyer, TestBuyer];
    const placed: Array<{ player: TestBuyer; betType: LuckyHitBetType; stakeMinor: number }> = [];
    const place = async (player: TestBuyer, betType: LuckyHitBetType, stakeMinor: number, seed: string) => {
      expect(await bet(player, betType, stakeMinor, seed)).toMatchObject({ status: 200 });
      placed.push({ player, betType, stakeMinor });
    };
    // Rounds 0 and 1 had ended unsettled: the first tick deals them, in order.
    expect((await luckyHit.engine.tick()).settled).toEqual([
      luckyHitPeriodAt(ROUND_ZERO, TIME_ZONE),
      luckyHitPeriodAt(ROUND_ZERO + LUCKY_HIT_ROUND_MS, TIME_ZONE),
    ]);
    const before = await Promise.all(players.map((player) => balanceOf(database(), clock, player.userId)));
    await place(first, 'B', 10_000, 'AAAAAAAAAAAAAAAAAAAA');
    await place(first, 'L', 5_000, 'BBBBBBBBBBBBBBBBBBBB');
    await place(second, 'R', 20_000, 'CCCCCCCCCCCCCCCCCCCC');
    await place(third, 'L', 1_000, 'DDDDDDDDDDDDDDDDDDDD');
    await place(fourth, 'B', 7_700, 'EEEEEEEEEEEEEEEEEEEE');
    await place(second, 'B', 3_000, 'FFFFFFFFFFFFFFFFFFFF');

    // Ticks while bets are taken send group info and the totals; none settles this round.
    published.length = 0;
    clock.set(start + 10_000);
    expect((await luckyHit.engine.tick()).settled).toEqual([]);
    expect(published.find((event) => event.cmd === LuckyHitCmd.betTotal)?.data).toEqual({
      period: roundPeriod,
      betTotal: { a: '207.00', b: '200.00', t: '60.00' },
    });
    expect(published.some((event) => event.cmd === LuckyHitCmd.openResult)).toBe(false);
    published.length = 0;

    clock.set(start + 20_100);
    const report = await luckyHit.engine.tick();
    expect(report.settled).toEqual([roundPeriod]);
    const detail = await get<LuckyHitRoundDetailResponse>(
      first,
      `/luckyhit/round_detail?period=${roundPeriod}`,
    );
    expect(detail.status).toBe(200);
    const entity = detail.body.entity;
    expect(entity.client_seeds).toEqual([
      'AAAAAAAAAAAAAAAAAAAA',
      'CCCCCCCCCCCCCCCCCCCC',
      'DDDDDDDDDDDDDDDDDDDD',
    ]);
    // The fairness round trip: the revealed seed and client seeds re-deal exactly the cards shown.
    const redeal = await dealLuckyHit(entity.seed, roundPeriod, entity.client_seeds);
    expect({ draws: redeal.draws, cards1: redeal.cards1, cards2: redeal.cards2 }).toEqual({
      draws: entity.draws,
      cards1: entity.cards1,
      cards2: entity.cards2,
    });
    expect(createHash('sha256').update(Buffer.from(entity.seed, 'hex')).digest('hex')).toBe(
      entity.previous_seed,
    );
    let link = entity.seed;
    for (let step = 0; step < entity.chain_index; step += 1) {
      link = createHash('sha256').update(Buffer.from(link, 'hex')).digest('hex');
    }
    expect(link).toBe(entity.terminal_hash);
    const outcome = luckyHitOutcome(redeal.cards1, redeal.cards2);
    expect(entity.black_win).toBe(outcome.blackWin);
    expect(entity.lucky_hit_odds).toBe(outcome.luckyHitOdds);

    // Every bet paid by the shared table; every balance moved by exactly that.
    for (const [index, player] of players.entries()) {
      const own = placed.filter((entry) => entry.player === player);
      const change = own.reduce(
        (sum, entry) =>
          sum - entry.stakeMinor + luckyHitPayoutMinor(entry.stakeMinor, entry.betType, outcome),
        0,
      );
      expect(await balanceOf(database(), clock, player.userId)).toBe((before[index] as number) + change);
    }
    const open = published.find((event) => event.cmd === LuckyHitCmd.openResult)?.data;
    expect(open).toEqual({
      period: roundPeriod,
      openResult: {
        cards1: entity.cards1,
        cards2: entity.cards2,
        blackWin: outcome.blackWin,
        luckyHitOdds: outcome.luckyHitOdds,
      },
    });
    const latest = published.find((event) => event.cmd === LuckyHitCmd.latestResults)?.data as {
      results: Array<{ period: string }>;
    };
    expect(latest.results.map((result) => result.period)).toEqual([
      roundPeriod,
      luckyHitPeriodAt(ROUND_ZERO + LUCKY_HIT_ROUND_MS, TIME_ZONE),
      luckyHitPeriodAt(ROUND_ZERO, TIME_ZONE),
    ]);

    const records = await get<LuckyHitUserRecordsResponse>(first, '/luckyhit/user_records?p=1&p_size=10');
    expect(records.status).toBe(200);
    const newest = records.body.queryset[0];
    expect(newest).toMatchObject({
      period: roundPeriod,
      type: 'L',
      bet_price: '50.00',
      fee: '1.00',
      delivery: '49.00',
      open_type: outcome.winner,
      lucky_hit_odds: outcome.luckyHitOdds,
      status: outcome.luckyHitOdds > 0 ? 'S' : 'F',
    });
    expect(records.body.page.count).toBe(4);

    const rounds = await app.inject({
      method: 'GET',
      url: '/admin/api/luckyhit/rounds?p=1&p_size=5',
      headers: adminTokenHeaders(ADMIN_TOKEN),
    });
    expect(rounds.statusCode).toBe(200);
    const payout = placed.reduce(
      (sum, entry) => sum + luckyHitPayoutMinor(entry.stakeMinor, entry.betType, outcome),
      0,
    );
    expect(rounds.json().queryset[0]).toMatchObject({
      period: roundPeriod,
      bet_count: 6,
      stake_total: '467.00',
      payout_total: (payout / 100).toFixed(2),
      house_take: ((46_700 - payout) / 100).toFixed(2),
    });
    // Settling again changes nothing.
    expect((await luckyHit.settlement.settle(start)).status).toBe('already_settled');
    await expectLedgerClean(database());
  });

  it('deals a round without bettors from its fixed fillers, and answers 404 for a round not dealt yet', async () => {
    clock.set(ROUND_ZERO + 3 * LUCKY_HIT_ROUND_MS + 5_000);
    const open = await get<{ msg: string }>(
      players[0] as TestBuyer,
      `/luckyhit/round_detail?period=${period()}`,
    );
    expect(open.status).toBe(404);
    const bad = await get<{ msg: string }>(players[0] as TestBuyer, '/luckyhit/round_detail?period=2026');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/period/);
    const empty = period();
    clock.set(ROUND_ZERO + 3 * LUCKY_HIT_ROUND_MS + 20_000);
    expect((await luckyHit.engine.tick()).settled).toEqual([empty]);
    const detail = await get<LuckyHitRoundDetailResponse>(
      players[0] as TestBuyer,
      `/luckyhit/round_detail?period=${empty}`,
    );
    const redeal = await dealLuckyHit(detail.body.entity.seed, empty, []);
    expect(redeal.clientSeeds).toEqual(detail.body.entity.client_seeds);
    expect(redeal.cards1).toEqual(detail.body.entity.cards1);
  });

  it('recovers missed rounds on start: each is dealt from its own seed and its bets settled', async () => {
    // A bet in round 4, then the leader is gone for five rounds; a new engine catches up on its first tick.
    const start = ROUND_ZERO + 4 * LUCKY_HIT_ROUND_MS;
    clock.set(start + 8_000);
    const player = players[2] as TestBuyer;
    expect(await bet(player, 'B', 10_000, seedOf(9))).toMatchObject({ status: 200 });
    await luckyHit.engine.stop();
    clock.set(start + 5 * LUCKY_HIT_ROUND_MS + 25_000);
    luckyHit = createModule();
    const report = await luckyHit.engine.tick();
    expect(report.settled).toEqual(
      [4, 5, 6, 7, 8, 9].map((round) => luckyHitPeriodAt(ROUND_ZERO + round * LUCKY_HIT_ROUND_MS, TIME_ZONE)),
    );
    const missed = luckyHitPeriodAt(start, TIME_ZONE);
    const detail = (await get<LuckyHitRoundDetailResponse>(player, `/luckyhit/round_detail?period=${missed}`))
      .body.entity;
    const redeal = await dealLuckyHit(detail.seed, missed, [seedOf(9)]);
    expect(redeal.cards1).toEqual(detail.cards1);
    expect(redeal.cards2).toEqual(detail.cards2);
    const records = await get<LuckyHitUserRecordsResponse>(player, '/luckyhit/user_records');
    expect(records.body.queryset[0]).toMatchObject({ period: missed, status: detail.black_win ? 'S' : 'F' });
    // The current round (9, past second 20) is shown dealt; the caught-up ones only go to the history.
    expect(published.filter((event) => event.cmd === LuckyHitCmd.openResult).at(-1)?.data).toMatchObject({
      period: luckyHitPeriodAt(clock.now(), TIME_ZONE),
    });
    expect(luckyHitRoundStartMs(clock.now())).toBe(ROUND_ZERO + 9 * LUCKY_HIT_ROUND_MS);
    await expectLedgerClean(database());
  });

  it('hands the leadership over: a second engine deals only once the first has stopped (PostgreSQL)', async (context) => {
    if (database().dialect !== 'postgres') context.skip();
    const standby = createModule();
    try {
      clock.set(ROUND_ZERO + 10 * LUCKY_HIT_ROUND_MS + 21_000);
      expect((await luckyHit.engine.tick()).leader).toBe(true);
      clock.set(ROUND_ZERO + 11 * LUCKY_HIT_ROUND_MS + 6_000);
      expect(await bet(players[3] as TestBuyer, 'R', 5_000, seedOf(11))).toMatchObject({ status: 200 });
      clock.set(ROUND_ZERO + 11 * LUCKY_HIT_ROUND_MS + 21_000);
      expect(await standby.engine.tick()).toEqual({ leader: false, settled: [] });
      await luckyHit.engine.stop();
      const takeover = await standby.engine.tick();
      expect(takeover).toEqual({ leader: true, settled: [luckyHitPeriodAt(clock.now(), TIME_ZONE)] });
      await expectLedgerClean(database());
    } finally {
      await standby.engine.stop();
    }
  });
});
