import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, switchLanguage } from '../../../i18n/i18n.ts';
import { setToken } from '../../../shared/storage/storage.ts';
import { callsTo, stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { fakeAddress } from '../../shop/testing/fake-shop-server.ts';
import { AddressForm } from './address-form.component.tsx';

const TYPED = {
  'Full name': 'Asha Rao',
  'Mobile number': '+91 98765 43210',
  'PIN code': '411001',
  State: 'Maharashtra',
  'Town / City': 'Pune',
  'House number, street and area': '12 MG Road',
};

function fillAll(values: Record<string, string>) {
  for (const [placeholder, value] of Object.entries(values)) {
    fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
  }
}

afterEach(() => Toast.clear());

describe('AddressForm', () => {
  it('sends a visitor without a token to /login', async () => {
    const { router } = renderWithProviders(<AddressForm idParam={null} onSaved={vi.fn()} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('adds an address: the six fields as typed and no id, then goes back', async () => {
    setToken('tok');
    const calls = stubFakeServer({
      'POST /user/edit_address': () => ({ code: 200, msg: 'Address saved', entry: fakeAddress({ id: 20 }) }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<AddressForm idParam={null} onSaved={onSaved} />);
    // Labelled fields, so screen readers and e2e find them by name.
    expect(screen.getByLabelText('Full name')).toBe(screen.getByPlaceholderText('Full name'));

    fillAll(TYPED);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/user/edit_address', 'POST').map((call) => call.body)).toEqual([
      {
        full_name: 'Asha Rao',
        mobile_number: '+91 98765 43210',
        pin_code: '411001',
        state: 'Maharashtra',
        town_city: 'Pune',
        detail_address: '12 MG Road',
      },
    ]);
    expect(await screen.findByText('Address saved')).toBeTruthy();
  });

  it('checks what it can before sending: each message under its field, gone when the field is edited', async () => {
    setToken('tok');
    const calls = stubFakeServer({});
    renderWithProviders(<AddressForm idParam={null} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('full_name-error')).textContent).toBe('Please enter the full name.');
    expect(screen.getByTestId('pin_code-error').textContent).toBe('Please enter the PIN code.');
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, '/user/edit_address')).toHaveLength(0);
    expect(screen.queryByTestId('error-alert')).toBeNull();

    fillAll({ ...TYPED, 'PIN code': '12' });
    expect(screen.queryByTestId('full_name-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('pin_code-error')).textContent).toBe(
      'The PIN code must have 6 digits.',
    );
    expect(callsTo(calls, '/user/edit_address')).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText('PIN code'), { target: { value: '411001' } });
    expect(screen.queryByTestId('pin_code-error')).toBeNull();
  });

  it('checks the CEP of Brazil (8 digits), in Portuguese', async () => {
    setToken('tok');
    await switchLanguage('pt-BR');
    try {
      renderWithProviders(<AddressForm idParam={null} onSaved={vi.fn()} />, { market: 'pt' });
      fillAll({
        'Nome completo': 'Ana',
        'Número de celular': '11912345678',
        CEP: '411001',
        Estado: 'SP',
        Cidade: 'São Paulo',
        'Rua, número e bairro': 'Rua A, 1',
      });
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect((await screen.findByTestId('pin_code-error')).textContent).toBe(
        'O campo CEP deve ter 8 dígitos.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("puts the server's refusal of a field under that field, translated", async () => {
    setToken('tok');
    stubFakeServer({
      'POST /user/edit_address': () => ({ code: 400, msg: 'full_name must be at most 100 characters' }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<AddressForm idParam={null} onSaved={onSaved} />);
    fillAll(TYPED);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('full_name-error')).textContent).toBe(
      'The full name can have at most 100 characters.',
    );
    expect(screen.queryByTestId('error-alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
    // The player can correct the form and send it again.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('edits an address: loads it into the fields and sends its id', async () => {
    setToken('tok');
    const calls = stubFakeServer({
      '/user/address': () => ({ code: 200, entry: fakeAddress({ id: 11 }) }),
      'POST /user/edit_address': () => ({ code: 200, msg: 'Address saved', entry: fakeAddress({ id: 11 }) }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<AddressForm idParam="11" onSaved={onSaved} />);
    const name = (await screen.findByPlaceholderText('Full name')) as HTMLInputElement;
    expect(name.value).toBe('Asha Rao');
    expect((screen.getByPlaceholderText('House number, street and area') as HTMLInputElement).value).toBe(
      '12 MG Road',
    );
    expect(callsTo(calls, '/user/address')[0]?.query.get('id')).toBe('11');

    fireEvent.change(name, { target: { value: 'Asha R.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/user/edit_address', 'POST')[0]?.body).toEqual({
      id: 11,
      full_name: 'Asha R.',
      mobile_number: '+919876543210',
      pin_code: '411001',
      state: 'Maharashtra',
      town_city: 'Pune',
      detail_address: '12 MG Road',
    });
  });

  it("shows the server's answer for another player's or a missing address, and no form", async () => {
    setToken('tok');
    stubFakeServer({ '/user/address': () => ({ code: 404, msg: 'Address not found' }) });
    renderWithProviders(<AddressForm idParam="99" onSaved={vi.fn()} />);
    expect((await screen.findByTestId('address-load-failed')).textContent).toContain('Address not found');
    expect(screen.queryByPlaceholderText('Full name')).toBeNull();
  });

  it('does not turn a broken edit link into adding an address', () => {
    setToken('tok');
    const calls = stubFakeServer({});
    renderWithProviders(<AddressForm idParam="abc" onSaved={vi.fn()} />);
    expect(screen.getByTestId('address-load-failed').textContent).toBe('This address does not exist.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
