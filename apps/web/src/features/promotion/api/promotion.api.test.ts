import { describe, expect, it } from 'vitest';
import { parseApplyAmount } from './promotion.api.ts';

describe('apply bonus amount', () => {
  it('accepts positive amounts with a dot or a comma and ignores anything else', () => {
    expect(parseApplyAmount(' 12,5 ')).toBe('12.5');
    expect(parseApplyAmount('3')).toBe('3');
    expect(parseApplyAmount('')).toBeNull();
    expect(parseApplyAmount('0')).toBeNull();
    expect(parseApplyAmount('abc')).toBeNull();
    expect(parseApplyAmount('1.234')).toBeNull();
  });
});
