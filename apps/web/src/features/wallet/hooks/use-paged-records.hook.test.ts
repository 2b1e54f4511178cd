import { describe, expect, it } from 'vitest';
import { nextRecordPage } from './use-paged-records.hook.ts';

const page = (count: number, rows: number) => ({ count, rows: Array.from({ length: rows }, (_, i) => i) });

describe('nextRecordPage', () => {
  it('starts at page 1', () => {
    expect(nextRecordPage([], 0)).toBe(1);
  });

  it('asks for the next page until page.count rows are loaded', () => {
    expect(nextRecordPage([page(25, 10)], 1)).toBe(2);
    expect(nextRecordPage([page(25, 10), page(25, 10)], 2)).toBe(3);
    expect(nextRecordPage([page(25, 10), page(25, 10), page(25, 5)], 3)).toBeUndefined();
  });

  it('stops at an empty page even if the count says more', () => {
    expect(nextRecordPage([page(25, 10), page(25, 0)], 2)).toBeUndefined();
  });
});
