import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenHeaders } from '../modules/operators/operator-fixtures.ts';
import { insertTestProduct } from '../modules/orders/order-fixtures.ts';
import { BOOT_BANNER_MARK } from '../modules/shop/app-shell.service.ts';
import { ManualClock } from '../platform/clock.ts';
import { listenOnLoopback, socketRequest } from '../test-support/socket-request.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { CachedReply } from './cached-reply.ts';
import { PublicReadAnswers, type PublicReadSource, registerPublicRead } from './public-read-answers.ts';
import { computeSecurityHeaders, securityHeaderOptions } from './security-headers.ts';

/** The headers that differ between any two answers (the request id, the time, the connection's). */
function comparableHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const {
    'x-request-id': _id,
    date: _date,
    connection: _connection,
    'keep-alive': _keepAlive,
    ...rest
  } = headers;
  return rest;
}

/** A reply whose Brotli copy cannot be made. */
class UncompressibleReply extends CachedReply {
  override brotli(): Buffer {
    throw new Error('no memory for the compressor');
  }
}

const PAGE_HTML = `<!doctype html><html><head><title>Gold shop</title></head><body>${'<p>gold</p>'.repeat(200)}</body></html>`;
const SECURITY_HEADERS = computeSecurityHeaders(securityHeaderOptions({ publicUrl: 'http://localhost' }));
/** What Fastify passes a serverFactory when nothing overrides its defaults. */
const FASTIFY_DEFAULT_SERVER_OPTIONS = {
  keepAliveTimeout: 72_000,
  requestTimeout: 0,
  connectionTimeout: 0,
  maxRequestsPerSocket: 0,
};

