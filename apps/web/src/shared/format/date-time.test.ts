import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

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

  it('uses the 24-hour clock: 00:22 after midnight, 12:00 at noon', () => {
    expect(formatDateTime(Date.UTC(2026, 10, 25, 18, 52), 'Asia/Kolkata')).toBe('2026-11-26 00:22');
    expect(formatDateTime(Date.UTC(2025, 2, 5, 6, 30), 'Asia/Kolkata')).toBe('2025-03-05 12:00');
  });
});
