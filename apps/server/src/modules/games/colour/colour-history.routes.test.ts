import { COLOUR_PERIOD_MS, type ColourHistoryResponse, periodNumberAt } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { listenOnLoopback, socketRequest } from '../../../test-support/socket-request.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { COLOUR_HISTORY_CACHE_CONTROL } from './colour-history.service.ts';

const KOLKATA = 'Asia/Kolkata';
/** 2025-03-05 00:00 IST: the start of period 20250305001 (the test app's market is in). */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
/** Far longer than the test: whatever shows at once came through an invalidation, not an expiry. */
const LONG_TTL_MS = 600_000;
const HISTORY_URL = '/win/next_period_info_noauth?category=P';

describeEachDatabase('colour history kept between settlements', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(MIDNIGHT_IST + 10_000);
  let port: number;

  beforeAll(async () => {
    // The development clock's route ticks this app's own engine, as the end-to-end tests do.
    app = await buildTestApp(database(), {
      clock,
      config: { publicReadTtlMs: LONG_TTL_MS, devTestClock: true },
      colourChainLength: 3000,
    });
    port = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  // Over a socket, as players and bots poll it: a ready reply is answered before Fastify's routing.
  const history = (headers: Record<string, string> = {}) => socketRequest(port, HISTORY_URL, headers);
  const advance = async (seconds: number) => {
    const response = await app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { seconds } });
    expect(response.statusCode).toBe(200);
  };
  const periodsOf = (body: ColourHistoryResponse) => body.periods.map((entry) => entry.period);

  it('shows a period settled on this instance at once, and keeps what it read until then', async () => {
    // The first tick publishes the room's chain for the next period; nothing is settled yet.
    await advance(1);
    const empty = await history();
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe(COLOUR_HISTORY_CACHE_CONTROL);
    expect(periodsOf(empty.json())).toEqual([]);

    // Period 002 ends and the engine settles it: the next request shows it, long before the TTL.
    await advance(2 * (COLOUR_PERIOD_MS / 1000));
    const settled = (await history()).json() as ColourHistoryResponse;
    const second = periodNumberAt(MIDNIGHT_IST + COLOUR_PERIOD_MS, KOLKATA);
    expect(periodsOf(settled)).toEqual([second]);
    expect(settled.next_period).toBe(periodNumberAt(MIDNIGHT_IST + 2 * COLOUR_PERIOD_MS, KOLKATA));
    const row = await database()
      .db.selectFrom('colour_periods')
      .select(['price', 'result_number', 'chain_id', 'chain_index'])
      .where('room', '=', 'P')
      .where('period', '=', second)
      .executeTakeFirstOrThrow();
    expect(settled.periods[0]).toMatchObject({ price: row.price, last_num: row.result_number });

    // A row written behind the app's back (another instance without the event bus) is not read again
    // before the TTL: the answer above came from the invalidation, not from reading on every request.
    const third = periodNumberAt(MIDNIGHT_IST + 2 * COLOUR_PERIOD_MS, KOLKATA);
    await database()
      .db.insertInto('colour_periods')
      .values({
        room: 'P',
        period: third,
        start_at: MIDNIGHT_IST + 2 * COLOUR_PERIOD_MS,
        status: 'settled',
        chain_id: row.chain_id,
        chain_index: row.chain_index + 1,
        seed_hex: 'ab'.repeat(32),
        price: 12_345,
        result_number: 5,
        settled_at: clock.now(),
        created_at: clock.now(),
      })
      .execute();
    // Still in period 003 by the clock, so that row would be outside the history anyway until 003 ends;
    // move to 004 without the engine settling anything new in P (003 is settled already).
    await advance(COLOUR_PERIOD_MS / 1000);
    // The engine found 003 settled, so nothing invalidated P's history: the cached day is answered.
    expect(periodsOf((await history()).json())).toEqual([second]);
  });

  it('answers 304 to a client whose copy is current, and the new body once a period settles', async () => {
    const first = await history();
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await history({ 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    // The next period settles: the same validator no longer matches.
    await advance(COLOUR_PERIOD_MS / 1000);
    const changed = await history({ 'if-none-match': String(etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as ColourHistoryResponse).periods.length).toBeGreaterThan(
      (first.json() as ColourHistoryResponse).periods.length,
    );
  });

  it('sends the history compressed to a client that accepts it', async () => {
    const plain = await history();
    const brotli = await history({ 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers.vary).toBe('accept-encoding');
    // Small bodies go as they are; either way the decoded body is the same history.
    if (brotli.headers['content-encoding'] === 'br') {
      const { brotliDecompressSync } = await import('node:zlib');
      expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(plain.json());
    } else {
      expect(brotli.json()).toEqual(plain.json());
    }
  });
});
