import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { profileAnswer } from '../../../shared/testing/fake-profile.ts';
import { callsTo, settleDialogs, stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { fakeAddress, fakeOrder, fakeProduct } from '../../shop/testing/fake-shop-server.ts';
import { BuyScreen } from './buy-screen.component.tsx';

const HOME = fakeAddress({ id: 11, full_name: 'Asha Rao' });
const OFFICE = fakeAddress({ id: 12, full_name: 'Asha Office', detail_address: '4 Park Street' });

function buyServer(
  options: { addresses?: unknown[]; buy?: () => unknown; stock?: number; balance?: string } = {},
) {
  return stubFakeServer({
    '/user/profile': () => profileAnswer({}, { balance: options.balance ?? '100000.00' }),
    '/shop/product': () => ({ code: 200, entry: fakeProduct({ stock: options.stock ?? 5 }) }),
    '/user/addresses': () => ({ code: 200, queryset: options.addresses ?? [HOME, OFFICE] }),
    '/user/buy':
      options.buy ?? (() => ({ code: 200, msg: 'Your buy is successful completed.', entry: fakeOrder() })),
  });
}

function dialogOf(text: HTMLElement): HTMLElement {
  const dialog = text.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('the text is not inside a dialog');
  return dialog;
}

afterEach(async () => {
  Dialog.clear();
  delete window.AndroidBridge;
  await settleDialogs();
});

describe('BuyScreen', () => {
  it('sends a visitor without a token to /login', async () => {
    const calls = buyServer();
    const { router } = renderWithProviders(<BuyScreen productId={7} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
  });

  it('shows the balance, and when it is short of the price by how much, with a Recharge link', async () => {
    setToken('tok');
    buyServer({ balance: '1234.50' });
    const { router } = renderWithProviders(<BuyScreen productId={7} />);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹1,234.50'));
    expect(screen.getByTestId('buy-balance-short').textContent).toContain(
      'Your balance is ₹63,765.50 short for this product.',
    );
    fireEvent.click(screen.getByTestId('buy-recharge-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recharge'));
  });

  it('says nothing of a balance that covers the price', async () => {
    setToken('tok');
    buyServer({ balance: '65000.00' });
    renderWithProviders(<BuyScreen productId={7} />);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹65,000.00'));
    expect(screen.queryByTestId('buy-balance-short')).toBeNull();
  });

  it('needs a password and an address, and sends nothing until both are there', async () => {
    setToken('tok');
    const calls = buyServer({ addresses: [] });
    renderWithProviders(<BuyScreen productId={7} />);
    expect(await screen.findByText('You have no delivery address yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a new address' }).getAttribute('href')).toBe('/editAddress');

    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByText('password is required')).toBeTruthy();
    expect(screen.getByTestId('address-error').textContent).toBe('Please select a delivery address');

    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'secret12' } });
    expect(screen.queryByText('password is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(screen.getByTestId('address-error')).toBeTruthy();
    expect(callsTo(calls, '/user/buy')).toHaveLength(0);
  });

  it('buys with the chosen address: Idempotency-Key, e_purchase, the Completed dialog, then Undelivered', async () => {
    setToken('tok');
    const track = vi.fn();
    window.AndroidBridge = { track };
    const calls = buyServer();
    const { router } = renderWithProviders(<BuyScreen productId={7} />);

    const product = await screen.findByTestId('buy-product');
    expect(product.textContent).toContain('Gold bar 10 g');
    expect(product.textContent).toContain('₹65,000.00');
    const home = await screen.findByRole('radio', { name: /Asha Rao/ });
    // The newest address is chosen until the player picks another.
    expect((home as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Asha Office/ }));

    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByText('password is required')).toBeTruthy();
    expect(screen.queryByTestId('address-error')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: ' secret12 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));

    const message = await screen.findByText('Your buy is successful completed.');
    const dialog = message.closest<HTMLElement>('[role="dialog"]');
    expect(dialog?.textContent).toContain('Completed');

    const [buy] = callsTo(calls, '/user/buy', 'POST');
    // The password goes exactly as typed.
    expect(buy?.body).toEqual({ product_id: 7, address_id: 12, password: ' secret12 ' });
    expect(buy?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(buy?.headers.Authorization).toBe('Token tok');

    expect(track).toHaveBeenCalledTimes(1);
    expect(track.mock.calls[0]?.[0]).toBe('e_purchase');
    expect(JSON.parse(String(track.mock.calls[0]?.[1]))).toEqual({
      product_id: 7,
      order_id: 301,
      price: '65000.00',
      currency: 'INR',
    });

    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderList'));
    expect(router.state.location.search).toBe('?status=undelivered');
  });

  it("shows the server's refusal in the error alert, stays, and uses a fresh key on the next try", async () => {
    setToken('tok');
    const track = vi.fn();
    window.AndroidBridge = { track };
    const calls = buyServer({ buy: () => ({ code: 400, msg: 'Password is incorrect' }) });
    const { router } = renderWithProviders(<BuyScreen productId={7} />);
    await screen.findByRole('radio', { name: /Asha Rao/ });

    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect((await screen.findByTestId('error-alert')).textContent).toContain('Password is incorrect');
    await waitFor(() => expect((screen.getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    await waitFor(() => expect(callsTo(calls, '/user/buy')).toHaveLength(2));
    const [first, second] = callsTo(calls, '/user/buy');
    expect(first?.headers['Idempotency-Key']).not.toBe(second?.headers['Idempotency-Key']);
    expect(track).not.toHaveBeenCalled();
    expect(screen.queryByText('Your buy is successful completed.')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('takes the last refusal away when the next try succeeds', async () => {
    setToken('tok');
    let attempts = 0;
    buyServer({
      buy: () => {
        attempts += 1;
        return attempts === 1
          ? { code: 400, msg: 'Password is incorrect' }
          : { code: 200, msg: 'Your buy is successful completed.', entry: fakeOrder() };
      },
    });
    const { router } = renderWithProviders(<BuyScreen productId={7} />);
    await screen.findByRole('radio', { name: /Asha Rao/ });
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    await screen.findByTestId('error-alert');
    await waitFor(() => expect((screen.getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(false));

    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    const message = await screen.findByText('Your buy is successful completed.');
    expect(screen.queryByTestId('error-alert')).toBeNull();
    fireEvent.click(within(dialogOf(message)).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderList'));
  });

  it('shows the insufficient balance refusal the same way', async () => {
    setToken('tok');
    buyServer({ buy: () => ({ code: 400, msg: 'Insufficient balance' }) });
    renderWithProviders(<BuyScreen productId={7} />);
    await screen.findByRole('radio', { name: /Asha Rao/ });
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect((await screen.findByTestId('error-alert')).textContent).toContain('Insufficient balance');
  });

  it('cannot buy a sold-out product', async () => {
    setToken('tok');
    buyServer({ stock: 0 });
    renderWithProviders(<BuyScreen productId={7} />);
    const submit = await screen.findByTestId('buy-submit');
    expect(submit.textContent).toBe('Sold out');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });
});
