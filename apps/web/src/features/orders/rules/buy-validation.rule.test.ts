import { describe, expect, it } from 'vitest';
import { isBuyValid, validateBuy } from './buy-validation.rule.ts';

describe('validateBuy', () => {
  it('needs a password and an address', () => {
    const errors = validateBuy({ password: '', addressId: null });
    expect(errors).toEqual({ password: 'buy.passwordRequired', address: 'buy.addressRequired' });
    expect(isBuyValid(errors)).toBe(false);
  });

  it('checks each on its own', () => {
    expect(validateBuy({ password: 'secret12', addressId: null })).toEqual({
      address: 'buy.addressRequired',
    });
    expect(validateBuy({ password: '', addressId: 3 })).toEqual({ password: 'buy.passwordRequired' });
  });

  it('treats a blank password as empty, like the login form', () => {
    expect(validateBuy({ password: '   ', addressId: 3 })).toEqual({ password: 'buy.passwordRequired' });
  });

  it('accepts a password with spaces around it (it is sent as typed)', () => {
    const errors = validateBuy({ password: ' secret12 ', addressId: 3 });
    expect(errors).toEqual({});
    expect(isBuyValid(errors)).toBe(true);
  });
});
