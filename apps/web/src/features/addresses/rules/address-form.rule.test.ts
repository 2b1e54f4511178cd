import { describe, expect, it } from 'vitest';
import type { AddressFields } from '../api/addresses.api.ts';
import { addressFieldError, validateAddress } from './address-form.rule.ts';

const FILLED: AddressFields = {
  full_name: 'Asha Rao',
  mobile_number: '+91 98765 43210',
  pin_code: '411001',
  state: 'Maharashtra',
  town_city: 'Pune',
  detail_address: '12 MG Road',
};

describe('validateAddress', () => {
  it('accepts a filled address', () => {
    expect(validateAddress(FILLED, 'in')).toEqual({});
  });

  it('refuses the PIN "12" that was once saved and shipped, per market', () => {
    expect(validateAddress({ ...FILLED, pin_code: '12' }, 'in').pin_code).toEqual({
      field: 'pin_code',
      rule: 'digits',
      params: { count: 6 },
    });
    expect(validateAddress({ ...FILLED, pin_code: '01310-100' }, 'pt')).toEqual({});
    expect(validateAddress({ ...FILLED, pin_code: '411001' }, 'pt').pin_code?.params.count).toBe(8);
    expect(validateAddress({ ...FILLED, pin_code: '06600' }, 'mx')).toEqual({});
    expect(validateAddress({ ...FILLED, pin_code: '700000' }, 'vi')).toEqual({});
  });

  it('names every empty field and a mobile that is no number', () => {
    const errors = validateAddress({ ...FILLED, full_name: ' ', mobile_number: 'call me' }, 'in');
    expect(errors.full_name?.rule).toBe('required');
    expect(errors.mobile_number?.rule).toBe('invalid');
  });

  it('reads the server message of an address field', () => {
    expect(addressFieldError('full_name is required')?.field).toBe('full_name');
    expect(addressFieldError('id must be a positive whole number')).toBeNull();
    expect(addressFieldError('Address not found')).toBeNull();
  });
});
