import { describe, expect, it } from 'vitest';
import { digitsOnly, isWholeAmount, parsePresets } from './recharge-amount.rule.ts';

describe('recharge amount rules', () => {
  it('keeps only the digits of what is typed', () => {
    expect(digitsOnly('1a2b3')).toBe('123');
    expect(digitsOnly(' 500.50 ')).toBe('50050');
    expect(digitsOnly('-100')).toBe('100');
    expect(digitsOnly('₹ 1,000')).toBe('1000');
    expect(digitsOnly('abc')).toBe('');
  });

  it('stops at twelve digits', () => {
    expect(digitsOnly('12345678901234567')).toBe('123456789012');
  });

  it('reads the presets of a channel in order, without repeats, blanks or decimals', () => {
    expect(parsePresets('100,500,1000')).toEqual(['100', '500', '1000']);
    expect(parsePresets(' 100 , 0100,,abc, 12.5, 0, 200')).toEqual(['100', '200']);
    expect(parsePresets('')).toEqual([]);
  });

  it('accepts only a non-empty whole amount above zero', () => {
    expect(isWholeAmount('500')).toBe(true);
    expect(isWholeAmount(' 500 ')).toBe(true);
    expect(isWholeAmount('')).toBe(false);
    expect(isWholeAmount('0')).toBe(false);
    expect(isWholeAmount('000')).toBe(false);
    expect(isWholeAmount('5.5')).toBe(false);
    expect(isWholeAmount('12a')).toBe(false);
  });
});
