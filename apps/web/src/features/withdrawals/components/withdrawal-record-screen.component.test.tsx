import type { WithdrawalDto } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { callsTo, type FakeRoute, stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { RECORD_PAGE_SIZE } from '../../wallet/api/wallet.api.ts';
import { WithdrawalRecordScreen } from './withdrawal-record-screen.component.tsx';

/** 09:05 in India (UTC+05:30), the test market's clock. */
const TIME = Date.UTC(2025, 2, 1, 3, 35);

function withdrawal(overrides: Partial<WithdrawalDto>): WithdrawalDto {
  return {
    id: 1,
    price: '1000.00',
    fee: '20.00',
    actual_price: '980.00',
    status: 'Wait',
    payout_status: 'Wait',
    fail_reason: '',
    create_time: TIME,
    channel_name: 'Bank transfer',
    bank_name: 'State Bank of India',
    account_number: '*******8901',
    ...overrides,
  };
}

const RECORDS = [
  withdrawal({ id: 3 }),
  withdrawal({
    id: 2,
    price: '500.00',
    fee: '30.00',
    actual_price: '470.00',
    status: 'Reject',
    payout_status: 'Wait',
    fail_reason: 'Account name does not match',
  }),
  withdrawal({ id: 1, status: 'Success', payout_status: 'Success' }),
];

function pages(records: readonly WithdrawalDto[]): FakeRoute {
  return (call) => {
    const page = Number(call.query.get('p'));
    const size = Number(call.query.get('p_size'));
    return {
      code: 200,
      page: { count: records.length },
      queryset: records.slice((page - 1) * size, page * size),
    };
  };
}

function renderRecord(route: FakeRoute = pages(RECORDS)) {
  setToken('tok');
  const calls = stubFakeServer({ '/user/withdrawals': route });
  return { calls, ...renderWithProviders(<WithdrawalRecordScreen />) };
}

describe('WithdrawalRecordScreen', () => {
  it('shows price, fee, actual_price, status, payout_status, fail_reason and create_time', async () => {
    const { calls } = renderRecord();
    const rows = await screen.findAllByTestId('withdrawal-record-row');
    expect(rows.map((row) => row.getAttribute('data-id'))).toEqual(['3', '2', '1']);
    const rejected = rows[1] as HTMLElement;
    expect(within(rejected).getByTestId('withdrawal-record-price').textContent).toBe('₹500.00');
    expect(within(rejected).getByTestId('withdrawal-record-fee').textContent).toBe('₹30.00');
    expect(within(rejected).getByTestId('withdrawal-record-actual').textContent).toBe('₹470.00');
    expect(within(rejected).getByTestId('withdrawal-record-fail-reason').textContent).toBe(
      'Reason: Account name does not match',
    );
    expect(within(rejected).getByTestId('withdrawal-record-time').textContent).toBe('2025-03-01 09:05');
    expect(rejected.textContent).toContain('State Bank of India *******8901');
    expect(rows.map((row) => within(row).getByTestId('withdrawal-record-status').textContent)).toEqual([
      'Waiting',
      'Rejected',
      'Success',
    ]);
    expect(rows.map((row) => within(row).getByTestId('withdrawal-record-payout-status').textContent)).toEqual(
      ['Not sent', 'Not sent', 'Paid'],
    );
    // Only a refused withdrawal has a reason to show.
    expect(screen.getAllByTestId('withdrawal-record-fail-reason')).toHaveLength(1);
    const [call] = callsTo(calls, '/user/withdrawals');
    expect(call?.query.get('p')).toBe('1');
    expect(call?.query.get('p_size')).toBe(String(RECORD_PAGE_SIZE));
  });

  it('loads the next page as the list scrolls, until page.count rows are shown', async () => {
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
    const many = Array.from({ length: 12 }, (_, index) => withdrawal({ id: 100 - index }));
    const { calls } = renderRecord(pages(many));
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-record-row')).toHaveLength(12));
    expect(callsTo(calls, '/user/withdrawals').map((call) => call.query.get('p'))).toEqual(['1', '2']);
    expect(await screen.findByText('No more records')).toBeTruthy();
  });

  it('says when there is nothing yet, and offers a retry when the list failed', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    renderRecord((call) => (fail ? { code: 500, msg: 'down' } : pages([])(call)));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    // List failures are only logged (spec 02 §8).
    expect(consoleError).toHaveBeenCalled();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('No records yet')).toBeTruthy();
  });
});
