import type { MarketCode } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDeviceId, setBankCardOtpRequired, setToken } from '../../../shared/storage/storage.ts';
import { profileAnswer } from '../../../shared/testing/fake-profile.ts';
import { callsTo, type FakeRoute, stubFakeServer } from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { bankCardsAnswer, fakeBankCard } from '../testing/fake-bank-cards.ts';
import { BankCardForm } from './bank-card-form.component.tsx';

const VALID_CPF = '529.982.247-25';
const VALID_CNPJ = '11.222.333/0001-81';
const VALID_CLABE = '002010077777777771';

const COMMON_FIELDS = {
  'Account holder name': 'Asha Rao',
  'Bank name': 'State Bank of India',
  'Account number': '12345678901',
  'State / Province': 'Maharashtra',
  City: 'Pune',
  Address: '12 MG Road',
  'Mobile number': '+919876543210',
  Email: 'asha@example.com',
};

const SAVED = { code: 200, msg: 'Bank card saved', entry: fakeBankCard({ id: 30 }) };

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

function renderForm(
  options: {
    market?: MarketCode;
    idParam?: string | null;
    otpRequired?: boolean;
    routes?: Record<string, FakeRoute>;
  } = {},
) {
  setToken('tok');
  const calls = stubFakeServer({
    '/user/profile': () => profileAnswer(),
    '/user/bank_cards': () => bankCardsAnswer([], options.otpRequired ?? true),
    'POST /user/send_verify_code': () => ({ code: 200, msg: 'Verification code sent' }),
    'POST /user/edit_bank_card': () => SAVED,
    ...options.routes,
  });
  const onSaved = vi.fn();
  renderWithProviders(<BankCardForm idParam={options.idParam ?? null} onSaved={onSaved} />, {
    market: options.market ?? 'in',
  });
  return { calls, onSaved };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(() => Toast.clear());

describe('BankCardForm', () => {
  it('sends a visitor without a token to /login', async () => {
    const { router } = renderWithProviders(<BankCardForm idParam={null} onSaved={vi.fn()} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('in: adds a card with the IFSC and an edit_bankcard code sent to the account number', async () => {
    const { calls, onSaved } = renderForm();
    const codeButton = await screen.findByRole('button', { name: 'OTP' });
    expect((await screen.findByTestId('bank-card-code-to')).textContent).toBe(
      'The code goes to your number +919876543210.',
    );
    fireEvent.click(codeButton);
    expect(await screen.findByRole('button', { name: /^Wait \d+s$/ })).toHaveProperty('disabled', true);
    expect(getDeviceId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(callsTo(calls, '/user/send_verify_code', 'POST').map((call) => call.body)).toEqual([
      { mobile_number: '+919876543210', verify_type: 'edit_bankcard', device_id: getDeviceId() },
    ]);

    fill({ ...COMMON_FIELDS, 'IFSC code': 'sbin0001234', 'UPI account': '', 'Verification code': '123456' });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/user/edit_bank_card', 'POST').map((call) => call.body)).toEqual([
      {
        actual_name: 'Asha Rao',
        ifsc_code: 'SBIN0001234',
        bank_name: 'State Bank of India',
        account_number: '12345678901',
        province: 'Maharashtra',
        city: 'Pune',
        address: '12 MG Road',
        mobile_number: '+919876543210',
        email: 'asha@example.com',
        upi_account: '',
        verify_code: '123456',
      },
    ]);
    expect(await screen.findByText('Bank card saved')).toBeTruthy();
  });

  it('shows no code field and sends no code while the server does not ask for one', async () => {
    setBankCardOtpRequired(true);
    const { calls, onSaved } = renderForm({ market: 'vi', otpRequired: false });
    await waitFor(() => expect(screen.queryByLabelText('Verification code')).toBeNull());
    // Outside India there is no IFSC field; the text None is stored.
    expect(screen.queryByLabelText('IFSC code')).toBeNull();
    fill(COMMON_FIELDS);
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [body] = callsTo(calls, '/user/edit_bank_card', 'POST').map((call) => call.body);
    expect(body).not.toHaveProperty('verify_code');
    expect(body?.ifsc_code).toBe('None');
  });

  it('checks the fields before sending: required, e-mail, IFSC format and the code (spec 01 §5)', async () => {
    const { calls } = renderForm();
    await screen.findByRole('button', { name: 'OTP' });
    save();
    expect((await screen.findByTestId('actual_name-error')).textContent).toBe(
      'Account holder name is required',
    );
    expect(screen.getByTestId('email-error').textContent).toBe('email is required');
    expect(screen.getByTestId('verify_code-error').textContent).toBe('verification code is required');
    expect(screen.getByLabelText('Bank name').getAttribute('aria-invalid')).toBe('true');

    fill({
      ...COMMON_FIELDS,
      Email: 'asha.example.com',
      'IFSC code': 'SBIN001234',
      'Verification code': '123456',
    });
    // Editing a field clears its message.
    expect(screen.queryByTestId('actual_name-error')).toBeNull();
    save();
    expect((await screen.findByTestId('email-error')).textContent).toBe('email must be valid');
    // The market's rules (here the IFSC) are checked once the common fields are right, as the server does.
    fill({ Email: 'asha@example.com' });
    save();
    expect((await screen.findByTestId('ifsc_code-error')).textContent).toBe(
      'ifsc_code must be 4 letters, 0, then 6 letters or digits',
    );
    expect(callsTo(calls, '/user/edit_bank_card')).toHaveLength(0);
  });

  it("shows the server's refusal in the error alert and lets the player try again", async () => {
    const { onSaved } = renderForm({
      otpRequired: false,
      routes: { 'POST /user/edit_bank_card': () => ({ code: 400, msg: 'Verification code is incorrect' }) },
    });
    await waitFor(() => expect(screen.queryByLabelText('Verification code')).toBeNull());
    fill({ ...COMMON_FIELDS, 'IFSC code': 'SBIN0001234' });
    save();
    expect((await screen.findByTestId('error-alert')).textContent).toContain(
      'Verification code is incorrect',
    );
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('mx: the UPI field is Clabe, and "UPI Account can not be empty" shows as "Clabe can not be empty"', async () => {
    const { calls } = renderForm({
      market: 'mx',
      otpRequired: false,
      routes: { 'POST /user/edit_bank_card': () => ({ code: 400, msg: 'UPI Account can not be empty' }) },
    });
    await waitFor(() => expect(screen.queryByLabelText('Verification code')).toBeNull());
    fill(COMMON_FIELDS);
    save();
    expect((await screen.findByTestId('upi_account-error')).textContent).toBe('Clabe can not be empty');
    expect(callsTo(calls, '/user/edit_bank_card')).toHaveLength(0);

    fill({ Clabe: '002010077777777772' });
    save();
    expect((await screen.findByTestId('upi_account-error')).textContent).toBe(
      'upi_account must be a CLABE of 18 digits with a valid check digit',
    );

    // The server's own message is mapped the same way.
    fill({ Clabe: VALID_CLABE });
    save();
    expect((await screen.findByTestId('error-alert')).textContent).toContain('Clabe can not be empty');
    expect(callsTo(calls, '/user/edit_bank_card', 'POST')[0]?.body.upi_account).toBe(VALID_CLABE);
  });

  it('pt: collects the seven PIX values, checks the CPF/CNPJ digits and joins them with semicolons', async () => {
    const { calls, onSaved } = renderForm({ market: 'pt', otpRequired: false });
    await waitFor(() => expect(screen.queryByLabelText('Verification code')).toBeNull());
    const accountType = screen.getByLabelText('Account type');
    expect(
      within(accountType)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose', 'Conta-corrente', 'Poupança']);
    fill({
      ...COMMON_FIELDS,
      'Account digit': '7',
      'Document type': 'CPF',
      'Document number': '529.982.247-24',
      'Account type': 'SAVING',
      'PIX key type': 'EMAIL',
      'PIX key': 'asha@example.com',
      'CPF/TFN': VALID_CNPJ,
    });
    save();
    expect((await screen.findByTestId('documentId-error')).textContent).toBe(
      'document id is not a valid CPF',
    );
    expect(callsTo(calls, '/user/edit_bank_card')).toHaveLength(0);

    fill({ 'Document number': VALID_CPF });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/user/edit_bank_card', 'POST')[0]?.body.upi_account).toBe(
      `7;CPF;${VALID_CPF};SAVING;EMAIL;asha@example.com;${VALID_CNPJ}`,
    );
  });

  it('edits a card: loads it whole into the fields and sends its id', async () => {
    const { calls, onSaved } = renderForm({
      otpRequired: false,
      idParam: '21',
      routes: {
        '/user/bank_card': () => ({ code: 200, entry: fakeBankCard({ account_number: '12345678901' }) }),
      },
    });
    const account = (await screen.findByLabelText('Account number')) as HTMLInputElement;
    expect(account.value).toBe('12345678901');
    expect((screen.getByLabelText('IFSC code') as HTMLInputElement).value).toBe('SBIN0001234');
    expect(callsTo(calls, '/user/bank_card')[0]?.query.get('id')).toBe('21');
    fill({ 'Bank name': 'SBI' });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/user/edit_bank_card', 'POST')[0]?.body).toMatchObject({
      id: 21,
      bank_name: 'SBI',
    });
  });

  it("shows the server's answer for another player's card, and no form", async () => {
    renderForm({
      idParam: '99',
      routes: { '/user/bank_card': () => ({ code: 404, msg: 'Bank card not found' }) },
    });
    expect((await screen.findByTestId('bank-card-load-failed')).textContent).toContain('Bank card not found');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('does not turn a broken edit link into adding a card', () => {
    const { calls } = renderForm({ idParam: 'abc' });
    expect(screen.getByTestId('bank-card-load-failed').textContent).toBe('This bank card does not exist.');
    expect(callsTo(calls, '/user/bank_card')).toHaveLength(0);
  });
});
