import { describe, expect, it } from 'vitest';
import { normalizeAddressMobile, normalizePostalCode, postalCodeMessage } from './postal-codes.ts';

describe('postal codes per market', () => {
  it('accepts each market code and refuses a short one', () => {
    expect(normalizePostalCode(' 560 001 ', 'in')).toBe('560001');
    expect(normalizePostalCode('12', 'in')).toBeNull();
    expect(normalizePostalCode('5600011', 'in')).toBeNull();
    expect(normalizePostalCode('01310-100', 'pt')).toBe('01310-100');
    expect(normalizePostalCode('01310100', 'pt')).toBe('01310-100');
    expect(normalizePostalCode('013101', 'pt')).toBeNull();
    expect(normalizePostalCode('06600', 'mx')).toBe('06600');
    expect(normalizePostalCode('066001', 'mx')).toBeNull();
    expect(normalizePostalCode('700000', 'vi')).toBe('700000');
    expect(normalizePostalCode('70000A', 'vi')).toBeNull();
  });

  it('names the digits in its message', () => {
    expect(postalCodeMessage('pt')).toBe('pin_code must be 8 digits');
  });

  it('reads address mobile numbers with separators', () => {
    expect(normalizeAddressMobile('+91 98765-43210')).toBe('+919876543210');
    expect(normalizeAddressMobile('12')).toBeNull();
    expect(normalizeAddressMobile('call me')).toBeNull();
  });
});
