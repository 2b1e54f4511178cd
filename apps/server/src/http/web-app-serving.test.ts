import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenHeaders } from '../modules/operators/operator-fixtures.ts';
import { insertTestProduct } from '../modules/orders/order-fixtures.ts';
import { SettingsService } from '../modules/settings/settings.service.ts';
import { BOOT_BANNER_MARK } from '../modules/shop/app-shell.service.ts';
import { systemClock } from '../platform/clock.ts';
import { buildTestApp } from '../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';

const ADMIN_TOKEN = 'web-app-serving-test-admin-token-0123456789';
const SCRIPT = `console.log(${JSON.stringify('gold '.repeat(500))});\n`;

describe('serving the built web app', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let webDistDir: string;

  beforeAll(async () => {
    // A build as apps/web's precompress plugin leaves it: each text file with its .br and .gz copies.
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    const script = path.join(webDistDir, 'assets', 'index-abc123.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      // Over the 1 KB below which nothing is compressed, as the real page is.
      `<!doctype html><html><head><title>Gold shop</title></head><body><div id="root"><div class="boot-banner">${BOOT_BANNER_MARK}</div></div>${'<div></div>'.repeat(120)}</body></html>`,
    );
    database = await createTestDatabase('sqlite');
    app = await buildTestApp(database, { config: { webDistDir, adminToken: ADMIN_TOKEN } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the Brotli copy to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip to a browser without Brotli, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves the app shell for revalidation on every visit, with the first banner in its boot shell', async () => {
    const plain = await get('/');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.body).toContain('Gold shop');
    // No banners yet: the boot shell keeps its empty banner box.
    expect(plain.body).toContain(`<div class="boot-banner">${BOOT_BANNER_MARK}</div>`);

    await new SettingsService(database.db, systemClock).set('home.banners', ['/media/banners/banner-2.svg']);
    const withBanner = await get('/');
    expect(withBanner.body).toContain(
      '<div class="boot-banner"><img src="/media/banners/banner-2.svg" alt="" fetchpriority="high"',
    );
    expect((await get('/index.html')).statusCode).toBe(200);
  });

  it("writes GET /app/config's answer into the app shell, so the app's first render waits for no call", async () => {
    const config = await get('/app/config');
    const page = (await get('/')).body;
    const data = page.match(/<script type="application\/json" id="app-config">(.*?)<\/script>/)?.[1];
    expect(data).toBeDefined();
    expect(JSON.parse(data ?? '')).toEqual(JSON.parse(config.body));
  });

  it("writes GET /shop/home_top's answer into the app shell, and a new notice into the next page", async () => {
    const inlineHomeTop = (page: string) =>
      JSON.parse(
        page.match(/<script type="application\/json" id="shop-home-top">(.*?)<\/script>/)?.[1] ?? 'null',
      );
    expect(inlineHomeTop((await get('/')).body)).toEqual(JSON.parse((await get('/shop/home_top')).body));

    // An operator's text cannot close the data block: every < is written as \u003c, which JSON reads back.
    const notice = 'Closed today </script><script>alert(1)</script>';
    await new SettingsService(database.db, systemClock).set('home.notice', notice);
    const page = (await get('/')).body;
    expect(page).not.toContain('<script>alert(1)');
    expect(inlineHomeTop(page).queryset[0].notice).toBe(notice);
    expect(inlineHomeTop(page)).toEqual(JSON.parse((await get('/shop/home_top')).body));
  });

  it("writes the home grid's first GET /shop/products answer into the app shell, and a catalogue edit into the next page", async () => {
    const inlineProducts = (page: string) =>
      JSON.parse(
        page.match(/<script type="application\/json" id="shop-home-products">(.*?)<\/script>/)?.[1] ?? 'null',
      );
    const firstPage = async () => JSON.parse((await get('/shop/products?p=1&p_size=10')).body);
    const product = await insertTestProduct(database, { name: 'Gold coin 1 g' });
    const before = inlineProducts((await get('/')).body);
    expect(before).toEqual(await firstPage());
    expect(before.queryset.map((entry: { name: string }) => entry.name)).toContain('Gold coin 1 g');

    const edit = await app.inject({
      method: 'PUT',
      url: `/admin/api/products/${product.id}`,
      headers: adminTokenHeaders(ADMIN_TOKEN),
      payload: { name: 'Gold coin 1 g (new edition)' },
    });
    expect(edit.statusCode).toBe(200);
    const after = inlineProducts((await get('/')).body);
    expect(after.queryset.map((entry: { name: string }) => entry.name)).toContain(
      'Gold coin 1 g (new edition)',
    );
    expect(after).toEqual(await firstPage());
  });

  it('sends the app shell compressed, made once, with a validator that answers 304', async () => {
    const plain = await get('/');
    const brotli = await get('/', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzipped = await get('/', 'gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

    const etag = String(plain.headers.etag);
    const unchanged = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    await new SettingsService(database.db, systemClock).set('home.banners', ['/media/banners/banner-3.svg']);
    const changed = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('/media/banners/banner-3.svg');
  });

  it('keeps files that are not content-hashed for revalidation only', async () => {
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });
});
