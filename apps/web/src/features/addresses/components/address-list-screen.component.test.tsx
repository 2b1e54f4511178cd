import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { callsTo, settleDialogs, stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { fakeAddress } from '../../shop/testing/fake-shop-server.ts';
import { AddressListScreen } from './address-list-screen.component.tsx';

const HOME = fakeAddress({ id: 11, full_name: 'Asha Rao' });
const OFFICE = fakeAddress({ id: 12, full_name: 'Ravi Kumar', detail_address: '4 Park Street' });

function dialogOf(text: HTMLElement): HTMLElement {
  const dialog = text.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('the text is not inside a dialog');
  return dialog;
}

afterEach(async () => {
  Dialog.clear();
  Toast.clear();
  await settleDialogs();
});

describe('AddressListScreen', () => {
  it('sends a visitor without a token to /login', async () => {
    const calls = stubFakeServer({});
    const { router } = renderWithProviders(<AddressListScreen />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
  });

  it('shows the add button only once the list has loaded', async () => {
    setToken('tok');
    stubFakeServer({ '/user/addresses': () => ({ code: 200, queryset: [HOME, OFFICE] }) });
    const { router } = renderWithProviders(<AddressListScreen />);
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();

    const items = await screen.findAllByTestId('address-item');
    expect(items.map((item) => item.getAttribute('data-address-id'))).toEqual(['11', '12']);
    expect(items[0]?.textContent).toContain('Asha Rao');
    expect(items[0]?.textContent).toContain('+919876543210');
    expect(items[0]?.textContent).toContain('12 MG Road, Pune, Maharashtra 411001');

    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editAddress'));
    expect(router.state.location.search).toBe('');
  });

  it('shows no add button when the list failed, and offers a retry', async () => {
    setToken('tok');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    stubFakeServer({
      '/user/addresses': () => (fail ? { code: 500, msg: 'down' } : { code: 200, queryset: [] }),
    });
    renderWithProviders(<AddressListScreen />);
    expect((await screen.findByTestId('address-list-failed')).textContent).toContain(
      'Your addresses could not be loaded.',
    );
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('address-list-empty')).textContent).toBe(
      'You have no delivery address yet.',
    );
    expect(screen.getByRole('button', { name: 'Add address' })).toBeTruthy();
  });

  it('opens the bottom sheet from the info button; Edit opens /editAddress?id', async () => {
    setToken('tok');
    stubFakeServer({ '/user/addresses': () => ({ code: 200, queryset: [HOME, OFFICE] }) });
    const { router } = renderWithProviders(<AddressListScreen />);
    const items = await screen.findAllByTestId('address-item');

    fireEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Address actions' }));
    const sheet = await screen.findByTestId('address-sheet');
    expect(sheet.textContent).toContain('Ravi Kumar');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editAddress'));
    expect(router.state.location.search).toBe('?id=12');
  });

  it('deletes only after confirmation, then reloads the list', async () => {
    setToken('tok');
    let addresses = [HOME, OFFICE];
    const calls = stubFakeServer({
      '/user/addresses': () => ({ code: 200, queryset: addresses }),
      'PUT /user/delete_address': () => {
        addresses = [OFFICE];
        return { code: 200, msg: 'Address deleted' };
      },
    });
    renderWithProviders(<AddressListScreen />);
    const items = await screen.findAllByTestId('address-item');

    fireEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Address actions' }));
    fireEvent.click(
      within(await screen.findByTestId('address-sheet')).getByRole('button', { name: 'Delete' }),
    );
    const question = await screen.findByText('Delete the address of Asha Rao?');
    fireEvent.click(within(dialogOf(question)).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Delete the address of Asha Rao?')).toBeNull());
    expect(callsTo(calls, '/user/delete_address')).toHaveLength(0);
    expect(screen.getAllByTestId('address-item')).toHaveLength(2);

    fireEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Address actions' }));
    fireEvent.click(
      within(await screen.findByTestId('address-sheet')).getByRole('button', { name: 'Delete' }),
    );
    const again = await screen.findByText('Delete the address of Asha Rao?');
    fireEvent.click(within(dialogOf(again)).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Address deleted')).toBeTruthy();
    expect(callsTo(calls, '/user/delete_address', 'PUT').map((call) => call.body)).toEqual([{ id: 11 }]);
    await waitFor(() =>
      expect(
        screen.getAllByTestId('address-item').map((item) => item.getAttribute('data-address-id')),
      ).toEqual(['12']),
    );
  });

  it("shows a refused deletion's message in the error alert", async () => {
    setToken('tok');
    const calls = stubFakeServer({
      '/user/addresses': () => ({ code: 200, queryset: [HOME] }),
      'PUT /user/delete_address': () => ({ code: 404, msg: 'Address not found' }),
    });
    renderWithProviders(<AddressListScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Address actions' }));
    fireEvent.click(
      within(await screen.findByTestId('address-sheet')).getByRole('button', { name: 'Delete' }),
    );
    const question = await screen.findByText('Delete the address of Asha Rao?');
    fireEvent.click(within(dialogOf(question)).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('error-alert')).textContent).toContain('Address not found');
    // A refused deletion reloads the list too; the test waits for it rather than leave it running.
    await waitFor(() => expect(callsTo(calls, '/user/addresses')).toHaveLength(2));
    expect(screen.getAllByTestId('address-item')).toHaveLength(1);
  });
});
