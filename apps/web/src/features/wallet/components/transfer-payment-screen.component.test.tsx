import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { copyText } from '../launchers/clipboard.launcher.ts';
import { openAppLink } from '../launchers/gateway-form.launcher.ts';
import { TransferPaymentScreen } from './transfer-payment-screen.component.tsx';
import { stubWalletServer } from './wallet-test-server.ts';

vi.mock('../launchers/gateway-form.launcher.ts', () => ({
  openPaymentAddress: vi.fn(),
  postGatewayForm: vi.fn(),
  openAppLink: vi.fn(),
}));
vi.mock('../launchers/clipboard.launcher.ts', () => ({ copyText: vi.fn(async () => true) }));

const SN = 'R20250301120000123456';
const PATH = `/?upi_account=goldshop%40upi&price=300.00&serial_number=${SN}`;

function renderPage(path = PATH) {
  setToken('tok');
  stubWalletServer({});
  return renderWithProviders(<TransferPaymentScreen />, { path });
}

beforeEach(() => {
  vi.mocked(openAppLink).mockReset();
  vi.mocked(copyText).mockClear();
});
afterEach(() => {
  Dialog.clear();
  Toast.clear();
});

describe('TransferPaymentScreen', () => {
  it('shows the amount, the account and the order', () => {
    renderPage();
    expect(screen.getByTestId('transfer-payment-amount').textContent).toBe('₹ 300.00');
    expect(screen.getByTestId('transfer-payment-account').textContent).toBe('goldshop@upi');
    expect(screen.getByTestId('transfer-payment-sn').textContent).toBe(SN);
  });

  it('copies the account and says so', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('copy-upi-account'));
    expect(copyText).toHaveBeenCalledWith('goldshop@upi');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says when copying failed', async () => {
    vi.mocked(copyText).mockResolvedValueOnce(false);
    renderPage();
    fireEvent.click(screen.getByTestId('copy-upi-account'));
    expect(await screen.findByText('Could not copy; please copy the account by hand.')).toBeTruthy();
  });

  it.each([
    ['paytm', 'paytmmp://pay'],
    ['googlePay', 'tez://upi/pay'],
    ['phonePe', 'phonepe://pay'],
  ])('Go Transfer opens %s with the payment and moves on to the UTR page', async (appId, scheme) => {
    const { router } = renderPage();
    fireEvent.click(screen.getByTestId('go-transfer'));
    expect(await screen.findByText('Pay with a UPI app')).toBeTruthy();
    fireEvent.click(await screen.findByTestId(`upi-app-${appId}`));
    await waitFor(() => expect(openAppLink).toHaveBeenCalledTimes(1));
    expect(openAppLink).toHaveBeenCalledWith(`${scheme}?pa=goldshop%40upi&am=300.00&cu=INR&tn=${SN}`);
    expect(router.state.location.pathname).toBe('/rechargePayment');
    expect(router.state.location.search).toBe(`?sn=${SN}`);
  });

  it('offers Paytm, GooglePay and PhonePe', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('go-transfer'));
    expect((await screen.findByTestId('upi-app-paytm')).textContent).toBe('Paytm');
    expect(screen.getByTestId('upi-app-googlePay').textContent).toBe('GooglePay');
    expect(screen.getByTestId('upi-app-phonePe').textContent).toBe('PhonePe');
  });

  it('goes to the UTR page without opening an app', () => {
    const { router } = renderPage();
    fireEvent.click(screen.getByTestId('enter-utr'));
    expect(router.state.location.pathname).toBe('/rechargePayment');
    expect(openAppLink).not.toHaveBeenCalled();
  });

  it('says the link is incomplete without the account, price or serial number', () => {
    renderPage(`/?price=300.00&serial_number=${SN}`);
    expect(screen.getByTestId('transfer-payment-incomplete')).toBeTruthy();
    expect(screen.queryByTestId('go-transfer')).toBeNull();
  });
});
