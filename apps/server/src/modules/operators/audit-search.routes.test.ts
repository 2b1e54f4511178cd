import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { registeredRoutes } from '../../test-support/route-table.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { createEnrolledOperator, type TestOperator } from './operator-fixtures.ts';

/**
 * Issue 24: `GET /admin/api/audit?q=%00` answered 500 on PostgreSQL (a NUL cannot be sent in a text
 * parameter there). The console's free-text query parameters refuse control and malformed characters with a
 * 400 naming the parameter, on both databases.
 */
describeEachDatabase('audit search text parameters', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2025, 6, 1, 9, 0));
  let owner: TestOperator;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    owner = await createEnrolledOperator(app, database(), clock, { username: 'owner.audit', role: 'owner' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const search = (query: string) =>
    app.inject({ method: 'GET', url: `/admin/api/audit?${query}`, headers: owner.headers });

  it('answers 400 naming the parameter for a NUL or another control character, never 500', async () => {
    for (const [query, field] of [
      ['q=%00', 'q'],
      ['q=abc%00def', 'q'],
      ['q=%1B%5B31m', 'q'],
      ['event=%00', 'event'],
      ['event=operator_login%00', 'event'],
    ] as const) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().msg, query).toBe(`${field} must not contain control characters`);
    }
  });

  it('answers 400 for a replacement character, and searches an escape that is not UTF-8 as its literal text', async () => {
    const replacement = await search('q=%EF%BF%BD');
    expect(replacement.statusCode).toBe(400);
    expect(replacement.json().msg).toBe('q must be valid text (it contains malformed characters)');
    // The query string parser leaves bytes that are not UTF-8 undecoded: "%ED%A0%80" is searched as written.
    const undecoded = await search('q=%ED%A0%80');
    expect(undecoded.statusCode).toBe(200);
    expect(undecoded.json().page.count).toBe(0);
  });

  it('never answers 500 to a NUL in any query parameter of any console read', async () => {
    // Every parameter name a console read takes, and the path parameters filled with an id.
    const names = ['q', 'event', 'status', 'kind', 'category', 'mobile', 'user_id', 'operator_id'];
    const more = ['from', 'to', 'p', 'p_size', 'days', 'type', 'period', 'sn', 'game_id'];
    const reads = registeredRoutes(app).filter(
      (route) => route.method === 'GET' && route.url.startsWith('/admin/api/'),
    );
    expect(reads.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of reads) {
      const path = route.url.replace(/:[a-z_]+/g, '1');
      for (const name of [...names, ...more]) {
        for (const query of [`${name}=%00`, `kind=colour_bets&${name}=x%00`]) {
          const response = await app.inject({
            method: 'GET',
            url: `${path}?${query}`,
            headers: owner.headers,
          });
          if (response.statusCode >= 500) failures.push(`${path}?${query}: ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('still finds rows by their text and by their event, and reads a blank filter as none', async () => {
    const byText = await search('q=owner.audit');
    expect(byText.statusCode).toBe(200);
    expect(byText.json().page.count).toBeGreaterThan(0);
    const byEvent = await search('event=operator_totp_enrolled&q=');
    expect(byEvent.statusCode).toBe(200);
    expect(byEvent.json().queryset.map((row: { event: string }) => row.event)).toContain(
      'operator_totp_enrolled',
    );
  });
});
