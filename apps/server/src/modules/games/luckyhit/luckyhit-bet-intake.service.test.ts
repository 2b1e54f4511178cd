import {
  LUCKY_HIT_ROUND_MS,
  type LuckyHitBetResultData,
  type LuckyHitBetType,
  LuckyHitMessage,
  luckyHitPeriodAt,
  ServerMessage,
} from '@app/shared';
import Fastify from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { balanceOf, createPlayer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { createLuckyHitModule, type LuckyHitModule } from './luckyhit.module.ts';
import { LUCKY_HIT_BETS_PER_USER_PER_ROUND } from './luckyhit-bet-intake.service.ts';

const TIME_ZONE = 'Asia/Kolkata';
const FUNDS_MINOR = 10_000_000;
/** Players betting at once in the first test. */
const PLAYERS = 24;
const BETS_PER_PLAYER = 3;
/** A round boundary: 2026-11-26 12:00:00 UTC. */
const ROUND_ZERO = Date.UTC(2026, 10, 26, 12, 0, 0);
const BET_TYPES: readonly LuckyHitBetType[] = ['B', 'R', 'L'];
const seedOf = (player: number, bet: number) =>
  `P${String(player).padStart(3, '0')}B${String(bet).padStart(15, '0')}`;

describeEachDatabase('Lucky Hit bet intake: group commit of concurrent bets', (database) => {
  const clock = new ManualClock(ROUND_ZERO - 10_000);
  let luckyHit: LuckyHitModule;
  const players: TestBuyer[] = [];
  let poor: TestBuyer;

  beforeAll(async () => {
    const settings = new SettingsService(database().db, clock);
    luckyHit = createLuckyHitModule({
      database: database(),
      clock,
      ledger: new LedgerService(database(), clock),
      market: 'in',
      logger: Fastify({ logger: false }).log,
      wagering: new WageringService(settings, clock),
      broadcast: { publish: () => undefined },
      chainLength: 100,
    });
    await luckyHit.chains.ensureChain(database(), clock.now(), ROUND_ZERO);
    for (let index = 0; index < PLAYERS; index += 1) {
      const player = await createPlayer(database(), clock);
      await fundWallet(database(), clock, player.userId, FUNDS_MINOR);
      players.push(player);
    }
    poor = await createPlayer(database(), clock);
    await fundWallet(database(), clock, poor.userId, 1_500);
  });

  const place = (player: TestBuyer, betType: LuckyHitBetType, stakeMinor: number, clientSeed: string) =>
    luckyHit.game.placeBet(player.userId, {
      period: luckyHitPeriodAt(clock.now(), TIME_ZONE),
      betType,
      clientSeed,
      stakeMinor,
    });
  const betRows = (userId: number) =>
    database()
      .db.selectFrom('luckyhit_bets')
      .select(['id', 'stake_minor', 'client_seed'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('takes the bets of many players sent at once, each answered on its own, one refused for balance while the rest of its batch commits', async () => {
    clock.set(ROUND_ZERO + 5_000);
    const stakes = new Map<number, number>();
    const pending: Array<{ player: TestBuyer; answer: Promise<LuckyHitBetResultData> }> = [];
    // Round-robin over the players, so each batch holds bets of many players and several of each; the poor
    // player's two bets of 10.00 (it has 15.00) go in the middle.
    for (let bet = 0; bet < BETS_PER_PLAYER; bet += 1) {
      for (const [index, player] of players.entries()) {
        const stakeMinor = 1_000 + index * 10 + bet;
        stakes.set(player.userId, (stakes.get(player.userId) ?? 0) + stakeMinor);
        const betType = BET_TYPES[(index + bet) % 3] ?? 'B';
        pending.push({ player, answer: place(player, betType, stakeMinor, seedOf(index, bet)) });
        if (bet === 1 && index === PLAYERS / 2) {
          pending.push({ player: poor, answer: place(poor, 'B', 1_000, seedOf(900, 0)) });
          pending.push({ player: poor, answer: place(poor, 'R', 1_000, seedOf(900, 1)) });
        }
      }
    }
    // Every bet was queued before any batch ran: they are decided together, not one transaction each.
    expect(luckyHit.game.intake.queueLength).toBe(pending.length);
    const answers = await Promise.all(pending.map((entry) => entry.answer));
    const poorAnswers = answers.filter((_answer, index) => pending[index]?.player === poor);
    expect(poorAnswers.map((answer) => answer.status)).toEqual([200, 400]);
    expect(poorAnswers[1]).toEqual({
      status: 400,
      msg: 'Insufficient balance',
      period: luckyHitPeriodAt(clock.now(), TIME_ZONE),
      betPrice: '10.00',
    });
    const others = answers.filter((_answer, index) => pending[index]?.player !== poor);
    expect(
      others.every((answer) => answer.status === 200 && answer.msg === LuckyHitMessage.betCompleted),
    ).toBe(true);
    expect(await balanceOf(database(), clock, poor.userId)).toBe(500);
    expect((await betRows(poor.userId)).map((row) => row.stake_minor)).toEqual([1_000]);
    for (const player of players) {
      expect(await balanceOf(database(), clock, player.userId)).toBe(
        FUNDS_MINOR - (stakes.get(player.userId) ?? 0),
      );
      // Each player's bets are stored in the order they were sent.
      expect((await betRows(player.userId)).map((row) => row.client_seed)).toEqual(
        Array.from({ length: BETS_PER_PLAYER }, (_unused, bet) => seedOf(players.indexOf(player), bet)),
      );
    }

    // The deal takes the first three bettors in arrival order, as bet by bet.
    clock.set(ROUND_ZERO + 20_100);
    const settled = await luckyHit.settlement.settle(ROUND_ZERO);
    expect(settled.status).toBe('settled');
    const detail = await luckyHit.game.roundDetail(luckyHitPeriodAt(ROUND_ZERO, TIME_ZONE));
    expect(detail.entity.client_seeds).toEqual([seedOf(0, 0), seedOf(1, 0), seedOf(2, 0)]);
    await expectLedgerClean(database());
  });

  it('caps a player at the bets a round allows, across batches and within one', async () => {
    clock.set(ROUND_ZERO + LUCKY_HIT_ROUND_MS + 6_000);
    const player = players[0] as TestBuyer;
    const before = await balanceOf(database(), clock, player.userId);
    const first = LUCKY_HIT_BETS_PER_USER_PER_ROUND - 3;
    const firstAnswers = await Promise.all(
      Array.from({ length: first }, (_unused, bet) => place(player, 'B', 1_000, seedOf(0, 100 + bet))),
    );
    expect(firstAnswers.every((answer) => answer.status === 200)).toBe(true);
    const secondAnswers = await Promise.all(
      Array.from({ length: 5 }, (_unused, bet) => place(player, 'R', 1_000, seedOf(0, 200 + bet))),
    );
    expect(secondAnswers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(secondAnswers[3]?.msg).toBe(`At most ${LUCKY_HIT_BETS_PER_USER_PER_ROUND} bets per round`);
    expect(await balanceOf(database(), clock, player.userId)).toBe(
      before - LUCKY_HIT_BETS_PER_USER_PER_ROUND * 1_000,
    );
    // Two players with every bet the cap allows, then a third with one: the deal still finds the third
    // bettor, whose first bet is the last one the settlement's short read of the earliest bets takes.
    const second = players[1] as TestBuyer;
    const third = players[2] as TestBuyer;
    const secondPlayerAnswers = await Promise.all(
      Array.from({ length: LUCKY_HIT_BETS_PER_USER_PER_ROUND }, (_unused, bet) =>
        place(second, 'L', 1_000, seedOf(1, 100 + bet)),
      ),
    );
    expect(secondPlayerAnswers.every((answer) => answer.status === 200)).toBe(true);
    expect(await place(third, 'B', 1_000, seedOf(2, 100))).toMatchObject({ status: 200 });
    clock.set(ROUND_ZERO + LUCKY_HIT_ROUND_MS + 20_100);
    expect((await luckyHit.settlement.settle(ROUND_ZERO + LUCKY_HIT_ROUND_MS)).status).toBe('settled');
    const detail = await luckyHit.game.roundDetail(
      luckyHitPeriodAt(ROUND_ZERO + LUCKY_HIT_ROUND_MS, TIME_ZONE),
    );
    expect(detail.entity.client_seeds).toEqual([seedOf(0, 100), seedOf(1, 100), seedOf(2, 100)]);
    await expectLedgerClean(database());
  });

  it('refuses a bet queued inside the window and batched after it, leaving nothing behind', async () => {
    const start = ROUND_ZERO + 2 * LUCKY_HIT_ROUND_MS;
    clock.set(start + 19_999);
    const player = players[1] as TestBuyer;
    const before = await balanceOf(database(), clock, player.userId);
    const rowsBefore = (await betRows(player.userId)).length;
    const answer = place(player, 'B', 1_000, seedOf(1, 300));
    // The batch starts on the next turn of the event loop, by when the server's clock says second 20.
    clock.set(start + 20_000);
    expect(await answer).toMatchObject({ status: 400, msg: LuckyHitMessage.bettingClosed });
    expect(await balanceOf(database(), clock, player.userId)).toBe(before);
    expect(await betRows(player.userId)).toHaveLength(rowsBefore);
  });

  it('checks each bet against the access of its player now: early access cleared or account suspended', async () => {
    clock.set(ROUND_ZERO + 3 * LUCKY_HIT_ROUND_MS + 7_000);
    const [cleared, suspended, allowed] = players as [TestBuyer, TestBuyer, TestBuyer];
    const db = database().db;
    await db.updateTable('users').set({ is_early: 0 }).where('id', '=', cleared.userId).execute();
    await db
      .updateTable('users')
      .set({ suspended_at: clock.now() })
      .where('id', '=', suspended.userId)
      .execute();
    try {
      const before = await Promise.all(
        [cleared, suspended].map((player) => balanceOf(database(), clock, player.userId)),
      );
      const answers = await Promise.all([
        place(cleared, 'B', 1_000, seedOf(0, 400)),
        place(suspended, 'B', 1_000, seedOf(1, 400)),
        place(allowed, 'B', 1_000, seedOf(2, 400)),
      ]);
      expect(answers.map((answer) => [answer.status, answer.msg])).toEqual([
        [403, LuckyHitMessage.earlyAccessOnly],
        [401, ServerMessage.unauthorized],
        [200, LuckyHitMessage.betCompleted],
      ]);
      expect(
        await Promise.all([cleared, suspended].map((player) => balanceOf(database(), clock, player.userId))),
      ).toEqual(before);
      // The single-bet path, which a failed batch falls back to, refuses the same way.
      await expect(
        luckyHit.game.takeBetAlone(cleared.userId, {
          period: luckyHitPeriodAt(clock.now(), TIME_ZONE),
          betType: 'R',
          clientSeed: seedOf(0, 401),
          stakeMinor: 1_000,
        }),
      ).rejects.toMatchObject({ code: 403, message: LuckyHitMessage.earlyAccessOnly });
    } finally {
      await db.updateTable('users').set({ is_early: 1 }).where('id', '=', cleared.userId).execute();
      await db.updateTable('users').set({ suspended_at: null }).where('id', '=', suspended.userId).execute();
    }
    await expectLedgerClean(database());
  });
});
