import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { listenOnLoopback, socketRequest } from '../../test-support/socket-request.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { insertTestProduct } from '../orders/order-fixtures.ts';
import { CATALOGUE_CACHE_CONTROL } from './shop.service.ts';

const ADMIN_TOKEN = 'public-reads-test-admin-token-0123456789';
const NOW = Date.parse('2025-03-05T06:30:00Z');
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);
/** Far longer than the test: whatever shows at once came through an invalidation, not an expiry. */
const LONG_TTL_MS = 600_000;

describeEachDatabase('catalogue and home screen kept between changes', (database) => {
  let app: FastifyInstance;
  let productId: number;
  let port: number;

  beforeAll(async () => {
    app = await buildTestApp(database(), {
      clock: new ManualClock(NOW),
      config: { adminToken: ADMIN_TOKEN, publicReadTtlMs: LONG_TTL_MS },
    });
    productId = (await insertTestProduct(database(), { name: 'Gold coin 1 g' })).id;
    port = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  // Over a socket, as players' browsers read them: a ready reply is answered before Fastify's routing.
  const get = (url: string, headers: Record<string, string> = {}) => socketRequest(port, url, headers);
  const operator = (method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url, headers: operatorHeaders, payload });
  const listedNames = async () =>
    ((await get('/shop/products?p=1&p_size=10')).json().queryset as { name: string }[]).map(
      (product) => product.name,
    );

  it('shows an operator’s product edit at once on the product page and in the list', async () => {
    expect(await listedNames()).toEqual(['Gold coin 1 g']);
    expect((await get(`/shop/product?id=${productId}`)).json().entry.name).toBe('Gold coin 1 g');

    // Written behind the app's back (as another instance without the event bus would): not read again
    // before the TTL, so what follows shows through the invalidation, not because nothing is kept.
    await database()
      .db.updateTable('products')
      .set({ spec: 'Weight=2 g' })
      .where('id', '=', productId)
      .execute();
    expect((await get(`/shop/product?id=${productId}`)).json().entry.spec).not.toBe('Weight=2 g');

    const edited = await operator('PUT', `/admin/api/products/${productId}`, { name: 'Gold coin 2 g' });
    expect(edited.statusCode).toBe(200);
    expect(await listedNames()).toEqual(['Gold coin 2 g']);
    const page = (await get(`/shop/product?id=${productId}`)).json();
    expect(page.entry).toMatchObject({ name: 'Gold coin 2 g', spec: 'Weight=2 g' });
  });

  it('lists a product the operator adds at once, and drops one taken off sale', async () => {
    const created = await operator('POST', '/admin/api/products', {
      name: 'Silver bar 100 g',
      price: '9000.00',
      main_image: '/media/products/silver.svg',
      image2: '',
      image3: '',
      spec: 'Purity=999',
      stock: 3,
      cancellable: true,
      active: true,
      sort_order: 99,
    });
    expect(created.statusCode).toBe(200);
    expect(await listedNames()).toEqual(['Gold coin 2 g', 'Silver bar 100 g']);

    const hidden = await operator('PUT', `/admin/api/products/${created.json().entry.id}`, { active: false });
    expect(hidden.statusCode).toBe(200);
    expect(await listedNames()).toEqual(['Gold coin 2 g']);
    expect((await get(`/shop/product?id=${created.json().entry.id}`)).statusCode).toBe(404);
  });

  it('answers 304 to a client whose copy of a catalogue page is current, 200 once it changed', async () => {
    const url = '/shop/products?p=1&p_size=10';
    const first = await get(url);
    expect(first.headers['cache-control']).toBe(CATALOGUE_CACHE_CONTROL);
    const etag = String(first.headers.etag);
    const unchanged = await get(url, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body.length).toBe(0);

    await operator('PUT', `/admin/api/products/${productId}`, { stock: 42 });
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().queryset[0].stock).toBe(42);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('shows an operator’s settings change at once on the home screen', async () => {
    expect((await get('/shop/home_top')).statusCode).toBe(200);
    const changed = await operator('PUT', '/admin/api/settings/home.notice', { value: 'Closed on Sunday' });
    expect(changed.statusCode).toBe(200);
    expect((await get('/shop/home_top')).json().queryset[0].notice).toBe('Closed on Sunday');
  });
});
