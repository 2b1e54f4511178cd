import { randomBytes } from 'node:crypto';
import net from 'node:net';
import {
  LIVE_ERROR_CMD,
  LIVE_SOCKET_MAX_FRAMES_PER_SECOND,
  LIVE_SOCKETS_PER_USER_PER_GAME,
  LIVE_TOO_MANY_COMMANDS_CODE,
  LIVE_USER_MAX_COMMANDS_PER_SECOND,
  LiveCloseCode,
} from '@app/shared';
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
  LIVE_REPLACED_REASON,
  LIVE_SESSION_ENDED_REASON,
  type LiveAccessChangeSource,
  type LiveConnection,
  type LiveEngineHandlers,
  type LiveEventBus,
  type LiveGameChannel,
  type LiveSessionSource,
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
  sessions: LiveSessionSource,
  bus: LiveEventBus,
  options: {
    leader?: boolean;
    timings?: Partial<LiveSocketTimings>;
    accessChanges?: LiveAccessChangeSource;
  } = {},
): Promise<TestServer> {
  const app = Fastify({ logger: false });
  const platform = new LiveSocketPlatform({
    bus,
    sessions,
    ...(options.accessChanges ? { accessChanges: options.accessChanges } : {}),
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

let playerCounter = 0;
/** A fresh user with early access and a live session. */
async function earlyPlayer(
  database: TestDatabase,
  sessions: SessionService,
): Promise<{ userId: number; token: string }> {
  playerCounter += 1;
  const userId = await createTestUser(database.db, { rCode: `LIVEP${playerCounter}`, now: Date.now() });
  await database.db.updateTable('users').set({ is_early: 1 }).where('id', '=', userId).execute();
  return { userId, token: await sessions.create({ userId, deviceId: null, ip: null }) };
}

/** Opens sockets one after the other, each once it has been greeted. */
async function connectMany(url: string, token: string, count: number): Promise<LiveTestClient[]> {
  const clients: LiveTestClient[] = [];
  for (let index = 0; index < count; index += 1) clients.push(await connected(url, token));
  return clients;
}

/** Waits a little for what is not supposed to happen (a close that must not come). */
const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

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
      accessChanges: sessions,
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

  it("re-checks a user's sockets on an access notice: kept while access holds, 4403 or 4401 once it is gone", async () => {
    const player = await earlyPlayer(database, sessions);
    const bystander = await earlyPlayer(database, sessions);
    const client = await connected(server.url, player.token);
    const untouched = await connected(server.url, bystander.token);
    sessions.accessChanged({ userId: player.userId });
    await settle();
    expect(client.closeCode).toBeUndefined();
    await database.db.updateTable('users').set({ is_early: 0 }).where('id', '=', player.userId).execute();
    sessions.accessChanged({ userId: player.userId });
    expect(await client.closed(1_000)).toBe(LiveCloseCode.forbidden);
    expect(client.closeReason).toBe('no early access');
    await database.db.updateTable('users').set({ is_early: 1 }).where('id', '=', player.userId).execute();
    const again = await connected(server.url, player.token);
    await database.db
      .updateTable('users')
      .set({ suspended_at: Date.now(), suspended_reason: 'test' })
      .where('id', '=', player.userId)
      .execute();
    sessions.accessChanged({ userId: player.userId });
    expect(await again.closed(1_000)).toBe(LiveCloseCode.unauthorized);
    expect(again.closeReason).toBe(LIVE_SESSION_ENDED_REASON);
    expect(untouched.closeCode).toBeUndefined();
    untouched.close();
  });

  it(`closes a user's oldest socket with 4410 when a ${LIVE_SOCKETS_PER_USER_PER_GAME + 1}th opens`, async () => {
    const player = await earlyPlayer(database, sessions);
    const clients = await connectMany(server.url, player.token, LIVE_SOCKETS_PER_USER_PER_GAME + 1);
    const [oldest, ...rest] = clients;
    expect(await oldest?.closed()).toBe(LiveCloseCode.replaced);
    expect(oldest?.closeReason).toBe(LIVE_REPLACED_REASON);
    await settle();
    expect(rest.map((client) => client.closeCode)).toEqual(rest.map(() => undefined));
    expect(server.channel.presence.socketCountOf(player.userId)).toBe(LIVE_SOCKETS_PER_USER_PER_GAME);
    // The evicted socket's disconnect was not the user's last.
    expect(
      server.engine.disconnects.filter((entry) => entry.connection.userId === player.userId),
    ).toMatchObject([{ last: false }]);
    for (const client of rest) client.close();
  });

  it('bounds what 40 sockets of one user sending 19 frames a second cost: 5 sockets, one frame per command', async () => {
    const player = await earlyPlayer(database, sessions);
    const clients = await connectMany(server.url, player.token, 40);
    const kept = clients.slice(-LIVE_SOCKETS_PER_USER_PER_GAME);
    const replaced = clients.slice(0, -LIVE_SOCKETS_PER_USER_PER_GAME);
    await replaced
      .at(-1)
      ?.waitFor(
        () => replaced.every((client) => client.closeCode !== undefined),
        'the replaced sockets to close',
      );
    expect(new Set(replaced.map((client) => client.closeCode))).toEqual(new Set([LiveCloseCode.replaced]));
    const framesBefore = clients.map((client) => client.frames.length);
    const framesPerSocket = LIVE_SOCKET_MAX_FRAMES_PER_SECOND - 1;
    for (const client of kept) {
      for (let index = 0; index < framesPerSocket; index += 1) client.send(ECHO, { text: String(index) });
    }
    const sent = kept.length * framesPerSocket;
    const answered = () =>
      clients.reduce((sum, client, index) => sum + client.frames.length - (framesBefore[index] ?? 0), 0);
    await kept[0]?.waitFor(() => answered() >= sent, 'an answer to every command');
    await settle();
    // Each command got exactly one frame, on the socket that sent it: no fan-out to the user's other sockets.
    expect(answered()).toBe(sent);
    for (const client of kept) {
      expect(client.frames.length - (framesBefore[clients.indexOf(client)] ?? 0)).toBe(framesPerSocket);
    }
    const frames = kept.flatMap((client) => client.frames);
    const passedOn = frames.filter((frame) => frame.cmd === 200).length;
    const refused = frames.filter(
      (frame) =>
        frame.cmd === LIVE_ERROR_CMD &&
        (frame.payload as { code: number }).code === LIVE_TOO_MANY_COMMANDS_CODE,
    ).length;
    // The sends took well under a second, so one budget window (two at most) holds them all.
    expect(passedOn).toBeGreaterThanOrEqual(LIVE_USER_MAX_COMMANDS_PER_SECOND);
    expect(passedOn).toBeLessThanOrEqual(2 * LIVE_USER_MAX_COMMANDS_PER_SECOND);
    expect(passedOn + refused).toBe(sent);
    expect(kept.every((client) => client.closeCode === undefined)).toBe(true);
    // The budget is the user's: another user's commands in the same second pass.
    const other = await earlyPlayer(database, sessions);
    const otherClient = await connected(server.url, other.token);
    otherClient.send(ECHO, { text: 'mine' });
    expect(await otherClient.nextFrame(200)).toEqual({ text: 'mine' });
    for (const client of [...kept, otherClient]) client.close();
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
    // The announcing process is the leader's here: the follower hears of access changes only over the bus.
    leader = await startServer(database, sessions, createEventBus(redisUrl, namespace), {
      leader: true,
      accessChanges: sessions,
    });
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
    await sessions.revoke(resolved.sessionId);
    expect(await client.closed()).toBe(LiveCloseCode.unauthorized);
    expect(client.closeReason).toBe(LIVE_SESSION_ENDED_REASON);
  });

  it("closes a suspended player's sockets on both instances within a second", async () => {
    const player = await earlyPlayer(database, sessions);
    const onLeader = await connected(leader.url, player.token);
    const onFollower = await connected(follower.url, player.token);
    await database.db
      .updateTable('users')
      .set({ suspended_at: Date.now(), suspended_reason: 'test' })
      .where('id', '=', player.userId)
      .execute();
    const announcedAt = performance.now();
    sessions.accessChanged({ userId: player.userId });
    const codes = await Promise.all([onLeader.closed(1_000), onFollower.closed(1_000)]);
    expect(performance.now() - announcedAt).toBeLessThan(1_000);
    expect(codes).toEqual([LiveCloseCode.unauthorized, LiveCloseCode.unauthorized]);
  });

  it(`counts a user's sockets over both instances: the ${LIVE_SOCKETS_PER_USER_PER_GAME + 1}th closes the oldest (4410)`, async () => {
    const player = await earlyPlayer(database, sessions);
    const first = await connectMany(leader.url, player.token, 3);
    const second = await connectMany(follower.url, player.token, LIVE_SOCKETS_PER_USER_PER_GAME + 1 - 3);
    const [oldest, ...rest] = [...first, ...second];
    expect(await oldest?.closed()).toBe(LiveCloseCode.replaced);
    await settle();
    expect(rest.map((client) => client.closeCode)).toEqual(rest.map(() => undefined));
    for (const server of [leader, follower]) {
      expect(server.channel.presence.socketCountOf(player.userId)).toBe(LIVE_SOCKETS_PER_USER_PER_GAME);
    }
    for (const client of rest) client.close();
  });
});

describe('live-socket platform: a socket still authenticating when access changes', () => {
  let database: TestDatabase;
  let sessions: SessionService;
  let server: TestServer;
  let release: () => void = () => {};
  let gate: Promise<void> | undefined;
  let sessionRead = false;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    sessions = new SessionService(database.db, systemClock);
    // The token is resolved as usual, then the socket waits at the gate before it is authorised and opened.
    const gated: LiveSessionSource = {
      resolve: async (token) => {
        const user = await sessions.resolve(token);
        sessionRead = true;
        if (gate) await gate;
        return user;
      },
      recheckSessions: (list) => sessions.recheckSessions(list),
    };
    server = await startServer(database, gated, createEventBus(undefined, 'unused'), {
      accessChanges: sessions,
    });
  });

  afterAll(async () => {
    release();
    await server?.app.close();
    await database?.cleanup();
  });

  it('is re-checked once open when its session was read before the change (4403)', async () => {
    const player = await earlyPlayer(database, sessions);
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const client = new LiveTestClient(`${server.url}?token=${player.token}`);
    await client.opened;
    await client.waitFor(() => sessionRead || undefined, 'the session to be read');
    await database.db.updateTable('users').set({ is_early: 0 }).where('id', '=', player.userId).execute();
    sessions.accessChanged({ userId: player.userId });
    // The notice's re-check ran while the socket was not open yet: it found nothing to close.
    await settle(200);
    release();
    expect(await client.closed(1_000)).toBe(LiveCloseCode.forbidden);
  });
});
