import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { TransferScreen } from './transfer-screen.component.tsx';
import { callsTo, profileAnswer, type StubHandler, stubWalletServer } from './wallet-test-server.ts';

function renderTransfer(transfer: StubHandler, profiles = [profileAnswer()]) {
  setToken('tok');
  const calls = stubWalletServer({
    '/user/profile': () => (profiles.length > 1 ? profiles.shift() : profiles[0]) ?? profileAnswer(),
    '/user/transfer_to': transfer,
  });
  return { calls, ...renderWithProviders(<TransferScreen />) };
}

const userIdInput = () => screen.getByTestId('transfer-user-id') as HTMLInputElement;
const amountInput = () => screen.getByTestId('transfer-amount') as HTMLInputElement;

function fill(userId: string, amount: string) {
  fireEvent.change(userIdInput(), { target: { value: userId } });
  fireEvent.change(amountInput(), { target: { value: amount } });
}

/** The dialog a text is in. */
function dialogOf(element: HTMLElement): HTMLElement {
  const dialog = element.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('not inside a dialog');
  return dialog;
}

async function confirmTransfer() {
  fireEvent.click(screen.getByTestId('transfer-confirm'));
  const text = await screen.findByTestId('transfer-confirm-text');
  fireEvent.click(within(dialogOf(text)).getByRole('button', { name: 'Confirm' }));
}

afterEach(() => Dialog.clear());

describe('TransferScreen', () => {
  it('goes to /mine when transfers are not enabled for the player', async () => {
    const { router, calls } = renderTransfer(
      () => ({ code: 200 }),
      [profileAnswer({ is_transfer_enable: 0 })],
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine'));
    expect(callsTo(calls, '/user/transfer_to')).toHaveLength(0);
  });

  it('shows the warning, the balance and digits-only fields', async () => {
    renderTransfer(() => ({ code: 200 }));
    expect((await screen.findByTestId('transfer-warning')).textContent).toContain('cannot be undone');
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₹1,234.50');
    fill(' 10a43 ', '2.5x0');
    expect(userIdInput().value).toBe('1043');
    expect(amountInput().value).toBe('250');
  });

  it('opens no confirm dialog while a field is empty', async () => {
    const { calls } = renderTransfer(() => ({ code: 200 }));
    await screen.findByTestId('transfer-warning');
    fill('1043', '');
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    fill('', '250');
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    fill('1043', '0');
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('transfer-confirm-text')).toBeNull();
    expect(callsTo(calls, '/user/transfer_to')).toHaveLength(0);
  });

  it('sends nothing when the confirm dialog is cancelled', async () => {
    const { calls } = renderTransfer(() => ({ code: 200 }));
    await screen.findByTestId('transfer-warning');
    fill('1043', '250');
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    const text = await screen.findByTestId('transfer-confirm-text');
    expect(text.textContent).toBe('Transfer ₹250.00 to user ID 1043?');
    fireEvent.click(within(dialogOf(text)).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('transfer-confirm-text')).toBeNull());
    expect(callsTo(calls, '/user/transfer_to')).toHaveLength(0);
    expect(amountInput().value).toBe('250');
  });

  it('on 200 shows "Completed", clears the fields on OK and reloads the profile', async () => {
    const { calls } = renderTransfer(
      () => ({ code: 200, msg: 'The transfer has been successfully completed.' }),
      [profileAnswer(), profileAnswer({}, { balance: '984.50' })],
    );
    await screen.findByTestId('transfer-warning');
    fill('1043', '250');
    await confirmTransfer();
    const message = await screen.findByText('The transfer has been successfully completed.');
    expect(dialogOf(message).textContent).toContain('Completed');
    const [call] = callsTo(calls, '/user/transfer_to');
    expect(call?.body).toEqual({ user_id: '1043', amount: '250' });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(userIdInput().value).toBe('1043');
    fireEvent.click(within(dialogOf(message)).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(userIdInput().value).toBe(''));
    expect(amountInput().value).toBe('');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹984.50'));
    expect(callsTo(calls, '/user/profile').length).toBeGreaterThanOrEqual(2);
  });

  it('on another code shows "Fail" with the server message', async () => {
    renderTransfer(() => ({ code: 400, msg: 'The user does not exist' }));
    await screen.findByTestId('transfer-warning');
    fill('999999', '250');
    await confirmTransfer();
    const message = await screen.findByText('The user does not exist');
    expect(dialogOf(message).textContent).toContain('Fail');
    fireEvent.click(within(dialogOf(message)).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('The user does not exist')).toBeNull());
    // The player can correct the id without typing everything again.
    expect(amountInput().value).toBe('250');
  });

  it('on a network failure shows "Error" with the generic message', async () => {
    renderTransfer(() => new TypeError('Failed to fetch'));
    await screen.findByTestId('transfer-warning');
    fill('1043', '250');
    await confirmTransfer();
    const message = await screen.findByText('An error occurred, please try again later.');
    expect(dialogOf(message).textContent).toContain('Error');
  });
});
