import { randomBytes } from 'node:crypto';
import {
  LIVE_ERROR_CMD,
  LiveCloseCode,
  LuckyHitCmd,
  type LuckyHitGroupInfoData,
  LuckyHitMessage,
  type LuckyHitOpenResultData,
  luckyHitPeriodAt,
  luckyHitRoundStartMs,
} from '@app/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthGuard } from '../../../http/auth-guard.ts';
import { ManualClock, systemClock } from '../../../platform/clock.ts';
import { createEventBus, LiveSocketPlatform } from '../../../platform/live-sockets/live-sockets.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { LiveTestClient } from '../../../test-support/live-socket-client.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts';
import { SessionService } from '../../accounts/session.service.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { balanceOf, createBuyer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { createLuckyHitModule, type LuckyHitModule, registerLuckyHitModule } from './luckyhit.module.ts';

const TIME_ZONE = 'Asia/Kolkata';
const FUNDS_MINOR = 1_000_000;
/** Fuzzing: this many sockets, each sending up to FUZZ_FRAMES_PER_SOCKET frames of random junk. */
const FUZZ_SOCKETS = 12;
const FUZZ_FRAMES_PER_SOCKET = 15;
const redisUrl = process.env.TEST_REDIS_URL;

/** A small seeded generator, so a failing fuzz run can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One random frame: garbage, JSON of the wrong shape, an envelope of an unknown cmd, or a 3015 with bad data. */
function junkFrame(random: () => number): string | Buffer {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const anyValue = (): unknown =>
    pick([
      null,
      -1,
      0,
      1e308,
      'B',
      'X',
      '',
      '9'.repeat(30),
      [],
      {},
      { t: 1 },
      true,
      'A'.repeat(Math.floor(random() * 6000)),
    ]);
  switch (Math.floor(random() * 7)) {
    case 0:
      return randomBytes(Math.floor(random() * 64));
    case 1:
      return '{"cmd":';
    case 2:
      return JSON.stringify({ cmd: pick([3015, 3002, 1, 65_536, -5, '3015']), data: anyValue() });
    case 3:
      return JSON.stringify({ cmd: pick([3002, 3004, 3016, 9400, 12345]), data: '{}' });
    case 4:
      return JSON.stringify({ cmd: 3015, data: 'not json' });
    case 5:
      return JSON.stringify({
        cmd: 3015,
        data: JSON.stringify({
          period: anyValue(),
          betResult: pick(['B', 'R', 'L', 'Q', 1]),
          oddNo: pick(['short', 'ABCDEFGHIJ0123456789!', anyValue()]),
          betPrice: anyValue(),
        }),
      });
    default:
      return JSON.stringify({ cmd: 3015, data: JSON.stringify(anyValue()) });
  }
}

