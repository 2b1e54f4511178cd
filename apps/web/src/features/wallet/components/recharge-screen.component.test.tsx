import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRechargeDetails, setRechargeDetails, setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { openPaymentAddress, postGatewayForm } from '../launchers/gateway-form.launcher.ts';
import { openRazorpayCheckout } from '../launchers/razorpay-checkout.launcher.ts';
import { RechargeScreen } from './recharge-screen.component.tsx';
import { callsTo, type StubHandler, stubWalletServer } from './wallet-test-server.ts';

vi.mock('../launchers/gateway-form.launcher.ts', () => ({
  openPaymentAddress: vi.fn(),
  postGatewayForm: vi.fn(),
  openAppLink: vi.fn(),
}));
vi.mock('../launchers/razorpay-checkout.launcher.ts', () => ({ openRazorpayCheckout: vi.fn() }));

const SN = 'R20250301120000123456';

const CHANNELS = {
  code: 200,
  contact_url: 'https://wa.me/919876543210',
  queryset: [
    channel('sandbox', 'Sandbox (test payment)', 'sandbox', '100,200,500'),
    channel('mpurse', 'UPI transfer', 'mpurse', '300,600'),
    channel('ka', 'KA Pay', 'form_post', '1000,2000'),
    channel('razorpay', 'Razorpay', 'razorpay', '100'),
  ],
};

function channel(key: string, name: string, adapter: string, fixedAmounts: string) {
  return { key, name, adapter, fixed_amounts: fixedAmounts, min_amount: '100.00', max_amount: '50000.00' };
}

function created(fields: Record<string, unknown>) {
  return { code: 200, msg: 'Recharge created', serial_number: SN, price: '500.00', ...fields };
}

function renderScreen(addRecharge: StubHandler = () => created({ pay_url: '/pay/sandbox/x' })) {
  setToken('tok');
  const calls = stubWalletServer({
    '/user/channels': () => CHANNELS,
    '/user/add_recharge': addRecharge,
    '/user/recharge_return': () => ({ code: 200, status: 'Success' }),
  });
  const rendered = renderWithProviders(<RechargeScreen />);
  return { calls, ...rendered };
}

const amountInput = () => screen.getByTestId('recharge-amount') as HTMLInputElement;
const presetTexts = () =>
  within(screen.getByTestId('recharge-presets'))
    .getAllByRole('button')
    .map((button) => button.textContent);

function fillDetails(values: Partial<Record<'upiAccount' | 'name' | 'mobile' | 'email', string>>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(`payer-${field}`), { target: { value } });
  }
}

async function continueWith(amount: string) {
  fireEvent.change(amountInput(), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('recharge-continue'));
  return screen.findByTestId('payer-details-form');
}

const PAYER = { name: ' Asha Rao ', mobile: '+91 98765 43210', email: 'asha@example.com' };

beforeEach(() => {
  vi.mocked(openPaymentAddress).mockReset();
  vi.mocked(postGatewayForm).mockReset();
  vi.mocked(openRazorpayCheckout).mockReset();
});

afterEach(() => Dialog.clear());

