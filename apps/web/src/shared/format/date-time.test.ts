import { describe, expect, it } from 'vitest';
import { formatDateTime, formatGuessRecordTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('shows the instant on the market clock, zero-padded, on the 24-hour clock', () => {
    // 2025-03-01T20:35:00Z is 02:05 the next day in India (UTC+05:30) and 17:35 in São Paulo (UTC-03:00).
    const instant = Date.UTC(2025, 2, 1, 20, 35);
    expect(formatDateTime(instant, 'Asia/Kolkata')).toBe('2025-03-02 02:05');
    expect(formatDateTime(instant, 'America/Sao_Paulo')).toBe('2025-03-01 17:35');
    expect(formatDateTime(Date.UTC(2024, 11, 31, 16, 59), 'Asia/Ho_Chi_Minh')).toBe('2024-12-31 23:59');
  });

  it('answers an empty text for a time that is not one', () => {
    expect(formatDateTime(Number.NaN, 'Asia/Kolkata')).toBe('');
    expect(formatDateTime(Number.POSITIVE_INFINITY, 'Asia/Kolkata')).toBe('');
  });
});

describe('formatGuessRecordTime', () => {
  it('follows yyyy-MM-dd hh:mm: the hour of the 12-hour clock, zero-padded, on the market clock', () => {
    // 09:35 UTC is 15:05 in India: 03:05 on the 12-hour clock.
    expect(formatGuessRecordTime(Date.UTC(2025, 2, 5, 9, 35), 'Asia/Kolkata')).toBe('2025-03-05 03:05');
    // Midnight and noon are 12 on the 12-hour clock, never 00.
    expect(formatGuessRecordTime(Date.UTC(2025, 2, 4, 18, 30), 'Asia/Kolkata')).toBe('2025-03-05 12:00');
    expect(formatGuessRecordTime(Date.UTC(2025, 2, 5, 6, 30), 'Asia/Kolkata')).toBe('2025-03-05 12:00');
    expect(formatGuessRecordTime(Date.UTC(2025, 2, 5, 4, 29), 'Asia/Kolkata')).toBe('2025-03-05 09:59');
    // The date is the market's: 02:05 on 2 March in India is still 1 March in São Paulo (17:35 → 05:35).
    const instant = Date.UTC(2025, 2, 1, 20, 35);
    expect(formatGuessRecordTime(instant, 'Asia/Kolkata')).toBe('2025-03-02 02:05');
    expect(formatGuessRecordTime(instant, 'America/Sao_Paulo')).toBe('2025-03-01 05:35');
    expect(formatGuessRecordTime(Date.UTC(2024, 11, 31, 16, 59), 'Asia/Ho_Chi_Minh')).toBe(
      '2024-12-31 11:59',
    );
  });

  it('answers an empty text for a time that is not one', () => {
    expect(formatGuessRecordTime(Number.NaN, 'Asia/Kolkata')).toBe('');
    expect(formatGuessRecordTime(Number.NEGATIVE_INFINITY, 'Asia/Kolkata')).toBe('');
  });
});
