import type { OrderDto } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import {
  callsTo,
  type RecordedCall,
  settleDialogs,
  stubFakeServer,
} from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { profileQueryKeys } from '../../profile/hooks/profile-query-keys.ts';
import { fakeOrder } from '../../shop/testing/fake-shop-server.ts';
import { ORDER_PAGE_SIZE } from '../api/orders.api.ts';
import { OrderListScreen } from './order-list-screen.component.tsx';

/** A server holding the orders by status, paging like the real one. */
function ordersServer(orders: OrderDto[], extra: Record<string, (call: RecordedCall) => unknown> = {}) {
  return stubFakeServer({
    '/user/orders': (call) => {
      const status = call.query.get('status') ?? 'all';
      const page = Number(call.query.get('p'));
      const size = Number(call.query.get('p_size'));
      const matching = orders.filter((order) => status === 'all' || order.status === status);
      return {
        code: 200,
        page: { count: matching.length },
        queryset: matching.slice((page - 1) * size, page * size),
      };
    },
    ...extra,
  });
}

function dialogOf(text: HTMLElement): HTMLElement {
  const dialog = text.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('the text is not inside a dialog');
  return dialog;
}

const UNDELIVERED = fakeOrder({ id: 301, status: 'undelivered' });
const SHIPPED = fakeOrder({
  id: 302,
  product_name: 'Silver coin 10 g',
  price: '1200.00',
  status: 'unreceived',
  can_cancel: false,
  ship_time: Date.UTC(2025, 2, 4, 6, 0),
});
const DONE = fakeOrder({
  id: 303,
  status: 'success',
  can_cancel: false,
  receive_time: Date.UTC(2025, 2, 6, 6, 0),
});

afterEach(async () => {
  Dialog.clear();
  Toast.clear();
  await settleDialogs();
});

