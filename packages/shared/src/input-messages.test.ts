import { describe, expect, it } from 'vitest';
import { parseInputMessage } from './input-messages.ts';
import { editAddressBody } from './schemas/shop-orders.ts';

describe('parseInputMessage', () => {
  it.each([
    ['full_name is required', { field: 'full_name', rule: 'required', params: {} }],
    [
      'price must be at least 100.00',
      { field: 'price', rule: 'amountAtLeast', params: { amountMinor: 10_000 } },
    ],
    [
      'price must be at most 50000.00',
      { field: 'price', rule: 'amountAtMost', params: { amountMinor: 5_000_000 } },
    ],
    ['p_size must be at most 100', { field: 'p_size', rule: 'numberAtMost', params: { count: 100 } }],
    [
      'nick_name must be at most 20 characters',
      { field: 'nick_name', rule: 'tooLong', params: { count: 20 } },
    ],
    ['pin_code must be 6 digits', { field: 'pin_code', rule: 'digits', params: { count: 6 } }],
    [
      'nick_name must not contain invisible characters, no-break spaces or noncharacters',
      { field: 'nick_name', rule: 'invisibleCharacters', params: {} },
    ],
    ['amount must have at most 2 decimals', { field: 'amount', rule: 'decimals', params: {} }],
    [
      'ifsc_code must be 4 letters, 0, then 6 letters or digits',
      { field: 'ifsc_code', rule: 'invalid', params: {} },
    ],
  ])('reads %s', (message, parsed) => {
    expect(parseInputMessage(message)).toEqual(parsed);
  });

  it('leaves other messages alone', () => {
    expect(parseInputMessage('Insufficient balance')).toBeNull();
    expect(parseInputMessage('Sold out')).toBeNull();
    expect(parseInputMessage('')).toBeNull();
  });

  it('reads every message the address schema writes', () => {
    for (const body of [
      {},
      { full_name: 'A', mobile_number: 'x', pin_code: '1', state: 'S', town_city: 'T', detail_address: 'D' },
      { full_name: 'x'.repeat(101) },
    ]) {
      const result = editAddressBody.safeParse(body);
      expect(result.success).toBe(false);
      for (const issue of result.error?.issues ?? []) {
        const field = issue.path.map(String).join('.');
        const message = issue.message.startsWith(field) ? issue.message : `${field} is required`;
        expect(parseInputMessage(message), message).not.toBeNull();
      }
    }
  });
});
