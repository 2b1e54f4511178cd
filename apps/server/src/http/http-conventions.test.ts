import net from 'node:net';
import { ServerMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../db/dialect.ts';
import { runInTransaction } from '../db/transaction.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { createTestDatabase, describeEachDatabase } from '../test-support/test-database.ts';
import { createAuthGuard, readTokenHeader } from './auth-guard.ts';
import { MAX_PATH_PARAM_LENGTH } from './error-handler.ts';
import { parseInput } from './validation.ts';

const BODY_LIMIT_BYTES = 2_048;
const echoBody = z.object({
  name: z.string().min(1, 'name must not be empty').max(20),
  count: z.number().int(),
});
const VALID_TOKEN = 'a'.repeat(43);

/** Sends raw bytes to a listening server and answers everything it writes back before closing. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes the connection after its answer; a reset then is not a failure of the test.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      reject(error);
    });
    socket.write(bytes);
  });
}

/** Splits a raw HTTP/1.1 answer into its status, lower-cased headers and body. */
function parseRawResponse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const separator = line.indexOf(':');
      return [line.slice(0, separator).trim().toLowerCase(), line.slice(separator + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

// Every case runs on both databases: "never 500 for bad input" has to hold where the input reaches
// PostgreSQL too.
describeEachDatabase('HTTP conventions', (testDatabase) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const database = testDatabase();
    const guard = createAuthGuard({
      resolve: async (token) =>
        token === VALID_TOKEN ? { userId: 7, sessionId: 1, access: { early: true, transfer: true } } : null,
    });
    app = await buildTestApp(database, {
      config: { bodyLimitBytes: BODY_LIMIT_BYTES },
      extend: (instance) => {
        instance.post('/test/echo', (request) => ({ code: 200, body: parseInput(echoBody, request.body) }));
        instance.get('/test/private', { preHandler: guard }, (request) => ({
          code: 200,
          user: request.authUser?.userId,
        }));
        instance.get('/test/boom', () => {
          throw new Error('database exploded');
        });
        instance.get('/test/items/:id', (request) => ({ code: 200, params: request.params }));
        // Writes a row, then meets "another transaction" on every attempt, as a deadlock loser would.
        instance.post('/test/always-conflicts', async () => {
          await runInTransaction(database, async (trx) => {
            await trx
              .insertInto('settings')
              .values({ key: 'test.conflicted', value_json: '1', updated_at: 1 })
              .onConflict((conflict) => conflict.column('key').doNothing())
              .execute();
            throw Object.assign(new Error('simulated conflict'), {
              code: database.dialect === 'postgres' ? '40P01' : 'SQLITE_BUSY',
            });
          });
          return { code: 200 };
        });
      },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers a valid body and ignores unknown fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'x', count: 2, extra: true },
    });
    expect(response.json()).toEqual({ code: 200, body: { name: 'x', count: 2 } });
  });

  it.each([
    [{ count: 1 }, 'name is required'],
    [{ name: '', count: 1 }, 'name must not be empty'],
    [{ name: 'x', count: 'abc' }, 'count must be number'],
    [{ name: 5, count: 1 }, 'name must be string'],
    [{ name: 'x'.repeat(21), count: 1 }, 'name: Too big'],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const response = await app.inject({ method: 'POST', url: '/test/echo', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    expect(response.json().msg).toContain(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: 'body must be valid JSON' });
  });

  it('answers 400 for a body of another content type', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/body must be JSON/);
  });

  it('answers 400 for an empty JSON body and for a JSON array', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    const array = await app.inject({ method: 'POST', url: '/test/echo', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
  });

  it('answers 400 for a body over the size limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'x', count: 1, padding: 'y'.repeat(BODY_LIMIT_BYTES) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: `body must be at most ${BODY_LIMIT_BYTES} bytes` });
  });

  it('answers 404 in the JSON envelope for unknown routes and methods', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, msg: 'No route for GET /nope' });
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/shop/products' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json().code).toBe(404);
  });

  it('answers 500 with an error id for an unexpected error, without leaking it', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.code).toBe(500);
    expect(body.msg).toBe('An error occurred, please try again later.');
    expect(body.error_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toContain('exploded');
  });

  it.each(['/shop/%E0%A4%A', '/%E0%A4%A', '/test/items/%E0%A4%A', '/shop/products%FF?keyword=x'])(
    'answers a path that is not valid percent-encoding (%s) in the envelope',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'bad-url-1' } });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['x-request-id']).toBe('bad-url-1');
      expect(response.json()).toEqual({ code: 400, msg: 'path must be valid percent-encoded UTF-8' });
    },
  );

  it('answers 503 "please try again" when a transaction’s retries run out, with nothing applied', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/always-conflicts', payload: {} });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 503, msg: ServerMessage.busyTryAgain });
    expect(response.json().msg).toMatch(/please try again/);
    const stored = await testDatabase()
      .db.selectFrom('settings')
      .select('key')
      .where('key', '=', 'test.conflicted')
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('answers an over-long path parameter in the envelope, as a 400', async () => {
    const fits = await app.inject({ method: 'GET', url: `/test/items/${'1'.repeat(MAX_PATH_PARAM_LENGTH)}` });
    expect(fits.json()).toEqual({ code: 200, params: { id: '1'.repeat(MAX_PATH_PARAM_LENGTH) } });
    const response = await app.inject({
      method: 'GET',
      url: `/test/items/${'1'.repeat(MAX_PATH_PARAM_LENGTH + 1)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      msg: `path parameters must be at most ${MAX_PATH_PARAM_LENGTH} characters`,
    });
  });

  it('answers a request that is not valid HTTP in the envelope, on the socket', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the app is not listening on TCP');
    const garbled = parseRawResponse(await rawRequest(address.port, 'GET /healthz HTTP/1.1\r\nHost\r\n\r\n'));
    expect(garbled.status).toBe(400);
    expect(garbled.headers['content-type']).toContain('application/json');
    expect(JSON.parse(garbled.body)).toEqual({ code: 400, msg: 'request must be valid HTTP/1.1' });
    const hugeHeaders = parseRawResponse(
      await rawRequest(
        address.port,
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(hugeHeaders.status).toBe(400);
    expect(JSON.parse(hugeHeaders.body).msg).toMatch(/^headers must be at most \d+ bytes$/);
    // A well-formed request on the same listener still works.
    const ok = parseRawResponse(
      await rawRequest(address.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(ok.status).toBe(200);
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const authorization of [
      undefined,
      'Token short',
      `Bearer ${VALID_TOKEN}`,
      `Token ${'b'.repeat(43)}`,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/test/private',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(401);
    }
    const ok = await app.inject({
      method: 'GET',
      url: '/test/private?t=1700000000000',
      headers: { authorization: `Token ${VALID_TOKEN}` },
    });
    expect(ok.json()).toEqual({ code: 200, user: 7 });
  });

  it('returns a request id, keeping a well-formed inbound one', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-123' } });
    expect(kept.headers['x-request-id']).toBe('lb-123');
    const replaced = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nforged' },
    });
    expect(replaced.headers['x-request-id']).not.toContain('forged');
  });

  it('answers the health check with a database ping', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ code: 200, status: 'ok', database: testDatabase().dialect });
  });

  it('tells the web app its market', async () => {
    const response = await app.inject({ method: 'GET', url: '/app/config' });
    expect(response.json()).toEqual({ code: 200, market: 'in', dev_tools: true });
  });

  it('serves product media', async () => {
    const list = await app.inject({ method: 'GET', url: '/media/banners/banner-1.svg' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('readTokenHeader', () => {
  it('accepts only the Token scheme with a well-formed token', () => {
    expect(readTokenHeader(`Token ${VALID_TOKEN}`)).toBe(VALID_TOKEN);
    expect(readTokenHeader(`token ${VALID_TOKEN}`)).toBeNull();
    expect(readTokenHeader(`Token ${VALID_TOKEN}x`)).toBeNull();
    expect(readTokenHeader(`Token ${VALID_TOKEN.slice(1)}!`)).toBeNull();
    expect(readTokenHeader(undefined)).toBeNull();
  });
});

/** A TCP server that accepts connections and never answers, as a PostgreSQL behind a dead network would. */
async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the silent server has no TCP port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TCP port on which nothing listens (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

describe('health check without a database', () => {
  /** Short, so the test is quick; the production value is POSTGRES_CONNECTION_TIMEOUT_MS. */
  const CONNECTION_TIMEOUT_MS = 300;
  /** Far below the minutes an operating system's TCP timeout would take, far above the timeout. */
  const PROMPT_ANSWER_MS = 3_000;

  it('answers 503 in the envelope once the SQLite database is closed', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildTestApp(database);
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await database.destroy();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 503, msg: 'database unavailable' });
    } finally {
      await app.close();
      await database.cleanup();
    }
  });

  it('answers 503 promptly when PostgreSQL accepts the connection but never answers', async () => {
    const silent = await startSilentServer();
    const database = openDatabase({
      url: `postgres://postgres@127.0.0.1:${silent.port}/goldshop`,
      connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
    });
    const app = await buildTestApp(database);
    try {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(Date.now() - started).toBeLessThan(PROMPT_ANSWER_MS);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 503, msg: 'database unavailable' });
    } finally {
      await app.close();
      await database.destroy();
      await silent.close();
    }
  });

  it('answers 503 when nothing listens on the PostgreSQL port', async () => {
    const database = openDatabase({
      url: `postgres://postgres@127.0.0.1:${await closedPort()}/goldshop`,
      connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
    });
    const app = await buildTestApp(database);
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 503, msg: 'database unavailable' });
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
