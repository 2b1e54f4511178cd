import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setEarlyFlag, setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import {
  callsTo,
  pageAnswer,
  periodRow,
  stubColourServer,
  waitingBet,
} from '../testing/colour-test-server.ts';
import { GuessRecordScreen, MyGuessRecordScreen } from './record-screens.component.tsx';

beforeEach(() => {
  setToken('tok');
  setEarlyFlag(true);
});

describe('record screens', () => {
  it('pages the public records of the category, 10 or 20 rows a page', async () => {
    const calls = stubColourServer({
      '/win/guesses': (call) =>
        pageAnswer([periodRow(`2025030500${call.query.get('p')}`, 45670 + Number(call.query.get('p')))], 45),
    });
    renderWithProviders(<GuessRecordScreen />, { path: '/?category_value=E' });
    await screen.findByTestId('period-record-row');
    expect(screen.getByRole('heading').textContent).toBe('Win Record · Emerd');
    const first = callsTo(calls, '/win/guesses')[0];
    expect(first?.query.get('category')).toBe('E');
    expect(first?.query.get('p_size')).toBe('10');
    expect(screen.getByTestId('period-records-pager-position').textContent).toBe('1 / 5');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(callsTo(calls, '/win/guesses').at(-1)?.query.get('p')).toBe('2'));

    fireEvent.click(screen.getByTestId('page-size-20'));
    await waitFor(() => expect(callsTo(calls, '/win/guesses').at(-1)?.query.get('p_size')).toBe('20'));
    expect(callsTo(calls, '/win/guesses').at(-1)?.query.get('p')).toBe('1');
    await waitFor(() =>
      expect(screen.getByTestId('period-records-pager-position').textContent).toBe('1 / 3'),
    );
  });

  it("lists the player's bets with details dated yyyy-MM-dd HH:mm", async () => {
    stubColourServer({ '/win/my_guesses': () => pageAnswer([waitingBet({ type: 'V' })]) });
    renderWithProviders(<MyGuessRecordScreen />, { path: '/?category_value=P' });
    const row = await screen.findByTestId('my-bet-row');
    expect(row.textContent).toContain('Violet');
    fireEvent.click(within(row).getByTestId('my-bet-toggle'));
    const details = within(row).getByTestId('bet-details');
    expect(details.textContent).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // A waiting bet has no revealed seed to verify yet.
    expect(within(details).queryByTestId('verify-run')).toBeNull();
  });
});
