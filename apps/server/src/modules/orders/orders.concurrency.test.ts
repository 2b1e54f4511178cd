import { ShopMessage } from '@app/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { sumOfWalletsMinor } from '../../test-support/ledger-workload.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { systemAccount } from '../ledger/ledger.kinds.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
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
import { ORDER_LEDGER_CHECKS } from './orders-ledger-checks.ts';

/** How many buyers race for the product, and how many units there are. */
const BUYERS = 50;
const STOCK = 10;
const PRICE_MINOR = 7_550;
/** Each buyer can afford two units, so only the stock limits the race. */
const FUNDS_MINOR = PRICE_MINOR * 2;
/** Wednesday 12:00 in Kolkata: outside the inventory time, days before the cancellation deadline. */
const WEDNESDAY_NOON_IST = Date.parse('2025-03-05T06:30:00Z');

type Buyer = TestBuyer & { addressId: number };

/**
 * On SQLite the requests share one connection and BEGIN IMMEDIATE serialises them; on PostgreSQL the pool
 * runs them truly at once, so the conditional stock UPDATE, the row locks and the ledger's conditional
 * debit do the work.
 */
describeEachDatabase('purchases under concurrency', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(WEDNESDAY_NOON_IST);

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const newBuyers = async (count: number): Promise<Buyer[]> => {
    const buyers: Buyer[] = [];
    for (let index = 0; index < count; index += 1) {
      const buyer = await createBuyer(database(), clock);
      await fundWallet(database(), clock, buyer.userId, FUNDS_MINOR);
      buyers.push({ ...buyer, addressId: await addAddress(app, buyer) });
    }
    return buyers;
  };
  const buy = (buyer: Buyer, productId: number) =>
    app.inject({
      method: 'POST',
      url: '/user/buy',
      headers: buyer.headers,
      payload: { product_id: productId, address_id: buyer.addressId, password: BUYER_PASSWORD },
    });
  const cancel = (buyer: Buyer, orderId: number) =>
    app.inject({
      method: 'POST',
      url: '/user/cancel_order',
      headers: buyer.headers,
      payload: { id: orderId },
    });
  const shopRevenueMinor = async () => {
    const account = await new LedgerService(database(), clock).findAccount(
      database().db,
      systemAccount('shop_revenue'),
    );
    return (account?.creditsPostedMinor ?? 0) - (account?.debitsPostedMinor ?? 0);
  };
  const ordersOf = async (productId: number) =>
    database().db.selectFrom('orders').selectAll().where('product_id', '=', productId).execute();
  const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

  it(`${BUYERS} parallel buys of a product with stock ${STOCK}: exactly ${STOCK} orders, exact money`, async () => {
    const buyers = await newBuyers(BUYERS);
    const product = await insertTestProduct(database(), { stock: STOCK, price_minor: PRICE_MINOR });
    const revenueBefore = await shopRevenueMinor();

    const responses = await Promise.all(buyers.map((buyer) => buy(buyer, product.id)));

    const succeeded = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(succeeded).toHaveLength(STOCK);
    expect(refused).toHaveLength(BUYERS - STOCK);
    for (const response of refused) expect(response.json()).toEqual({ code: 400, msg: ShopMessage.soldOut });
    expect(await stockOf(database(), product.id)).toBe(0);
    const orders = await ordersOf(product.id);
    expect(orders).toHaveLength(STOCK);
    expect(new Set(orders.map((order) => Number(order.user_id))).size).toBe(STOCK);
    for (const [index, buyer] of buyers.entries()) {
      const paid = responses[index]?.statusCode === 200;
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(FUNDS_MINOR - (paid ? PRICE_MINOR : 0));
    }
    const userIds = buyers.map((buyer) => buyer.userId);
    expect(await sumOfWalletsMinor(database(), userIds)).toBe(BUYERS * FUNDS_MINOR - STOCK * PRICE_MINOR);
    expect((await shopRevenueMinor()) - revenueBefore).toBe(STOCK * PRICE_MINOR);
    await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
  });

  it('refunds an order once when its cancel is sent 20 times at once', async () => {
    const [buyer] = await newBuyers(1);
    if (!buyer) throw new Error('no buyer');
    const product = await insertTestProduct(database(), { stock: 1, price_minor: PRICE_MINOR });
    const order = (await buy(buyer, product.id)).json().entry;

    const responses = await Promise.all(Array.from({ length: 20 }, () => cancel(buyer, order.id)));

    expect(statuses(responses).filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.json()).toEqual({ code: 400, msg: ShopMessage.orderNotUndelivered });
    }
    expect(await balanceOf(database(), clock, buyer.userId)).toBe(FUNDS_MINOR);
    expect(await stockOf(database(), product.id)).toBe(1);
    await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
  });

  it('stays exact, without a deadlock, when cancels and buys of one product race', async () => {
    const units = 15;
    const holders = await newBuyers(units);
    const newcomers = await newBuyers(units);
    const product = await insertTestProduct(database(), { stock: units, price_minor: PRICE_MINOR });
    const held = await Promise.all(holders.map((holder) => buy(holder, product.id)));
    expect(statuses(held)).toEqual(Array(units).fill(200));
    expect(await stockOf(database(), product.id)).toBe(0);

    const [cancels, buys] = await Promise.all([
      Promise.all(holders.map((holder, index) => cancel(holder, held[index]?.json().entry.id))),
      Promise.all(newcomers.map((newcomer) => buy(newcomer, product.id))),
    ]);

    expect(statuses(cancels)).toEqual(Array(units).fill(200));
    const bought = buys.filter((response) => response.statusCode === 200).length;
    for (const response of buys.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.json()).toEqual({ code: 400, msg: ShopMessage.soldOut });
    }
    expect(await stockOf(database(), product.id)).toBe(units - bought);
    const orders = await ordersOf(product.id);
    expect(orders.filter((order) => order.status === 'cancelled')).toHaveLength(units);
    expect(orders.filter((order) => order.status === 'undelivered')).toHaveLength(bought);
    for (const holder of holders) expect(await balanceOf(database(), clock, holder.userId)).toBe(FUNDS_MINOR);
    const newcomerIds = newcomers.map((newcomer) => newcomer.userId);
    expect(await sumOfWalletsMinor(database(), newcomerIds)).toBe(units * FUNDS_MINOR - bought * PRICE_MINOR);
    await expectLedgerClean(database(), ORDER_LEDGER_CHECKS);
  });
});
