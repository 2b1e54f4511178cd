import { type OrderDto, ShopMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from '../idempotency/idempotency.service.ts';
import { INSUFFICIENT_BALANCE_MESSAGE } from '../ledger/ledger.errors.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { ShopAuditEvent } from '../shop/shop-audit.ts';
import {
  addAddress,
  BUYER_PASSWORD,
  balanceOf,
  createBuyer,
  fundWallet,
  insertTestProduct,
  stockOf,
  type TestBuyer,
} from './order-fixtures.ts';
import { BUY_ATTEMPTS_PER_USER } from './orders.service.ts';
import { ORDER_LEDGER_CHECKS } from './orders-ledger-checks.ts';

const ADMIN_TOKEN = 'orders-test-admin-token-0123456789';
/** Wednesday 2025-03-05 12:00 in Kolkata (the test app's market is in). */
const WEDNESDAY_NOON_IST = Date.parse('2025-03-05T06:30:00Z');
/** The first Saturday 01:30 IST after it: 2025-03-08 01:30 IST. */
const SATURDAY_DEADLINE_IST = Date.parse('2025-03-07T20:00:00Z');
const PRICE_MINOR = 10_000;

describeEachDatabase('purchase and order routes', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(WEDNESDAY_NOON_IST);
  let audit: AuditLog;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    audit = new AuditLog(database().db, clock);
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    clock.set(WEDNESDAY_NOON_IST);
  });

  /** A funded buyer with one address. */
  const fundedBuyer = async (amountMinor = PRICE_MINOR * 5) => {
    const buyer = await createBuyer(database(), clock);
    if (amountMinor > 0) await fundWallet(database(), clock, buyer.userId, amountMinor);
    const addressId = await addAddress(app, buyer);
    return { ...buyer, addressId };
  };
  const buy = (buyer: TestBuyer, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/user/buy', headers: { ...buyer.headers, ...headers }, payload });
  const post = (url: string, buyer: TestBuyer, payload: Record<string, unknown>, headers = {}) =>
    app.inject({ method: 'POST', url, headers: { ...buyer.headers, ...headers }, payload });
  const listOrders = async (buyer: TestBuyer, query = '') => {
    const response = await app.inject({ method: 'GET', url: `/user/orders${query}`, headers: buyer.headers });
    return response;
  };
  const ship = (orderId: number) =>
    app.inject({
      method: 'POST',
      url: `/admin/api/orders/${orderId}/ship`,
      headers: adminTokenHeaders(ADMIN_TOKEN),
    });
  const orderCount = async (userId: number) =>
    Number(
      (
        await database()
          .db.selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).count,
    );
  /** What a refused purchase must leave untouched. */
  const snapshot = async (userId: number, productId: number) => ({
    balance: await balanceOf(database(), clock, userId),
    stock: await stockOf(database(), productId),
    orders: await orderCount(userId),
  });
  /** Buys one unit and answers the order. */
  const buyOne = async (buyer: TestBuyer & { addressId: number }, productId: number): Promise<OrderDto> => {
    const response = await buy(buyer, {
      product_id: productId,
      address_id: buyer.addressId,
      password: BUYER_PASSWORD,
    });
    if (response.statusCode !== 200) throw new Error(`buy failed: ${response.body}`);
    return response.json().entry as OrderDto;
  };

  describe('POST /user/buy', () => {
    it('answers 401 without a live session', async () => {
      const response = await app.inject({ method: 'POST', url: '/user/buy', payload: {} });
      expect(response.statusCode).toBe(401);
    });

    it('buys: one unit of stock, the price from the wallet to shop revenue, an order with copies', async () => {
      const buyer = await fundedBuyer(25_000);
      const product = await insertTestProduct(database(), {
        price_minor: 12_345,
        stock: 3,
        name: 'Gold bar 5 g',
      });
      const response = await buy(buyer, {
        product_id: product.id,
        address_id: String(buyer.addressId),
        password: BUYER_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        code: 200,
        msg: 'Your buy is successful completed.',
        entry: {
          id: expect.any(Number),
          product_id: product.id,
          product_name: 'Gold bar 5 g',
          product_image: '/media/products/coin-1.svg',
          price: '123.45',
          address: {
            full_name: 'Asha Rao',
            mobile_number: '+919876543210',
            pin_code: '560001',
            state: 'Karnataka',
            town_city: 'Bengaluru',
            detail_address: '12 MG Road, 2nd floor',
          },
          status: 'undelivered',
          create_time: WEDNESDAY_NOON_IST,
          ship_time: null,
          receive_time: null,
          cancel_time: null,
          cancellable: true,
          can_cancel: true,
          cancel_deadline: SATURDAY_DEADLINE_IST,
        },
      });
      expect(await stockOf(database(), product.id)).toBe(2);
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(25_000 - 12_345);
      const transactions = await app.inject({
        method: 'GET',
        url: '/user/transactions',
        headers: buyer.headers,
      });
      expect(transactions.json().queryset[0]).toEqual({
        type: 'ORD',
        change_balance: '-123.45',
        relation_id: String(body.entry.id),
        create_time: WEDNESDAY_NOON_IST,
      });
      const [entry] = await audit.recent({ event: ShopAuditEvent.orderPlaced, userId: buyer.userId });
      expect(entry?.detail).toMatchObject({
        order_id: body.entry.id,
        product_id: product.id,
        price_minor: 12_345,
      });
      await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
    });

    it('refuses a wrong password, changes nothing and audits the attempt', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      const before = await snapshot(buyer.userId, product.id);
      const response = await buy(buyer, {
        product_id: product.id,
        address_id: buyer.addressId,
        password: `${BUYER_PASSWORD}x`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: ShopMessage.passwordIncorrect });
      expect(await snapshot(buyer.userId, product.id)).toEqual(before);
      const failures = await audit.recent({ event: ShopAuditEvent.buyPasswordFailed, userId: buyer.userId });
      expect(failures).toHaveLength(1);
      expect(JSON.stringify(failures[0]?.detail)).not.toContain(BUYER_PASSWORD);
    });

    it.each([
      [{ password: undefined }, 'password is required'],
      [{ password: '' }, 'password is required'],
      [{ password: '   ' }, 'password is required'],
      [{ password: 'p'.repeat(10_000) }, 'password must be at most 64 characters'],
      [{ password: 12_345 }, 'password must be text'],
      [{ product_id: undefined }, 'product_id is required'],
      [{ product_id: -1 }, 'product_id must be a positive whole number'],
      [{ product_id: 0 }, 'product_id must be a positive whole number'],
      [{ product_id: 99_999_999_999 }, 'product_id must be a positive whole number'],
      [{ product_id: 1.5 }, 'product_id must be a positive whole number'],
      [{ product_id: '1; drop table orders' }, 'product_id must be a positive whole number'],
      [{ address_id: null }, 'address_id is required'],
      [{ address_id: -7 }, 'address_id must be a positive whole number'],
      [{ address_id: 'x'.repeat(10_000) }, 'address_id must be a positive whole number'],
    ])('answers 400 for %j and changes nothing', async (overrides, message) => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      const before = await snapshot(buyer.userId, product.id);
      const response = await buy(buyer, {
        product_id: product.id,
        address_id: buyer.addressId,
        password: BUYER_PASSWORD,
        ...overrides,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: message });
      expect(await snapshot(buyer.userId, product.id)).toEqual(before);
    });

    it('answers 404 for an unknown, another user’s or a deleted address, and changes nothing', async () => {
      const buyer = await fundedBuyer();
      const stranger = await fundedBuyer();
      const product = await insertTestProduct(database());
      const deletedId = await addAddress(app, buyer);
      await app.inject({
        method: 'PUT',
        url: '/user/delete_address',
        headers: buyer.headers,
        payload: { id: deletedId },
      });
      const before = await snapshot(buyer.userId, product.id);
      for (const addressId of [2_147_483_647, stranger.addressId, deletedId]) {
        const response = await buy(buyer, {
          product_id: product.id,
          address_id: addressId,
          password: BUYER_PASSWORD,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 404, msg: ShopMessage.addressNotFound });
      }
      expect(await snapshot(buyer.userId, product.id)).toEqual(before);
    });

    it('answers 404 for an unknown or inactive product', async () => {
      const buyer = await fundedBuyer();
      const hidden = await insertTestProduct(database(), { is_active: 0 });
      for (const productId of [2_147_483_647, hidden.id]) {
        const response = await buy(buyer, {
          product_id: productId,
          address_id: buyer.addressId,
          password: BUYER_PASSWORD,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 404, msg: ShopMessage.productNotFound });
      }
      expect(await stockOf(database(), hidden.id)).toBe(10);
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(PRICE_MINOR * 5);
    });

    it('answers Sold out when the stock is 0, and changes nothing', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database(), { stock: 1 });
      await buyOne(buyer, product.id);
      const before = await snapshot(buyer.userId, product.id);
      const response = await buy(buyer, {
        product_id: product.id,
        address_id: buyer.addressId,
        password: BUYER_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: ShopMessage.soldOut });
      expect(await snapshot(buyer.userId, product.id)).toEqual(before);
      expect(before.stock).toBe(0);
    });

    it('answers Insufficient balance when the wallet is short by one paisa, and changes nothing', async () => {
      const buyer = await fundedBuyer(PRICE_MINOR - 1);
      const broke = await fundedBuyer(0);
      const product = await insertTestProduct(database(), { price_minor: PRICE_MINOR, stock: 5 });
      for (const who of [buyer, broke]) {
        const before = await snapshot(who.userId, product.id);
        const response = await buy(who, {
          product_id: product.id,
          address_id: who.addressId,
          password: BUYER_PASSWORD,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 400, msg: INSUFFICIENT_BALANCE_MESSAGE });
        expect(await snapshot(who.userId, product.id)).toEqual(before);
      }
      expect(await stockOf(database(), product.id)).toBe(5);
      // Exactly the price is enough.
      await fundWallet(database(), clock, buyer.userId, 1);
      await buyOne(buyer, product.id);
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(0);
      await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
    });

    it.each([
      ['01:29:59 IST', '2025-03-04T19:59:59.999Z', 200],
      ['01:30:00 IST', '2025-03-04T20:00:00.000Z', 400],
      ['03:00 IST', '2025-03-04T21:30:00.000Z', 400],
      ['05:29:59 IST', '2025-03-04T23:59:59.999Z', 400],
      ['05:30:00 IST', '2025-03-05T00:00:00.000Z', 200],
    ])('at %s (%s), in or out of the daily inventory time, answers %i', async (_label, instant, status) => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      clock.set(Date.parse(instant));
      const before = await snapshot(buyer.userId, product.id);
      const response = await buy(buyer, {
        product_id: product.id,
        address_id: buyer.addressId,
        password: BUYER_PASSWORD,
      });
      expect(response.statusCode).toBe(status);
      if (status === 400) {
        expect(response.json()).toEqual({ code: 400, msg: ShopMessage.inventoryTime });
        expect(await snapshot(buyer.userId, product.id)).toEqual(before);
      } else {
        expect(await stockOf(database(), product.id)).toBe(before.stock - 1);
      }
    });

    it('refuses a keyed purchase in the inventory time, but answers a replay of one made before it', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      const payload = { product_id: product.id, address_id: buyer.addressId, password: BUYER_PASSWORD };
      clock.set(Date.parse('2025-03-04T19:59:00.000Z'));
      const first = await buy(buyer, payload, { 'idempotency-key': 'buy-before-inventory' });
      expect(first.statusCode).toBe(200);
      clock.set(Date.parse('2025-03-04T20:05:00.000Z'));
      const replay = await buy(buyer, payload, { 'idempotency-key': 'buy-before-inventory' });
      expect(replay.json()).toEqual(first.json());
      const fresh = await buy(buyer, payload, { 'idempotency-key': 'buy-during-inventory' });
      expect(fresh.json()).toEqual({ code: 400, msg: ShopMessage.inventoryTime });
      expect(await orderCount(buyer.userId)).toBe(1);
      expect(await stockOf(database(), product.id)).toBe(9);
      clock.set(WEDNESDAY_NOON_IST);
    });

    it('answers a replayed Idempotency-Key with the first answer and buys once; another body answers 422', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      const payload = { product_id: product.id, address_id: buyer.addressId, password: BUYER_PASSWORD };
      const key = { 'idempotency-key': 'buy-once-0001' };
      const first = await buy(buyer, payload, key);
      const second = await buy(buyer, { ...payload, product_id: String(product.id) }, key);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await orderCount(buyer.userId)).toBe(1);
      expect(await stockOf(database(), product.id)).toBe(9);
      const other = await insertTestProduct(database());
      const mismatch = await buy(buyer, { ...payload, product_id: other.id }, key);
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json()).toEqual({ code: 422, msg: IDEMPOTENCY_MISMATCH_MESSAGE });
      const malformed = await buy(buyer, payload, { 'idempotency-key': 'bad key!' });
      expect(malformed.statusCode).toBe(400);
      expect(await orderCount(buyer.userId)).toBe(1);
      await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
    });

    it(`refuses more than ${BUY_ATTEMPTS_PER_USER} purchase attempts per window with 429`, async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      for (let attempt = 0; attempt < BUY_ATTEMPTS_PER_USER; attempt += 1) {
        const response = await buy(buyer, {
          product_id: product.id,
          address_id: buyer.addressId,
          password: 'guess',
        });
        expect(response.statusCode).toBe(400);
      }
      const refused = await buy(buyer, {
        product_id: product.id,
        address_id: buyer.addressId,
        password: BUYER_PASSWORD,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, msg: ShopMessage.buyRateLimited });
      expect(await orderCount(buyer.userId)).toBe(0);
      // Another user is not affected.
      const other = await fundedBuyer();
      await buyOne(other, product.id);
    });

    it('keeps the order’s copies when the product and the address change later', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database(), { name: 'Silver coin', price_minor: 5_000 });
      const order = await buyOne(buyer, product.id);
      await database()
        .db.updateTable('products')
        .set({ name: 'Renamed', price_minor: 99_999, main_image: '/media/new.svg' })
        .where('id', '=', product.id)
        .execute();
      await post('/user/edit_address', buyer, {
        id: buyer.addressId,
        full_name: 'Someone Else',
        mobile_number: '9000000000',
        pin_code: '110001',
        state: 'Delhi',
        town_city: 'New Delhi',
        detail_address: 'Elsewhere',
      });
      const [listed] = (await listOrders(buyer)).json().queryset;
      expect(listed).toMatchObject({
        id: order.id,
        product_name: 'Silver coin',
        price: '50.00',
        product_image: '/media/products/coin-1.svg',
        address: { full_name: 'Asha Rao', town_city: 'Bengaluru' },
      });
    });
  });

  describe('GET /user/orders', () => {
    let buyer: TestBuyer & { addressId: number };
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      clock.set(WEDNESDAY_NOON_IST);
      buyer = await fundedBuyer(PRICE_MINOR * 10);
      const product = await insertTestProduct(database());
      const customised = await insertTestProduct(database(), { cancellable: 0, name: 'Engraved ring' });
      ids.undelivered = (await buyOne(buyer, product.id)).id;
      ids.customised = (await buyOne(buyer, customised.id)).id;
      ids.unreceived = (await buyOne(buyer, product.id)).id;
      ids.success = (await buyOne(buyer, product.id)).id;
      ids.cancelled = (await buyOne(buyer, product.id)).id;
      await ship(ids.unreceived);
      await ship(ids.success);
      await post('/user/confirm_order', buyer, { id: ids.success });
      await post('/user/cancel_order', buyer, { id: ids.cancelled });
      // Someone else's order never shows.
      const stranger = await fundedBuyer();
      await buyOne(stranger, product.id);
    });

    it('lists all of the user’s orders newest first, with page.count', async () => {
      const response = await listOrders(buyer, '?t=1700000000000');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.code).toBe(200);
      expect(body.page.count).toBe(5);
      expect(body.queryset.map((row: OrderDto) => row.id)).toEqual([
        ids.cancelled,
        ids.success,
        ids.unreceived,
        ids.customised,
        ids.undelivered,
      ]);
    });

    it.each([
      ['undelivered', ['customised', 'undelivered']],
      ['unreceived', ['unreceived']],
      ['success', ['success']],
      ['cancelled', ['cancelled']],
      ['all', ['cancelled', 'success', 'unreceived', 'customised', 'undelivered']],
    ])('filters status=%s', async (status, names) => {
      const body = (await listOrders(buyer, `?status=${status}`)).json();
      expect(body.queryset.map((row: OrderDto) => row.id)).toEqual(names.map((name) => ids[name]));
      expect(body.page.count).toBe(names.length);
      for (const row of body.queryset as OrderDto[]) {
        if (status !== 'all') expect(row.status).toBe(status);
      }
    });

    it('says which orders can still be cancelled, and until when', async () => {
      const rows = (await listOrders(buyer)).json().queryset as OrderDto[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(ids.undelivered as number)).toMatchObject({ cancellable: true, can_cancel: true });
      expect(byId.get(ids.customised as number)).toMatchObject({ cancellable: false, can_cancel: false });
      expect(byId.get(ids.unreceived as number)).toMatchObject({
        can_cancel: false,
        ship_time: WEDNESDAY_NOON_IST,
      });
      expect(byId.get(ids.success as number)).toMatchObject({
        can_cancel: false,
        receive_time: WEDNESDAY_NOON_IST,
      });
      expect(byId.get(ids.cancelled as number)).toMatchObject({
        can_cancel: false,
        cancel_time: WEDNESDAY_NOON_IST,
      });
      for (const row of rows) expect(row.cancel_deadline).toBe(SATURDAY_DEADLINE_IST);
      clock.set(SATURDAY_DEADLINE_IST);
      const later = (await listOrders(buyer, '?status=undelivered')).json().queryset as OrderDto[];
      for (const row of later) expect(row.can_cancel).toBe(false);
    });

    it('pages with p and p_size', async () => {
      const first = (await listOrders(buyer, '?p=1&p_size=2')).json();
      const third = (await listOrders(buyer, '?p=3&p_size=2')).json();
      expect(first.page.count).toBe(5);
      expect(first.queryset.map((row: OrderDto) => row.id)).toEqual([ids.cancelled, ids.success]);
      expect(third.queryset.map((row: OrderDto) => row.id)).toEqual([ids.undelivered]);
    });

    it.each(['status=shipped', 'status=', 'p=0', 'p_size=101', 'p=-1'])(
      'answers 400 for %s',
      async (query) => {
        const response = await listOrders(buyer, `?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe(400);
      },
    );

    it('answers 401 without a session', async () => {
      expect((await app.inject({ method: 'GET', url: '/user/orders' })).statusCode).toBe(401);
    });
  });

  describe('POST /user/confirm_order', () => {
    it('confirms a shipped order once (unreceived → success)', async () => {
      const buyer = await fundedBuyer();
      const order = await buyOne(buyer, (await insertTestProduct(database())).id);
      const early = await post('/user/confirm_order', buyer, { id: order.id });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({ code: 400, msg: ShopMessage.orderNotUnreceived });
      expect((await ship(order.id)).statusCode).toBe(200);
      clock.advance(60_000);
      const confirmed = await post('/user/confirm_order', buyer, { id: String(order.id) });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        code: 200,
        msg: ShopMessage.orderConfirmed,
        entry: { id: order.id, status: 'success', receive_time: WEDNESDAY_NOON_IST + 60_000 },
      });
      const again = await post('/user/confirm_order', buyer, { id: order.id });
      expect(again.statusCode).toBe(400);
      const events = await audit.recent({ event: ShopAuditEvent.orderConfirmed, userId: buyer.userId });
      expect(events).toHaveLength(1);
    });

    it('answers 404 for another user’s or an unknown order, and 400 for a bad id', async () => {
      const buyer = await fundedBuyer();
      const stranger = await fundedBuyer();
      const order = await buyOne(buyer, (await insertTestProduct(database())).id);
      await ship(order.id);
      const foreign = await post('/user/confirm_order', stranger, { id: order.id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ code: 404, msg: ShopMessage.orderNotFound });
      expect((await post('/user/confirm_order', buyer, { id: 2_147_483_647 })).statusCode).toBe(404);
      for (const id of [-1, 0, 'abc', 99_999_999_999, null]) {
        const response = await post('/user/confirm_order', buyer, { id });
        expect(response.statusCode).toBe(400);
      }
      const [row] = (await listOrders(buyer)).json().queryset as OrderDto[];
      expect(row?.status).toBe('unreceived');
    });
  });

  describe('POST /user/cancel_order', () => {
    it('cancels an undelivered order: full refund (ORDR), stock back, status cancelled, once', async () => {
      const buyer = await fundedBuyer(30_000);
      const product = await insertTestProduct(database(), { price_minor: 12_000, stock: 4 });
      const order = await buyOne(buyer, product.id);
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(18_000);
      clock.advance(5_000);
      const response = await post('/user/cancel_order', buyer, { id: order.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        code: 200,
        msg: ShopMessage.orderCancelled,
        entry: {
          id: order.id,
          status: 'cancelled',
          cancel_time: WEDNESDAY_NOON_IST + 5_000,
          can_cancel: false,
        },
      });
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(30_000);
      expect(await stockOf(database(), product.id)).toBe(4);
      const transactions = (
        await app.inject({ method: 'GET', url: '/user/transactions', headers: buyer.headers })
      ).json().queryset;
      expect(transactions[0]).toEqual({
        type: 'ORDR',
        change_balance: '120.00',
        relation_id: String(order.id),
        create_time: WEDNESDAY_NOON_IST + 5_000,
      });
      const again = await post('/user/cancel_order', buyer, { id: order.id });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ code: 400, msg: ShopMessage.orderNotUndelivered });
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(30_000);
      expect(await stockOf(database(), product.id)).toBe(4);
      await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
    });

    it('answers a replayed Idempotency-Key with the first answer and refunds once', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      const order = await buyOne(buyer, product.id);
      const key = { 'idempotency-key': 'cancel-once-0001' };
      const first = await post('/user/cancel_order', buyer, { id: order.id }, key);
      const second = await post('/user/cancel_order', buyer, { id: order.id }, key);
      expect(first.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(PRICE_MINOR * 5);
      expect(await stockOf(database(), product.id)).toBe(10);
      await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
    });

    it('refuses a customised (non-cancellable) product', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database(), { cancellable: 0 });
      const order = await buyOne(buyer, product.id);
      expect(order).toMatchObject({ cancellable: false, can_cancel: false });
      const response = await post('/user/cancel_order', buyer, { id: order.id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: ShopMessage.orderNotCancellable });
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(PRICE_MINOR * 4);
      expect(await stockOf(database(), product.id)).toBe(9);
    });

    it('keeps the terms of purchase when the product’s flag changes later', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      const order = await buyOne(buyer, product.id);
      await database()
        .db.updateTable('products')
        .set({ cancellable: 0 })
        .where('id', '=', product.id)
        .execute();
      expect((await post('/user/cancel_order', buyer, { id: order.id })).statusCode).toBe(200);
    });

    it('allows cancelling until Saturday 01:30 market time and not from then on', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      const lastMinute = await buyOne(buyer, product.id);
      const tooLate = await buyOne(buyer, product.id);
      clock.set(SATURDAY_DEADLINE_IST - 1);
      expect((await post('/user/cancel_order', buyer, { id: lastMinute.id })).statusCode).toBe(200);
      clock.set(SATURDAY_DEADLINE_IST);
      const refused = await post('/user/cancel_order', buyer, { id: tooLate.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 400, msg: ShopMessage.cancelDeadlinePassed });
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(PRICE_MINOR * 4);
      expect(await stockOf(database(), product.id)).toBe(9);
    });

    it('gives an order placed on Saturday after 05:30 a whole week', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      clock.set(Date.parse('2025-03-08T01:00:00Z')); // Saturday 06:30 IST
      const order = await buyOne(buyer, product.id);
      expect(order.cancel_deadline).toBe(Date.parse('2025-03-14T20:00:00Z'));
      clock.set(Date.parse('2025-03-14T19:59:00Z'));
      expect((await post('/user/cancel_order', buyer, { id: order.id })).statusCode).toBe(200);
    });

    it('refuses a shipped or received order', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database());
      const order = await buyOne(buyer, product.id);
      await ship(order.id);
      const response = await post('/user/cancel_order', buyer, { id: order.id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: ShopMessage.orderNotUndelivered });
      await post('/user/confirm_order', buyer, { id: order.id });
      expect((await post('/user/cancel_order', buyer, { id: order.id })).statusCode).toBe(400);
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(PRICE_MINOR * 4);
    });

    it('answers 404 for another user’s or an unknown order and 400 for a bad id, changing nothing', async () => {
      const buyer = await fundedBuyer();
      const stranger = await fundedBuyer();
      const product = await insertTestProduct(database());
      const order = await buyOne(buyer, product.id);
      const foreign = await post('/user/cancel_order', stranger, { id: order.id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ code: 404, msg: ShopMessage.orderNotFound });
      expect((await post('/user/cancel_order', buyer, { id: 2_147_483_647 })).statusCode).toBe(404);
      for (const id of [-1, 0, 'x'.repeat(10_000), 99_999_999_999, undefined]) {
        const response = await post('/user/cancel_order', buyer, { id });
        expect(response.statusCode).toBe(400);
        expect(response.json().msg).toMatch(/^id /);
      }
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(PRICE_MINOR * 4);
      expect(await balanceOf(database(), clock, stranger.userId)).toBe(PRICE_MINOR * 5);
      expect(await stockOf(database(), product.id)).toBe(9);
    });

    it('puts the unit back even when the product was taken off sale meanwhile', async () => {
      const buyer = await fundedBuyer();
      const product = await insertTestProduct(database(), { stock: 1 });
      const order = await buyOne(buyer, product.id);
      await database()
        .db.updateTable('products')
        .set({ is_active: 0 })
        .where('id', '=', product.id)
        .execute();
      expect((await post('/user/cancel_order', buyer, { id: order.id })).statusCode).toBe(200);
      expect(await stockOf(database(), product.id)).toBe(1);
      await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
    });
  });
});
