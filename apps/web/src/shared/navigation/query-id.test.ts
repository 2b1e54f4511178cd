import { describe, expect, it } from 'vitest';
import { MAX_QUERY_ID, parseQueryId } from './query-id.ts';

describe('parseQueryId', () => {
  it('reads a positive whole number', () => {
    expect(parseQueryId('1')).toBe(1);
    expect(parseQueryId('42')).toBe(42);
    expect(parseQueryId(String(MAX_QUERY_ID))).toBe(MAX_QUERY_ID);
  });

  it('refuses a missing, empty, zero, negative, fractional, huge or non-numeric id', () => {
    for (const value of [
      null,
      '',
      '0',
      '-3',
      '1.5',
      '1e3',
      ' 7',
      'abc',
      String(MAX_QUERY_ID + 1),
      '9'.repeat(30),
    ]) {
      expect(parseQueryId(value), String(value)).toBeNull();
    }
  });
});
