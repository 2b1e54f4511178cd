import { type ColourHistoryEntryDto, digitColours } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROGRESS_MAXIMUM,
  historyCounts,
  progressMaximum,
  progressPercent,
  roundRows,
  streakColumns,
  wrapIntoColumns,
} from './colour-history.rule.ts';

function entry(index: number, digit: number): ColourHistoryEntryDto {
  const colours = digitColours(digit);
  const label = String(index).padStart(3, '0');
  return {
    period: `20250305${label}`,
    today_times: label,
    price: 10_000 + digit,
    last_num: digit,
    is_green: colours.green,
    is_red: colours.red,
    is_violet: colours.violet,
  };
}

const DIGITS = [1, 3, 0, 2, 5, 5, 8, 7, 4];
const PERIODS = DIGITS.map((digit, index) => entry(index + 1, digit));

describe('colour history', () => {
  it('counts red, green, violet and each digit', () => {
    const counts = historyCounts(PERIODS);
    expect(counts).toMatchObject({ red: 4, green: 5, violet: 3 });
    expect(counts.digits).toEqual([1, 1, 1, 1, 1, 2, 0, 1, 1, 0]);
  });

  it('sets the bars maximum to twice the larger of red and green, 480 with no result', () => {
    expect(progressMaximum({ red: 4, green: 5 })).toBe(10);
    expect(progressMaximum({ red: 0, green: 0 })).toBe(DEFAULT_PROGRESS_MAXIMUM);
    expect(progressPercent(5, 10)).toBe(50);
    expect(progressPercent(30, 10)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });

  it('makes a streak column of each run of one main colour', () => {
    const columns = streakColumns(PERIODS);
    expect(columns.map((column) => column.colour)).toEqual(['green', 'red', 'green', 'red', 'green', 'red']);
    expect(columns.map((column) => column.entries.map((row) => row.last_num))).toEqual([
      [1, 3],
      [0, 2],
      [5, 5],
      [8],
      [7],
      [4],
    ]);
  });

  it('wraps Rd.2 every 3 rows up to Rd.7 every 8 rows', () => {
    expect(roundRows(2)).toBe(3);
    expect(roundRows(7)).toBe(8);
    expect(wrapIntoColumns(DIGITS, roundRows(2))).toEqual([
      [1, 3, 0],
      [2, 5, 5],
      [8, 7, 4],
    ]);
    expect(wrapIntoColumns(DIGITS, roundRows(7))).toEqual([[1, 3, 0, 2, 5, 5, 8, 7], [4]]);
    expect(wrapIntoColumns([], 3)).toEqual([]);
    expect(() => wrapIntoColumns(DIGITS, 0)).toThrow();
  });
});
