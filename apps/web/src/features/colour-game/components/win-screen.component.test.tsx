import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEarlyFlag, setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { forgetNoticeDismissal, NOTICE_COOKIE_NAME } from '../rules/notice-dismissal.rule.ts';
import {
  callsTo,
  pageAnswer,
  periodInfoAnswer,
  periodRow,
  type StubRoute,
  settledRound,
  stubColourServer,
  waitingBet,
} from '../testing/colour-test-server.ts';
import { WinScreen } from './win-screen.component.tsx';

function renderWin(routes: Record<string, StubRoute> = {}, market: 'in' | 'pt' = 'in') {
  const calls = stubColourServer({
    '/win/next_period_info': () => periodInfoAnswer(),
    '/win/guesses': () => pageAnswer([periodRow('20250305042', 45678), periodRow('20250305041', 12340)], 23),
    '/win/my_guesses': () => pageAnswer([]),
    ...routes,
  });
  return { calls, ...renderWithProviders(<WinScreen />, { market }) };
}

/** The dialog an element is in. */
function dialogOf(element: HTMLElement): HTMLElement {
  const dialog = element.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('not inside a dialog');
  return dialog;
}

async function openBetDialog(testId: string) {
  const button = await screen.findByTestId(testId);
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
  return screen.findByTestId('bet-dialog');
}

beforeEach(() => {
  setToken('tok');
  setEarlyFlag(true);
  forgetNoticeDismissal();
});

afterEach(() => Dialog.clear());

