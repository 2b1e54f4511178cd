import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { AccountAuditEvent, AuditLog } from '../modules/accounts/audit-log.service.ts';
import { LOGIN_SOURCE_DELAYS } from '../modules/accounts/login-throttle.service.ts';
import { systemClock } from '../platform/clock.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { describeEachDatabase } from '../test-support/test-database.ts';

/** The address of the load balancer in these tests, and what a client claims to be in its own header. */
const BALANCER = '10.0.0.5';
const SPOOFED = '6.6.6.6';
const REAL_CLIENT = '203.0.113.7';

/**
 * Issue 13, reliability 3: behind a load balancer only trusted proxies may name the client. A client that
 * writes its own X-Forwarded-For entry (the leftmost) must not choose the address that rate limits and audit
 * rows see.
 */
describeEachDatabase('TRUST_PROXY', (database) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const appWith = async (trustProxy: string) => {
    app = await buildTestApp(database(), {
      config: { trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy },
      extend: (instance) => {
        instance.get('/test/ip', (request) => ({ code: 200, ip: request.ip }));
      },
    });
    return app;
  };
  /** The client sent "X-Forwarded-For: SPOOFED"; the balancer appended the address it saw. */
  const ipSeen = async (instance: FastifyInstance, remoteAddress = BALANCER) =>
    (
      await instance.inject({
        method: 'GET',
        url: '/test/ip',
        remoteAddress,
        headers: { 'x-forwarded-for': `${SPOOFED}, ${REAL_CLIENT}` },
      })
    ).json().ip as string;

  it('true trusts the one load balancer, not the leftmost entry the client wrote', async () => {
    expect(await ipSeen(await appWith('true'))).toBe(REAL_CLIENT);
  });

  it('a hop count trusts that many proxies from the server outwards', async () => {
    expect(await ipSeen(await appWith('1'))).toBe(REAL_CLIENT);
    await app?.close();
    // Two hops: the balancer and the entry before it; the client's own entry is then believed, as configured.
    expect(await ipSeen(await appWith('2'))).toBe(SPOOFED);
  });

  it('a list of proxy addresses trusts only requests that come from them', async () => {
    const instance = await appWith('10.0.0.0/8, 192.0.2.1');
    expect(await ipSeen(instance)).toBe(REAL_CLIENT);
    // Straight from the internet (not from a listed proxy) the header is ignored altogether.
    expect(await ipSeen(instance, '198.51.100.9')).toBe('198.51.100.9');
  });

  describe('an address list, the recommended set-up', () => {
    /** A CDN edge and the load balancer, both listed; the app is also reachable straight from the internet. */
    const LIST = '10.0.0.0/8, 192.0.2.1';
    const CDN_EDGE = '10.0.0.7';
    const DIRECT_CLIENT = '198.51.100.9';
    const seen = async (instance: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
      (
        await instance.inject({
          method: 'GET',
          url: '/test/ip',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).json().ip as string;

    it('a client reaching the app directly cannot forge its address with X-Forwarded-For entries', async () => {
      const instance = await appWith(LIST);
      expect(await seen(instance, DIRECT_CLIENT, SPOOFED)).toBe(DIRECT_CLIENT);
      expect(await seen(instance, DIRECT_CLIENT, `${SPOOFED}, ${BALANCER}`)).toBe(DIRECT_CLIENT);
      // Naming a listed proxy as the last hop does not help either: the connection's own address decides.
      expect(await seen(instance, DIRECT_CLIENT, `${SPOOFED}, 10.9.9.9`)).toBe(DIRECT_CLIENT);
    });

    it('through listed proxies the address is the client’s, whatever the client wrote before it', async () => {
      const instance = await appWith(LIST);
      expect(await seen(instance, BALANCER, REAL_CLIENT)).toBe(REAL_CLIENT);
      expect(await seen(instance, BALANCER, `${SPOOFED}, ${REAL_CLIENT}`)).toBe(REAL_CLIENT);
      // Through the CDN edge and then the balancer: both listed, so the client is the entry before them.
      expect(await seen(instance, BALANCER, `${SPOOFED}, ${REAL_CLIENT}, ${CDN_EDGE}`)).toBe(REAL_CLIENT);
    });

    it('keeps a direct guesser in one rate-limit bucket however it rotates X-Forwarded-For', async () => {
      const instance = await appWith(LIST);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < LOGIN_SOURCE_DELAYS.free + 3; attempt += 1) {
        const response = await instance.inject({
          method: 'POST',
          url: '/user/login',
          remoteAddress: '198.51.100.77',
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
          payload: {
            mobile_number: `98000${String(attempt).padStart(5, '0')}`,
            password: 'not-the-password',
          },
        });
        statuses.push(response.statusCode);
      }
      // The address's free tries and one more are checked, then it waits: the header bought nothing.
      expect(statuses.filter((status) => status === 400)).toHaveLength(LOGIN_SOURCE_DELAYS.free + 1);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  it('the hop-count caveat: a client that reaches the app without passing through the proxy forges its address with one entry', async () => {
    // Why the README recommends the list: a hop count trusts whoever connects, proxy or not.
    const instance = await appWith('1');
    const direct = await instance.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-for': SPOOFED },
    });
    expect(direct.json().ip).toBe(SPOOFED);
  });

  it('false ignores the header', async () => {
    expect(await ipSeen(await appWith('false'))).toBe(BALANCER);
  });

  it('a failed login is audited under the address the balancer saw, not the one the client wrote', async () => {
    const instance = await appWith('true');
    const response = await instance.inject({
      method: 'POST',
      url: '/user/login',
      remoteAddress: BALANCER,
      headers: { 'x-forwarded-for': `${SPOOFED}, ${REAL_CLIENT}` },
      payload: { mobile_number: '9800000123', password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(400);
    const [entry] = await new AuditLog(database().db, systemClock).recent({
      event: AccountAuditEvent.loginFailed,
      limit: 1,
    });
    expect(entry?.ip).toBe(REAL_CLIENT);
  });
});
