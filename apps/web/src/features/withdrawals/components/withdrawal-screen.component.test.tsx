import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { profileAnswer } from '../../../shared/testing/fake-profile.ts';
import {
  callsTo,
  type FakeRoute,
  settleDialogs,
  stubFakeServer,
} from '../../../shared/testing/fake-server.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { bankCardsAnswer, fakeBankCard } from '../../bank-cards/testing/fake-bank-cards.ts';
import { WithdrawalScreen } from './withdrawal-screen.component.tsx';

const MANUAL = { name: 'Bank transfer', key: 'bank_transfer', bank_code_group_id: null, bank_codes: [] };
const SANDBOX = {
  name: 'Sandbox payout (test bank)',
  key: 'sandbox_payout',
  bank_code_group_id: 4,
  bank_codes: [
    { id: 1, code: 'SBIN', name: 'State Bank of India' },
    { id: 2, code: 'HDFC', name: 'HDFC Bank' },
  ],
};

function channelsAnswer(needsBet = '0.00', contactUrl = '') {
  return { code: 200, needs_bet: needsBet, contact_url: contactUrl, queryset: [MANUAL, SANDBOX] };
}

const CREATED = {
  code: 200,
  msg: 'Withdrawal submitted',
  entry: {
    id: 5,
    price: '1500.50',
    fee: '30.01',
    actual_price: '1470.49',
    status: 'Wait',
    payout_status: 'Wait',
    fail_reason: '',
    create_time: 0,
    channel_name: 'Sandbox payout (test bank)',
    bank_name: 'State Bank of India',
    account_number: '*******8901',
  },
};

const SBI = fakeBankCard({ id: 21 });
const HDFC = fakeBankCard({ id: 22, bank_name: 'HDFC Bank', account_number: '******4321' });

function renderScreen(routes: Record<string, FakeRoute> = {}) {
  setToken('tok');
  const calls = stubFakeServer({
    '/user/profile': () => profileAnswer(),
    '/user/channels': () => channelsAnswer(),
    '/user/bank_cards': () => bankCardsAnswer([SBI, HDFC]),
    'POST /user/add_withdrawal': () => CREATED,
    ...routes,
  });
  return { calls, ...renderWithProviders(<WithdrawalScreen />) };
}

const amountInput = () => screen.getByTestId('withdrawal-amount') as HTMLInputElement;
const submitButton = () => screen.getByTestId('withdrawal-submit') as HTMLButtonElement;

async function fillForm(amount: string) {
  await screen.findAllByTestId('withdrawal-card-option');
  await screen.findByTestId('withdrawal-channel-sandbox_payout');
  fireEvent.change(amountInput(), { target: { value: amount } });
  fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'gold-pass-1' } });
}

afterEach(async () => {
  Dialog.clear();
  await settleDialogs();
});

