import { describe, expect, it } from 'vitest';
import { addRechargeBody, moneyAmountField, submitUtrBody, transferToBody, utrField } from './wallet.ts';

describe('moneyAmountField', () => {
  const price = moneyAmountField('price');

  it.each([
    ['100', 10_000],
    [' 100.5 ', 10_050],
    ['0.01', 1],
    [250.75, 25_075],
    ['1234,50', 123_450],
  ])('reads %j as %d minor units', (input, expected) => {
    expect(price.parse(input)).toBe(expected);
  });

  it.each([
    ['', 'price is required'],
    [undefined, 'price is required'],
    [null, 'price is required'],
    ['0', 'price must be greater than 0'],
    ['0.00', 'price must be greater than 0'],
    ['-1', 'price must be greater than 0'],
    ['abc', 'price must be a number'],
    ['1e3', 'price must be a number'],
    ['1.234', 'price must have at most 2 decimals'],
    [Number.NaN, 'price must be a number'],
    [{}, 'price must be a number'],
    ['99999999999999', 'price is too large'],
  ])('refuses %j: %s', (input, message) => {
    const result = price.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('utrField', () => {
  it('accepts twelve digits, trimmed', () => {
    expect(utrField.parse(' 123456789012 ')).toBe('123456789012');
    expect(utrField.parse(123456789012)).toBe('123456789012');
  });

  it.each(['12345678901', '1234567890123', '12345678901a', '1234 5678 9012', '', 1.5])(
    'refuses %j',
    (input) => {
      expect(utrField.safeParse(input).success).toBe(false);
    },
  );
});

describe('request bodies', () => {
  it('normalises a recharge request', () => {
    expect(
      addRechargeBody.parse({
        price: '500',
        pay_key: 'sandbox',
        pay_name: ' Asha ',
        pay_mobile: '98123 45678',
        pay_email: 'asha@example.com',
        pay_upi_account: '',
        extra: 'ignored',
      }),
    ).toEqual({
      price: 50_000,
      pay_key: 'sandbox',
      pay_name: 'Asha',
      pay_mobile: '9812345678',
      pay_email: 'asha@example.com',
      pay_upi_account: undefined,
    });
  });

  it('reads a transfer and a UTR submission', () => {
    expect(transferToBody.parse({ user_id: '42', amount: '10' })).toEqual({ user_id: 42, amount: 1_000 });
    expect(submitUtrBody.parse({ sn: 'R1', utr: '123456789012' })).toEqual({ sn: 'R1', utr: '123456789012' });
    expect(submitUtrBody.safeParse({ sn: 'R-1', utr: '123456789012' }).success).toBe(false);
  });
});
