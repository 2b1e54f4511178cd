import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { openAppLink } from '../launchers/gateway-form.launcher.ts';
import { RechargePaymentScreen } from './recharge-payment-screen.component.tsx';
import { callsTo, type StubHandler, stubWalletServer } from './wallet-test-server.ts';

vi.mock('../launchers/gateway-form.launcher.ts', () => ({
  openPaymentAddress: vi.fn(),
  postGatewayForm: vi.fn(),
  openAppLink: vi.fn(),
}));

const SN = 'R20250301120000123456';
const UPI_LINK = `upi://pay?pa=goldshop%40upi&pn=Gold%20Shop&am=300.00&cu=INR&tn=${SN}`;

function recharge(fields: Record<string, unknown> = {}) {
  return {
    code: 200,
    serial_number: SN,
    price: '300.00',
    create_time: new Date(2025, 2, 1, 12, 0).getTime(),
    qr_code: UPI_LINK,
    url: UPI_LINK,
    status: 'Wait',
    utr_submitted: false,
    ...fields,
  };
}

function renderPayment(
  bySn: StubHandler,
  submit: StubHandler = () => ({ code: 200, msg: 'ok' }),
  path = `/?sn=${SN}`,
) {
  setToken('tok');
  const calls = stubWalletServer({
    '/user/query_recharge_by_sn': bySn,
    '/user/submit_utr_to_recharge': submit,
  });
  return { calls, ...renderWithProviders(<RechargePaymentScreen />, { path }) };
}

function dialogOf(element: HTMLElement): HTMLElement {
  const dialog = element.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('not inside a dialog');
  return dialog;
}

const utrInput = () => screen.getByTestId('utr-input') as HTMLInputElement;

beforeEach(() => vi.mocked(openAppLink).mockReset());
afterEach(() => Dialog.clear());

describe('RechargePaymentScreen', () => {
  it('runs only with an sn', async () => {
    const { calls } = renderPayment(() => recharge(), undefined, '/');
    expect((await screen.findByTestId('recharge-payment-no-sn')).textContent).toBe('No recharge was chosen.');
    expect(callsTo(calls, '/user/query_recharge_by_sn')).toHaveLength(0);
  });

  it('step 1 shows the amount, the QR code of qr_code and opens the url', async () => {
    const { calls } = renderPayment(() => recharge());
    expect((await screen.findByTestId('recharge-payment-amount')).textContent).toBe('₹300.00');
    expect(callsTo(calls, '/user/query_recharge_by_sn')[0]?.query.get('sn')).toBe(SN);
    expect(screen.getByText('Step 1: open to pay')).toBeTruthy();
    const qr = (await screen.findByTestId('upi-qr-code')) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect(qr.getAttribute('data-qr-text')).toBe(UPI_LINK);
    expect(qr.alt).toBe('UPI QR code');
    fireEvent.click(screen.getByTestId('open-upi-app'));
    expect(openAppLink).toHaveBeenCalledWith(UPI_LINK);
  });

  it('shows neither QR code nor link when the recharge has none', async () => {
    renderPayment(() => recharge({ qr_code: '', url: '' }));
    await screen.findByTestId('recharge-payment-amount');
    expect(screen.queryByTestId('upi-qr-code')).toBeNull();
    expect(screen.queryByTestId('open-upi-app')).toBeNull();
  });

  it('refuses a UTR that is not 12 digits without calling the server', async () => {
    const { calls } = renderPayment(() => recharge());
    await screen.findByTestId('utr-input');
    for (const value of ['12345678901', '1234567890123', '12345678901a', '']) {
      fireEvent.change(utrInput(), { target: { value } });
      fireEvent.click(screen.getByTestId('utr-submit'));
      expect((await screen.findByTestId('utr-error')).textContent).toBe('The UTR must be 12 digits');
    }
    expect(callsTo(calls, '/user/submit_utr_to_recharge')).toHaveLength(0);
  });

  it('submits the trimmed UTR and shows "Completed" with the processing text', async () => {
    let submitted = false;
    const { calls } = renderPayment(
      () => recharge({ utr_submitted: submitted }),
      () => {
        submitted = true;
        return { code: 200, msg: 'UTR number has been submitted successfully' };
      },
    );
    await screen.findByTestId('utr-input');
    fireEvent.change(utrInput(), { target: { value: '  123456789012 ' } });
    fireEvent.click(screen.getByTestId('utr-submit'));
    const text = await screen.findByText(
      'UTR number has been submitted successfully. We are still processing your payment, please try again later.',
    );
    expect(dialogOf(text).textContent).toContain('Completed');
    const [call] = callsTo(calls, '/user/submit_utr_to_recharge');
    expect(call?.body).toEqual({ sn: SN, utr: '123456789012' });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.click(within(dialogOf(text)).getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('recharge-payment-utr-received')).toBeTruthy();
    expect(screen.queryByTestId('utr-input')).toBeNull();
  });

  it('shows "Error" with the message when the UTR is refused', async () => {
    renderPayment(
      () => recharge(),
      () => ({ code: 400, msg: 'This UTR has already been used' }),
    );
    await screen.findByTestId('utr-input');
    fireEvent.change(utrInput(), { target: { value: '123456789012' } });
    fireEvent.click(screen.getByTestId('utr-submit'));
    const message = await screen.findByText('This UTR has already been used');
    expect(dialogOf(message).textContent).toContain('Error');
    expect(utrInput().value).toBe('123456789012');
  });

  it('shows "Error" with the message when the recharge cannot be loaded', async () => {
    renderPayment(() => ({ code: 404, msg: 'Recharge not found' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('dialog')
          .some((dialog) => /^Error.*Recharge not found/.test(dialog.textContent ?? '')),
      ).toBe(true),
    );
    expect(screen.getByTestId('recharge-payment-failed')).toBeTruthy();
  });

  it('takes no UTR for a recharge that is no longer waiting', async () => {
    renderPayment(() => recharge({ status: 'Success' }));
    expect(await screen.findByTestId('recharge-payment-closed')).toBeTruthy();
    expect(screen.getByTestId('recharge-status').textContent).toBe('Success');
    expect(screen.queryByTestId('utr-input')).toBeNull();
  });
});
