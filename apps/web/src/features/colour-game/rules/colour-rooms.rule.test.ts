import { describe, expect, it } from 'vitest';
import {
  categoryFromHistoryPath,
  categoryFromQuery,
  categoryFromStorage,
  guessRecordPath,
  myGuessRecordPath,
} from './colour-rooms.rule.ts';

describe('colour rooms', () => {
  it('reads the category of a history path, whatever its case', () => {
    expect(categoryFromHistoryPath('/parity')).toBe('P');
    expect(categoryFromHistoryPath('/Sapre')).toBe('S');
    expect(categoryFromHistoryPath('/bcone')).toBe('B');
    expect(categoryFromHistoryPath('/emerd')).toBe('E');
  });

  it('reads category_value and stored values, falling back to parity', () => {
    expect(categoryFromQuery('e')).toBe('E');
    expect(categoryFromQuery(' B ')).toBe('B');
    expect(categoryFromQuery('X')).toBe('P');
    expect(categoryFromQuery(null)).toBe('P');
    expect(categoryFromStorage('S')).toBe('S');
    expect(categoryFromStorage('s')).toBe('P');
  });

  it('links the record screens with the category', () => {
    expect(guessRecordPath('S')).toBe('/guessRecord?category_value=S');
    expect(myGuessRecordPath('E')).toBe('/myGuessRecord?category_value=E');
  });
});
