import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { RECORD_PAGE_SIZE } from '../api/wallet.api.ts';
import { RechargeRecordScreen } from './recharge-record-screen.component.tsx';
import { callsTo, type StubHandler, stubWalletServer } from './wallet-test-server.ts';

const SN = 'R20250301120000123456';
/** 09:05 in India (UTC+05:30), the test market's clock. */
const TIME = Date.UTC(2025, 2, 1, 3, 35);

const RECORDS = [
  {
    serial_number: SN,
    price: '500.00',
    status: 'Success',
    channel_name: 'Sandbox (test payment)',
    create_time: TIME,
  },
  { serial_number: 'R2', price: '300.00', status: 'Wait', channel_name: 'UPI transfer', create_time: TIME },
  {
    serial_number: 'R3',
    price: '100.00',
    status: 'Failed',
    channel_name: 'Sandbox (test payment)',
    create_time: TIME,
  },
  {
    serial_number: 'R4',
    price: '200.00',
    status: 'Cancelled',
    channel_name: 'UPI QR code',
    create_time: TIME,
  },
];

function pages(records: readonly unknown[]): StubHandler {
  return (url) => {
    const page = Number(url.searchParams.get('p'));
    const size = Number(url.searchParams.get('p_size'));
    return {
      code: 200,
      page: { count: records.length },
      queryset: records.slice((page - 1) * size, page * size),
    };
  };
}

function renderRecord(
  path = '/',
  records: readonly unknown[] = RECORDS,
  extra: Record<string, StubHandler> = {},
) {
  setToken('tok');
  const calls = stubWalletServer({
    '/user/recharges': pages(records),
    '/user/recharge_return': () => ({ code: 200, status: 'Success' }),
    ...extra,
  });
  return { calls, ...renderWithProviders(<RechargeRecordScreen />, { path }) };
}

describe('RechargeRecordScreen', () => {
  it('shows price, status, channel and time of each recharge', async () => {
    const { calls } = renderRecord();
    const rows = await screen.findAllByTestId('recharge-record-row');
    expect(rows).toHaveLength(4);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByTestId('recharge-record-price').textContent).toBe('₹500.00');
    expect(within(first).getByTestId('recharge-status').textContent).toBe('Success');
    expect(within(first).getByTestId('recharge-record-channel').textContent).toBe('Sandbox (test payment)');
    expect(within(first).getByTestId('recharge-record-time').textContent).toBe('2025-03-01 09:05');
    expect(rows.map((row) => within(row).getByTestId('recharge-status').textContent)).toEqual([
      'Success',
      'Waiting',
      'Failed',
      'Cancelled',
    ]);
    const [call] = callsTo(calls, '/user/recharges');
    expect(call?.query.get('p')).toBe('1');
    expect(call?.query.get('p_size')).toBe(String(RECORD_PAGE_SIZE));
    expect(await screen.findByText('No more records')).toBeTruthy();
  });

  it('shows the market currency', async () => {
    setToken('tok');
    stubWalletServer({ '/user/recharges': pages(RECORDS) });
    renderWithProviders(<RechargeRecordScreen />, { market: 'pt' });
    const [first] = await screen.findAllByTestId('recharge-record-price');
    expect(first?.textContent).toBe('R$\u00a0500,00');
  });

  it('says when there are no recharges yet', async () => {
    renderRecord('/', []);
    expect(await screen.findByText('No records yet')).toBeTruthy();
  });

  it('loads ten at a time', async () => {
    // jsdom lays nothing out, so the infinite scroll would think its marker hidden (no offsetParent).
    const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    onTestFinished(() => {
      if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
    });
    const many = Array.from({ length: 15 }, (_, index) => ({ ...RECORDS[0], serial_number: `R${index}` }));
    const { calls } = renderRecord('/', many);
    await waitFor(() => expect(screen.getAllByTestId('recharge-record-row')).toHaveLength(15));
    expect(callsTo(calls, '/user/recharges').map((call) => call.query.get('p'))).toEqual(['1', '2']);
  });

  it('posts a gateway return first, then shows the list and drops the query', async () => {
    const { calls, router } = renderRecord(
      `/?sn=${SN}&order_id=sbo_${SN}&payment_id=pay_1&signature=abc&status=paid`,
    );
    await screen.findAllByTestId('recharge-record-row');
    const [returned] = callsTo(calls, '/user/recharge_return');
    expect(returned?.body).toEqual({
      sn: SN,
      params: { order_id: `sbo_${SN}`, payment_id: 'pay_1', signature: 'abc', status: 'paid' },
    });
    expect(callsTo(calls, '/user/recharge_return')).toHaveLength(1);
    // The list was asked for only after the return was settled.
    const order = calls.map((call) => call.path).filter((path) => path.startsWith('/user/recharge'));
    expect(order[0]).toBe('/user/recharge_return');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The payer is told the payment went through, not left to read the list.
    expect((await screen.findByTestId('payment-result')).textContent).toContain('Payment successful');
  });

  it('says when the gateway reported a failed payment, and nothing without a return', async () => {
    renderRecord(`/?sn=${SN}&order_id=sbo_${SN}&status=failed&signature=abc`, RECORDS, {
      '/user/recharge_return': () => ({ code: 200, status: 'Failed' }),
    });
    expect((await screen.findByTestId('payment-result')).textContent).toContain('Payment not completed');
  });

  it('shows no payment confirmation on a plain visit', async () => {
    renderRecord();
    await screen.findAllByTestId('recharge-record-row');
    expect(screen.queryByTestId('payment-result')).toBeNull();
  });

  it('still shows the list when the return is refused', async () => {
    renderRecord(`/?sn=${SN}&signature=forged`, RECORDS, {
      '/user/recharge_return': () => ({ code: 400, msg: 'The payment could not be verified' }),
    });
    expect(await screen.findAllByTestId('recharge-record-row')).toHaveLength(4);
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    renderRecord('/', RECORDS, {
      '/user/recharges': (url) => (fail ? { code: 500, msg: 'boom' } : pages(RECORDS)(url, {})),
    });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findAllByTestId('recharge-record-row')).toHaveLength(4);
  });
});