describe('OrderListScreen', () => {
  it('sends a visitor without a token to /login', async () => {
    const calls = ordersServer([]);
    const { router } = renderWithProviders(<OrderListScreen />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
  });

  it('shows the four tabs and All first: product, price, address, status and time of each order', async () => {
    setToken('tok');
    const calls = ordersServer([UNDELIVERED, SHIPPED, DONE]);
    renderWithProviders(<OrderListScreen />);

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['All', 'Undelivered', 'Unreceived', 'Success']);
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');

    const items = await screen.findAllByTestId('order-item');
    expect(items.map((item) => item.getAttribute('data-order-id'))).toEqual(['301', '302', '303']);
    const first = items[0] as HTMLElement;
    expect(first.textContent).toContain('Gold bar 10 g');
    expect(within(first).getByTestId('order-price').textContent).toBe('₹65,000.00');
    expect(first.textContent).toContain('Asha Rao +919876543210');
    expect(first.textContent).toContain('12 MG Road, Pune, Maharashtra 411001');
    expect(within(first).getByTestId('order-status').textContent).toBe('Undelivered');
    // Times are market time (India here).
    expect(first.textContent).toContain('Ordered 2025-03-03 10:00');
    expect(first.textContent).toContain('Can be cancelled until 2025-03-08 01:30');
    expect(within(items[2] as HTMLElement).getByTestId('order-status').textContent).toBe('Success');
    expect(items[2]?.textContent).toContain('Received 2025-03-06 11:30');

    const [list] = callsTo(calls, '/user/orders');
    expect(list?.query.get('status')).toBe('all');
    expect(list?.query.get('p')).toBe('1');
    expect(list?.query.get('p_size')).toBe(String(ORDER_PAGE_SIZE));
    await waitFor(() => expect(screen.getByTestId('order-feed-status').textContent).toBe('No more orders'));
  });

  it("loads each tab's own orders and keeps the tab in the address", async () => {
    setToken('tok');
    const calls = ordersServer([UNDELIVERED, SHIPPED, DONE]);
    const { router } = renderWithProviders(<OrderListScreen />);
    await screen.findAllByTestId('order-item');

    fireEvent.click(screen.getByRole('tab', { name: 'Unreceived' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=unreceived'));
    await waitFor(() =>
      expect(screen.getAllByTestId('order-item').map((item) => item.getAttribute('data-order-id'))).toEqual([
        '302',
      ]),
    );
    expect(callsTo(calls, '/user/orders').at(-1)?.query.get('status')).toBe('unreceived');

    fireEvent.click(screen.getByRole('tab', { name: 'Success' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('order-item').map((item) => item.getAttribute('data-order-id'))).toEqual([
        '303',
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('loads ten at a time as the player scrolls, until page.count orders are shown', async () => {
    setToken('tok');
    // jsdom lays nothing out; antd's infinite scroll only loads for an element that is laid out.
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    const many = Array.from({ length: 13 }, (_, index) => fakeOrder({ id: 400 - index }));
    const calls = ordersServer(many);
    renderWithProviders(<OrderListScreen />, { path: '/?status=undelivered' });
    await waitFor(() => expect(screen.getAllByTestId('order-item')).toHaveLength(13));
    expect(callsTo(calls, '/user/orders').map((call) => call.query.get('p'))).toEqual(['1', '2']);
    expect(screen.getByTestId('order-feed-status').textContent).toBe('No more orders');
  });

  it('confirms receipt only after the confirmation dialog', async () => {
    setToken('tok');
    const calls = ordersServer([SHIPPED], {
      'POST /user/confirm_order': () => ({
        code: 200,
        msg: 'Receipt confirmed',
        entry: { ...SHIPPED, status: 'success' },
      }),
    });
    renderWithProviders(<OrderListScreen />, { path: '/?status=unreceived' });

    fireEvent.click(await screen.findByRole('button', { name: 'Confirm receipt' }));
    const question = await screen.findByText('Have you received Silver coin 10 g?');
    fireEvent.click(within(dialogOf(question)).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Have you received Silver coin 10 g?')).toBeNull());
    expect(callsTo(calls, '/user/confirm_order')).toHaveLength(0);

    const listCalls = callsTo(calls, '/user/orders').length;
    fireEvent.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    const again = await screen.findByText('Have you received Silver coin 10 g?');
    fireEvent.click(within(dialogOf(again)).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Receipt confirmed')).toBeTruthy();
    expect(callsTo(calls, '/user/confirm_order', 'POST').map((call) => call.body)).toEqual([{ id: 302 }]);
    // The tabs reload, so the order moves from Unreceived to Success.
    await waitFor(() => expect(callsTo(calls, '/user/orders').length).toBeGreaterThan(listCalls));
  });

  it('cancels an undelivered order after confirmation and reloads the balance', async () => {
    setToken('tok');
    let cancelled = false;
    const calls = stubFakeServer({
      '/user/orders': () => ({
        code: 200,
        page: { count: cancelled ? 0 : 1 },
        queryset: cancelled ? [] : [UNDELIVERED],
      }),
      'POST /user/cancel_order': () => {
        cancelled = true;
        return {
          code: 200,
          msg: 'Order cancelled, the money has been refunded to your balance',
          entry: { ...UNDELIVERED, status: 'cancelled', can_cancel: false },
        };
      },
    });
    const { queryClient } = renderWithProviders(<OrderListScreen />, { path: '/?status=undelivered' });
    queryClient.setQueryData(profileQueryKeys.profile, { balance: '0.00' });

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const question = await screen.findByText(
      'Cancel the order for Gold bar 10 g? ₹65,000.00 goes back to your balance.',
    );
    const dialog = dialogOf(question);
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(
      await screen.findByText('Order cancelled, the money has been refunded to your balance'),
    ).toBeTruthy();
    const [cancel] = callsTo(calls, '/user/cancel_order', 'POST');
    expect(cancel?.body).toEqual({ id: 301 });
    expect(cancel?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(queryClient.getQueryState(profileQueryKeys.profile)?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.getByTestId('order-feed-status').textContent).toBe('No orders yet'));
  });

  it('offers no cancel for a customised order or after the deadline', async () => {
    setToken('tok');
    ordersServer([
      fakeOrder({ id: 310, cancellable: false, can_cancel: false }),
      fakeOrder({ id: 311, cancellable: true, can_cancel: false }),
    ]);
    renderWithProviders(<OrderListScreen />, { path: '/?status=undelivered' });
    const items = await screen.findAllByTestId('order-item');
    expect(items[0]?.textContent).toContain('Customised item: it cannot be cancelled');
    expect(items[1]?.textContent).not.toContain('Can be cancelled until');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it("shows a refused cancellation's message in the error alert", async () => {
    setToken('tok');
    ordersServer([UNDELIVERED], {
      'POST /user/cancel_order': () => ({
        code: 400,
        msg: 'Orders can only be cancelled until 01:30 on Saturday',
      }),
    });
    renderWithProviders(<OrderListScreen />, { path: '/?status=undelivered' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const question = await screen.findByText(/^Cancel the order for Gold bar 10 g\?/);
    fireEvent.click(within(dialogOf(question)).getByRole('button', { name: 'Cancel order' }));
    expect((await screen.findByTestId('error-alert')).textContent).toContain(
      'Orders can only be cancelled until 01:30 on Saturday',
    );
  });
});