describe('WithdrawalScreen', () => {
  it('shows the balance, the cards (masked), the channels and no notice without a requirement', async () => {
    const { calls } = renderScreen();
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹1,234.50'));
    const options = await screen.findAllByTestId('withdrawal-card-option');
    expect(options.map((option) => within(option).getByTestId('bank-card-account').textContent)).toEqual([
      '*******8901',
      '******4321',
    ]);
    // The newest card and the first channel are chosen until the player picks others.
    expect((within(options[0] as HTMLElement).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    const manual = await screen.findByTestId('withdrawal-channel-bank_transfer');
    expect((within(manual).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('withdrawal-bank')).toBeNull();
    expect(screen.queryByTestId('withdrawal-needs-bet')).toBeNull();
    expect(screen.queryByTestId('withdrawal-contact')).toBeNull();
    expect(callsTo(calls, '/user/channels')[0]?.query.get('type')).toBe('withdrawal');
    expect(screen.getByTestId('withdrawal-record-link').getAttribute('href')).toBe('/withdrawalRecord');
  });

  it('shows the needs_bet notice and the contact link when the server sends them', async () => {
    renderScreen({ '/user/channels': () => channelsAnswer('1500.00', 'https://wa.me/919876543210') });
    expect((await screen.findByTestId('withdrawal-needs-bet')).textContent).toBe(
      'Need to bet ₹1,500.00 to be able to withdraw',
    );
    const contact = screen.getByTestId('withdrawal-contact');
    expect(contact.getAttribute('href')).toBe('https://wa.me/919876543210');
    expect(contact.textContent).toBe('Questions about withdrawals? Contact us (WhatsApp)');
  });

  it('previews the fee and the credited amount with the shared fee rule (spec 02 §9)', async () => {
    renderScreen();
    await screen.findByTestId('withdrawal-channel-bank_transfer');
    expect(screen.queryByTestId('withdrawal-preview')).toBeNull();
    fireEvent.change(amountInput(), { target: { value: '500' } });
    expect(screen.getByTestId('withdrawal-fee').textContent).toBe('₹30.00');
    expect(screen.getByTestId('withdrawal-actual').textContent).toBe('₹470.00');
    fireEvent.change(amountInput(), { target: { value: '1500,50' } });
    expect(amountInput().value).toBe('1500,50');
    expect(screen.getByTestId('withdrawal-fee').textContent).toBe('₹30.01');
    expect(screen.getByTestId('withdrawal-actual').textContent).toBe('₹1,470.49');
  });

  it('sends nothing until amount, password, card and (for a bank code group) a bank are given', async () => {
    const { calls } = renderScreen();
    await screen.findByTestId('withdrawal-channel-bank_transfer');
    expect(submitButton().disabled).toBe(true);
    await fillForm('1500');
    expect(submitButton().disabled).toBe(false);

    fireEvent.click(within(screen.getByTestId('withdrawal-channel-sandbox_payout')).getByRole('radio'));
    const bank = screen.getByTestId('withdrawal-bank') as HTMLSelectElement;
    expect([...bank.options].map((option) => option.textContent)).toEqual([
      'Choose a bank',
      'State Bank of India',
      'HDFC Bank',
    ]);
    expect(submitButton().disabled).toBe(true);
    fireEvent.submit(submitButton().closest('form') as HTMLFormElement);
    fireEvent.change(bank, { target: { value: 'HDFC' } });
    expect(submitButton().disabled).toBe(false);

    // A bank belongs to its channel: switching channels forgets it.
    fireEvent.click(within(screen.getByTestId('withdrawal-channel-bank_transfer')).getByRole('radio'));
    fireEvent.click(within(screen.getByTestId('withdrawal-channel-sandbox_payout')).getByRole('radio'));
    expect((screen.getByTestId('withdrawal-bank') as HTMLSelectElement).value).toBe('');
    expect(callsTo(calls, '/user/add_withdrawal')).toHaveLength(0);
  });

  it('withdraws: comma amount as a dot, the chosen card, channel and bank, an Idempotency-Key, then withdraw_success', async () => {
    let balance = '2234.50';
    const { calls } = renderScreen({
      '/user/profile': () => profileAnswer({}, { balance }),
      'POST /user/add_withdrawal': () => {
        balance = '0.00';
        return CREATED;
      },
    });
    await fillForm(' 1500,50 ');
    fireEvent.click(
      within((await screen.findAllByTestId('withdrawal-card-option'))[1] as HTMLElement).getByRole('radio'),
    );
    fireEvent.click(within(screen.getByTestId('withdrawal-channel-sandbox_payout')).getByRole('radio'));
    fireEvent.change(screen.getByTestId('withdrawal-bank'), { target: { value: 'SBIN' } });
    fireEvent.click(submitButton());

    expect(await screen.findByText('Your withdrawal request has been submitted.')).toBeTruthy();
    const [call] = callsTo(calls, '/user/add_withdrawal', 'POST');
    expect(call?.body).toEqual({
      amount: '1500.50',
      bank_card_id: 22,
      password: 'gold-pass-1',
      withdrawal_key: 'sandbox_payout',
      bank_code: 'SBIN',
      force_login_password_valid: 'yes',
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    // The form is cleared and the balance reloaded.
    await waitFor(() => expect(amountInput().value).toBe(''));
    expect((screen.getByPlaceholderText('Password') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹0.00'));
  });

  it('says the maximum, the minimum and the balance under the amount before sending anything', async () => {
    const { calls } = renderScreen({
      '/user/profile': () => profileAnswer({}, { balance: '72190.00' }),
      '/user/channels': () => ({ ...channelsAnswer(), min_amount: '100.00', max_amount: '50000.00' }),
    });
    await fillForm('60000');
    await screen.findByTestId('wallet-balance');
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('withdrawal-amount-error')).textContent).toBe(
      'The amount can be at most ₹50,000.00.',
    );
    fireEvent.change(amountInput(), { target: { value: '50' } });
    expect(screen.queryByTestId('withdrawal-amount-error')).toBeNull();
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('withdrawal-amount-error')).textContent).toBe(
      'The amount must be at least ₹100.00.',
    );
    expect(callsTo(calls, '/user/add_withdrawal', 'POST')).toHaveLength(0);
  });

  it('says the balance when the amount is more than it', async () => {
    const { calls } = renderScreen({ '/user/profile': () => profileAnswer({}, { balance: '1234.50' }) });
    await fillForm('1500');
    await screen.findByTestId('wallet-balance');
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('withdrawal-amount-error')).textContent).toBe(
      'The amount is more than your balance of ₹1,234.50.',
    );
    expect(callsTo(calls, '/user/add_withdrawal', 'POST')).toHaveLength(0);
  });

  it("shows a refusal in the error alert in the player's words and holds nothing", async () => {
    renderScreen({
      'POST /user/add_withdrawal': () => ({ code: 400, msg: 'Need to bet 1500.00 to be able to withdraw' }),
    });
    await fillForm('1000');
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('error-alert')).textContent).toContain(
      'Need to bet ₹1,500.00 to be able to withdraw',
    );
    expect(screen.queryByText('Your withdrawal request has been submitted.')).toBeNull();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(amountInput().value).toBe('1000');
  });

  it('offers to add a card when there is none; the link is the one spec 02 names', async () => {
    const { router } = renderScreen({ '/user/bank_cards': () => bankCardsAnswer([]) });
    expect(await screen.findByText('Add a bank card to withdraw to.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('withdrawal-add-card'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editBankcard'));
  });
});
