import { OPERATOR_ROLES, type OperatorAccess, type OperatorRole, operatorMayCall } from '@app/shared';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_API_PREFIX } from '../../http/operator-access.ts';
import { ManualClock } from '../../platform/clock.ts';
import { registeredRoutes } from '../../test-support/route-table.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { adminTokenHeaders, createEnrolledOperator, type TestOperator } from './operator-fixtures.ts';

const ADMIN_TOKEN = 'role-matrix-admin-token-0123456789';
/** Path parameters get a value no row has, so an allowed call never changes anything real. */
const ABSENT_ID = '987654321';

/** The routes open before login; adding one must be a deliberate change of this list. */
const PUBLIC_OPERATOR_ROUTES = ['POST /admin/api/auth/login', 'POST /admin/api/auth/enrol'];

const fill = (url: string) => url.replace(/:[A-Za-z_]+/g, ABSENT_ID);

describeEachDatabase('operator roles over every /admin/api route', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  const operators = new Map<OperatorRole, TestOperator>();

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    for (const role of OPERATOR_ROLES) {
      operators.set(
        role,
        await createEnrolledOperator(app, database(), clock, { username: `matrix-${role}`, role }),
      );
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const routes = () => app.operatorGate?.routes ?? [];
  const call = (method: string, url: string, headers: Record<string, string>) =>
    app.inject({
      method: method as HTTPMethods,
      url: fill(url),
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
    });

  it('knows every /admin/api route of the route table, each with its declared access', () => {
    const inTable = registeredRoutes(app)
      .filter((route) => route.url.startsWith(OPERATOR_API_PREFIX) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const declared = routes()
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(inTable.length).toBeGreaterThan(20);
    expect(declared).toEqual(inTable);
  });

  it('refuses to start an app with an /admin/api route that declares no role', async () => {
    await expect(
      buildTestApp(database(), {
        extend: (extended) => extended.get('/admin/api/undeclared', async () => ({ code: 200 })),
      }),
    ).rejects.toThrow(/declares no operator role/);
  });

  it('opens only the login calls without an operator', () => {
    const open = routes()
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual([...PUBLIC_OPERATOR_ROUTES].sort());
  });

  it('answers 401 on every other route without a login, with a player-style or a wrong token', async () => {
    const wrong: string[] = [];
    for (const route of routes()) {
      if (route.access === 'public') continue;
      const refusedHeaders: Array<Record<string, string>> = [
        {},
        adminTokenHeaders(`${ADMIN_TOKEN}x`),
        { authorization: `Operator ${'A'.repeat(43)}` },
        { authorization: `Token ${operators.get('owner')?.token}` },
      ];
      for (const headers of refusedHeaders) {
        const response = await call(route.method, route.url, headers);
        if (response.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to each role a route does not allow, and lets every allowed role and ADMIN_TOKEN past', async () => {
    const wrong: string[] = [];
    const checked = { refused: 0, allowed: 0 };
    for (const route of routes()) {
      if (route.access === 'public') continue;
      // Logging out would end the session the rest of the matrix uses; it has its own test below.
      if (route.url === '/admin/api/auth/logout') continue;
      for (const role of OPERATOR_ROLES) {
        const operator = operators.get(role) as TestOperator;
        const response = await call(route.method, route.url, operator.headers);
        const allowed = operatorMayCall(role, route.access as OperatorAccess, route.method);
        const passed = response.statusCode !== 401 && response.statusCode !== 403;
        if (allowed !== passed) {
          wrong.push(`${route.method} ${route.url} as ${role}: ${response.statusCode} ${response.body}`);
        }
        checked[allowed ? 'allowed' : 'refused'] += 1;
      }
      const automation = await call(route.method, route.url, adminTokenHeaders(ADMIN_TOKEN));
      if ([401, 403].includes(automation.statusCode))
        wrong.push(`${route.method} ${route.url} as ADMIN_TOKEN`);
    }
    expect(wrong).toEqual([]);
    // Both sides of the matrix are really exercised.
    expect(checked.refused).toBeGreaterThan(20);
    expect(checked.allowed).toBeGreaterThan(20);
  });

  it('gives the channel pages to finance and the content forms to content (the matrix above then proves them)', () => {
    const accessOf = (method: string, url: string) =>
      routes().find((route) => route.method === method && route.url === url)?.access;
    for (const url of ['/admin/api/payment-channels', '/admin/api/withdrawal-channels']) {
      expect(accessOf('GET', url)).toEqual({ roles: ['finance'] });
      expect(accessOf('PUT', `${url}/:id`)).toEqual({ roles: ['finance'] });
    }
    expect(accessOf('GET', '/admin/api/content')).toEqual({ roles: ['content'] });
    expect(accessOf('POST', '/admin/api/media')).toEqual({ roles: ['content'] });
    for (const form of ['banners', 'notices', 'support-contacts']) {
      expect(accessOf('PUT', `/admin/api/content/${form}`)).toEqual({ roles: ['content'] });
    }
  });

  it('keeps the auditor read-only and the owner allowed everywhere', () => {
    for (const route of routes()) {
      if (route.access === 'public' || route.access === 'signed_in') continue;
      expect(operatorMayCall('owner', route.access, route.method)).toBe(true);
      expect(operatorMayCall('auditor', route.access, route.method)).toBe(route.method === 'GET');
    }
  });

  it('ends a session at logout', async () => {
    const auditor = operators.get('auditor') as TestOperator;
    expect((await call('GET', '/admin/api/auth/me', auditor.headers)).json().operator.role).toBe('auditor');
    expect((await call('POST', '/admin/api/auth/logout', auditor.headers)).statusCode).toBe(200);
    expect((await call('GET', '/admin/api/auth/me', auditor.headers)).statusCode).toBe(401);
  });
});
