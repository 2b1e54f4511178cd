import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../http/error-handler.ts';
import { idempotencyRoute, MAX_IDEMPOTENCY_KEY_LENGTH, readIdempotencyKey } from './idempotency.header.ts';

describe('Idempotency-Key header', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app, 1024);
    app.post('/user/things/:id', (request) => ({
      code: 200,
      key: readIdempotencyKey(request) ?? null,
      route: idempotencyRoute(request),
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (headers: Record<string, string | string[]>) =>
    app.inject({ method: 'POST', url: '/user/things/5?t=1', headers, payload: {} });

  it('is optional', async () => {
    const response = await post({});
    expect(response.json()).toEqual({ code: 200, key: null, route: 'POST /user/things/:id' });
  });

  it('accepts UUIDs, ULIDs and other keys of letters, digits and _ - : .', async () => {
    for (const key of [
      '0b3c8f3e-8a44-4f0e-9a43-2f0f3f7c1e9d',
      '01HZX3J5Q2W8',
      'a:b.c_d-e',
      'x'.repeat(100),
    ]) {
      const response = await post({ 'idempotency-key': key });
      expect(response.statusCode).toBe(200);
      expect(response.json().key).toBe(key);
    }
  });

  it.each([
    ['too long', 'x'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH + 1)],
    ['with a space', 'two words'],
    ['with a slash', 'a/b'],
    ['with other characters', 'ключ'],
  ])('answers 400 for a key %s', async (_label, key) => {
    const response = await post({ 'idempotency-key': key });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      msg: expect.stringMatching(/^Idempotency-Key must be 1-100/),
    });
  });

  it('answers 400 for an empty key', async () => {
    const response = await post({ 'idempotency-key': '' });
    expect(response.statusCode).toBe(400);
  });
});
