import { TRANSACTION_TYPES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../../../i18n/i18n.ts';
import { setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { TransactionListScreen } from './transaction-list-screen.component.tsx';
import { stubWalletServer } from './wallet-test-server.ts';

/** 18:30 in India (UTC+05:30), the test market's clock. */
const TIME = Date.UTC(2025, 2, 1, 13, 0);

function renderList(rows: readonly unknown[], market: 'in' | 'pt' = 'in') {
  setToken('tok');
  stubWalletServer({
    '/user/transactions': () => ({ code: 200, page: { count: rows.length }, queryset: rows }),
  });
  return renderWithProviders(<TransactionListScreen />, { market });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('TransactionListScreen', () => {
  it('shows each movement with its type, signed amount, time and reference', async () => {
    renderList([
      { type: 'RE', change_balance: '500.00', relation_id: 'R20250301120000123456', create_time: TIME },
      { type: 'Transfer out', change_balance: '-250.00', relation_id: '17', create_time: TIME },
      { type: 'Transfer in', change_balance: '250.00', relation_id: '18', create_time: TIME },
    ]);
    const rows = await screen.findAllByTestId('transaction-row');
    const cells = rows.map((row) => [
      within(row).getByTestId('transaction-type').textContent,
      within(row).getByTestId('transaction-amount').textContent,
    ]);
    expect(cells).toEqual([
      ['Recharge', '+₹500.00'],
      ['Transfer out', '-₹250.00'],
      ['Transfer in', '+₹250.00'],
    ]);
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain('2025-03-01 18:30');
    expect(first.textContent).toContain('R20250301120000123456');
    expect(within(rows[1] as HTMLElement).getByTestId('transaction-amount').className).toMatch(/amountOut/);
  });

  it('labels every type in the chosen language, and an unknown type as it came', async () => {
    await switchLanguage('vi');
    renderList([
      ...TRANSACTION_TYPES.map((type) => ({
        type,
        change_balance: '-1.00',
        relation_id: '',
        create_time: TIME,
      })),
      { type: 'NEWTYPE', change_balance: '1.00', relation_id: '', create_time: TIME },
    ]);
    await waitFor(() =>
      expect(screen.getAllByTestId('transaction-type')).toHaveLength(TRANSACTION_TYPES.length + 1),
    );
    const labels = screen.getAllByTestId('transaction-type').map((cell) => cell.textContent);
    expect(labels[0]).toBe('Nạp tiền thủ công');
    expect(labels[1]).toBe('Nạp tiền');
    expect(labels[5]).toBe('Chuyển tiền đi');
    expect(labels.at(-1)).toBe('NEWTYPE');
    const english = await import('../../../i18n/locales/en.ts');
    const englishLabels = new Set(Object.values(english.en.transactions.types));
    expect(labels.slice(0, -1).every((label) => label && !englishLabels.has(label as never))).toBe(true);
  });

  it('writes amounts with the market’s separator', async () => {
    renderList([{ type: 'WD', change_balance: '-1234.50', relation_id: '9', create_time: TIME }], 'pt');
    expect((await screen.findByTestId('transaction-amount')).textContent).toBe('-R$\u00a01.234,50');
  });
});
