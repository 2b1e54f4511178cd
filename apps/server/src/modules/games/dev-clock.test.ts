import { COLOUR_CATEGORIES, COLOUR_PERIOD_MS, periodNumberAt } from '@app/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { WageringService } from '../withdrawals/wagering.service.ts';
import { ColourChainService } from './colour/colour-chain.service.ts';
import { ColourEngine } from './colour/colour-engine.ts';
import { ColourSettlementService } from './colour/colour-settlement.service.ts';
import { DEV_CLOCK_MAX_ADVANCE_SECONDS, DevTestClock, registerDevClockRoutes } from './dev-clock.ts';

/** 2025-03-05 00:00:10 IST, inside period 20250305001. */
const START = Date.parse('2025-03-04T18:30:10Z');
const KOLKATA = 'Asia/Kolkata';
const TEST_CHAIN_LENGTH = 2000;

const advance = (app: FastifyInstance, payload: unknown) =>
  app.inject({ method: 'POST', url: '/dev/clock/advance', payload: payload as Record<string, unknown> });

describeEachDatabase('POST /dev/clock/advance', (database) => {
  const base = new ManualClock(START);
  let app: FastifyInstance;

  beforeAll(async () => {
    // Short chains stored up front (from period 002 on), as a leader would have stored them.
    const chains = new ColourChainService(TEST_CHAIN_LENGTH);
    for (const room of COLOUR_CATEGORIES) {
      await chains.ensureChain(database(), room, START, START - 10_000 + COLOUR_PERIOD_MS);
    }
    app = await buildTestApp(database(), { clock: base, config: { devTestClock: true } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const nextPeriod = async () =>
    (await app.inject({ method: 'GET', url: '/win/next_period_info_noauth?category=P' })).json()
      .next_period as string;

  it.each([
    [{}, 'seconds'],
    [{ seconds: 'abc' }, 'seconds must be a number'],
    [{ seconds: '60' }, 'seconds must be a number'],
    [{ seconds: 0 }, 'seconds must be at least 1'],
    [{ seconds: -180 }, 'seconds must be at least 1'],
    [{ seconds: 1.5 }, 'seconds must be a whole number'],
    [
      { seconds: DEV_CLOCK_MAX_ADVANCE_SECONDS + 1 },
      `seconds must be at most ${DEV_CLOCK_MAX_ADVANCE_SECONDS}`,
    ],
  ])('refuses %j with 400 naming the field and leaves the clock alone', async (payload, message) => {
    const before = await nextPeriod();
    const response = await advance(app, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain(message);
    expect(await nextPeriod()).toBe(before);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/dev/clock/advance',
      headers: { 'content-type': 'application/json' },
      payload: '{"seconds":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('moves the clock forward and answers once the ended period is settled', async () => {
    expect(await nextPeriod()).toBe('20250305001');
    const first = await advance(app, { seconds: 180 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 200, now: START + 180_000 });
    expect(await nextPeriod()).toBe('20250305002');
    // Period 002 (the chains' first) ends with the next step; the call answers after it is drawn.
    const second = await advance(app, { seconds: 180 });
    expect(second.json().now).toBe(START + 360_000);
    expect(await nextPeriod()).toBe(periodNumberAt(START + 360_000, KOLKATA));
    const settled = await database()
      .db.selectFrom('colour_periods')
      .select(['room', 'period'])
      .where('status', '=', 'settled')
      .orderBy('room')
      .execute();
    expect(settled).toEqual([...COLOUR_CATEGORIES].sort().map((room) => ({ room, period: '20250305002' })));
    // The base clock is untouched: only the development clock moved.
    expect(base.now()).toBe(START);
  });
});

describeEachDatabase('POST /dev/clock/advance while a first chain is being made', (database) => {
  it('lets the chain be committed at the time it began, so it starts with the period after that time', async () => {
    const base = new ManualClock(START);
    const clock = new DevTestClock(base);
    // One hash per slice: the chain takes many turns of the event loop, and the request arrives meanwhile.
    const chains = new ColourChainService(200, { hashesPerSlice: 1 });
    const settings = new SettingsService(database().db, clock);
    const engine = new ColourEngine({
      database: database(),
      clock,
      chains,
      settlement: new ColourSettlementService(
        database(),
        clock,
        new LedgerService(database(), clock),
        chains,
        KOLKATA,
        new WageringService(settings, clock),
      ),
      timeZone: KOLKATA,
      logger: Fastify({ logger: false }).log,
    });
    const app = Fastify({ logger: false });
    registerDevClockRoutes(app, clock, () => engine.tick());
    try {
      // The engine's timer began a tick, which is making the rooms' first chains, when the test moves on.
      const running = engine.tick();
      const response = await advance(app, { seconds: 180 });
      expect(response.statusCode).toBe(200);
      await running;
      const first = await database()
        .db.selectFrom('colour_chains')
        .select(['room', 'first_period_start_at', 'created_at'])
        .orderBy('room')
        .execute();
      // Committed at 001 + 10 s for period 002, the period the clock was moved into: it takes bets now.
      expect(first).toHaveLength(COLOUR_CATEGORIES.length);
      for (const chain of first) {
        expect(chain.first_period_start_at).toBe(START - 10_000 + COLOUR_PERIOD_MS);
        expect(chain.created_at).toBe(START);
      }
      expect(periodNumberAt(clock.now(), KOLKATA)).toBe('20250305002');
    } finally {
      await engine.stop();
      await app.close();
    }
  });
});

describe('the development clock outside development', () => {
  it('is absent in production, even when asked for', async () => {
    expect(loadConfig({ NODE_ENV: 'production', DEV_TEST_CLOCK: 'true' }).devTestClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_TEST_CLOCK: 'true' }).devTestClock).toBe(true);
  });

  describeEachDatabase('route registration', (database) => {
    it.each([
      [
        'production with the flag forced on',
        { isProduction: true, env: 'production' as const, devTestClock: true },
      ],
      ['development without the flag', { devTestClock: false }],
    ])('answers 404 in %s', async (_label, config) => {
      const app = await buildTestApp(database(), { clock: new ManualClock(START), config });
      try {
        const response = await advance(app, { seconds: 60 });
        expect(response.statusCode).toBe(404);
      } finally {
        await app.close();
      }
    });
  });

  it('only moves forward', () => {
    const clock = new DevTestClock(new ManualClock(START));
    clock.advance(1000);
    expect(clock.now()).toBe(START + 1000);
    expect(() => clock.advance(-1)).toThrow(/only moves forward/);
    expect(() => clock.advance(0.5)).toThrow(/only moves forward/);
    expect(clock.now()).toBe(START + 1000);
  });
});
