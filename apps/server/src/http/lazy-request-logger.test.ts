import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { LazyRequestLogger, lazyRequestLoggerFactory } from './lazy-request-logger.ts';

/** A pino root logger at `level` (through Fastify, as the app makes it) and the lines it writes. */
function rootLogger(level: string): { logger: FastifyBaseLogger; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream } });
  return { logger: app.log, lines: () => written.map((line) => JSON.parse(line)) };
}

describe('LazyRequestLogger', () => {
  it('makes no child and writes nothing for lines under its level', () => {
    const { logger, lines } = rootLogger('info');
    const child = vi.spyOn(logger, 'child');
    const requestLogger = new LazyRequestLogger(logger, { reqId: 'req-1' }, { level: 'warn' });
    requestLogger.info({ res: { statusCode: 200 } }, 'request completed');
    requestLogger.debug('detail');
    expect(child).not.toHaveBeenCalled();
    expect(lines()).toEqual([]);
  });

  it('writes a line at or above its level through one child bound to the request', () => {
    const { logger, lines } = rootLogger('info');
    const child = vi.spyOn(logger, 'child');
    const requestLogger = new LazyRequestLogger(logger, { reqId: 'req-2' }, {});
    requestLogger.info({ orderId: 7 }, 'order placed');
    requestLogger.error(new Error('boom'), 'failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-2', orderId: 7, msg: 'order placed' }),
      expect.objectContaining({ level: 50, reqId: 'req-2', msg: 'failed' }),
    ]);
  });

  it("takes the route's level over the parent's, and its children carry the request id", () => {
    const { logger, lines } = rootLogger('warn');
    const requestLogger = lazyRequestLoggerFactory(logger, { reqId: 'req-3' }, { level: 'debug' });
    expect(requestLogger.level).toBe('debug');
    requestLogger.child({ module: 'ledger' }).debug('posted');
    expect(lines()).toEqual([expect.objectContaining({ level: 20, reqId: 'req-3', module: 'ledger' })]);
    expect(() => {
      requestLogger.level = 'info';
    }).toThrow(/keeps the level of its route/);
  });

  it('is the logger of every request of the app', async () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, childLoggerFactory: lazyRequestLoggerFactory });
    app.get('/quiet', { logLevel: 'warn' }, async (request) => {
      request.log.info('not written');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.info('written');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.inject({ method: 'GET', url: '/loud' });
    await app.close();
    const messages = written.map((line) => JSON.parse(line).msg);
    expect(messages).not.toContain('not written');
    expect(messages).toContain('written');
  });
});
