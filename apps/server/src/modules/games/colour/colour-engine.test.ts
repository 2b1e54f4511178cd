import { setTimeout as sleep } from 'node:timers/promises';
import { COLOUR_CATEGORIES, COLOUR_PERIOD_MS } from '@app/shared';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type AppDatabase, openDatabase } from '../../../db/dialect.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { createColourGameModule } from './colour.module.ts';
import { ColourChainService } from './colour-chain.service.ts';
import { ColourEngine } from './colour-engine.ts';
import { ColourSettlementService } from './colour-settlement.service.ts';

/** 2025-03-05 00:00 IST. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const TEST_CHAIN_LENGTH = 2000;

describeEachDatabase('colour engine leadership', (database) => {
  const clock = new ManualClock(MIDNIGHT_IST + 10_000);
  let second: AppDatabase;
  // A Fastify instance without a logger gives the silent logger the engine expects.
  const logger = Fastify({ logger: false }).log;
  const engineOn = (db: AppDatabase) =>
    createColourGameModule({
      database: db,
      clock,
      ledger: new LedgerService(db, clock),
      settings: new SettingsService(db.db, clock),
      market: 'in',
      logger,
      wagering: new WageringService(new SettingsService(db.db, clock), clock),
      chainLength: TEST_CHAIN_LENGTH,
    }).engine;

  beforeAll(async () => {
    if (database().dialect === 'postgres') {
      // A second pool on the same schema plays a second server process.
      const schema = await sql<{ schema: string }>`select current_schema() as schema`.execute(database().db);
      second = openDatabase({
        url: process.env.TEST_DATABASE_URL ?? '',
        searchPath: schema.rows[0]?.schema ?? '',
        poolSize: 5,
      });
    } else {
      second = database();
    }
  });
  afterAll(async () => {
    if (second && second !== database()) await second.destroy();
  });

  it('lets one instance lead, hands over when it stops, and settles each period exactly once', async () => {
    const first = engineOn(database());
    const other = engineOn(second);
    expect((await first.tick()).leader).toBe(true);
    clock.set(clock.now() + 3 * COLOUR_PERIOD_MS);
    if (database().dialect === 'postgres') {
      const [a, b] = await Promise.all([first.tick(), other.tick()]);
      expect(a.leader).toBe(true);
      expect(b.leader).toBe(false);
      expect(b.settled).toEqual([]);
      await first.stop();
      clock.set(clock.now() + 2 * COLOUR_PERIOD_MS);
      const takeover = await other.tick();
      expect(takeover.leader).toBe(true);
      expect(takeover.settled.length).toBe(4 * 2);
    } else {
      await first.tick();
      await other.tick();
    }
    await other.stop();
    await first.stop();
    // Every period from the first chain's start up to the last ended one exists once and is settled.
    const rows = await database()
      .db.selectFrom('colour_periods')
      .select(['room', 'period', 'status'])
      .orderBy('room')
      .orderBy('start_at')
      .execute();
    const perRoom = new Map<string, string[]>();
    for (const row of rows) {
      expect(row.status).toBe('settled');
      perRoom.set(row.room, [...(perRoom.get(row.room) ?? []), row.period]);
    }
    const expectedCount = database().dialect === 'postgres' ? 4 : 2;
    for (const periods of perRoom.values()) {
      expect(new Set(periods).size).toBe(periods.length);
      expect(periods.length).toBe(expectedCount);
    }
    expect(perRoom.size).toBe(4);
    await expectLedgerClean(database());
  });
});

describeEachDatabase('colour engine ticks', (database) => {
  /** How long each settlement is held up, so that one tick of a catch-up lasts a while. */
  const SETTLE_DELAY_MS = 5;
  /** Periods missed while "down": every tick until the catch-up is over has this many per room to settle. */
  const MISSED_PERIODS = 20;

  it('never runs two ticks at once, and does not let ticks pile up behind a long catch-up', async () => {
    const clock = new ManualClock(MIDNIGHT_IST + 10_000);
    const chains = new ColourChainService(TEST_CHAIN_LENGTH);
    for (const room of COLOUR_CATEGORIES) {
      await chains.ensureChain(database(), room, clock.now(), MIDNIGHT_IST + COLOUR_PERIOD_MS);
    }
    clock.set(MIDNIGHT_IST + (MISSED_PERIODS + 1) * COLOUR_PERIOD_MS + 10_000);
    const settings = new SettingsService(database().db, clock);
    const real = new ColourSettlementService(
      database(),
      clock,
      new LedgerService(database(), clock),
      chains,
      'Asia/Kolkata',
      new WageringService(settings, clock),
    );
    let active = 0;
    let mostActive = 0;
    let settleCalls = 0;
    const settlement = {
      async settle(...args: Parameters<ColourSettlementService['settle']>) {
        active += 1;
        settleCalls += 1;
        mostActive = Math.max(mostActive, active);
        try {
          await sleep(SETTLE_DELAY_MS);
          return await real.settle(...args);
        } finally {
          active -= 1;
        }
      },
    };
    // Each tick asks the chains of every room first: four calls of prepare mean one tick began.
    const prepare = vi.spyOn(chains, 'prepare');
    const engine = new ColourEngine({
      database: database(),
      clock,
      chains,
      settlement,
      timeZone: 'Asia/Kolkata',
      logger: Fastify({ logger: false }).log,
    });
    // A timer that fires every millisecond while the first tick settles 80 periods (at least 400 ms).
    engine.start(1);
    await vi.waitFor(() => expect(settleCalls).toBeGreaterThanOrEqual(10), { timeout: 5_000 });
    // Two ticks asked for from outside while the timer's tick runs (the development clock does this).
    const asked = [engine.tick(), engine.tick()];
    await sleep(50);
    expect(prepare.mock.calls.length / COLOUR_CATEGORIES.length).toBe(1);
    await engine.stop();
    const reports = await Promise.all(asked);
    // The first tick settled the whole catch-up; the two asked for ran after it, one after the other.
    expect(settleCalls).toBe(MISSED_PERIODS * COLOUR_CATEGORIES.length);
    expect(reports.map((report) => report.settled)).toEqual([[], []]);
    expect(mostActive).toBe(1);
    expect(prepare.mock.calls.length / COLOUR_CATEGORIES.length).toBe(3);
    // Stopped: no timer brings another tick.
    await sleep(20);
    expect(prepare.mock.calls.length / COLOUR_CATEGORIES.length).toBe(3);
    await expectLedgerClean(database());
  });
});
