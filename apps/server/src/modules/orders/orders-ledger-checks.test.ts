import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.ts';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { checkLedger } from '../ledger/ledger-check.service.ts';
import { addAddress, BUYER_PASSWORD, createBuyer, fundWallet, insertTestProduct } from './order-fixtures.ts';
import type { OrderRow } from './orders.tables.ts';
import { ORDER_LEDGER_CHECKS } from './orders-ledger-checks.ts';

const NOW = Date.parse('2025-03-05T06:30:00Z');

describeEachDatabase('order ledger checks', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const violationsOf = async (name: string) => {
    const report = await checkLedger(database(), ORDER_LEDGER_CHECKS);
    return report.checks.find((check) => check.name === name)?.violations ?? [];
  };

  it('passes real purchases and cancellations, and reports a refund of an order that is not cancelled', async () => {
    const buyer = await createBuyer(database(), clock);
    await fundWallet(database(), clock, buyer.userId, 100_000);
    const addressId = await addAddress(app, buyer);
    const product = await insertTestProduct(database(), { price_minor: 10_000 });
    const buy = () =>
      app.inject({
        method: 'POST',
        url: '/user/buy',
        headers: buyer.headers,
        payload: { product_id: product.id, address_id: addressId, password: BUYER_PASSWORD },
      });
    const kept = (await buy()).json().entry;
    const cancelled = (await buy()).json().entry;
    await app.inject({
      method: 'POST',
      url: '/user/cancel_order',
      headers: buyer.headers,
      payload: { id: cancelled.id },
    });
    expect(await violationsOf('order-paid-once')).toEqual([]);
    expect(await violationsOf('order-refunded-once')).toEqual([]);

    // A refund written by hand for the order that was not cancelled.
    const ledger = new LedgerService(database(), clock);
    await runInTransaction(database(), (trx) =>
      ledger.transfer(trx, {
        debit: systemAccount('shop_revenue'),
        credit: userWallet(buyer.userId),
        amountMinor: 10_000,
        kind: 'order_refund',
        reference: { type: 'order', id: kept.id },
        idempotencyKey: `stray-refund:${kept.id}`,
      }),
    );
    expect(await violationsOf('order-refunded-once')).toEqual([
      `order ${kept.id} (undelivered, 10000): 1 refunds of 10000 in all, 0 to another wallet`,
    ]);
  });

  it('reports an order that no transfer paid', async () => {
    const buyer = await createBuyer(database(), clock);
    const product = await insertTestProduct(database(), { price_minor: 5_000 });
    const unpaid: OrderRow = await database()
      .db.insertInto('orders')
      .values({
        user_id: buyer.userId,
        product_id: product.id,
        product_name: product.name,
        product_image: product.main_image,
        price_minor: 5_000,
        cancellable: 1,
        address_full_name: 'A',
        address_mobile_number: '9000000000',
        address_pin_code: '1',
        address_state: 'S',
        address_town_city: 'T',
        address_detail_address: 'D',
        status: 'undelivered',
        payment_transfer_id: null,
        refund_transfer_id: null,
        cancel_deadline_at: NOW + 1,
        created_at: NOW,
        shipped_at: null,
        received_at: null,
        cancelled_at: null,
        updated_at: NOW,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(await violationsOf('order-paid-once')).toContain(
      `order ${unpaid.id} (5000): 0 payments of 0 in all, 0 from another wallet, 0 not the one the order names`,
    );
  });
});