for (const busKind of ['in-process', 'redis'] as const) {
  describe.skipIf(busKind === 'redis' && !redisUrl)(`Lucky Hit socket (${busKind} bus)`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let luckyHit: LuckyHitModule;
    let url: string;
    let player: TestBuyer;
    let fuzzer: TestBuyer;
    let outsider: TestBuyer;
    // The round after the next, so the chain is committed before it with time to spare.
    const roundStart = luckyHitRoundStartMs(Date.now()) + 60_000;
    const clock = new ManualClock(roundStart - 20_000);

    beforeAll(async () => {
      database = await createTestDatabase('sqlite');
      app = Fastify({ logger: false });
      const sessions = new SessionService(database.db, systemClock);
      // A namespace of its own, so parallel test files sharing the Redis database never hear each other.
      const bus = createEventBus(
        busKind === 'redis' ? redisUrl : undefined,
        `lh-test-${randomBytes(6).toString('hex')}`,
      );
      const live = new LiveSocketPlatform({ bus, sessions, accessChanges: sessions, logger: app.log });
      await live.install(app);
      const settings = new SettingsService(database.db, clock);
      luckyHit = createLuckyHitModule({
        database,
        clock,
        ledger: new LedgerService(database, clock),
        market: 'in',
        logger: app.log,
        wagering: new WageringService(settings, clock),
        chainLength: 500,
      });
      await registerLuckyHitModule(app, luckyHit, { authGuard: createAuthGuard(sessions), live });
      await luckyHit.chains.ensureChain(database, clock.now(), roundStart);
      player = await createBuyer(database, clock);
      fuzzer = await createBuyer(database, clock);
      outsider = await createBuyer(database, clock);
      for (const buyer of [player, fuzzer]) {
        await fundWallet(database, clock, buyer.userId, FUNDS_MINOR);
        await database.db.updateTable('users').set({ is_early: 1 }).where('id', '=', buyer.userId).execute();
      }
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      url = `ws://127.0.0.1:${address.port}/ws/luckyhit`;
      expect((await luckyHit.engine.tick()).leader).toBe(true);
    });
    afterAll(async () => {
      await luckyHit?.engine.stop();
      await app?.close();
      await database?.cleanup();
    });

    const connect = async (buyer: TestBuyer): Promise<LiveTestClient> => {
      const client = new LiveTestClient(`${url}?token=${buyer.token}`);
      await client.opened;
      return client;
    };
    const betFrame = (stake: number, betResult = 'B') => ({
      period: luckyHitPeriodAt(clock.now(), TIME_ZONE),
      betResult,
      oddNo: 'Zz0123456789abcdefgh',
      betPrice: stake,
    });

    it('refuses a player without early access with 4403', async () => {
      const client = new LiveTestClient(`${url}?token=${outsider.token}`);
      expect(await client.closed()).toBe(LiveCloseCode.forbidden);
    });

    it('greets a socket with the round under way and the latest results, takes a bet and shows the deal', async () => {
      clock.set(roundStart + 5_000);
      const client = await connect(player);
      const info = await client.nextFrame<LuckyHitGroupInfoData>(LuckyHitCmd.groupInfo);
      expect(info.periodInfo.period).toBe(luckyHitPeriodAt(clock.now(), TIME_ZONE));
      expect(await client.nextFrame(LuckyHitCmd.latestResults)).toEqual({ results: [] });
      client.send(LuckyHitCmd.bet, betFrame(100));
      expect(await client.nextFrame(LuckyHitCmd.betResult)).toEqual({
        status: 200,
        msg: 'Your contract is successful completed',
        period: luckyHitPeriodAt(clock.now(), TIME_ZONE),
        betPrice: '100.00',
      });
      client.send(LuckyHitCmd.bet, betFrame(5));
      expect(
        await client.nextFrame(LuckyHitCmd.betResult, (answer: { status: number }) => answer.status !== 200),
      ).toMatchObject({
        status: 400,
        msg: 'The minimum bet is 10',
      });
      await luckyHit.engine.tick();
      expect(await client.nextFrame(LuckyHitCmd.betTotal)).toMatchObject({
        betTotal: { a: '100.00', b: '0.00', t: '0.00' },
      });
      clock.set(roundStart + 20_500);
      await luckyHit.engine.tick();
      const dealt = await client.nextFrame<LuckyHitOpenResultData>(LuckyHitCmd.openResult);
      expect(dealt.period).toBe(luckyHitPeriodAt(roundStart, TIME_ZONE));
      expect(dealt.openResult.cards1).toHaveLength(3);
      const results = await client.nextFrame<{ results: Array<{ period: string }> }>(
        LuckyHitCmd.latestResults,
        (payload) => payload.results.length === 1,
      );
      expect(results.results[0]?.period).toBe(dealt.period);
      client.close();
    });

    it('survives fuzzing: junk frames get an error answer or a close, never a crash or a moved coin', async () => {
      clock.set(roundStart + 30_000 + 6_000);
      const random = seededRandom(16);
      for (let socketIndex = 0; socketIndex < FUZZ_SOCKETS; socketIndex += 1) {
        const client = await connect(fuzzer);
        for (let frame = 0; frame < FUZZ_FRAMES_PER_SOCKET; frame += 1) {
          if (client.closeCode !== undefined) break;
          client.sendRaw(junkFrame(random));
        }
        // The platform answers what it can name and closes on what it cannot parse or on a flood.
        await client.waitFor(
          () => client.closeCode !== undefined || client.frames.some((entry) => entry.cmd === LIVE_ERROR_CMD),
          'an error answer or a close',
        );
        if (client.closeCode !== undefined) {
          expect([LiveCloseCode.badFrame, LiveCloseCode.tooManyFrames, 1009]).toContain(client.closeCode);
        }
        // No junk frame is ever a bet.
        expect(
          client.frames.filter(
            (entry) =>
              entry.cmd === LuckyHitCmd.betResult && (entry.payload as { status: number }).status === 200,
          ),
        ).toEqual([]);
        client.close();
      }
      expect(await balanceOf(database, clock, fuzzer.userId)).toBe(FUNDS_MINOR);
      // The server still takes a good bet afterwards.
      const client = await connect(player);
      client.send(LuckyHitCmd.bet, betFrame(50, 'L'));
      expect(await client.nextFrame(LuckyHitCmd.betResult)).toMatchObject({ status: 200 });
      client.close();
      await expectLedgerClean(database);
    });

    it('refuses the bet of an open socket once early access is cleared or the account suspended, and closes it', async () => {
      clock.set(roundStart + 60_000 + 6_000);
      const client = await connect(player);
      client.send(LuckyHitCmd.bet, betFrame(30));
      expect(await client.nextFrame(LuckyHitCmd.betResult)).toMatchObject({ status: 200 });
      const before = await balanceOf(database, clock, player.userId);
      // What the operator console's flag change writes, announced to no socket: the bet itself finds it.
      await database.db.updateTable('users').set({ is_early: 0 }).where('id', '=', player.userId).execute();
      try {
        client.send(LuckyHitCmd.bet, betFrame(40, 'R'));
        expect(
          await client.nextFrame(
            LuckyHitCmd.betResult,
            (answer: { status: number }) => answer.status !== 200,
          ),
        ).toEqual({
          status: 403,
          msg: LuckyHitMessage.earlyAccessOnly,
          period: luckyHitPeriodAt(clock.now(), TIME_ZONE),
          betPrice: '40.00',
        });
        // The answer first, then the close with the refusal's reason.
        expect(await client.closed()).toBe(LiveCloseCode.forbidden);
        expect(client.closeReason).toBe(LuckyHitMessage.earlyAccessOnly);
        expect(await balanceOf(database, clock, player.userId)).toBe(before);
      } finally {
        await database.db.updateTable('users').set({ is_early: 1 }).where('id', '=', player.userId).execute();
      }
      const again = await connect(player);
      again.send(LuckyHitCmd.bet, betFrame(50, 'L'));
      expect(
        await again.nextFrame(
          LuckyHitCmd.betResult,
          (answer: { status: number; betPrice: string }) => answer.betPrice === '50.00',
        ),
      ).toMatchObject({ status: 200 });
      expect(await balanceOf(database, clock, player.userId)).toBe(before - 5_000);
      await database.db
        .updateTable('users')
        .set({ suspended_at: clock.now(), suspended_reason: 'test' })
        .where('id', '=', player.userId)
        .execute();
      try {
        again.send(LuckyHitCmd.bet, betFrame(60, 'L'));
        expect(
          await again.nextFrame(
            LuckyHitCmd.betResult,
            (answer: { status: number; betPrice: string }) => answer.betPrice === '60.00',
          ),
        ).toMatchObject({ status: 401 });
        expect(await again.closed()).toBe(LiveCloseCode.unauthorized);
        expect(await balanceOf(database, clock, player.userId)).toBe(before - 5_000);
      } finally {
        await database.db
          .updateTable('users')
          .set({ suspended_at: null, suspended_reason: null })
          .where('id', '=', player.userId)
          .execute();
      }
      await expectLedgerClean(database);
    });
  });
}
