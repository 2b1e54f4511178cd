import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_AUTH_FAILED_EVENT } from '../../http/operator-guard.ts';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { uniqueTestMobile } from './account-fixtures.ts';
import { AccountAuditEvent, AuditLog, SECURITY_EVENT_WINDOW_MS } from './audit-log.service.ts';
import { LOGIN_SOURCE_DELAYS } from './login-throttle.service.ts';

const ADMIN_TOKEN = 'flood-test-admin-token-0123456789';
/** A moment just after a minute starts, so that each test's flood falls in one minute. */
const START = Date.UTC(2026, 4, 1, 10, 0, 1);

/**
 * Issue 13, reliability 7: anonymous floods must not grow the audit log without bound. Repeats of one
 * event from one source are counted per minute; the first of each minute keeps its audit row.
 */
describeEachDatabase('anonymous floods and the audit log', (database) => {
  const clock = new ManualClock(START);
  let app: FastifyInstance;
  let audit: AuditLog;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    audit = new AuditLog(database().db, clock);
  });
  afterAll(async () => {
    await app?.close();
  });

  const auditRows = async (event: string, ip: string) =>
    (await audit.recent({ event, limit: 1000 })).filter((row) => row.ip === ip);
  const hitsOf = async (event: string, ip: string) =>
    (await audit.repeatedEventCounts({ event, source: ip })).map((row) => row.hits);

  it('counts 200 refused operator calls from one address as one audit row and one count per minute', async () => {
    clock.set(START);
    const ip = '203.0.113.50';
    const refuse = () =>
      app.inject({
        method: 'GET',
        url: '/admin/api/users',
        remoteAddress: ip,
        headers: { authorization: 'Bearer not-the-operator-token-000000' },
      });
    // Half one after another, half at once: the count is one atomic upsert either way.
    for (let index = 0; index < 100; index += 1) expect((await refuse()).statusCode).toBe(401);
    const parallel = await Promise.all(Array.from({ length: 100 }, refuse));
    expect(parallel.every((response) => response.statusCode === 401)).toBe(true);

    expect(await auditRows(OPERATOR_AUTH_FAILED_EVENT, ip)).toHaveLength(1);
    expect(await hitsOf(OPERATOR_AUTH_FAILED_EVENT, ip)).toEqual([200]);

    // The next minute starts a new count (and keeps one row to show when the flood went on).
    clock.advance(SECURITY_EVENT_WINDOW_MS);
    await refuse();
    await refuse();
    expect(await auditRows(OPERATOR_AUTH_FAILED_EVENT, ip)).toHaveLength(2);
    expect(await hitsOf(OPERATOR_AUTH_FAILED_EVENT, ip)).toEqual([2, 200]);
    // Another source is counted on its own.
    await app.inject({ method: 'GET', url: '/admin/api/users', remoteAddress: '203.0.113.51' });
    expect(await hitsOf(OPERATOR_AUTH_FAILED_EVENT, '203.0.113.51')).toEqual([1]);
  });

  it('aggregates failed and rate-limited logins from one address', async () => {
    clock.set(START + 10 * SECURITY_EVENT_WINDOW_MS);
    const ip = '198.51.100.60';
    for (let index = 0; index < 30; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/user/login',
        remoteAddress: ip,
        payload: { mobile_number: uniqueTestMobile(), password: 'guessing-password' },
      });
      expect(response.statusCode).toBeLessThan(500);
    }
    const failedRows = await auditRows(AccountAuditEvent.loginFailed, ip);
    expect(failedRows).toHaveLength(1);
    expect(failedRows[0]?.detail).toMatchObject({ reason: 'unknown_mobile', repeats_counted: true });
    // The address is slowed after its free tries; the refused ones are counted as rate-limited.
    const checked = LOGIN_SOURCE_DELAYS.free + 1;
    expect(await hitsOf(AccountAuditEvent.loginFailed, ip)).toEqual([checked]);
    expect(await auditRows(AccountAuditEvent.loginRateLimited, ip)).toHaveLength(1);
    expect(await hitsOf(AccountAuditEvent.loginRateLimited, ip)).toEqual([30 - checked]);
  });

  it('aggregates rate-limited one-time code requests from one address', async () => {
    clock.set(START + 20 * SECURITY_EVENT_WINDOW_MS);
    await new SettingsService(database().db, clock).set('otp.hourly_cap_per_ip', 3);
    const ip = '192.0.2.70';
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/user/send_verify_code',
        remoteAddress: ip,
        payload: { mobile_number: uniqueTestMobile(), verify_type: 'register' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(22);
    expect(await auditRows(AccountAuditEvent.otpRateLimited, ip)).toHaveLength(1);
    expect(await hitsOf(AccountAuditEvent.otpRateLimited, ip)).toEqual([22]);
  });
});
