import { describe, expect, it } from 'vitest';
import { UPI_APPS, upiPayLink } from './upi-app-links.rule.ts';

const PAYMENT = {
  upiAccount: 'goldshop@upi',
  price: '500.00',
  currency: 'INR',
  serialNumber: 'R20250301120000123456',
};

describe('UPI pay links', () => {
  it('offers Paytm, GooglePay and PhonePe, in that order', () => {
    expect(UPI_APPS.map((app) => app.name)).toEqual(['Paytm', 'GooglePay', 'PhonePe']);
  });

  it('writes each app’s own scheme with the payee, amount, currency and order', () => {
    expect(UPI_APPS.map((app) => upiPayLink(app.payLink, PAYMENT))).toEqual([
      'paytmmp://pay?pa=goldshop%40upi&am=500.00&cu=INR&tn=R20250301120000123456',
      'tez://upi/pay?pa=goldshop%40upi&am=500.00&cu=INR&tn=R20250301120000123456',
      'phonepe://pay?pa=goldshop%40upi&am=500.00&cu=INR&tn=R20250301120000123456',
    ]);
  });

  it('writes spaces as %20, which UPI apps read', () => {
    const link = upiPayLink('upi://pay', { ...PAYMENT, upiAccount: 'gold shop@upi' });
    expect(link).toBe('upi://pay?pa=gold%20shop%40upi&am=500.00&cu=INR&tn=R20250301120000123456');
  });
});
