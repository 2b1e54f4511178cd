import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config/config.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';

describe('request log', () => {
  let database: TestDatabase;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it('writes one line per answered request (not for polled public reads), with its id, method, URL, status and time', async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
    });
    const app = await buildApp({
      config: testConfig({ webDistDir: '/nonexistent-web-dist', logLevel: 'info' }),
      database,
      logStream: stream,
    });
    try {
      await app.ready();
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'log-test-1' } });
      await app.inject({ method: 'GET', url: '/no/such/route', headers: { 'x-request-id': 'log-test-2' } });
      // The public reads everyone polls are answered without a line each.
      await app.inject({ method: 'GET', url: '/app/config', headers: { 'x-request-id': 'log-test-3' } });
    } finally {
      await app.close();
    }
    const ours = lines.filter((line) => String(line.reqId).startsWith('log-test-'));
    expect(ours.map((line) => line.msg)).toEqual(['request completed', 'request completed']);
    expect(ours[0]).toMatchObject({
      reqId: 'log-test-1',
      req: { method: 'GET', url: '/healthz' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(ours[1]).toMatchObject({ reqId: 'log-test-2', res: { statusCode: 404 } });
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});
