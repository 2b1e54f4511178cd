import { describe, expect, it } from 'vitest';
import { normalizeMobile } from './mobile.ts';

describe('normalizeMobile', () => {
  it.each([
    ['+919876543210', 'in', '+919876543210'],
    ['+91 98765-43210', 'in', '+919876543210'],
    [' (+91) 98765 43210 ', 'in', '+919876543210'],
    ['9876543210', 'in', '+919876543210'],
    ['09876543210', 'in', '+919876543210'],
    ['919876543210', 'in', '+919876543210'],
    ['00919876543210', 'in', '+919876543210'],
    ['98.765.432.10', 'in', '+919876543210'],
    ['+910000000000', 'in', '+910000000000'],
    ['+55 11 91234-5678', 'pt', '+5511912345678'],
    ['(11) 91234-5678', 'pt', '+5511912345678'],
    ['011912345678', 'pt', '+5511912345678'],
    ['1133334444', 'pt', '+551133334444'],
    ['55912345678', 'pt', '+5555912345678'],
    ['5511912345678', 'pt', '+5511912345678'],
    ['55 1234 5678', 'mx', '+525512345678'],
    ['+52 55 1234 5678', 'mx', '+525512345678'],
    ['0912345678', 'vi', '+84912345678'],
    ['+84 912 345 678', 'vi', '+84912345678'],
    ['84912345678', 'vi', '+84912345678'],
  ] as const)('normalises %j in market %s to %s', (input, market, expected) => {
    expect(normalizeMobile(input, market)).toEqual({ ok: true, mobile: expected });
  });

  it.each([
    ['', 'in', 'empty'],
    ['   ', 'in', 'empty'],
    ['- ()', 'in', 'empty'],
    ['abc', 'in', 'not_a_number'],
    ['98765x43210', 'in', 'not_a_number'],
    ['+91+9876543210', 'in', 'not_a_number'],
    ['9876543210#', 'in', 'not_a_number'],
    ['+5511912345678', 'in', 'wrong_country'],
    ['+919876543210', 'pt', 'wrong_country'],
    ['0044 20 7946 0958', 'in', 'wrong_country'],
    ['987654321', 'in', 'wrong_length'],
    ['98765432101', 'in', 'wrong_length'],
    ['+91987654321', 'in', 'wrong_length'],
    ['+9198765432100', 'in', 'wrong_length'],
    ['0', 'in', 'wrong_length'],
    ['123456789', 'pt', 'wrong_length'],
    ['12345678', 'vi', 'wrong_length'],
  ] as const)('refuses %j in market %s as %s', (input, market, reason) => {
    expect(normalizeMobile(input, market)).toEqual({ ok: false, reason });
  });

  it('gives the same number for every way of writing it', () => {
    const forms = ['+91 98765 43210', '098765 43210', '91-9876-543210', '0091 9876543210'];
    const results = new Set(forms.map((form) => JSON.stringify(normalizeMobile(form, 'in'))));
    expect(results.size).toBe(1);
  });
});
