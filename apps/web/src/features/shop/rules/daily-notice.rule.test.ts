import { describe, expect, it } from 'vitest';
import { localDayKey, shouldShowNotice } from './daily-notice.rule.ts';

describe('localDayKey', () => {
  it('formats the local calendar day with padded month and day', () => {
    expect(localDayKey(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(localDayKey(new Date(2025, 11, 31, 0, 0))).toBe('2025-12-31');
  });
});

describe('shouldShowNotice', () => {
  it('shows a notice never shown before', () => {
    expect(shouldShowNotice('Inventory time 01:30-05:30', null, '2025-03-01')).toBe(true);
  });

  it('does not show it twice on the same day', () => {
    expect(shouldShowNotice('Inventory time 01:30-05:30', '2025-03-01', '2025-03-01')).toBe(false);
  });

  it('shows it again on the next day', () => {
    expect(shouldShowNotice('Inventory time 01:30-05:30', '2025-03-01', '2025-03-02')).toBe(true);
  });

  it('never shows an empty notice', () => {
    expect(shouldShowNotice('', null, '2025-03-01')).toBe(false);
    expect(shouldShowNotice('   ', '2025-02-28', '2025-03-01')).toBe(false);
  });
});
