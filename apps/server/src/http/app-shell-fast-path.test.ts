import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenHeaders } from '../modules/operators/operator-fixtures.ts';
import { BOOT_BANNER_MARK } from '../modules/shop/app-shell.service.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { AppShellAnswers } from './app-shell-fast-path.ts';
import { CachedReply } from './cached-reply.ts';
import { computeSecurityHeaders, securityHeaderOptions } from './security-headers.ts';

interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One request over a real socket, the body as sent (not decompressed). */
function rawRequest(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

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

const PAGE_HTML = `<!doctype html><html><head><title>Gold shop</title></head><body>${'<p>gold</p>'.repeat(200)}</body></html>`;
const SECURITY_HEADERS = computeSecurityHeaders(securityHeaderOptions({ publicUrl: 'http://localhost' }));
/** What Fastify passes a serverFactory when nothing overrides its defaults. */
const FASTIFY_DEFAULT_SERVER_OPTIONS = {
  keepAliveTimeout: 72_000,
  requestTimeout: 0,
  connectionTimeout: 0,
  maxRequestsPerSocket: 0,
};

describe('the app shell answered before Fastify', () => {
  const page = new CachedReply(Buffer.from(PAGE_HTML), 'text/html; charset=utf-8', { brotliQuality: 11 });
  let answers: AppShellAnswers;
  let server: http.Server;
  let port: number;
  let passedOn: string[];

  beforeAll(async () => {
    answers = new AppShellAnswers(SECURITY_HEADERS, 'no-cache');
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
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('passes every request on to Fastify until a page is served', async () => {
    expect((await rawRequest(port, '/')).status).toBe(404);
    expect(passedOn).toEqual(['GET /']);
  });

  it('answers GET and HEAD of / (any query) from the page, with the security headers and the validator', async () => {
    answers.serve(() => page);
    const brotli = await rawRequest(port, '/?utm_source=sms', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.status).toBe(200);
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

    const gzipped = await rawRequest(port, '/', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(PAGE_HTML);
    const plain = await rawRequest(port, '/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE_HTML);

    const head = await rawRequest(port, '/', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(brotli.body.length));
    expect(head.body.length).toBe(0);
    expect(passedOn).toEqual([]);
  });

  it('answers 304 to a current validator, with no body', async () => {
    answers.serve(() => page);
    const unchanged = await rawRequest(port, '/', { 'if-none-match': page.etag, 'accept-encoding': 'br' });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(page.etag);
    expect(unchanged.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    expect(unchanged.headers['content-length']).toBeUndefined();
    const stale = await rawRequest(port, '/', { 'if-none-match': 'W/"an-older-page"' });
    expect(stale.status).toBe(200);
  });

  it("keeps a proxy's plain request id and gives every other request a fresh one", async () => {
    answers.serve(() => page);
    const proxied = await rawRequest(port, '/', { 'x-request-id': 'edge-42.a_b' });
    expect(proxied.headers['x-request-id']).toBe('edge-42.a_b');
    const forged = await rawRequest(port, '/', { 'x-request-id': 'bad id\twith spaces' });
    const fresh = await rawRequest(port, '/');
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).not.toBe(forged.headers['x-request-id']);
  });

  it('passes on other paths and methods, a page still loading, and everything once stopped', async () => {
    answers.serve(() => page);
    await rawRequest(port, '/index.html');
    await rawRequest(port, '/assets/app.js');
    await rawRequest(port, '//evil.example/');
    await rawRequest(port, '/', {}, 'POST');
    answers.serve(() => Promise.resolve(page));
    await rawRequest(port, '/');
    answers.serve(() => page);
    answers.stop();
    await rawRequest(port, '/');
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

describe('the app shell over a socket and through Fastify', () => {
  const ADMIN_TOKEN = 'app-shell-fast-path-test-admin-token-0123456789';
  /** The URLs of the requests Fastify's routing saw. */
  const routed: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;
  let webDistDir: string;
  let port: number;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-fast-path-'));
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      `<!doctype html><html><head><title>Gold shop</title></head><body><div id="root"><div class="boot-banner">${BOOT_BANNER_MARK}</div></div>${'<div></div>'.repeat(120)}</body></html>`,
    );
    database = await createTestDatabase('sqlite');
    // Public reads kept as in production (the test default keeps nothing, so no page would ever be ready).
    app = await buildTestApp(database, {
      config: { webDistDir, adminToken: ADMIN_TOKEN, publicReadTtlMs: 60_000 },
      extend: (built) =>
        built.addHook('onRequest', (request, _reply, done) => {
          routed.push(request.url);
          done();
        }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers the same status, headers and bytes on both paths, for every coding and for 304', async () => {
    // The first request finds the page still loading: Fastify's route answers it; the next is ready.
    await rawRequest(port, '/');
    expect(routed).toEqual(['/']);
    const etag = String((await rawRequest(port, '/')).headers.etag);
    expect(routed).toEqual(['/']);
    const requests: Record<string, string>[] = [
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'gzip' },
      {},
      { 'if-none-match': etag },
    ];
    for (const headers of requests) {
      const overSocket = await rawRequest(port, '/', headers);
      const throughFastify = await app.inject({ method: 'GET', url: '/', headers });
      expect(overSocket.status).toBe(throughFastify.statusCode);
      expect(comparableHeaders(overSocket.headers)).toEqual(comparableHeaders(throughFastify.headers));
      expect(overSocket.body.equals(throughFastify.rawPayload)).toBe(true);
    }
  });

  it("shows an operator's change to the home at once on the socket's path", async () => {
    await rawRequest(port, '/');
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
    const reloaded = await rawRequest(port, '/');
    const kept = await rawRequest(port, '/');
    expect(routed).toEqual(['/']);
    for (const page of [reloaded, kept]) {
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<img src="/media/banners/banner-4.svg"');
    }
  });

  it('leaves every other request to Fastify: its 404 envelope and its security headers', async () => {
    const missing = await rawRequest(port, '/no-such-page', {}, 'POST');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ code: expect.anything() });
  });
});
