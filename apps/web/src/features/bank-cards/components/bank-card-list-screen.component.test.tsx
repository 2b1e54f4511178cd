import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { getBankCardOtpRequired, setToken } from '../../../shared/storage/storage.ts';
import { callsTo, settleDialogs, stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { bankCardsAnswer, fakeBankCard } from '../testing/fake-bank-cards.ts';
import { BankCardListScreen } from './bank-card-list-screen.component.tsx';

const HOUR_MS = 60 * 60_000;
const SBI = fakeBankCard({ id: 21 });
const HDFC = fakeBankCard({
  id: 22,
  bank_name: 'HDFC Bank',
  account_number: '******4321',
  actual_name: 'Ravi Kumar',
});

function dialogOf(text: HTMLElement): HTMLElement {
  const dialog = text.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('the text is not inside a dialog');
  return dialog;
}

async function openSheet(index: number) {
  const items = await screen.findAllByTestId('bank-card-item');
  fireEvent.click(within(items[index] as HTMLElement).getByRole('button', { name: 'Bank card actions' }));
  return screen.findByTestId('bank-card-sheet');
}

afterEach(async () => {
  Dialog.clear();
  Toast.clear();
  await settleDialogs();
});

describe('BankCardListScreen', () => {
  it('sends a visitor without a token to /login', async () => {
    const calls = stubFakeServer({});
    const { router } = renderWithProviders(<BankCardListScreen />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
  });

  it('lists the cards with masked numbers, shows Add only once loaded, and keeps the OTP flag', async () => {
    setToken('tok');
    stubFakeServer({ '/user/bank_cards': () => bankCardsAnswer([SBI, HDFC], true) });
    const { router } = renderWithProviders(<BankCardListScreen />);
    expect(screen.queryByRole('button', { name: 'Add bank card' })).toBeNull();

    const items = await screen.findAllByTestId('bank-card-item');
    expect(items.map((item) => item.getAttribute('data-card-id'))).toEqual(['21', '22']);
    expect(items.map((item) => within(item).getByTestId('bank-card-account').textContent)).toEqual([
      '*******8901',
      '******4321',
    ]);
    expect(items[1]?.textContent).toContain('HDFC Bank');
    expect(items[1]?.textContent).toContain('Ravi Kumar');
    // Both cards are past their cool-down.
    expect(screen.queryByTestId('bank-card-cooling-down')).toBeNull();
    expect(getBankCardOtpRequired()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Add bank card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editBankCard'));
    expect(router.state.location.search).toBe('');
  });

  it('says when a new or edited card can first receive a withdrawal', async () => {
    setToken('tok');
    const until = Date.now() + 24 * HOUR_MS;
    stubFakeServer({
      '/user/bank_cards': () => bankCardsAnswer([fakeBankCard({ withdrawable_from: until })], false),
    });
    renderWithProviders(<BankCardListScreen />);
    expect((await screen.findByTestId('bank-card-cooling-down')).textContent).toBe(
      `Can receive withdrawals from ${formatDateTime(until, 'Asia/Kolkata')}`,
    );
    expect(getBankCardOtpRequired()).toBe(false);
  });

  it('shows no add button when the list failed, and offers a retry', async () => {
    setToken('tok');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    stubFakeServer({
      '/user/bank_cards': () => (fail ? { code: 500, msg: 'down' } : bankCardsAnswer([])),
    });
    renderWithProviders(<BankCardListScreen />);
    expect((await screen.findByTestId('bank-card-list-failed')).textContent).toContain(
      'Your bank cards could not be loaded.',
    );
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Add bank card' })).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('bank-card-list-empty')).textContent).toBe(
      'You have no bank card yet.',
    );
    expect(screen.getByRole('button', { name: 'Add bank card' })).toBeTruthy();
  });

  it('opens the bottom sheet from the info button; Edit opens /editBankCard?id', async () => {
    setToken('tok');
    stubFakeServer({ '/user/bank_cards': () => bankCardsAnswer([SBI, HDFC]) });
    const { router } = renderWithProviders(<BankCardListScreen />);
    const sheet = await openSheet(1);
    expect(sheet.textContent).toContain('HDFC Bank · ******4321');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editBankCard'));
    expect(router.state.location.search).toBe('?id=22');
  });

  it('deletes only after confirmation, then reloads the list', async () => {
    setToken('tok');
    let cards = [SBI, HDFC];
    const calls = stubFakeServer({
      '/user/bank_cards': () => bankCardsAnswer(cards),
      'PUT /user/delete_bank_card': () => {
        cards = [HDFC];
        return { code: 200, msg: 'Bank card deleted' };
      },
    });
    renderWithProviders(<BankCardListScreen />);

    fireEvent.click(within(await openSheet(0)).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByText('Delete the card *******8901 of State Bank of India?');
    fireEvent.click(within(dialogOf(question)).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/Delete the card/)).toBeNull());
    expect(callsTo(calls, '/user/delete_bank_card')).toHaveLength(0);
    expect(screen.getAllByTestId('bank-card-item')).toHaveLength(2);

    fireEvent.click(within(await openSheet(0)).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByText('Delete the card *******8901 of State Bank of India?');
    fireEvent.click(within(dialogOf(again)).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Bank card deleted')).toBeTruthy();
    expect(callsTo(calls, '/user/delete_bank_card', 'PUT').map((call) => call.body)).toEqual([{ id: 21 }]);
    await waitFor(() =>
      expect(
        screen.getAllByTestId('bank-card-item').map((item) => item.getAttribute('data-card-id')),
      ).toEqual(['22']),
    );
  });

  it("shows a refused deletion's message in the error alert", async () => {
    setToken('tok');
    stubFakeServer({
      '/user/bank_cards': () => bankCardsAnswer([SBI]),
      'PUT /user/delete_bank_card': () => ({ code: 404, msg: 'Bank card not found' }),
    });
    renderWithProviders(<BankCardListScreen />);
    fireEvent.click(within(await openSheet(0)).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByText('Delete the card *******8901 of State Bank of India?');
    fireEvent.click(within(dialogOf(question)).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('error-alert')).textContent).toContain('Bank card not found');
  });
});
