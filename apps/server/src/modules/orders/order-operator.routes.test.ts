import { type AdminOrderDto, OperatorMessage, ShopMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_UNAUTHORIZED_MESSAGE } from '../../http/operator-guard.ts';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { ADMIN_TOKEN_ACTOR, ShopAuditEvent } from '../shop/shop-audit.ts';
import {
  addAddress,
  BUYER_PASSWORD,
  balanceOf,
  createBuyer,
  fundWallet,
  insertTestProduct,
  stockOf,
} from './order-fixtures.ts';

const ADMIN_TOKEN = 'orders-operator-admin-token-0123456789';
const NOW = Date.parse('2025-03-05T06:30:00Z');
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);

describeEachDatabase('operator API of orders', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(NOW);
  let audit: AuditLog;
  const orderIds: number[] = [];
  let buyerId = 0;
  let buyerMobile = '';
  let buyerHeaders: { authorization: string };

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    audit = new AuditLog(database().db, clock);
    const buyer = await createBuyer(database(), clock);
    buyerId = buyer.userId;
    buyerHeaders = buyer.headers;
    buyerMobile = (
      await database()
        .db.selectFrom('users')
        .select('mobile')
        .where('id', '=', buyerId)
        .executeTakeFirstOrThrow()
    ).mobile;
    await fundWallet(database(), clock, buyer.userId, 1_000_000);
    const addressId = await addAddress(app, buyer);
    const product = await insertTestProduct(database());
    for (let index = 0; index < 4; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/user/buy',
        headers: buyer.headers,
        payload: { product_id: product.id, address_id: addressId, password: BUYER_PASSWORD },
      });
      orderIds.push(response.json().entry.id);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const ship = (orderId: number | string, headers: Record<string, string> = operatorHeaders) =>
    app.inject({ method: 'POST', url: `/admin/api/orders/${orderId}/ship`, headers });
  const list = (query = '', headers: Record<string, string> = operatorHeaders) =>
    app.inject({ method: 'GET', url: `/admin/api/orders${query}`, headers });
  const statusOf = async (orderId: number) =>
    (
      await database()
        .db.selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;

  it('answers 401 without the operator token and ships nothing', async () => {
    const refusedHeaders: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-the-token-not-the-token' },
    ];
    for (const headers of refusedHeaders) {
      const listed = await list('', headers);
      expect(listed.statusCode).toBe(401);
      expect(listed.json()).toEqual({ code: 401, msg: OPERATOR_UNAUTHORIZED_MESSAGE });
      expect((await ship(orderIds[0] as number, headers)).statusCode).toBe(401);
    }
    expect(await statusOf(orderIds[0] as number)).toBe('undelivered');
  });

  it('ships an undelivered order once (→ unreceived) and audits it', async () => {
    const orderId = orderIds[0] as number;
    clock.set(NOW + 60_000);
    const response = await ship(orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 200,
      msg: ShopMessage.orderShipped,
      entry: {
        id: orderId,
        status: 'unreceived',
        ship_time: NOW + 60_000,
        user_id: buyerId,
        user_mobile: buyerMobile,
        can_cancel: false,
      },
    });
    const again = await ship(orderId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, msg: ShopMessage.orderNotShippable });
    const events = await audit.recent({ event: ShopAuditEvent.operatorOrderShipped });
    expect(events).toHaveLength(1);
    expect(events[0]?.userId).toBe(buyerId);
    expect(events[0]?.detail).toEqual({
      operator: ADMIN_TOKEN_ACTOR,
      order_id: orderId,
      before: { status: 'undelivered', shipped_at: null },
      after: { status: 'unreceived', shipped_at: NOW + 60_000 },
    });
  });

  it('refuses to ship a cancelled order', async () => {
    const orderId = orderIds[1] as number;
    const cancelled = await app.inject({
      method: 'POST',
      url: '/user/cancel_order',
      headers: buyerHeaders,
      payload: { id: orderId },
    });
    expect(cancelled.statusCode).toBe(200);
    const response = await ship(orderId);
    expect(response.statusCode).toBe(400);
    expect(await statusOf(orderId)).toBe('cancelled');
  });

  it('answers 404 for an unknown order and 400 for a bad id', async () => {
    const unknown = await ship(999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, msg: ShopMessage.orderNotFound });
    for (const id of ['-1', '0', 'abc', '99999999999', '1.5']) {
      const response = await ship(id);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(400);
    }
  });

  it('lists every order newest first, filtered by status and paged, with the buyer', async () => {
    const all = (await list('?p=1&p_size=100')).json();
    expect(all.page.count).toBe(4);
    expect(all.queryset.map((row: AdminOrderDto) => row.id)).toEqual([...orderIds].reverse());
    for (const row of all.queryset as AdminOrderDto[]) {
      expect(row).toMatchObject({ user_id: buyerId, user_mobile: buyerMobile, price: '100.00' });
    }
    const undelivered = (await list('?status=undelivered')).json();
    expect(undelivered.queryset.map((row: AdminOrderDto) => row.id)).toEqual([orderIds[3], orderIds[2]]);
    expect((await list('?status=unreceived')).json().queryset.map((row: AdminOrderDto) => row.id)).toEqual([
      orderIds[0],
    ]);
    const second = (await list('?p=2&p_size=3')).json();
    expect(second.page.count).toBe(4);
    expect(second.queryset.map((row: AdminOrderDto) => row.id)).toEqual([orderIds[0]]);
    expect((await list('?status=lost')).statusCode).toBe(400);
  });

  it('refunds an order not yet shipped through the ledger, once, with a reason', async () => {
    const orderId = orderIds[3] as number;
    const productId = (
      await database()
        .db.selectFrom('orders')
        .select('product_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).product_id;
    const balanceBefore = await balanceOf(database(), clock, buyerId);
    const stockBefore = await stockOf(database(), productId);
    const refund = (id: number, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/admin/api/orders/${id}/refund`,
        headers: operatorHeaders,
        payload,
      });
    expect((await refund(orderId, {})).statusCode).toBe(400);
    const refunded = await refund(orderId, { reason: 'out of stock at the supplier' });
    expect(refunded.json()).toMatchObject({
      code: 200,
      msg: OperatorMessage.orderRefunded,
      entry: { id: orderId, status: 'cancelled' },
    });
    expect(await balanceOf(database(), clock, buyerId)).toBe(balanceBefore + 100_00);
    expect(await stockOf(database(), productId)).toBe(stockBefore + 1);
    // Once only, and never a shipped order.
    expect((await refund(orderId, { reason: 'again' })).json()).toEqual({
      code: 400,
      msg: ShopMessage.orderNotUndelivered,
    });
    expect((await refund(orderIds[0] as number, { reason: 'shipped' })).statusCode).toBe(400);
    expect(await balanceOf(database(), clock, buyerId)).toBe(balanceBefore + 100_00);
    const [row] = await audit.recent({ event: ShopAuditEvent.operatorOrderRefunded });
    expect(row?.detail).toMatchObject({
      operator: ADMIN_TOKEN_ACTOR,
      order_id: orderId,
      reason: 'out of stock at the supplier',
      refund_minor: 100_00,
      before: { status: 'undelivered' },
      after: { status: 'cancelled' },
    });
    await expectLedgerClean(database());
  });
});
