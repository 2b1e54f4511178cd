import { describe, expect, it } from 'vitest';
import { normalizeUtr } from './utr.rule.ts';

describe('normalizeUtr', () => {
  it('accepts exactly twelve digits, trimmed', () => {
    expect(normalizeUtr('123456789012')).toBe('123456789012');
    expect(normalizeUtr('  123456789012 ')).toBe('123456789012');
  });

  it('refuses 11 or 13 digits, letters, inner spaces and nothing', () => {
    expect(normalizeUtr('12345678901')).toBeNull();
    expect(normalizeUtr('1234567890123')).toBeNull();
    expect(normalizeUtr('12345678901a')).toBeNull();
    expect(normalizeUtr('123456 789012')).toBeNull();
    expect(normalizeUtr('')).toBeNull();
  });
});
