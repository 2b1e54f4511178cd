import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { LIVE_ERROR_CMD, LiveCloseCode } from '@app/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestUser } from '../../modules/accounts/account-fixtures.ts';
import { SessionService } from '../../modules/accounts/session.service.ts';
import { LiveTestClient } from '../../test-support/live-socket-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { systemClock } from '../clock.ts';
import {
  createEventBus,
  type LiveConnection,
  type LiveEngineHandlers,
  type LiveEventBus,
  type LiveGameChannel,
  LiveSocketPlatform,
  type LiveSocketTimings,
} from './live-sockets.ts';

/** The test game: 100 echoes its text to the sender, 101 broadcasts it; the engine answers 200/201. */
const ECHO = 100;
const BROADCAST = 101;
const testCommands = {
  [ECHO]: z.object({ text: z.string().max(100) }),
  [BROADCAST]: z.object({ text: z.string().max(100) }),
};

interface RecordingEngine extends LiveEngineHandlers {
  leader: boolean;
  connects: LiveConnection[];
  disconnects: Array<{ connection: LiveConnection; last: boolean }>;
}

function recordingEngine(channel: () => LiveGameChannel, leader = true): RecordingEngine {
  const engine: RecordingEngine = {
    leader,
    connects: [],
    disconnects: [],
    isLeader: () => engine.leader,
    onConnect: (connection) => {
      engine.connects.push(connection);
      channel().send({ to: 'connection', connection }, 1, { hello: connection.userId });
    },
    onDisconnect: (connection, last) => engine.disconnects.push({ connection, last }),
    onCommand: (connection, cmd, payload) => {
      const { text } = payload as { text: string };
      if (cmd === ECHO) channel().send({ to: 'connection', connection }, 200, { text });
      else channel().send({ to: 'all' }, 201, { text, from: connection.userId });
    },
  };
  return engine;
}

interface TestServer {
  app: FastifyInstance;
  platform: LiveSocketPlatform;
  channel: LiveGameChannel;
  engine: RecordingEngine;
  url: string;
}

