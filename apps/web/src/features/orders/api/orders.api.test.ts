import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';
import { fakeOrder } from '../../shop/testing/fake-shop-server.ts';
import { toOrder } from './orders.api.ts';

describe('toOrder', () => {
  it('reads an order as the server sends it', () => {
    const order = fakeOrder({ status: 'unreceived', ship_time: 1_741_000_000_000, can_cancel: false });
    expect(toOrder(JSON.parse(JSON.stringify(order)))).toEqual(order);
  });

  it('leaves out an order whose id, price, status or time is unreadable', () => {
    const order = fakeOrder();
    expect(toOrder({ ...order, id: '301' })).toBeNull();
    expect(toOrder({ ...order, price: 65000 })).toBeNull();
    expect(toOrder({ ...order, status: 'lost' })).toBeNull();
    expect(toOrder({ ...order, create_time: null })).toBeNull();
    expect(toOrder(null)).toBeNull();
  });

  it('fills a missing address and flags with safe values (no cancel offered)', () => {
    const { address: _address, can_cancel: _canCancel, cancellable: _cancellable, ...rest } = fakeOrder();
    const order = toOrder(rest);
    expect(order?.address.full_name).toBe('');
    expect(order?.can_cancel).toBe(false);
    expect(order?.cancellable).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh 32-hex-digit key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
