import type { UserGuessDto } from '@app/shared';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { AppConfigProvider } from '../../../shared/app-config/app-config.context.tsx';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { periodRow, waitingBet } from '../testing/colour-test-server.ts';
import { CountdownRing } from './countdown-ring.component.tsx';
import { LatestResult } from './latest-result.component.tsx';
import { CELEBRATION_MS, newlyWonBets, WinCelebration } from './win-celebration.component.tsx';

afterEach(() => vi.useRealTimers());

/** The celebration with the providers it reads, kept across re-renders as the bets list reloads. */
function celebrationWith(rows: UserGuessDto[]) {
  return (
    <AppConfigProvider config={{ market: 'in', devTools: false }}>
      <I18nextProvider i18n={i18n}>
        <WinCelebration rows={rows} />
      </I18nextProvider>
    </AppConfigProvider>
  );
}

describe('WinCelebration', () => {
  it('celebrates a bet seen waiting that is now won, with the amount, then goes away', () => {
    vi.useFakeTimers();
    const waiting = waitingBet({ id: 7 });
    const view = render(celebrationWith([waiting]));
    expect(screen.queryByTestId('win-celebration')).toBeNull();

    view.rerender(celebrationWith([{ ...waiting, status: 'S', amount: '72190.00' }]));
    expect(screen.getByTestId('win-celebration').textContent).toContain('You won!₹72,190.00');

    act(() => vi.advanceTimersByTime(CELEBRATION_MS + 10));
    expect(screen.queryByTestId('win-celebration')).toBeNull();
  });

  it('does not celebrate an old win or a lost bet', () => {
    expect(newlyWonBets(new Set([1]), [waitingBet({ id: 2, status: 'S' })])).toEqual([]);
    expect(newlyWonBets(new Set([1]), [waitingBet({ id: 1, status: 'F' })])).toEqual([]);
    const won = waitingBet({ id: 1, status: 'S' });
    expect(newlyWonBets(new Set([1]), [won])).toEqual([won]);
  });
});

describe('CountdownRing and LatestResult', () => {
  it('empties the ring with the period and turns it red when bets lock', () => {
    const view = render(<CountdownRing secondsLeft={90} locked={false} label="01:30" />);
    const progress = screen.getByTestId('countdown-ring').querySelectorAll('circle')[1];
    const length = Number(progress?.getAttribute('stroke-dasharray'));
    expect(Number(progress?.getAttribute('stroke-dashoffset'))).toBeCloseTo(length / 2);
    expect(screen.getByTestId('colour-countdown').textContent).toBe('01:30');
    view.rerender(<CountdownRing secondsLeft={20} locked label="00:20" />);
    expect(screen.getByTestId('countdown-ring').className).toMatch(/ringLocked/);
  });

  it('reveals the newest result as a ball in its colour', () => {
    renderWithProviders(<LatestResult row={periodRow('20250305042', 45678)} />);
    expect(screen.getByTestId('latest-result').textContent).toContain('Result of 20250305042');
    const ball = screen.getByTestId('latest-result-ball');
    expect(ball.textContent).toBe('8');
    expect(ball.className).toMatch(/red/);
  });
});
