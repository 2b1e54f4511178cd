import { digitColours } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setEarlyFlag } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { callsTo, stubColourServer } from '../testing/colour-test-server.ts';
import { ColourHistoryScreen, saasIdFromQuery } from './colour-history-screen.component.tsx';

const DIGITS = [1, 3, 0, 2, 5, 8, 8, 7];

function historyAnswer() {
  return {
    code: 200,
    next_period: '20250305009',
    count_down_sec: 75,
    periods: DIGITS.map((digit, index) => {
      const label = String(index + 1).padStart(3, '0');
      const colours = digitColours(digit);
      return {
        period: `20250305${label}`,
        today_times: label,
        price: 30_000 + index * 10 + digit,
        last_num: digit,
        is_red: colours.red,
        is_green: colours.green,
        is_violet: colours.violet,
      };
    }),
  };
}

beforeEach(() => setEarlyFlag(true));

describe('ColourHistoryScreen', () => {
  it('loads without login and shows the next and previous periods and the colour counts', async () => {
    const calls = stubColourServer({ '/win/next_period_info_noauth': () => historyAnswer() });
    renderWithProviders(<ColourHistoryScreen category="S" />, { path: '/?s=4' });
    await screen.findByTestId('colour-history');
    const [call] = callsTo(calls, '/win/next_period_info_noauth');
    expect(call?.query.get('category')).toBe('S');
    expect(call?.query.get('saas_id')).toBe('4');
    expect(call?.headers.Authorization).toBeUndefined();
    expect(screen.getByTestId('colour-period').textContent).toBe('20250305009');
    // The countdown starts in an effect after the answer's render, so it may show '--:--' for that render.
    await waitFor(() => expect(screen.getByTestId('colour-countdown').textContent).toBe('01:15'));
    const previous = screen.getByTestId('history-previous');
    expect(previous.textContent).toContain('20250305008');
    expect(within(previous).getByTestId('history-previous-price').textContent).toBe('30077');
    expect(screen.getByTestId('history-count-red').textContent).toBe('4');
    expect(screen.getByTestId('history-count-green').textContent).toBe('4');
    expect(screen.getByTestId('history-count-violet').textContent).toBe('2');
    expect(screen.queryByTestId('parity-grid')).toBeNull();
  });

  it('shows streaks, the Rd tables, the bars and toggles periods and numbers', async () => {
    stubColourServer({ '/win/next_period_info_noauth': () => historyAnswer() });
    renderWithProviders(<ColourHistoryScreen category="P" />);
    await screen.findByTestId('colour-history');
    const streaks = screen.getAllByTestId('history-streak');
    expect(streaks.map((column) => column.dataset.colour)).toEqual(['green', 'red', 'green', 'red', 'green']);
    expect(streaks[0]?.textContent).toBe('001002');
    fireEvent.click(screen.getByTestId('history-show-number'));
    await waitFor(() => expect(screen.getAllByTestId('history-streak')[0]?.textContent).toBe('13'));

    expect(screen.getByTestId('history-round-table').dataset.rows).toBe('3');
    expect(screen.getAllByTestId('history-round-column')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('history-round-7'));
    expect(screen.getByTestId('history-round-table').dataset.rows).toBe('8');
    expect(screen.getAllByTestId('history-round-column')).toHaveLength(1);

    // Twice the larger of red (4) and green (4).
    expect(screen.getByTestId('history-bars').dataset.maximum).toBe('8');
    expect(screen.getAllByTestId('history-bar')).toHaveLength(13);
    expect(within(screen.getByTestId('parity-grid')).getAllByText(/\d/)).toHaveLength(DIGITS.length);
  });

  it('shows nothing when the history cannot be loaded', async () => {
    const calls = stubColourServer({ '/win/next_period_info_noauth': () => ({ code: 500, msg: 'down' }) });
    renderWithProviders(<ColourHistoryScreen category="B" />);
    await waitFor(() => expect(callsTo(calls, '/win/next_period_info_noauth')).toHaveLength(1));
    expect(screen.queryByTestId('colour-history')).toBeNull();
  });

  it('reads the saas id of the s query, 1 by default', () => {
    expect(saasIdFromQuery(null)).toBe(1);
    expect(saasIdFromQuery('7')).toBe(7);
    expect(saasIdFromQuery('0')).toBe(1);
    expect(saasIdFromQuery('x')).toBe(1);
  });
});
