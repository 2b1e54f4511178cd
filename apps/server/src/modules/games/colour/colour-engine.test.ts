import { COLOUR_PERIOD_MS } from '@app/shared';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../../../db/dialect.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { LedgerService } from '../../ledger/ledger.service.ts';
import { SettingsService } from '../../settings/settings.service.ts';
import { WageringService } from '../../withdrawals/wagering.service.ts';
import { createColourGameModule } from './colour.module.ts';

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
