import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { walletQueryKeys } from '../hooks/wallet-query-keys.ts';
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
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The server's answer for the recharge: its upi://pay link names the payee of the channel. */
function rechargeAnswer(qrCode = `upi://pay?pa=goldshop%40upi&pn=Gold%20Shop&am=300.00&cu=INR&tn=${SN}`) {
  return {
    code: 200,
    serial_number: SN,
    price: '300.00',
    create_time: 1_740_830_400_000,
    qr_code: qrCode,
    url: qrCode,
    status: 'Wait',
    utr_submitted: false,
  };
}

function renderPage(path = PATH, recharge: () => Record<string, unknown> = () => rechargeAnswer()) {
  setToken('tok');
  const calls = stubWalletServer({ '/user/query_recharge_by_sn': recharge });
  return { ...renderWithProviders(<TransferPaymentScreen />, { path }), calls };
}

function useUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

/** Opens the Go Transfer dialog once the recharge has answered (or failed), and picks an app. */
async function chooseApp(appId: string, page: ReturnType<typeof renderPage>) {
  const key = walletQueryKeys.rechargeBySn(SN);
  await waitFor(() => expect(page.queryClient.getQueryState(key)?.status).not.toBe('pending'));
  expect(page.calls.filter((call) => call.path === '/user/query_recharge_by_sn')[0]?.query.get('sn')).toBe(
    SN,
  );
  fireEvent.click(screen.getByTestId('go-transfer'));
  expect(await screen.findByText('Pay with a UPI app')).toBeTruthy();
  fireEvent.click(await screen.findByTestId(`upi-app-${appId}`));
  await waitFor(() => expect(openAppLink).toHaveBeenCalledTimes(1));
  return vi.mocked(openAppLink).mock.calls[0]?.[0];
}

const FALLBACK = encodeURIComponent(new URL(`#/rechargePayment?sn=${SN}`, window.location.href).href);

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
    expect(screen.getByTestId('transfer-payment-amount').textContent).toBe('₹300.00');
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
    ['paytm', 'net.one97.paytm'],
    ['googlePay', 'com.google.android.apps.nbu.paisa.user'],
    ['phonePe', 'com.phonepe.app'],
  ])(
    'on Android Go Transfer opens %s by its package with a upi://pay payment, then the UTR page',
    async (appId, androidPackage) => {
      useUserAgent(ANDROID_CHROME);
      const page = renderPage();
      const link = await chooseApp(appId, page);
      expect(link).toBe(
        `intent://pay?pa=goldshop%40upi&pn=Gold%20Shop&am=300.00&cu=INR&tn=${SN}` +
          `#Intent;scheme=upi;package=${androidPackage};S.browser_fallback_url=${FALLBACK};end`,
      );
      expect(page.router.state.location.pathname).toBe('/rechargePayment');
      expect(page.router.state.location.search).toBe(`?sn=${SN}`);
    },
  );

  it('elsewhere opens the standard upi://pay link', async () => {
    useUserAgent(IPHONE_SAFARI);
    expect(await chooseApp('googlePay', renderPage())).toBe(
      `upi://pay?pa=goldshop%40upi&pn=Gold%20Shop&am=300.00&cu=INR&tn=${SN}`,
    );
  });

  it('opens the app without a payee name when the recharge cannot be read', async () => {
    useUserAgent(IPHONE_SAFARI);
    const page = renderPage(PATH, () => ({ code: 404, msg: 'Recharge not found' }));
    expect(await chooseApp('paytm', page)).toBe(`upi://pay?pa=goldshop%40upi&am=300.00&cu=INR&tn=${SN}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names no payee whose link pays another account', async () => {
    useUserAgent(IPHONE_SAFARI);
    const page = renderPage(PATH, () =>
      rechargeAnswer(`upi://pay?pa=someone%40upi&pn=Someone&am=300.00&cu=INR&tn=${SN}`),
    );
    expect(await chooseApp('phonePe', page)).toBe(`upi://pay?pa=goldshop%40upi&am=300.00&cu=INR&tn=${SN}`);
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