async function startServer(
  database: TestDatabase,
  sessions: SessionService,
  bus: LiveEventBus,
  options: { leader?: boolean; timings?: Partial<LiveSocketTimings> } = {},
): Promise<TestServer> {
  const app = Fastify({ logger: false });
  const platform = new LiveSocketPlatform({
    bus,
    sessions,
    revocations: sessions,
    logger: app.log,
    ...(options.timings ? { timings: options.timings } : {}),
  });
  await platform.install(app);
  let channel: LiveGameChannel | undefined;
  const engine = recordingEngine(() => {
    if (!channel) throw new Error('no channel');
    return channel;
  }, options.leader ?? true);
  channel = await platform.registerGame({
    game: 'echo',
    clientCommands: testCommands,
    // The access flags come with the resolved session, as the games' early-access check reads them.
    authorize: async (user) =>
      user.access.early ? true : { code: LiveCloseCode.forbidden, reason: 'no early access' },
  });
  channel.attachEngine(engine);
  // A route of the rest of the app: outside the websocket plugin's scope.
  app.get('/plain', (request) => ({ seenByWebsocketPlugin: 'ws' in request }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  void database;
  return { app, platform, channel, engine, url: `ws://127.0.0.1:${address.port}/ws/echo` };
}

/** Sends a WebSocket upgrade request for `path` over a raw socket; everything the server wrote until it closed. */
function rawUpgrade(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
      );
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

async function connected(url: string, token: string): Promise<LiveTestClient> {
  const client = new LiveTestClient(`${url}?token=${token}`);
  await client.opened;
  await client.nextFrame(1);
  return client;
}

describe('live-socket platform (one instance, in-process bus)', () => {
  let database: TestDatabase;
  let sessions: SessionService;
  let server: TestServer;
  let userId: number;
  let token: string;
  const refusedUserMobile = '+917999000001';
  let refusedToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    sessions = new SessionService(database.db, systemClock);
    userId = await createTestUser(database.db, { rCode: 'LIVE01', now: Date.now() });
    await database.db.updateTable('users').set({ is_early: 1 }).where('id', '=', userId).execute();
    token = await sessions.create({ userId, deviceId: null, ip: null });
    const refused = await createTestUser(database.db, {
      rCode: 'LIVE02',
      mobile: refusedUserMobile,
      now: Date.now(),
    });
    refusedToken = await sessions.create({ userId: refused, deviceId: null, ip: null });
    server = await startServer(database, sessions, createEventBus(undefined, 'unused'), {
      timings: { idleTimeoutMs: 1_500, sweepIntervalMs: 250, pingIntervalMs: 60_000 },
    });
  });

  afterAll(async () => {
    await server?.app.close();
    await database?.cleanup();
  });

  it('answers 404 to an upgrade of any path but a game socket, and closes that socket', async () => {
    const port = Number(new URL(server.url).port);
    for (const path of ['/plain', '/', '/ws/unknown', '/ws/echo/extra']) {
      expect(await rawUpgrade(port, path)).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    }
  });

  it("keeps the rest of the app's requests out of the websocket plugin's hooks", async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/plain' });
    expect(answer.json()).toEqual({ seenByWebsocketPlugin: false });
    const overSocket = await fetch(`${server.url.replace('ws://', 'http://').replace('/ws/echo', '/plain')}`);
    expect(await overSocket.json()).toEqual({ seenByWebsocketPlugin: false });
  });

  it('closes with 4401 without a token, with a malformed one and with an unknown one', async () => {
    for (const query of ['', '?token=short', `?token=${'A'.repeat(43)}`]) {
      const client = new LiveTestClient(`${server.url}${query}`);
      expect(await client.closed()).toBe(LiveCloseCode.unauthorized);
    }
  });

  it('closes with the code authorize names (no early access: 4403)', async () => {
    const client = new LiveTestClient(`${server.url}?token=${refusedToken}`);
    expect(await client.closed()).toBe(LiveCloseCode.forbidden);
  });

  it('passes valid commands to the leader engine and its answers to the right sockets', async () => {
    const first = await connected(server.url, token);
    const second = await connected(server.url, token);
    first.send(ECHO, { text: 'hi' });
    expect(await first.nextFrame(200)).toEqual({ text: 'hi' });
    second.send(BROADCAST, { text: 'all' });
    expect(await first.nextFrame(201)).toEqual({ text: 'all', from: userId });
    expect(await second.nextFrame(201)).toEqual({ text: 'all', from: userId });
    expect(second.frames.some((frame) => frame.cmd === 200)).toBe(false);
    first.close();
    await first.closed();
    await second.waitFor(
      () => server.engine.disconnects.find((entry) => entry.connection.userId === userId),
      'the first disconnect',
    );
    expect(server.engine.disconnects.at(-1)?.last).toBe(false);
    second.close();
    await second.waitFor(() => server.engine.disconnects.length === 2 || undefined, 'the second disconnect');
    expect(server.engine.disconnects.at(-1)?.last).toBe(true);
  });

  it('answers an unknown cmd and data failing its schema with an error frame, and stays open', async () => {
    const client = await connected(server.url, token);
    client.send(999, {});
    expect(await client.nextFrame(LIVE_ERROR_CMD)).toEqual({ code: 400, msg: 'unknown cmd 999', cmd: 999 });
    client.send(ECHO, { text: 5 });
    const error = await client.nextFrame<{ msg: string }>(LIVE_ERROR_CMD, (payload) =>
      payload.msg.startsWith('text'),
    );
    expect(error.msg).toMatch(/^text:/);
    client.sendRaw(JSON.stringify({ cmd: ECHO, data: 'not json' }));
    await client.nextFrame<{ msg: string }>(
      LIVE_ERROR_CMD,
      (payload) => payload.msg === 'data must be JSON text',
    );
    client.send(ECHO, { text: 'still here' });
    expect(await client.nextFrame(200)).toEqual({ text: 'still here' });
    client.close();
  });

  it('closes with 4400 on a frame that is not the envelope, a binary frame or one over 4 KB', async () => {
    for (const frame of ['{not json', JSON.stringify({ cmd: 'x', data: 1 }), Buffer.from([1, 2, 3])]) {
      const client = await connected(server.url, token);
      if (Buffer.isBuffer(frame)) client.socket.send(frame, { binary: true });
      else client.sendRaw(frame);
      expect(await client.closed()).toBe(LiveCloseCode.badFrame);
    }
    const big = await connected(server.url, token);
    big.send(ECHO, { text: 'x'.repeat(5000) });
    expect(await big.closed()).toBe(LiveCloseCode.badFrame);
  });

  it('closes with 4429 after more than 20 frames in a second', async () => {
    const client = await connected(server.url, token);
    for (let index = 0; index < 25; index += 1) client.send(ECHO, { text: String(index) });
    expect(await client.closed()).toBe(LiveCloseCode.tooManyFrames);
  });

  it('closes a silent socket with 4408', async () => {
    const client = await connected(server.url, token);
    // The client's own library answers pings, but this server only pings every minute here.
    expect(await client.closed(4_000)).toBe(LiveCloseCode.idle);
  });

  it('closes the sockets of a revoked session (logout) and of a user (password reset) with 4401', async () => {
    const otherToken = await sessions.create({ userId, deviceId: null, ip: null });
    const client = await connected(server.url, otherToken);
    const kept = await connected(server.url, token);
    const resolved = await sessions.resolve(otherToken);
    if (!resolved) throw new Error('no session');
    await sessions.revoke(resolved.sessionId);
    expect(await client.closed()).toBe(LiveCloseCode.unauthorized);
    expect(kept.closeCode).toBeUndefined();
    await sessions.revokeAllForUser(userId);
    expect(await kept.closed()).toBe(LiveCloseCode.unauthorized);
    token = await sessions.create({ userId, deviceId: null, ip: null });
  });

  it('survives fuzzing: random text and bytes never crash it, and it still answers afterwards', async () => {
    const samples: Array<string | Buffer> = [
      '',
      'null',
      '[]',
      '{"cmd":100}',
      '{"cmd":100,"data":"{\\"text\\":[1]}"}',
      '{"cmd":-1,"data":""}',
      '{"cmd":1e300,"data":""}',
      '{"__proto__":{"cmd":100},"data":"{}"}',
      JSON.stringify({ cmd: ECHO, data: JSON.stringify({ text: 'a', extra: { deep: [1, 2, 3] } }) }),
      '\u0000\uffff',
    ];
    for (let index = 0; index < 20; index += 1) samples.push(randomBytes(1 + (index % 64)));
    for (const sample of samples) {
      const client = await connected(server.url, token);
      client.sendRaw(sample);
      await client.waitFor(
        () =>
          client.closeCode ??
          client.frames.find((frame) => frame.cmd === LIVE_ERROR_CMD || frame.cmd === 200),
        'an answer or a close',
      );
      client.close();
    }
    const client = await connected(server.url, token);
    client.send(ECHO, { text: 'alive' });
    expect(await client.nextFrame(200)).toEqual({ text: 'alive' });
    client.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('live-socket platform over Redis (two instances)', () => {
  let database: TestDatabase;
  let sessions: SessionService;
  let leader: TestServer;
  let follower: TestServer;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    sessions = new SessionService(database.db, systemClock);
    userId = await createTestUser(database.db, { rCode: 'LIVE03', now: Date.now() });
    await database.db.updateTable('users').set({ is_early: 1 }).where('id', '=', userId).execute();
    token = await sessions.create({ userId, deviceId: null, ip: null });
    // A random namespace per test file, so parallel runs sharing the Redis database never hear each other.
    const namespace = `test-${randomBytes(6).toString('hex')}`;
    leader = await startServer(database, sessions, createEventBus(redisUrl, namespace), { leader: true });
    follower = await startServer(database, sessions, createEventBus(redisUrl, namespace), { leader: false });
  });

  afterAll(async () => {
    await follower?.app.close();
    await leader?.app.close();
    await database?.cleanup();
  });

  it('forwards a command from a socket on the follower to the leader, and the answer back', async () => {
    const client = await connected(follower.url, token);
    expect(
      leader.engine.connects.some((connection) => connection.instanceId === follower.platform.instanceId),
    ).toBe(true);
    expect(follower.engine.connects).toHaveLength(0);
    client.send(ECHO, { text: 'via redis' });
    expect(await client.nextFrame(200)).toEqual({ text: 'via redis' });
    const onLeader = await connected(leader.url, token);
    onLeader.send(BROADCAST, { text: 'everyone' });
    expect(await client.nextFrame(201)).toEqual({ text: 'everyone', from: userId });
    expect(await onLeader.nextFrame(201)).toEqual({ text: 'everyone', from: userId });
    client.close();
    await onLeader.waitFor(() => leader.engine.disconnects.length === 1 || undefined, 'the disconnect');
    expect(leader.engine.disconnects[0]?.last).toBe(false);
    onLeader.close();
  });

  it('closes sockets on every instance when a session is revoked on one', async () => {
    const client = await connected(follower.url, token);
    const resolved = await sessions.resolve(token);
    if (!resolved) throw new Error('no session');
    leader.platform.revokeSessions({ sessionId: resolved.sessionId });
    expect(await client.closed()).toBe(LiveCloseCode.unauthorized);
  });
});
