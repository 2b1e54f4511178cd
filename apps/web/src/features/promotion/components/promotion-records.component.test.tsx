import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { callsTo, type FakeRoute, stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { BonusRecordScreen, PromotionRecordScreen } from './promotion-records.component.tsx';

/** 09:05 in India (UTC+05:30), the test market's clock. */
const TIME = Date.UTC(2025, 2, 1, 3, 35);

/** One page answering every call: `rows(level)` are the rows of the level asked for. */
function byLevel(rows: (level: string) => unknown[]): FakeRoute {
  return (call) => {
    const queryset = rows(call.query.get('level') ?? '');
    return { code: 200, page: { count: queryset.length }, queryset };
  };
}

describe('BonusRecordScreen', () => {
  it('lists the bonuses of level 1, then those of level 2 once that tab is chosen', async () => {
    setToken('tok');
    const calls = stubFakeServer({
      '/user/profit_transactions': byLevel((level) => [
        {
          type: level === '1' ? 'BFFR' : 'P',
          relation_id: `R${level}`,
          change: level === '1' ? '25.00' : '3.50',
          bonus_infos: [{ nick_name: `Player ${level}` }],
          create_time: TIME,
        },
      ]),
    });
    renderWithProviders(<BonusRecordScreen />);
    const list = await screen.findByTestId('bonus-record-list');
    await waitFor(() => expect(list.textContent).toContain('First recharge bonus'));
    expect(screen.getByTestId('bonus-record-change').textContent).toBe('+₹25.00');
    expect(list.textContent).toContain('Player 1 · R1');

    fireEvent.click(screen.getByText('Level 2'));
    await waitFor(() => expect(screen.getByTestId('bonus-record-change').textContent).toBe('+₹3.50'));
    expect(screen.getByTestId('bonus-record-list').textContent).toContain('Period bonus');
    expect(callsTo(calls, '/user/profit_transactions').map((call) => call.query.get('level'))).toEqual([
      '1',
      '2',
    ]);
  });
});

describe('PromotionRecordScreen', () => {
  it('lists the referred players of the chosen level with their first recharge', async () => {
    setToken('tok');
    const calls = stubFakeServer({
      '/user/promotion_users': byLevel((level) => [
        {
          nick_name: `Friend ${level}`,
          first_recharge_price: level === '1' ? '100.00' : '',
          create_time: TIME,
        },
      ]),
    });
    renderWithProviders(<PromotionRecordScreen />);
    const list = await screen.findByTestId('promotion-record-list');
    await waitFor(() => expect(list.textContent).toContain('Friend 1'));
    expect(list.textContent).toContain('First recharge: ₹100.00');

    fireEvent.click(screen.getByText('Level 2'));
    await waitFor(() =>
      expect(screen.getByTestId('promotion-record-list').textContent).toContain('Friend 2'),
    );
    expect(screen.getByTestId('promotion-record-list').textContent).toContain('First recharge: ₹0.00');
    expect(callsTo(calls, '/user/promotion_users').map((call) => call.query.get('level'))).toEqual([
      '1',
      '2',
    ]);
  });
});