describe('RechargeScreen', () => {
  it('shows the balance, the channels and the first channel’s presets', async () => {
    renderScreen();
    await screen.findByTestId('recharge-channels');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹1,234.50'));
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.textContent)).toEqual([
      'Sandbox (test payment)',
      'UPI transfer',
      'KA Pay',
      'Razorpay',
    ]);
    expect(radios[0]?.getAttribute('aria-checked')).toBe('true');
    expect(presetTexts()).toEqual(['100', '200', '500']);
    expect(screen.getByTestId('recharge-amount-range').textContent).toBe('From ₹100.00 to ₹50,000.00');
    fireEvent.click(screen.getByTestId('recharge-preset-200'));
    expect(amountInput().value).toBe('200');
    expect(screen.getByTestId('recharge-preset-200').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('recharge-contact').getAttribute('href')).toBe('https://wa.me/919876543210');
  });

  it('keeps only digits in the amount', async () => {
    renderScreen();
    await screen.findByTestId('recharge-channels');
    fireEvent.change(amountInput(), { target: { value: '5a0-0.7' } });
    expect(amountInput().value).toBe('5007');
    fireEvent.change(amountInput(), { target: { value: 'abc' } });
    expect(amountInput().value).toBe('');
  });

  it('resets the amount and loads the presets of a newly chosen channel', async () => {
    renderScreen();
    await screen.findByTestId('recharge-channels');
    fireEvent.click(screen.getByTestId('recharge-preset-500'));
    expect(amountInput().value).toBe('500');

    fireEvent.click(screen.getByTestId('recharge-channel-mpurse'));
    expect(amountInput().value).toBe('');
    expect(presetTexts()).toEqual(['300', '600']);
    expect(screen.getByTestId('recharge-channel-mpurse').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('recharge-channel-sandbox').getAttribute('aria-checked')).toBe('false');

    fireEvent.change(amountInput(), { target: { value: '700' } });
    // Choosing the channel already chosen changes nothing.
    fireEvent.click(screen.getByTestId('recharge-channel-mpurse'));
    expect(amountInput().value).toBe('700');
  });

  it('opens no dialog without an amount', async () => {
    renderScreen();
    await screen.findByTestId('recharge-channels');
    const continueButton = screen.getByTestId('recharge-continue') as HTMLButtonElement;
    expect(continueButton.disabled).toBe(true);
    fireEvent.click(continueButton);
    expect(screen.queryByTestId('payer-details-form')).toBeNull();
  });

  it('sends nothing while a required field of the other dialog is empty', async () => {
    const { calls } = renderScreen();
    await screen.findByTestId('recharge-channels');
    const form = await continueWith('500');
    expect(within(form).queryByTestId('payer-upiAccount')).toBeNull();
    fillDetails({ name: 'Asha', mobile: '   ' });
    fireEvent.click(screen.getByTestId('payer-submit'));
    await waitFor(() => expect(screen.getByTestId('payer-mobile').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('payer-email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('payer-name').getAttribute('aria-invalid')).toBeNull();
    expect(callsTo(calls, '/user/add_recharge')).toHaveLength(0);
  });

  it('asks for the UPI id in the UPI dialog and sends nothing without it', async () => {
    const { calls } = renderScreen();
    await screen.findByTestId('recharge-channels');
    fireEvent.click(screen.getByTestId('recharge-channel-mpurse'));
    await continueWith('300');
    expect(screen.getByText('UPI payment details')).toBeTruthy();
    fillDetails(PAYER);
    fireEvent.click(screen.getByTestId('payer-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('payer-upiAccount').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(callsTo(calls, '/user/add_recharge')).toHaveLength(0);
  });

  it('sandbox: posts the recharge with a fresh Idempotency-Key and goes to the checkout', async () => {
    const { calls } = renderScreen(() => created({ adapter: 'sandbox', pay_url: `/pay/sandbox/${SN}` }));
    await screen.findByTestId('recharge-channels');
    await continueWith('00500');
    fillDetails(PAYER);
    fireEvent.click(screen.getByTestId('payer-submit'));
    await waitFor(() =>
      expect(openPaymentAddress).toHaveBeenCalledWith(`${window.location.origin}/pay/sandbox/${SN}`),
    );
    const [call] = callsTo(calls, '/user/add_recharge');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({
      price: '500',
      pay_key: 'sandbox',
      pay_name: 'Asha Rao',
      pay_mobile: '+91 98765 43210',
      pay_email: 'asha@example.com',
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('uses a new Idempotency-Key for each submit', async () => {
    const { calls } = renderScreen(() => ({ code: 400, msg: 'Insufficient balance' }));
    await screen.findByTestId('recharge-channels');
    await continueWith('500');
    fillDetails(PAYER);
    fireEvent.click(screen.getByTestId('payer-submit'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Insufficient balance')).toBeNull());
    fireEvent.click(screen.getByTestId('payer-submit'));
    await waitFor(() => expect(callsTo(calls, '/user/add_recharge')).toHaveLength(2));
    const keys = callsTo(calls, '/user/add_recharge').map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows the "Fail" dialog with the server message, translated, and OK closes it', async () => {
    renderScreen(() => ({ code: 400, msg: 'Insufficient balance' }));
    await screen.findByTestId('recharge-channels');
    await continueWith('600');
    fillDetails(PAYER);
    fireEvent.click(screen.getByTestId('payer-submit'));
    const message = await screen.findByText('Insufficient balance');
    const dialog = message.closest<HTMLElement>('[role="dialog"]');
    expect(dialog?.textContent).toContain('Fail');
    expect(openPaymentAddress).not.toHaveBeenCalled();
    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Insufficient balance')).toBeNull());
  });

  it('says the channel minimum and maximum before the payer dialog, and forgets it when the amount changes', async () => {
    const { calls } = renderScreen();
    await screen.findByTestId('recharge-channels');
    fireEvent.change(amountInput(), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('recharge-continue'));
    expect((await screen.findByTestId('recharge-amount-error')).textContent).toBe(
      'The amount must be at least ₹100.00.',
    );
    expect(screen.queryByTestId('payer-details-form')).toBeNull();
    fireEvent.change(amountInput(), { target: { value: '60000' } });
    expect(screen.queryByTestId('recharge-amount-error')).toBeNull();
    fireEvent.click(screen.getByTestId('recharge-continue'));
    expect((await screen.findByTestId('recharge-amount-error')).textContent).toBe(
      'The amount can be at most ₹50,000.00.',
    );
    expect(callsTo(calls, '/user/add_recharge')).toHaveLength(0);
    await continueWith('500');
  });

  it('mpurse: sends the UPI id and goes to /transferPayment with the order', async () => {
    const { calls, router } = renderScreen(() =>
      created({ adapter: 'mpurse', price: '300.00', upi_account: 'goldshop@upi' }),
    );
    await screen.findByTestId('recharge-channels');
    fireEvent.click(screen.getByTestId('recharge-channel-mpurse'));
    fireEvent.click(screen.getByTestId('recharge-preset-300'));
    fireEvent.click(screen.getByTestId('recharge-continue'));
    await screen.findByTestId('payer-details-form');
    fillDetails({ ...PAYER, upiAccount: ' asha@okaxis ' });
    fireEvent.click(screen.getByTestId('payer-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transferPayment'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      upi_account: 'goldshop@upi',
      price: '300.00',
      serial_number: SN,
    });
    expect(callsTo(calls, '/user/add_recharge')[0]?.body).toMatchObject({
      price: '300',
      pay_key: 'mpurse',
      pay_upi_account: 'asha@okaxis',
    });
  });

  it('form-post gateways: posts the data dictionary to the gateway', async () => {
    renderScreen(() =>
      created({
        adapter: 'form_post',
        gateway: 'https://ka.example/pay',
        data_dict: { merchant_id: 'm1', order_no: SN, sign: 'f00d' },
      }),
    );
    await screen.findByTestId('recharge-channels');
    fireEvent.click(screen.getByTestId('recharge-channel-ka'));
    await continueWith('1000');
    fillDetails(PAYER);
    fireEvent.click(screen.getByTestId('payer-submit'));
    await waitFor(() =>
      expect(postGatewayForm).toHaveBeenCalledWith('https://ka.example/pay', {
        merchant_id: 'm1',
        order_no: SN,
        sign: 'f00d',
      }),
    );
    expect(openPaymentAddress).not.toHaveBeenCalled();
  });

  it('razorpay: opens the widget and posts its signed answer to /user/recharge_return', async () => {
    vi.mocked(openRazorpayCheckout).mockImplementation(async (_options, onPaid) => {
      onPaid({ razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' });
    });
    const options = { key: 'rzp_test', order_id: 'order_1', amount: 10000 };
    const { calls, router } = renderScreen(() => created({ adapter: 'razorpay', options }));
    await screen.findByTestId('recharge-channels');
    fireEvent.click(screen.getByTestId('recharge-channel-razorpay'));
    await continueWith('100');
    fillDetails(PAYER);
    fireEvent.click(screen.getByTestId('payer-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechargeRecord'));
    expect(vi.mocked(openRazorpayCheckout).mock.calls[0]?.[0]).toEqual(options);
    expect(callsTo(calls, '/user/recharge_return')[0]?.body).toEqual({
      sn: SN,
      params: { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' },
    });
  });

  it('moves inside the app for a pay_url that is one of its own routes', async () => {
    const { router } = renderScreen(() =>
      created({ adapter: 'pay_url', pay_url: `/#/rechargePayment?sn=${SN}` }),
    );
    await screen.findByTestId('recharge-channels');
    await continueWith('500');
    fillDetails(PAYER);
    fireEvent.click(screen.getByTestId('payer-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechargePayment'));
    expect(router.state.location.search).toBe(`?sn=${SN}`);
    expect(openPaymentAddress).not.toHaveBeenCalled();
  });

  it('saves the details on submit and offers them through the auto-fill button', async () => {
    renderScreen(() => ({ code: 400, msg: 'Too many recharge requests, please try again later' }));
    await screen.findByTestId('recharge-channels');
    await continueWith('500');
    expect(screen.queryByTestId('payer-auto-fill')).toBeNull();
    fillDetails(PAYER);
    fireEvent.click(screen.getByTestId('payer-submit'));
    await screen.findByText('Too many recharge requests, please try again later');
    expect(JSON.parse(getRechargeDetails('standard') ?? '{}')).toEqual({
      name: 'Asha Rao',
      mobile: '+91 98765 43210',
      email: 'asha@example.com',
    });
    // The UPI dialog keeps its own values.
    expect(getRechargeDetails('upi')).toBeNull();
  });

  it('fills the dialog from saved values', async () => {
    setRechargeDetails(
      'upi',
      JSON.stringify({ upiAccount: 'asha@okaxis', name: 'Asha', mobile: '+919876543210', email: 'a@x.in' }),
    );
    renderScreen();
    await screen.findByTestId('recharge-channels');
    fireEvent.click(screen.getByTestId('recharge-channel-mpurse'));
    await continueWith('300');
    fireEvent.click(await screen.findByTestId('payer-auto-fill'));
    expect((screen.getByTestId('payer-upiAccount') as HTMLInputElement).value).toBe('asha@okaxis');
    expect((screen.getByTestId('payer-name') as HTMLInputElement).value).toBe('Asha');
    expect((screen.getByTestId('payer-mobile') as HTMLInputElement).value).toBe('+919876543210');
    expect((screen.getByTestId('payer-email') as HTMLInputElement).value).toBe('a@x.in');
  });
});
