import { expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { DatabaseRateLimiter } from './rate-limiter.ts';

const WINDOW_MS = 60_000;
const WINDOW_START = 1_800_000_000_000;

describeEachDatabase('database rate limiter', (database) => {
  it('allows the limit, refuses beyond it, and starts again with the next window', async () => {
    const clock = new ManualClock(WINDOW_START + 10_000);
    const limiter = new DatabaseRateLimiter(database().db, clock);
    const decisions = [];
    for (let hit = 0; hit < 4; hit += 1) decisions.push(await limiter.hit('sequential', 3, WINDOW_MS));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((decision) => decision.hits)).toEqual([1, 2, 3, 4]);
    expect(decisions[3]?.retryAfterMs).toBe(50_000);
    expect((await limiter.hit('another key', 3, WINDOW_MS)).allowed).toBe(true);
    clock.advance(50_000);
    expect(await limiter.hit('sequential', 3, WINDOW_MS)).toEqual({
      allowed: true,
      hits: 1,
      retryAfterMs: WINDOW_MS,
    });
  });

  it('counts simultaneous hits exactly', async () => {
    const limiter = new DatabaseRateLimiter(database().db, new ManualClock(WINDOW_START + 5 * WINDOW_MS));
    const decisions = await Promise.all(
      Array.from({ length: 40 }, () => limiter.hit('burst', 10, WINDOW_MS)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(decisions.map((decision) => decision.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('drops the counters of ended windows', async () => {
    const clock = new ManualClock(WINDOW_START + 20 * WINDOW_MS);
    const limiter = new DatabaseRateLimiter(database().db, clock);
    await limiter.hit('old', 5, WINDOW_MS);
    clock.advance(WINDOW_MS);
    await limiter.hit('new', 5, WINDOW_MS);
    const keys = await database().db.selectFrom('rate_limit_buckets').select('bucket_key').execute();
    expect(keys.map((row) => row.bucket_key)).toEqual([`new|${WINDOW_START + 21 * WINDOW_MS}`]);
  });

  it('takeAll counts every claim or none: a full counter rolls back the others', async () => {
    const limiter = new DatabaseRateLimiter(database().db, new ManualClock(WINDOW_START + 30 * WINDOW_MS));
    const narrow = { key: 'take:narrow', limit: 1, windowMs: WINDOW_MS };
    const wide = { key: 'take:wide', limit: 10, windowMs: WINDOW_MS };
    const first = await limiter.takeAll([wide, narrow]);
    if (!first.allowed) throw new Error('the first take must be allowed');
    const refused = await limiter.takeAll([wide, narrow]);
    expect(refused).toMatchObject({ allowed: false, refused: narrow });
    const rows = await database()
      .db.selectFrom('rate_limit_buckets')
      .select(['bucket_key', 'hits'])
      .where('bucket_key', 'like', 'take:%')
      .orderBy('bucket_key')
      .execute();
    expect(rows.map((row) => Number(row.hits))).toEqual([1, 1]);
    await limiter.giveBack(first.taken);
    expect((await limiter.takeAll([narrow])).allowed).toBe(true);
  });

  it('takeAll never lets simultaneous takers pass a limit', async () => {
    const limiter = new DatabaseRateLimiter(database().db, new ManualClock(WINDOW_START + 40 * WINDOW_MS));
    const shared = { key: 'take:shared', limit: 7, windowMs: WINDOW_MS };
    const decisions = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        limiter.takeAll([{ key: `take:own:${index}`, limit: 5, windowMs: WINDOW_MS }, shared]),
      ),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(7);
  });
});