describe('public reads answered before Fastify', () => {
  const page = new CachedReply(Buffer.from(PAGE_HTML), 'text/html; charset=utf-8', { brotliQuality: 11 });
  const catalogue = new CachedReply(
    Buffer.from('{"code":200,"queryset":[]}'),
    'application/json; charset=utf-8',
  );
  let answers: PublicReadAnswers;
  let server: http.Server;
  let port: number;
  let passedOn: string[];
  /** What `/` answers; each test sets it. */
  let shellSource: PublicReadSource = () => undefined;

  beforeAll(async () => {
    answers = new PublicReadAnswers(SECURITY_HEADERS);
    answers.serve('/', 'no-cache', (queryString) => shellSource(queryString));
    // A queried read: only the query strings its route validated are answered here (p=1 in this test).
    answers.serve('/shop/products', 'public, max-age=5', (queryString) =>
      queryString === 'p=1' ? catalogue : undefined,
    );
    passedOn = [];
    server = answers.serverFactory((request, response) => {
      passedOn.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    }, FASTIFY_DEFAULT_SERVER_OPTIONS) as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => {
    passedOn.length = 0;
    shellSource = () => undefined;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('passes a request on to Fastify while its read has no reply for it', async () => {
    expect((await socketRequest(port, '/')).statusCode).toBe(404);
    expect(passedOn).toEqual(['GET /']);
  });

  it('answers GET and HEAD of / (any query) from the page, with the security headers and the validator', async () => {
    shellSource = () => page;
    const brotli = await socketRequest(port, '/?utm_source=sms', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(passedOn).toEqual([]);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(brotli.headers[name]).toBe(value);
    expect(brotli.headers).toMatchObject({
      etag: page.etag,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'content-length': String(brotli.body.length),
    });
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(PAGE_HTML);

    const gzipped = await socketRequest(port, '/', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(PAGE_HTML);
    const plain = await socketRequest(port, '/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE_HTML);

    const head = await socketRequest(port, '/', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(brotli.body.length));
    expect(head.body.length).toBe(0);
    expect(passedOn).toEqual([]);
  });

  it('answers 304 to a current validator, with no body', async () => {
    shellSource = () => page;
    const unchanged = await socketRequest(port, '/', { 'if-none-match': page.etag, 'accept-encoding': 'br' });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(page.etag);
    expect(unchanged.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    expect(unchanged.headers['content-length']).toBeUndefined();
    const stale = await socketRequest(port, '/', { 'if-none-match': 'W/"an-older-page"' });
    expect(stale.statusCode).toBe(200);
  });

  it("keeps a proxy's plain request id and gives every other request a fresh one", async () => {
    shellSource = () => page;
    const proxied = await socketRequest(port, '/', { 'x-request-id': 'edge-42.a_b' });
    expect(proxied.headers['x-request-id']).toBe('edge-42.a_b');
    const forged = await socketRequest(port, '/', { 'x-request-id': 'bad id\twith spaces' });
    const fresh = await socketRequest(port, '/');
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).not.toBe(forged.headers['x-request-id']);
  });

  it("answers a queried read's validated query strings with its own Cache-Control, and passes on the rest", async () => {
    const known = await socketRequest(port, '/shop/products?p=1');
    expect(known.statusCode).toBe(200);
    expect(known.headers).toMatchObject({ 'cache-control': 'public, max-age=5', etag: catalogue.etag });
    expect(known.body.toString()).toBe(catalogue.body.toString());
    expect(passedOn).toEqual([]);
    // Another query string, none, a trailing slash, a longer name, a percent-encoded path.
    const others = [
      '/shop/products?p=2',
      '/shop/products',
      '/shop/products/?p=1',
      '/shop/productsx?p=1',
      '/shop/%70roducts?p=1',
    ];
    for (const target of others) await socketRequest(port, target);
    expect(passedOn).toEqual(others.map((target) => `GET ${target}`));
  });

  it('passes on a failing load without leaving its rejection unhandled', async () => {
    let loads = 0;
    shellSource = () => {
      loads += 1;
      return Promise.reject(new Error('the database is down'));
    };
    expect((await socketRequest(port, '/')).statusCode).toBe(404);
    expect(loads).toBe(1);
    expect(passedOn).toEqual(['GET /']);
  });

  it('passes on a request whose answer cannot be made, and goes on serving', async () => {
    const broken = new UncompressibleReply(Buffer.from(PAGE_HTML), 'text/html; charset=utf-8');
    shellSource = () => broken;
    expect((await socketRequest(port, '/', { 'accept-encoding': 'br' })).statusCode).toBe(404);
    expect(passedOn).toEqual(['GET /']);
    expect((await socketRequest(port, '/', { 'accept-encoding': 'gzip' })).statusCode).toBe(200);
    expect(passedOn).toEqual(['GET /']);
    shellSource = () => {
      throw new Error('the clock went backwards');
    };
    expect((await socketRequest(port, '/')).statusCode).toBe(404);
    expect(passedOn).toEqual(['GET /', 'GET /']);
  });

  it('refuses to serve a path twice or a path that is not plain', () => {
    expect(() => answers.serve('/', 'no-cache', () => page)).toThrow(/served twice/);
    expect(() => answers.serve('shop', 'no-cache', () => page)).toThrow(/plain absolute path/);
    expect(() => answers.serve('/shop?x=1', 'no-cache', () => page)).toThrow(/plain absolute path/);
  });

  it('passes on other paths and methods, a page still loading, and everything once stopped', async () => {
    shellSource = () => page;
    await socketRequest(port, '/index.html');
    await socketRequest(port, '/assets/app.js');
    await socketRequest(port, '//evil.example/');
    await socketRequest(port, '/', {}, 'POST');
    shellSource = () => Promise.resolve(page);
    await socketRequest(port, '/');
    shellSource = () => page;
    answers.stop();
    await socketRequest(port, '/');
    expect(passedOn).toEqual([
      'GET /index.html',
      'GET /assets/app.js',
      'GET //evil.example/',
      'POST /',
      'GET /',
      'GET /',
    ]);
  });

  it("gives the server Fastify's timeouts", () => {
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.requestTimeout).toBe(0);
  });
});

describe("a public read's Fastify route", () => {
  it('answers an answer that cannot be made with a 500 from the error handler, and goes on serving', async () => {
    const app = Fastify({ logger: false });
    const answers = new PublicReadAnswers(SECURITY_HEADERS);
    const broken = new UncompressibleReply(Buffer.from(PAGE_HTML), 'text/html; charset=utf-8');
    registerPublicRead(app, answers, '/page', { cacheControl: 'no-cache', reply: () => broken });
    try {
      const failed = await app.inject({ method: 'GET', url: '/page', headers: { 'accept-encoding': 'br' } });
      expect(failed.statusCode).toBe(500);
      const served = await app.inject({
        method: 'GET',
        url: '/page',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(served.statusCode).toBe(200);
      expect(zlib.gunzipSync(served.rawPayload).toString()).toBe(PAGE_HTML);
      expect(served.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    } finally {
      await app.close();
    }
  });
});

describe('public reads over a socket and through Fastify', () => {
  const ADMIN_TOKEN = 'public-read-answers-test-admin-token-0123456789';
  /** The URLs of the requests Fastify's routing saw. */
  const routed: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;
  let webDistDir: string;
  let port: number;
  let productId: number;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-fast-path-'));
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      `<!doctype html><html><head><title>Gold shop</title></head><body><div id="root"><div class="boot-banner">${BOOT_BANNER_MARK}</div></div>${'<div></div>'.repeat(120)}</body></html>`,
    );
    database = await createTestDatabase('sqlite');
    // Public reads kept as in production (the test default keeps nothing, so no page would ever be ready).
    productId = (await insertTestProduct(database, { name: 'Gold bar 5 g' })).id;
    app = await buildTestApp(database, {
      // A clock that stands still: the colour history's reply changes every second.
      clock: new ManualClock(Date.parse('2025-03-05T06:30:00Z')),
      config: { webDistDir, adminToken: ADMIN_TOKEN, publicReadTtlMs: 60_000 },
      extend: (built) =>
        built.addHook('onRequest', (request, _reply, done) => {
          // Requests over the socket only; app.inject's (light-my-request's user agent) always go through Fastify.
          if (request.headers['user-agent'] !== 'lightMyRequest') routed.push(request.url);
          done();
        }),
    });
    port = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers the same status, headers and bytes on both paths, for every coding and for 304', async () => {
    // The first request finds the page still loading: Fastify's route answers it; the next is ready.
    await socketRequest(port, '/');
    expect(routed).toEqual(['/']);
    const etag = String((await socketRequest(port, '/')).headers.etag);
    expect(routed).toEqual(['/']);
    const requests: Record<string, string>[] = [
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'gzip' },
      {},
      { 'if-none-match': etag },
    ];
    for (const headers of requests) {
      const overSocket = await socketRequest(port, '/', headers);
      const throughFastify = await app.inject({ method: 'GET', url: '/', headers });
      expect(overSocket.statusCode).toBe(throughFastify.statusCode);
      expect(comparableHeaders(overSocket.headers)).toEqual(comparableHeaders(throughFastify.headers));
      expect(overSocket.body.equals(throughFastify.rawPayload)).toBe(true);
    }
  });

  it("shows an operator's change to the home at once on the socket's path", async () => {
    await socketRequest(port, '/');
    const edit = await app.inject({
      method: 'PUT',
      url: '/admin/api/settings/home.banners',
      headers: adminTokenHeaders(ADMIN_TOKEN),
      payload: { value: ['/media/banners/banner-4.svg'] },
    });
    expect(edit.statusCode).toBe(200);
    routed.length = 0;
    // The change dropped the page: the next request waits for the new one in Fastify's route, the one after
    // is answered before Fastify; both show the new banner.
    const reloaded = await socketRequest(port, '/');
    const kept = await socketRequest(port, '/');
    expect(routed).toEqual(['/']);
    for (const page of [reloaded, kept]) {
      expect(page.statusCode).toBe(200);
      expect(page.body.toString()).toContain('<img src="/media/banners/banner-4.svg"');
    }
  });

  it('leaves every other request to Fastify: its 404 envelope and its security headers', async () => {
    const missing = await socketRequest(port, '/no-such-page', {}, 'POST');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ code: expect.anything() });
  });

  it('answers every public read before Fastify once its query string was validated, as Fastify answers it', async () => {
    const reads = [
      '/app/config',
      '/shop/home_top',
      '/shop/products?p=1&p_size=10',
      `/shop/product?id=${productId}`,
      '/win/next_period_info_noauth?category=P',
    ];
    for (const url of reads) {
      // The first request validates the query string (or waits for the first load) in Fastify's route.
      expect((await socketRequest(port, url)).statusCode).toBe(200);
      routed.length = 0;
      const first = await socketRequest(port, url);
      const etag = String(first.headers.etag);
      const requests: Record<string, string>[] = [
        { 'accept-encoding': 'gzip, deflate, br' },
        {},
        { 'if-none-match': etag },
      ];
      for (const headers of requests) {
        const overSocket = await socketRequest(port, url, headers);
        const throughFastify = await app.inject({ method: 'GET', url, headers });
        expect(overSocket.statusCode, url).toBe(throughFastify.statusCode);
        expect(comparableHeaders(overSocket.headers), url).toEqual(comparableHeaders(throughFastify.headers));
        expect(overSocket.body.equals(throughFastify.rawPayload), url).toBe(true);
      }
      expect(routed, url).toEqual([]);
    }
  });

  it('leaves a bad query string to Fastify every time: a 400 naming the field', async () => {
    routed.length = 0;
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await socketRequest(port, '/shop/products?p=0&p_size=10');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toMatch(/^p\b/);
    }
    expect(routed).toEqual(['/shop/products?p=0&p_size=10', '/shop/products?p=0&p_size=10']);
  });

  it('answers a product that is not on sale 404 through Fastify, every time', async () => {
    routed.length = 0;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await socketRequest(port, '/shop/product?id=987654')).statusCode).toBe(404);
    }
    expect(routed).toEqual(['/shop/product?id=987654', '/shop/product?id=987654']);
  });
});
