import { randomBytes } from 'node:crypto';
import { AviatorMessage, LIVE_ERROR_CMD, LiveCloseCode, LuckyHitMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestUser } from '../../modules/accounts/account-fixtures.ts';
import { SessionService } from '../../modules/accounts/session.service.ts';
import { adminTokenHeaders } from '../../modules/operators/operator-fixtures.ts';
import { LiveTestClient } from '../../test-support/live-socket-client.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { systemClock } from '../clock.ts';
import { LIVE_SESSION_ENDED_REASON } from './live-sockets.ts';

/**
 * Access ends everywhere within a second (issue 24): the operator's suspension, ending of one session and
 * removal of early access, through the real app, close the player's game sockets on every instance. With
 * TEST_REDIS_URL set there are two instances sharing a Redis bus and the database; otherwise one.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const INSTANCES = redisUrl ? 2 : 1;
const ADMIN_TOKEN = 'live-access-admin-token-0123456789abcdef';
/** What "within a second" allows, measured from the operator's answer to the last close. */
const ACCESS_END_LIMIT_MS = 1_000;
/** How long a socket that must stay open is watched. */
const STAY_OPEN_WATCH_MS = 300;

describeEachDatabase('live sockets: access ends on every instance', (database) => {
  const apps: FastifyInstance[] = [];
  const socketBases: string[] = [];
  let sessions: SessionService;
  let playerCounter = 0;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    const namespace = `access-${randomBytes(6).toString('hex')}`;
    for (let index = 0; index < INSTANCES; index += 1) {
      const app = await buildTestApp(database(), {
        config: { adminToken: ADMIN_TOKEN, redisUrl: redisUrl ?? '', liveBusNamespace: namespace },
      });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      socketBases.push(address.replace('http://', 'ws://'));
    }
    sessions = new SessionService(database().db, systemClock, database().dialect);
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const app of apps) await app.close();
  });

  /** A player with early access and `sessionCount` live sessions (their tokens). */
  async function player(sessionCount = 1): Promise<{ userId: number; tokens: string[] }> {
    playerCounter += 1;
    const userId = await createTestUser(database().db, { rCode: `ACC${playerCounter}`, now: Date.now() });
    await database().db.updateTable('users').set({ is_early: 1 }).where('id', '=', userId).execute();
    const tokens: string[] = [];
    for (let index = 0; index < sessionCount; index += 1) {
      tokens.push(await sessions.create({ userId, deviceId: null, ip: null }));
    }
    return { userId, tokens };
  }

  /**
   * Opens a game socket on an instance and waits until the server has authorised it: a frame of an unknown
   * cmd is answered only by an open socket.
   */
  async function openSocket(instance: number, game: 'aviator' | 'luckyhit', token: string) {
    const client = new LiveTestClient(`${socketBases[instance % INSTANCES]}/ws/${game}?token=${token}`);
    clients.push(client);
    await client.opened;
    client.send(1, {});
    await client.nextFrame(LIVE_ERROR_CMD);
    return client;
  }

  /** Every instance's Aviator and Lucky Hit socket of a token. */
  async function socketsEverywhere(token: string): Promise<LiveTestClient[]> {
    const opened: LiveTestClient[] = [];
    for (let instance = 0; instance < INSTANCES; instance += 1) {
      opened.push(
        await openSocket(instance, 'aviator', token),
        await openSocket(instance, 'luckyhit', token),
      );
    }
    return opened;
  }

  /** Waits for every client to close; answers their codes and the time from `since` to the last close. */
  async function allClosed(opened: LiveTestClient[], since: number) {
    const codes = await Promise.all(opened.map((client) => client.closed(ACCESS_END_LIMIT_MS + 1_000)));
    return { codes, tookMs: performance.now() - since };
  }

  const operatorCall = (method: 'POST' | 'PUT', url: string, payload: object) =>
    apps[0]?.inject({ method, url, headers: adminTokenHeaders(ADMIN_TOKEN), payload });

  it("closes a suspended player's sockets on every instance within a second (4401)", async () => {
    const suspended = await player();
    const bystander = await player();
    const opened = await socketsEverywhere(suspended.tokens[0] ?? '');
    const kept = await socketsEverywhere(bystander.tokens[0] ?? '');
    const answer = await operatorCall('POST', `/admin/api/users/${suspended.userId}/suspend`, {
      reason: 'chargeback fraud',
    });
    const answeredAt = performance.now();
    expect(answer?.statusCode).toBe(200);
    const { codes, tookMs } = await allClosed(opened, answeredAt);
    expect(codes).toEqual(opened.map(() => LiveCloseCode.unauthorized));
    expect(opened.map((client) => client.closeReason)).toEqual(opened.map(() => LIVE_SESSION_ENDED_REASON));
    expect(tookMs).toBeLessThan(ACCESS_END_LIMIT_MS);
    expect(kept.map((client) => client.closeCode)).toEqual(kept.map(() => undefined));
  });

  it("closes the sockets of the one session an operator ends, on every instance, and no other session's", async () => {
    const target = await player(2);
    const [ended, other] = target.tokens as [string, string];
    const session = await sessions.resolve(ended);
    if (!session) throw new Error('no session');
    const opened = await socketsEverywhere(ended);
    const kept = await socketsEverywhere(other);
    const answer = await operatorCall(
      'POST',
      `/admin/api/users/${target.userId}/sessions/${session.sessionId}/revoke`,
      {},
    );
    const answeredAt = performance.now();
    expect(answer?.statusCode).toBe(200);
    const { codes, tookMs } = await allClosed(opened, answeredAt);
    expect(codes).toEqual(opened.map(() => LiveCloseCode.unauthorized));
    expect(tookMs).toBeLessThan(ACCESS_END_LIMIT_MS);
    await new Promise((resolve) => setTimeout(resolve, STAY_OPEN_WATCH_MS));
    expect(kept.map((client) => client.closeCode)).toEqual(kept.map(() => undefined));
  });

  it('closes the Aviator and Lucky Hit sockets with 4403 once early access is removed, on every instance', async () => {
    const cleared = await player();
    const opened = await socketsEverywhere(cleared.tokens[0] ?? '');
    // Another flag changes nothing about the games: the sockets stay.
    const unrelated = await operatorCall('PUT', `/admin/api/users/${cleared.userId}/flags`, {
      is_transfer_enable: true,
    });
    expect(unrelated?.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, STAY_OPEN_WATCH_MS));
    expect(opened.map((client) => client.closeCode)).toEqual(opened.map(() => undefined));
    const answer = await operatorCall('PUT', `/admin/api/users/${cleared.userId}/flags`, { is_early: false });
    const answeredAt = performance.now();
    expect(answer?.statusCode).toBe(200);
    const { codes, tookMs } = await allClosed(opened, answeredAt);
    expect(codes).toEqual(opened.map(() => LiveCloseCode.forbidden));
    expect(tookMs).toBeLessThan(ACCESS_END_LIMIT_MS);
    // Each game names its own reason.
    expect(opened.map((client) => client.closeReason)).toEqual(
      opened.map((_, index) =>
        index % 2 === 0 ? AviatorMessage.earlyAccessRequired : LuckyHitMessage.earlyAccessOnly,
      ),
    );
  });
});
