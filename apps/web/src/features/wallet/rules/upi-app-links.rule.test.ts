import { describe, expect, it } from 'vitest';
import {
  isAndroidUserAgent,
  payeeNameFromPayLink,
  UPI_APPS,
  type UpiApp,
  upiAppIntentLink,
  upiAppLink,
  upiPayLink,
} from './upi-app-links.rule.ts';

const SN = 'R20250301120000123456';
const PAYMENT = {
  upiAccount: 'goldshop@upi',
  payeeName: 'Gold Shop',
  price: '500.00',
  currency: 'INR',
  serialNumber: SN,
};
const QUERY = `pa=goldshop%40upi&pn=Gold%20Shop&am=500.00&cu=INR&tn=${SN}`;
const FALLBACK = `https://gold.example/#/rechargePayment?sn=${SN}`;
const ENCODED_FALLBACK = `https%3A%2F%2Fgold.example%2F%23%2FrechargePayment%3Fsn%3D${SN}`;

function app(id: UpiApp['id']): UpiApp {
  const found = UPI_APPS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no app ${id}`);
  return found;
}

describe('UPI pay links', () => {
  it('offers Paytm, GooglePay and PhonePe, in that order, with their Android packages', () => {
    expect(UPI_APPS.map((upiApp) => [upiApp.name, upiApp.androidPackage])).toEqual([
      ['Paytm', 'net.one97.paytm'],
      ['GooglePay', 'com.google.android.apps.nbu.paisa.user'],
      ['PhonePe', 'com.phonepe.app'],
    ]);
  });

  it('writes the standard upi://pay link with payee, name, amount, currency and order', () => {
    expect(upiPayLink(PAYMENT)).toBe(`upi://pay?${QUERY}`);
  });

  it('leaves the payee name out when it is not known', () => {
    expect(upiPayLink({ ...PAYMENT, payeeName: null })).toBe(
      `upi://pay?pa=goldshop%40upi&am=500.00&cu=INR&tn=${SN}`,
    );
    expect(upiPayLink({ ...PAYMENT, payeeName: '  ' })).toBe(
      `upi://pay?pa=goldshop%40upi&am=500.00&cu=INR&tn=${SN}`,
    );
  });

  it('writes spaces as %20, which UPI apps read', () => {
    const link = upiPayLink({ ...PAYMENT, upiAccount: 'gold shop@upi', payeeName: 'A & B Gold' });
    expect(link).toBe(`upi://pay?pa=gold%20shop%40upi&pn=A%20%26%20B%20Gold&am=500.00&cu=INR&tn=${SN}`);
  });

  it.each([
    ['paytm', 'net.one97.paytm'],
    ['googlePay', 'com.google.android.apps.nbu.paisa.user'],
    ['phonePe', 'com.phonepe.app'],
  ] as const)('names %s’s package in Chrome’s intent link, with the fallback page', (id, androidPackage) => {
    expect(upiAppIntentLink(app(id), PAYMENT, FALLBACK)).toBe(
      `intent://pay?${QUERY}#Intent;scheme=upi;package=${androidPackage};` +
        `S.browser_fallback_url=${ENCODED_FALLBACK};end`,
    );
  });

  it('leaves out a fallback Chrome would not follow', () => {
    const expected = `intent://pay?${QUERY}#Intent;scheme=upi;package=net.one97.paytm;end`;
    expect(upiAppIntentLink(app('paytm'), PAYMENT, null)).toBe(expected);
    expect(upiAppIntentLink(app('paytm'), PAYMENT, `upi://pay?${QUERY}`)).toBe(expected);
    expect(upiAppIntentLink(app('paytm'), PAYMENT, 'not an address')).toBe(expected);
  });

  it('uses the intent link on Android and the standard link elsewhere', () => {
    expect(upiAppLink(app('phonePe'), PAYMENT, { android: true, fallbackUrl: FALLBACK })).toMatch(
      /^intent:\/\/pay\?.*;package=com\.phonepe\.app;/,
    );
    expect(upiAppLink(app('phonePe'), PAYMENT, { android: false, fallbackUrl: FALLBACK })).toBe(
      `upi://pay?${QUERY}`,
    );
  });

  it('recognises Android browsers and WebViews by their user agent', () => {
    expect(
      isAndroidUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(
      isAndroidUserAgent(
        'Mozilla/5.0 (Linux; Android 13; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(
      isAndroidUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
  });

  it('reads the payee name from the server’s link only when it pays the same account', () => {
    const serverLink = `upi://pay?pa=goldshop%40upi&pn=Gold%20Shop%20Ltd&am=500.00&cu=INR&tn=${SN}`;
    expect(payeeNameFromPayLink(serverLink, 'goldshop@upi')).toBe('Gold Shop Ltd');
    expect(payeeNameFromPayLink(serverLink, ' GoldShop@UPI ')).toBe('Gold Shop Ltd');
    expect(payeeNameFromPayLink(serverLink, 'other@upi')).toBeNull();
    expect(payeeNameFromPayLink(`upi://pay?pa=goldshop%40upi&am=500.00`, 'goldshop@upi')).toBeNull();
    expect(
      payeeNameFromPayLink('https://gold.example/pay?pa=goldshop%40upi&pn=X', 'goldshop@upi'),
    ).toBeNull();
    expect(payeeNameFromPayLink('', 'goldshop@upi')).toBeNull();
  });
});
