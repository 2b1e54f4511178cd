import { type AdminProductDto, ShopMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_UNAUTHORIZED_MESSAGE } from '../../http/operator-guard.ts';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { insertTestProduct } from '../orders/order-fixtures.ts';
import { ADMIN_TOKEN_ACTOR, ShopAuditEvent } from './shop-audit.ts';

const ADMIN_TOKEN = 'products-test-admin-token-0123456789';
const NOW = Date.parse('2025-03-05T06:30:00Z');
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);

/** A complete product as the operator creates it. */
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: 'Gold bar 10 g',
  price: '65000.50',
  main_image: '/media/products/bar-10-1.svg',
  image2: '/media/products/bar-10-2.svg',
  image3: 'https://cdn.example.com/bar-10-3.png',
  spec: 'Weight=10 g,Purity=999.9',
  stock: 7,
  cancellable: false,
  active: true,
  sort_order: 3,
  ...overrides,
});

describeEachDatabase('operator API of products', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(NOW);
  let audit: AuditLog;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    audit = new AuditLog(database().db, clock);
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = operatorHeaders) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const productCount = async () =>
    Number(
      (
        await database()
          .db.selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  describe('operator token', () => {
    const refusalCount = async () =>
      (await audit.repeatedEventCounts({ event: ShopAuditEvent.operatorAuthFailed })).reduce(
        (sum, row) => sum + row.hits,
        0,
      );
    it.each([
      ['no header', {}],
      ['a wrong token', { authorization: 'Bearer wrong-token-wrong-token-wrong' }],
      ['the token with another scheme', { authorization: `Token ${ADMIN_TOKEN}` }],
      ['a user session scheme', { authorization: `Token ${'a'.repeat(43)}` }],
    ])('answers 401 with %s and changes nothing', async (_label, headers) => {
      const before = await productCount();
      const refusalsBefore = await refusalCount();
      for (const [method, url, payload] of [
        ['GET', '/admin/api/products', undefined],
        ['POST', '/admin/api/products', newProduct()],
        ['PUT', '/admin/api/products/1', { stock: 0 }],
      ] as const) {
        const response = await call(method, url, payload, headers as typeof operatorHeaders);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 401, msg: OPERATOR_UNAUTHORIZED_MESSAGE });
      }
      expect(await productCount()).toBe(before);
      // Refusals are counted per source and minute; the first of the minute also has its audit row.
      expect((await refusalCount()) - refusalsBefore).toBe(3);
      const [refusal] = await audit.recent({ event: ShopAuditEvent.operatorAuthFailed });
      expect(refusal?.detail).toMatchObject({ route: 'GET /admin/api/products', repeats_counted: true });
    });

    it('answers 401 to everyone when no ADMIN_TOKEN is configured', async () => {
      const closed = await buildTestApp(database(), { clock, config: { adminToken: undefined } });
      try {
        const response = await closed.inject({
          method: 'GET',
          url: '/admin/api/products',
          headers: operatorHeaders,
        });
        expect(response.statusCode).toBe(401);
        const bare = await closed.inject({
          method: 'GET',
          url: '/admin/api/products',
          headers: { authorization: 'Bearer ' },
        });
        expect(bare.statusCode).toBe(401);
      } finally {
        await closed.close();
      }
    });
  });

  describe('create', () => {
    it('creates a product, shows it in the catalogue and audits it', async () => {
      const response = await call('POST', '/admin/api/products', newProduct());
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        code: 200,
        msg: ShopMessage.productCreated,
        entry: {
          id: expect.any(Number),
          name: 'Gold bar 10 g',
          price: '65000.50',
          main_image: '/media/products/bar-10-1.svg',
          image2: '/media/products/bar-10-2.svg',
          image3: 'https://cdn.example.com/bar-10-3.png',
          spec: 'Weight=10 g,Purity=999.9',
          stock: 7,
          cancellable: false,
          active: true,
          sort_order: 3,
          create_time: NOW,
          update_time: NOW,
        },
      });
      const stored = await database()
        .db.selectFrom('products')
        .selectAll()
        .where('id', '=', body.entry.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ price_minor: 6_500_050, cancellable: 0, is_active: 1 });
      const detail = await app.inject({ method: 'GET', url: `/shop/product?id=${body.entry.id}` });
      expect(detail.json().entry).toMatchObject({ name: 'Gold bar 10 g', price: '65000.50', stock: 7 });
      const [entry] = await audit.recent({ event: ShopAuditEvent.operatorProductCreated });
      expect(entry?.detail).toEqual({
        operator: ADMIN_TOKEN_ACTOR,
        product_id: body.entry.id,
        before: null,
        after: body.entry,
      });
    });

    it('fills the optional fields with their defaults', async () => {
      const response = await call('POST', '/admin/api/products', {
        name: 'Silver coin',
        price: 250,
        main_image: '/media/products/coin.svg',
        stock: 0,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().entry).toMatchObject({
        price: '250.00',
        image2: '',
        image3: '',
        spec: '',
        cancellable: true,
        active: true,
        sort_order: 0,
        stock: 0,
      });
    });

    it.each([
      [{ name: undefined }, 'name is required'],
      [{ name: 'x'.repeat(10_000) }, 'name must be at most 200 characters'],
      [{ name: 'Gold\u0007' }, 'name must not contain control characters'],
      [{ price: undefined }, 'price is required'],
      [{ price: '-5' }, 'price must be greater than 0'],
      [{ price: 0 }, 'price must be greater than 0'],
      [{ price: '1.005' }, 'price must have at most 2 decimals'],
      [{ price: '1e30' }, 'price must be a number'],
      [{ price: '99999999999999' }, 'price is too large'],
      [{ main_image: '' }, 'main_image is required'],
      [
        { main_image: 'javascript:alert(1)' },
        'main_image must be a path starting with / or an https address',
      ],
      [
        { image2: 'http://insecure.example.com/a.png' },
        'image2 must be a path starting with / or an https address',
      ],
      [{ image3: `/${'a'.repeat(600)}` }, 'image3 must be at most 500 characters'],
      [{ spec: 'x'.repeat(2_001) }, 'spec must be at most 2000 characters'],
      [{ stock: -1 }, 'stock must be at least 0'],
      [{ stock: 1.5 }, 'stock must be a whole number'],
      [{ stock: 10_000_000 }, 'stock must be at most 1000000'],
      [{ stock: '5' }, 'stock must be a whole number'],
      [{ cancellable: 'yes' }, 'cancellable must be true or false'],
      [{ active: 1 }, 'active must be true or false'],
      [{ sort_order: -2 }, 'sort_order must be at least 0'],
    ])('answers 400 for %j and creates nothing', async (overrides, message) => {
      const before = await productCount();
      const response = await call('POST', '/admin/api/products', newProduct(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: message });
      expect(await productCount()).toBe(before);
    });
  });

  describe('edit and list', () => {
    it('changes only the given fields and audits before and after', async () => {
      const product = await insertTestProduct(database(), { name: 'Old name', stock: 4 });
      clock.advance(1_000);
      const response = await call('PUT', `/admin/api/products/${product.id}`, {
        price: '99.99',
        stock: 0,
        cancellable: false,
        active: false,
      });
      expect(response.statusCode).toBe(200);
      const entry = response.json().entry as AdminProductDto;
      expect(entry).toMatchObject({
        id: product.id,
        name: 'Old name',
        price: '99.99',
        stock: 0,
        cancellable: false,
        active: false,
        update_time: NOW + 1_000,
      });
      const [row] = await audit.recent({ event: ShopAuditEvent.operatorProductUpdated });
      expect(row?.detail).toMatchObject({
        operator: ADMIN_TOKEN_ACTOR,
        product_id: product.id,
        before: { price: '100.00', stock: 4, cancellable: true, active: true },
        after: { price: '99.99', stock: 0, cancellable: false, active: false },
      });
      // An inactive product leaves the public catalogue.
      expect((await app.inject({ method: 'GET', url: `/shop/product?id=${product.id}` })).statusCode).toBe(
        404,
      );
    });

    it('answers 404 for an unknown product and 400 for a bad id or an empty change', async () => {
      const unknown = await call('PUT', '/admin/api/products/999999999', { stock: 1 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 404, msg: ShopMessage.productNotFound });
      expect((await call('GET', '/admin/api/products/999999999')).statusCode).toBe(404);
      for (const id of ['-1', '0', 'abc', '99999999999']) {
        expect((await call('PUT', `/admin/api/products/${id}`, { stock: 1 })).statusCode).toBe(400);
      }
      const product = await insertTestProduct(database());
      const empty = await call('PUT', `/admin/api/products/${product.id}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ code: 400, msg: 'no product field to change' });
      const bad = await call('PUT', `/admin/api/products/${product.id}`, { name: 'x'.repeat(10_000) });
      expect(bad.statusCode).toBe(400);
      expect((await call('GET', `/admin/api/products/${product.id}`)).json().entry.name).toBe(
        'Gold coin 1 g',
      );
    });

    it('lists every product, active or not, with page.count', async () => {
      const hidden = await insertTestProduct(database(), { is_active: 0, name: 'Hidden' });
      const response = await call('GET', '/admin/api/products?p=1&p_size=100');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.page.count).toBe(await productCount());
      expect(body.queryset.find((row: AdminProductDto) => row.id === hidden.id)).toMatchObject({
        active: false,
      });
      expect((await call('GET', '/admin/api/products?p_size=500')).statusCode).toBe(400);
    });
  });
});
