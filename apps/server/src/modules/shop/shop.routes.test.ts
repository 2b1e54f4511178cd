import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NewProductRow } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { SettingsService } from '../settings/settings.service.ts';

const PRODUCT_COUNT = 23;

function product(index: number, overrides: Partial<NewProductRow> = {}): NewProductRow {
  return {
    name: index % 2 === 0 ? `Gold bar ${index} g` : `Silver coin ${index}`,
    price_minor: 100_000 + index,
    main_image: `/media/products/p${index}-1.svg`,
    image2: `/media/products/p${index}-2.svg`,
    image3: `/media/products/p${index}-3.svg`,
    spec: `Weight=${index} g,Purity=999`,
    stock: index === 3 ? 0 : 10,
    sort_order: index,
    is_active: 1,
    created_at: 1,
    updated_at: 1,
    ...overrides,
  };
}

describeEachDatabase('shop routes', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database();
    const rows = Array.from({ length: PRODUCT_COUNT }, (_, index) => product(index + 1));
    rows.push(product(99, { name: 'Hidden gold 100%_off', is_active: 0 }));
    await db.insertInto('products').values(rows).execute();
    const settings = new SettingsService(db, new ManualClock(1));
    await settings.set('home.banners', ['/media/banners/a.svg', '/media/banners/b.svg']);
    await settings.set('home.notice', 'Welcome');
    app = await buildTestApp(database());
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers the home top record with banners, notice and an empty games list', async () => {
    const response = await app.inject({ method: 'GET', url: '/shop/home_top?t=123' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.queryset[0]).toMatchObject({
      image1: '/media/banners/a.svg',
      image2: '/media/banners/b.svg',
      image3: '',
      notice: 'Welcome',
      more_game_list: [],
    });
    expect(body.more_game_list).toEqual([]);
  });

  it('lists enabled embedded games on the home', async () => {
    const { db } = database();
    await db
      .insertInto('more_games')
      .values([
        {
          name: 'Dice',
          image: '/media/games/dice.svg',
          launch_url: 'https://games.example/dice',
          is_enabled: 1,
          created_at: 1,
        },
        { name: 'Off', image: '', launch_url: 'https://games.example/off', is_enabled: 0, created_at: 1 },
      ])
      .execute();
    const body = (await app.inject({ method: 'GET', url: '/shop/home_top' })).json();
    expect(body.more_game_list).toEqual([
      { game_id: expect.any(Number), name: 'Dice', image: '/media/games/dice.svg' },
    ]);
    await db.deleteFrom('more_games').execute();
  });

  it('pages through active products in catalogue order', async () => {
    const first = (await app.inject({ method: 'GET', url: '/shop/products?p=1&p_size=10' })).json();
    expect(first.page.count).toBe(PRODUCT_COUNT);
    expect(first.queryset).toHaveLength(10);
    expect(first.queryset[0]).toEqual({
      id: expect.any(Number),
      name: 'Silver coin 1',
      price: '1000.01',
      main_image: '/media/products/p1-1.svg',
      image2: '/media/products/p1-2.svg',
      image3: '/media/products/p1-3.svg',
      spec: 'Weight=1 g,Purity=999',
      stock: 10,
    });
    const last = (await app.inject({ method: 'GET', url: '/shop/products?p=3&p_size=10' })).json();
    expect(last.queryset.map((row: { name: string }) => row.name)).toEqual([
      'Silver coin 21',
      'Gold bar 22 g',
      'Silver coin 23',
    ]);
    const beyond = (await app.inject({ method: 'GET', url: '/shop/products?p=9' })).json();
    expect(beyond).toEqual({ code: 200, page: { count: PRODUCT_COUNT }, queryset: [] });
  });

  it('searches by keyword, case-insensitively and literally', async () => {
    const gold = (await app.inject({ method: 'GET', url: '/shop/products?keyword=GOLD&p_size=100' })).json();
    expect(gold.page.count).toBe(11);
    expect(gold.queryset.every((row: { name: string }) => row.name.startsWith('Gold bar'))).toBe(true);
    const hidden = (await app.inject({ method: 'GET', url: '/shop/products?keyword=Hidden' })).json();
    expect(hidden.page.count).toBe(0);
  });

  it('matches %, _ and backslash in a keyword literally, never as wildcards', async () => {
    const { db } = database();
    const literalNames = ['Silver 100% pure_coin', 'Gold coin 50%', 'Gold plate_set', 'Coin A\\B'];
    await db
      .insertInto('products')
      .values(literalNames.map((name, index) => product(200 + index, { name })))
      .execute();
    const namesFound = async (keyword: string) => {
      const url = `/shop/products?p_size=100&keyword=${encodeURIComponent(keyword)}`;
      const body = (await app.inject({ method: 'GET', url })).json();
      expect(body.page.count).toBe(body.queryset.length);
      return body.queryset.map((row: { name: string }) => row.name).sort();
    };
    try {
      // The inactive "Hidden gold 100%_off" matches too but is never listed.
      expect(await namesFound('%')).toEqual(['Gold coin 50%', 'Silver 100% pure_coin']);
      expect(await namesFound('_')).toEqual(['Gold plate_set', 'Silver 100% pure_coin']);
      expect(await namesFound('0% PURE_')).toEqual(['Silver 100% pure_coin']);
      expect(await namesFound('\\')).toEqual(['Coin A\\B']);
      // Each of these would match many names if % or _ were wildcards.
      expect(await namesFound('Gold_bar')).toEqual([]);
      expect(await namesFound('G%d')).toEqual([]);
      expect(await namesFound('Silver coin 1_')).toEqual([]);
      expect(await namesFound('\\%')).toEqual([]);
    } finally {
      await db.deleteFrom('products').where('name', 'in', literalNames).execute();
    }
  });

  it('answers one product by id, and 404 for an unknown or inactive one', async () => {
    const list = (await app.inject({ method: 'GET', url: '/shop/products?p_size=1' })).json();
    const id = list.queryset[0].id;
    const detail = await app.inject({ method: 'GET', url: `/shop/product?id=${id}` });
    expect(detail.json()).toEqual({ code: 200, entry: list.queryset[0] });
    const missing = await app.inject({ method: 'GET', url: '/shop/product?id=999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: 'Product not found' });
  });
});

