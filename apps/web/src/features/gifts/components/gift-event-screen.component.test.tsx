import { GiftMessage } from '@app/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../../../i18n/i18n.ts';
import { setToken } from '../../../shared/storage/storage.ts';
import { callsTo, settleDialogs, stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { GiftEventScreen } from './gift-event-screen.component.tsx';

const HOUR_MS = 60 * 60_000;
/** Midnight in India (UTC+05:30) of 2026-03-01: far from this machine's clock, as a wrong phone clock is. */
const MIDNIGHT_IST = Date.UTC(2026, 2, 1) - 5.5 * HOUR_MS;
/** 10:40 in India on the server's clock: the first round is open, the other two are still to come. */
const SERVER_NOW = MIDNIGHT_IST + 10 * HOUR_MS + 40 * 60_000;

function round(id: number, startHour: number) {
  return {
    id,
    start_time: MIDNIGHT_IST + startHour * HOUR_MS,
    end_time: MIDNIGHT_IST + (startHour + 1) * HOUR_MS,
    member_available_num: 9999,
    join_recharge: true,
    join_relation: false,
    join_bet: false,
    completed: false,
  };
}

function renderScreen(join: () => unknown) {
  setToken('tok');
  const calls = stubFakeServer({
    '/user/gift_events': () => ({
      code: 200,
      queryset: [round(1, 10.5), round(2, 15.5), round(3, 20.5)],
      server_time: SERVER_NOW,
    }),
    'POST /user/join_gift_event': join,
    '/user/profile': () => ({ code: 401, msg: 'Please log in again' }),
  });
  renderWithProviders(<GiftEventScreen />);
  return calls;
}

afterEach(async () => {
  await settleDialogs();
  await i18n.changeLanguage('en');
});

describe('GiftEventScreen', () => {
  it('shows which round is open by the server’s clock, not the phone’s, and when the others open', async () => {
    const calls = renderScreen(() => ({ code: 200, msg: 'Congratulations!', price: '12.34' }));
    const rows = await screen.findAllByTestId('gift-event-row');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['open', 'upcoming', 'upcoming']);
    expect(within(rows[0] as HTMLElement).getByTestId('gift-event-status').textContent).toBe('Open now');
    expect(within(rows[1] as HTMLElement).getByTestId('gift-event-status').textContent).toBe(
      'Opens at 15:30',
    );
    expect(screen.getByTestId('gift-event-next').textContent).toBe('The next round opens at 15:30');
    expect(within(rows[0] as HTMLElement).getByText('Recharged')).toBeTruthy();

    // A round still to come cannot be tapped open; the open one shows its details with Open Gift.
    fireEvent.click(rows[1] as HTMLElement);
    expect(screen.queryByTestId('gift-event-details')).toBeNull();
    fireEvent.click(rows[0] as HTMLElement);
    fireEvent.click(await screen.findByTestId('gift-event-open'));
    expect(await screen.findByText('Congratulations! You got ₹12.34')).toBeTruthy();
    expect(callsTo(calls, '/user/join_gift_event', 'POST').map((call) => call.body)).toEqual([{ id: 1 }]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  });

  it('says a second open was refused in the interface language', async () => {
    await switchLanguage('pt-BR');
    renderScreen(() => ({ code: 400, msg: GiftMessage.eventAlreadyJoined }));
    const rows = await screen.findAllByTestId('gift-event-row');
    expect(within(rows[2] as HTMLElement).getByTestId('gift-event-status').textContent).toBe('Abre às 20:30');
    fireEvent.click(rows[0] as HTMLElement);
    fireEvent.click(await screen.findByTestId('gift-event-open'));
    expect(await screen.findByText('Você já abriu este presente')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  });
});
