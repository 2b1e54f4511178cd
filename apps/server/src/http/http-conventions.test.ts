import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { createAuthGuard, readTokenHeader } from './auth-guard.ts';
import { parseInput } from './validation.ts';

const BODY_LIMIT_BYTES = 2_048;
const echoBody = z.object({
  name: z.string().min(1, 'name must not be empty').max(20),
  count: z.number().int(),
});
const VALID_TOKEN = 'a'.repeat(43);

describe('HTTP conventions', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const guard = createAuthGuard({
      resolve: async (token) => (token === VALID_TOKEN ? { userId: 7, sessionId: 1 } : null),
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
      },
    });
  });

  afterAll(async () => {
    await app.close();
    await database.cleanup();
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
    expect(response.json()).toEqual({ code: 200, status: 'ok', database: 'sqlite' });
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