describeEachDatabase('shop bad input', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
  });

  afterAll(async () => {
    await app?.close();
  });

  // Run on both databases: a value that slipped through validation (a NUL in the keyword) only fails on
  // PostgreSQL, where it used to be a 500.
  it.each([
    '/shop/products?p=0',
    '/shop/products?p=-1',
    '/shop/products?p=1000000000',
    '/shop/products?p=abc',
    '/shop/products?p_size=0',
    '/shop/products?p_size=101',
    '/shop/products?p_size=-1',
    '/shop/products?p_size=abc',
    '/shop/products?p=1&p=2',
    `/shop/products?keyword=${'x'.repeat(101)}`,
    '/shop/products?keyword=%00',
    '/shop/products?keyword=gold%00bar',
    '/shop/products?keyword=gold%07',
    '/shop/products?keyword=gold%0Abar',
    '/shop/products?keyword=a&keyword=b',
    '/shop/product?id=abc',
    '/shop/product?id=',
    '/shop/product',
    '/shop/product?id=-5',
    '/shop/product?id=1e3',
    '/shop/product?id=1%00',
    '/shop/products?p=%E0%A4%A',
  ])('answers 400 with a message for %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(/^(p|p_size|id|keyword)\b/);
  });

  it('names keyword when it holds a NUL character', async () => {
    const response = await app.inject({ method: 'GET', url: '/shop/products?keyword=%00' });
    expect(response.json()).toEqual({ code: 400, msg: 'keyword must not contain control characters' });
  });
});