describe('WinScreen', () => {
  it('shows the balance, the open period and the countdown from the server', async () => {
    renderWin();
    await waitFor(() => expect(screen.getByTestId('colour-balance').textContent).toBe('₹1,000.00'));
    expect(screen.getByTestId('colour-period').textContent).toBe('20250305043');
    expect(screen.getByTestId('colour-countdown').textContent).toBe('02:00');
    const rows = await screen.findAllByTestId('period-record-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId('period-record-price').textContent).toBe('45678');
    expect(screen.getByTestId('period-records-pager-position').textContent).toBe('1 / 3');
  });

  it('hides the notice for 6 hours with Got it', async () => {
    renderWin({ '/win/next_period_info': () => periodInfoAnswer({ notice_content: 'Welcome to the game' }) });
    const notice = await screen.findByTestId('colour-notice');
    expect(notice.textContent).toContain('Welcome to the game');
    fireEvent.click(within(notice).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByTestId('colour-notice')).toBeNull());
    expect(document.cookie).toContain(`${NOTICE_COOKIE_NAME}=1`);
  });

  it('disables every Join button with 30 s or less left', async () => {
    renderWin({ '/win/next_period_info': () => periodInfoAnswer({ count_down_sec: 30 }) });
    await screen.findByText('Contracts for this period are closed');
    for (const testId of ['colour-join-G', 'colour-join-V', 'colour-join-R', 'colour-join-number-0']) {
      expect((screen.getByTestId(testId) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it("offers the market's contract money, a count never below 1 and the total", async () => {
    renderWin({}, 'pt');
    const dialog = await openBetDialog('colour-join-V');
    expect(screen.getByTestId('bet-dialog-title').textContent).toBe('Join Violet');
    const presets = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.dataset.testid?.startsWith('bet-money-'))
      .map((button) => button.textContent);
    expect(presets).toEqual(['1', '10', '100', '1000']);
    expect(screen.getByTestId('bet-total').textContent).toBe('Total contract money is R$\u00a01,00');
    fireEvent.click(screen.getByTestId('bet-count-minus'));
    expect((screen.getByTestId('bet-count') as HTMLInputElement).value).toBe('1');
    fireEvent.click(screen.getByTestId('bet-money-100'));
    fireEvent.click(screen.getByTestId('bet-count-plus'));
    fireEvent.click(screen.getByTestId('bet-count-plus'));
    expect(screen.getByTestId('bet-total').textContent).toBe('Total contract money is R$\u00a0300,00');
    fireEvent.change(screen.getByTestId('bet-count'), { target: { value: '' } });
    expect(screen.getByTestId('bet-total').textContent).toBe('Total contract money is R$\u00a00,00');
    expect((screen.getByTestId('bet-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends nothing while I agree is not ticked, and opens the Presale Rule', async () => {
    const { calls } = renderWin();
    await openBetDialog('colour-join-R');
    fireEvent.click(screen.getByText('I agree'));
    await waitFor(() => expect((screen.getByTestId('bet-confirm') as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByTestId('bet-confirm'));
    fireEvent.click(screen.getByTestId('bet-presale-rule'));
    expect((await screen.findByTestId('colour-presale-text')).textContent).toContain('7 days');
    expect(callsTo(calls, '/win/add_user_guess')).toHaveLength(0);
  });

  it('sends the bet, shows Completed and reloads the balance and my records', async () => {
    let placed = false;
    const { calls } = renderWin({
      '/win/add_user_guess': () => {
        placed = true;
        return { code: 200, msg: 'Your contract was completed successfully', id: 9 };
      },
      '/win/next_period_info': () => periodInfoAnswer(placed ? { balance: '970.00' } : {}),
      '/win/my_guesses': () =>
        pageAnswer(
          placed ? [waitingBet({ type: 'N', number: 7, contract_money: '10.00', contract_count: 3 })] : [],
        ),
    });
    await openBetDialog('colour-join-number-7');
    expect(screen.getByTestId('bet-dialog-title').textContent).toBe('Select 7');
    fireEvent.click(screen.getByTestId('bet-count-plus'));
    fireEvent.click(screen.getByTestId('bet-count-plus'));
    fireEvent.click(screen.getByTestId('bet-confirm'));
    const message = await screen.findByText('Your contract was completed successfully');
    expect(dialogOf(message).textContent).toContain('Completed');
    const [call] = callsTo(calls, '/win/add_user_guess');
    expect(call?.body).toEqual({
      category: 'P',
      period: '20250305043',
      guess_type: 'N',
      number: 7,
      contract_money: '10.00',
      contract_count: 3,
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.getByTestId('colour-balance').textContent).toBe('₹970.00'));
    const row = await screen.findByTestId('my-bet-row');
    expect(within(row).getByTestId('my-bet-status').textContent).toBe('Wait');
    expect(row.textContent).toContain('Number 7');
  });

  it('shows Fail with the server message', async () => {
    renderWin({
      '/win/add_user_guess': () => ({
        code: 400,
        msg: 'This period is closed for betting, please join the next period',
      }),
    });
    await openBetDialog('colour-join-G');
    fireEvent.click(screen.getByTestId('bet-confirm'));
    const message = await screen.findByText('This period is closed for betting, please join the next period');
    expect(dialogOf(message).textContent).toContain('Fail');
  });

  it('expands a settled bet to its details, its seed and a Verify that passes', async () => {
    const round = await settledRound('P', '20250305042', '5c'.repeat(32));
    renderWin({
      '/win/my_guesses': () => pageAnswer([round.bet]),
      '/win/fairness': () => round.fairness,
    });
    fireEvent.click(await screen.findByTestId('my-bet-toggle'));
    const details = await screen.findByTestId('bet-details');
    expect(within(details).getByTestId('bet-open-price').textContent).toBe(String(round.result.price));
    // Placed at 15:00 in India, shown on the 24-hour clock (a 12-hour time without AM/PM misleads).
    expect(within(details).getByTestId('bet-create-time').textContent).toBe('2025-03-05 15:00');
    expect((await within(details).findByTestId('bet-seed')).textContent).toBe('5c'.repeat(32));
    fireEvent.click(within(details).getByTestId('verify-run'));
    const verdict = await within(details).findByTestId('verify-verdict');
    expect(verdict.textContent).toBe('✓ Verified');
    expect(within(details).getByTestId('verify-check-commitment').dataset.passed).toBe('true');
  });

  it('shows a failed check when the published result differs from the seed', async () => {
    const round = await settledRound('P', '20250305042', '5c'.repeat(32));
    const forged = { ...round.bet, open_price: (round.bet.open_price ?? 0) + 1 };
    renderWin({
      '/win/my_guesses': () => pageAnswer([forged]),
      '/win/fairness': () => ({ ...round.fairness, price: forged.open_price }),
    });
    fireEvent.click(await screen.findByTestId('my-bet-toggle'));
    const details = await screen.findByTestId('bet-details');
    fireEvent.click(await within(details).findByTestId('verify-run'));
    expect((await within(details).findByTestId('verify-verdict')).textContent).toBe('✗ Verification failed');
    expect(within(details).getByTestId('verify-check-result').dataset.passed).toBe('false');
  });

  it('switches the category, remembers it and reloads on becoming visible', async () => {
    const { calls } = renderWin();
    await screen.findAllByTestId('period-record-row');
    fireEvent.click(screen.getByTestId('colour-tab-S'));
    await waitFor(() =>
      expect(callsTo(calls, '/win/guesses').some((call) => call.query.get('category') === 'S')).toBe(true),
    );
    expect(window.localStorage.getItem('colour_category')).toBe('S');
    const before = callsTo(calls, '/win/next_period_info').length;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(callsTo(calls, '/win/next_period_info').length).toBeGreaterThan(before));
  });

  it('shows Continue when the period ends, enabled after 2.5 s, and reloads on it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const { calls } = renderWin({
      '/win/next_period_info': () => {
        answers += 1;
        return periodInfoAnswer(
          answers === 1 ? { count_down_sec: 1 } : { next_period: '20250305044', count_down_sec: 178 },
        );
      },
    });
    await screen.findByTestId('colour-countdown');
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    const button = await screen.findByTestId('colour-continue');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('colour-join-G') as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    await waitFor(() =>
      expect((screen.getByTestId('colour-continue') as HTMLButtonElement).disabled).toBe(false),
    );
    const before = callsTo(calls, '/win/guesses').length;
    fireEvent.click(screen.getByTestId('colour-continue'));
    await waitFor(() => expect(screen.getByTestId('colour-period').textContent).toBe('20250305044'));
    expect(screen.getByTestId('colour-countdown').textContent).toBe('02:58');
    expect(callsTo(calls, '/win/guesses').length).toBeGreaterThan(before);
    await waitFor(() =>
      expect((screen.getByTestId('colour-join-G') as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('says when betting opens on a fresh start, keeps every Join disabled until then, and reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    renderWin({
      '/win/next_period_info': () => {
        answers += 1;
        return periodInfoAnswer(
          answers === 1
            ? { next_period: '20250305044', count_down_sec: 300, betting_opens_in_sec: 120 }
            : { next_period: '20250305044', count_down_sec: 179, betting_opens_in_sec: 0 },
        );
      },
    });
    const opens = await screen.findByTestId('colour-betting-opens');
    expect(opens.textContent).toBe('Betting opens in02:00');
    expect(screen.getByTestId('colour-period').textContent).toBe('20250305044');
    expect(screen.queryByTestId('colour-countdown')).toBeNull();
    for (const testId of ['colour-join-G', 'colour-join-V', 'colour-join-R', 'colour-join-number-0']) {
      expect((screen.getByTestId(testId) as HTMLButtonElement).disabled).toBe(true);
    }
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('colour-betting-opens').textContent).toBe('Betting opens in01:00');
    expect(answers).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    await waitFor(() => expect(screen.getByTestId('colour-countdown').textContent).toBe('02:59'));
    expect(answers).toBe(2);
    expect(screen.queryByTestId('colour-betting-opens')).toBeNull();
    await waitFor(() =>
      expect((screen.getByTestId('colour-join-G') as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('says betting opens soon while no chain is committed yet, and asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    renderWin({
      '/win/next_period_info': () => {
        answers += 1;
        return periodInfoAnswer(
          answers === 1
            ? { next_period: '20250305043', count_down_sec: 150, betting_opens_in_sec: null }
            : { next_period: '20250305044', count_down_sec: 310, betting_opens_in_sec: 130 },
        );
      },
    });
    const opens = await screen.findByTestId('colour-betting-opens');
    expect(opens.textContent).toBe('Betting opens soon: the first round is being prepared');
    expect((screen.getByTestId('colour-join-G') as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() =>
      expect(screen.getByTestId('colour-betting-opens').textContent).toBe('Betting opens in02:10'),
    );
    expect(answers).toBe(2);
  });

  it('presses Continue by itself 5.5 s after the period ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    renderWin({
      '/win/next_period_info': () => {
        answers += 1;
        return periodInfoAnswer(
          answers === 1 ? { count_down_sec: 1 } : { next_period: '20250305044', count_down_sec: 178 },
        );
      },
    });
    await screen.findByTestId('colour-countdown');
    await act(() => vi.advanceTimersByTimeAsync(6_700));
    await waitFor(() => expect(screen.getByTestId('colour-period').textContent).toBe('20250305044'));
    expect(answers).toBe(2);
  });
});
