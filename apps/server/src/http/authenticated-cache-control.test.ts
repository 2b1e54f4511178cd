import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEnrolledOperator, type TestOperator } from '../modules/operators/operator-fixtures.ts';
import { createBuyer, createPlayer, type TestBuyer } from '../modules/orders/order-fixtures.ts';
import { ManualClock } from '../platform/clock.ts';
import { type RegisteredRoute, registeredRoutes } from '../test-support/route-table.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { describeEachDatabase } from '../test-support/test-database.ts';
import { AUTHENTICATED_CACHE_CONTROL } from './auth-guard.ts';
import { OPERATOR_API_PREFIX } from './operator-access.ts';

/** The console's calls before there is a session: the only /admin/api routes without an operator. */
const OPERATOR_LOGIN_CALLS = new Set(['/admin/api/auth/login', '/admin/api/auth/enrol']);

/** A route's path with every parameter filled in (an id that belongs to nobody). */
function pathOf(route: RegisteredRoute): string {
  return route.url.replace(/:[A-Za-z_]+/g, '1');
}

/**
 * Issue 24: authenticated answers carried no Cache-Control, so a shared browser or a proxy could keep one
 * person's data. Every answer of a route behind the player auth guard or the operator gate (the console's
 * login calls aside) is `no-store`, its 401 and 400 included; public reads keep their own Cache-Control and
 * ETag.
 */
describeEachDatabase('Cache-Control of authenticated answers', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2025, 7, 4, 10, 0));
  let player: TestBuyer;
  let owner: TestOperator;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    player = await createPlayer(database(), clock);
    owner = await createEnrolledOperator(app, database(), clock, { username: 'owner.cache', role: 'owner' });
    routes = registeredRoutes(app).filter(
      (route) => !['HEAD', 'OPTIONS'].includes(route.method) && !route.url.includes('*'),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (route: RegisteredRoute, headers: Record<string, string> = {}) =>
    app.inject({
      method: route.method as 'GET',
      url: pathOf(route),
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('marks every answer of a player route behind the auth guard no-store, with or without a session', async () => {
    // The live games' socket routes answer an upgrade (101), which no cache keeps, or a refusal of it.
    const playerRoutes = routes.filter(
      (route) => !route.url.startsWith(OPERATOR_API_PREFIX) && !route.url.startsWith('/ws/'),
    );
    const guarded: RegisteredRoute[] = [];
    const failures: string[] = [];
    for (const route of playerRoutes) {
      const anonymous = await call(route);
      if (anonymous.statusCode !== 401) continue;
      guarded.push(route);
      if (anonymous.headers['cache-control'] !== AUTHENTICATED_CACHE_CONTROL) {
        failures.push(`${route.method} ${route.url} (401): ${anonymous.headers['cache-control']}`);
      }
      // Reads with the shared player; anything that may change something with a player of its own.
      const caller = route.method === 'GET' ? player : await createBuyer(database(), clock);
      const signedIn = await call(route, caller.headers);
      if (signedIn.headers['cache-control'] !== AUTHENTICATED_CACHE_CONTROL) {
        failures.push(
          `${route.method} ${route.url} (${signedIn.statusCode}): ${signedIn.headers['cache-control']}`,
        );
      }
    }
    expect(guarded.length).toBeGreaterThan(30);
    expect(guarded.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/user/profile', '/user/transactions', '/user/change_nick_name']),
    );
    expect(failures).toEqual([]);
  });

  it('answers a successful authenticated read no-store', async () => {
    const profile = await app.inject({ method: 'GET', url: '/user/profile', headers: player.headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const renamed = await app.inject({
      method: 'POST',
      url: '/user/change_nick_name',
      headers: player.headers,
      payload: { nick_name: 'Cache Test' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers['cache-control']).toBe('no-store');
  });

  it('marks every /admin/api answer no-store but the login calls’, with or without an operator', async () => {
    const consoleRoutes = routes.filter(
      (route) => route.url.startsWith(OPERATOR_API_PREFIX) && !OPERATOR_LOGIN_CALLS.has(route.url),
    );
    expect(consoleRoutes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of consoleRoutes) {
      const anonymous = await call(route);
      if (anonymous.statusCode !== 401 || anonymous.headers['cache-control'] !== 'no-store') {
        failures.push(
          `${route.method} ${route.url} (${anonymous.statusCode}): ${anonymous.headers['cache-control']}`,
        );
      }
      if (route.method !== 'GET') continue;
      const signedIn = await call(route, owner.headers);
      if (signedIn.headers['cache-control'] !== 'no-store') {
        failures.push(
          `${route.method} ${route.url} (${signedIn.statusCode}): ${signedIn.headers['cache-control']}`,
        );
      }
    }
    expect(failures).toEqual([]);
    const me = await app.inject({ method: 'GET', url: '/admin/api/auth/me', headers: owner.headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('leaves public reads their own Cache-Control and ETag, signed in or not', async () => {
    for (const headers of [{}, player.headers]) {
      for (const url of ['/shop/products', '/shop/home_top', '/app/config']) {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).not.toBe('no-store');
        expect(response.headers['cache-control'], url).toBeDefined();
        expect(response.headers.etag, url).toBeDefined();
      }
    }
  });
});
