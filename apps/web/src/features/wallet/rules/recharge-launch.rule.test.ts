import type { AddRechargeResponse } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { inAppPath, rechargeLaunch, resolveServerUrl } from './recharge-launch.rule.ts';

const ORIGIN = 'https://shop.example';

function answer(fields: Partial<AddRechargeResponse>): AddRechargeResponse {
  return {
    code: 200,
    msg: 'Recharge created',
    serial_number: 'R20250301120000123456',
    price: '500.00',
    adapter: 'sandbox',
    ...fields,
  };
}

describe('rechargeLaunch', () => {
  it('redirects to a relative pay_url on the server origin', () => {
    expect(rechargeLaunch(answer({ pay_url: '/pay/sandbox/R1' }), ORIGIN)).toEqual({
      kind: 'redirect',
      url: 'https://shop.example/pay/sandbox/R1',
    });
  });

  it('redirects to an absolute pay_url as it is', () => {
    expect(
      rechargeLaunch(answer({ adapter: 'pay_url', pay_url: 'https://pay.example/x?a=1' }), ORIGIN),
    ).toEqual({ kind: 'redirect', url: 'https://pay.example/x?a=1' });
  });

  it('refuses a pay_url that is not a web address', () => {
    expect(rechargeLaunch(answer({ pay_url: 'javascript:alert(1)' }), ORIGIN)).toEqual({ kind: 'unusable' });
  });

  it('opens the Razorpay widget with the options', () => {
    const options = { key: 'rzp_test', order_id: 'order_1', amount: 50000 };
    expect(rechargeLaunch(answer({ adapter: 'razorpay', options }), ORIGIN)).toEqual({
      kind: 'razorpay',
      serialNumber: 'R20250301120000123456',
      options,
    });
  });

  it('posts a form to the gateway with the data dictionary (ka and cashfree)', () => {
    const launch = rechargeLaunch(
      answer({
        adapter: 'form_post',
        gateway: 'https://ka.example/pay',
        data_dict: { merchant_id: 'm1', order_no: 'R1', sign: 'abc' },
      }),
      ORIGIN,
    );
    expect(launch).toEqual({
      kind: 'form',
      action: 'https://ka.example/pay',
      fields: { merchant_id: 'm1', order_no: 'R1', sign: 'abc' },
    });
  });

  it('goes to /transferPayment with the account, price and serial number for mpurse', () => {
    const launch = rechargeLaunch(answer({ adapter: 'mpurse', upi_account: 'gold shop@upi' }), ORIGIN);
    expect(launch.kind).toBe('transfer_payment');
    if (launch.kind !== 'transfer_payment') return;
    const url = new URL(launch.path, ORIGIN);
    expect(url.pathname).toBe('/transferPayment');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      upi_account: 'gold shop@upi',
      price: '500.00',
      serial_number: 'R20250301120000123456',
    });
  });

  it('answers unusable when nothing to open came back', () => {
    expect(rechargeLaunch(answer({}), ORIGIN)).toEqual({ kind: 'unusable' });
  });
});

describe('resolveServerUrl and inAppPath', () => {
  it('resolves relative addresses and keeps only http and https', () => {
    expect(resolveServerUrl('/#/rechargePayment?sn=R1', ORIGIN)).toBe(
      'https://shop.example/#/rechargePayment?sn=R1',
    );
    expect(resolveServerUrl('data:text/html,x', ORIGIN)).toBeNull();
    expect(resolveServerUrl('   ', ORIGIN)).toBeNull();
  });

  it('recognises the app’s own hash routes on the same page', () => {
    const page = { origin: ORIGIN, pathname: '/' };
    expect(inAppPath('https://shop.example/#/rechargePayment?sn=R1', page)).toBe('/rechargePayment?sn=R1');
    expect(inAppPath('https://shop.example/pay/sandbox/R1', page)).toBeNull();
    expect(inAppPath('https://other.example/#/rechargePayment?sn=R1', page)).toBeNull();
  });
});
