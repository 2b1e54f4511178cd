import { describe, expect, it } from 'vitest';
import { validateTransfer } from './transfer.rule.ts';

describe('validateTransfer', () => {
  it('answers the trimmed user id and amount when both are numbers', () => {
    expect(validateTransfer(' 1043 ', ' 250 ')).toEqual({ userId: '1043', amount: '250' });
  });

  it('refuses an empty, zero or non-numeric field', () => {
    expect(validateTransfer('', '250')).toBeNull();
    expect(validateTransfer('1043', '')).toBeNull();
    expect(validateTransfer('1043', '0')).toBeNull();
    expect(validateTransfer('abc', '250')).toBeNull();
    expect(validateTransfer('1043', '2.5')).toBeNull();
  });
});
