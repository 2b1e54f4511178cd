import { describe, expect, it } from 'vitest';
import { fakeOrder } from '../../shop/testing/fake-shop-server.ts';
import type { OrderPage } from '../api/orders.api.ts';
import { mergeOrderPages, nextOrderPage } from './use-order-pages.hook.ts';

const page = (count: number, ids: number[]): OrderPage => ({
  count,
  orders: ids.map((id) => fakeOrder({ id })),
});

describe('nextOrderPage', () => {
  it('asks for the next page until page.count orders are loaded', () => {
    expect(nextOrderPage([], 0)).toBe(1);
    expect(nextOrderPage([page(13, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])], 1)).toBe(2);
    expect(
      nextOrderPage([page(13, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), page(13, [11, 12, 13])], 2),
    ).toBeUndefined();
  });

  it('stops at an empty page even if the count says more', () => {
    expect(nextOrderPage([page(30, [1, 2]), page(30, [])], 2)).toBeUndefined();
  });
});

describe('mergeOrderPages', () => {
  it('keeps the order and drops an order repeated across pages (a purchase shifted the pages)', () => {
    const merged = mergeOrderPages([page(5, [9, 8, 7]), page(5, [7, 6])]);
    expect(merged.map((order) => order.id)).toEqual([9, 8, 7, 6]);
  });
});
