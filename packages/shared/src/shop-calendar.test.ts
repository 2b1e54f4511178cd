import { describe, expect, it } from 'vitest';
import { MARKETS } from './markets.ts';
import {
  cancellationDeadline,
  isBeforeCancellationDeadline,
  isInventoryTime,
  zonedDateTime,
  zonedWallTimeToEpoch,
} from './shop-calendar.ts';

const KOLKATA = MARKETS.in.timeZone;
const SAO_PAULO = MARKETS.pt.timeZone;
const MEXICO_CITY = MARKETS.mx.timeZone;
const HO_CHI_MINH = MARKETS.vi.timeZone;

/** An instant given as UTC parts, to the millisecond. */
const utc = (iso: string): number => Date.parse(iso);

describe('zonedDateTime', () => {
  it('reads the wall clock, weekday and midnight of each market zone', () => {
    // 2025-03-07T18:30Z is Saturday 00:00 in Kolkata (+05:30) and Friday 12:30 in Mexico City (-06:00).
    expect(zonedDateTime(utc('2025-03-07T18:30:00Z'), KOLKATA)).toEqual({
      year: 2025,
      month: 3,
      day: 8,
      hour: 0,
      minute: 0,
      second: 0,
      weekday: 6,
    });
    expect(zonedDateTime(utc('2025-03-07T18:30:00Z'), MEXICO_CITY)).toMatchObject({
      day: 7,
      hour: 12,
      minute: 30,
      weekday: 5,
    });
    expect(zonedDateTime(utc('2025-12-31T17:00:00Z'), HO_CHI_MINH)).toMatchObject({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      weekday: 4,
    });
  });
});

describe('isInventoryTime', () => {
  it.each([
    // [zone, instant, expected] around 01:30 and 05:30 local, to the millisecond.
    [KOLKATA, '2025-03-04T19:59:59.999Z', false], // 01:29:59.999 IST
    [KOLKATA, '2025-03-04T20:00:00.000Z', true], // 01:30 IST
    [KOLKATA, '2025-03-04T23:59:59.999Z', true], // 05:29:59.999 IST
    [KOLKATA, '2025-03-05T00:00:00.000Z', false], // 05:30 IST
    [SAO_PAULO, '2025-03-05T04:29:00Z', false], // 01:29 BRT (-03:00)
    [SAO_PAULO, '2025-03-05T04:30:00Z', true], // 01:30 BRT
    [SAO_PAULO, '2025-03-05T08:29:00Z', true], // 05:29 BRT
    [SAO_PAULO, '2025-03-05T08:30:00Z', false], // 05:30 BRT
    [MEXICO_CITY, '2025-07-05T07:29:00Z', false], // 01:29 CST (-06:00, no summer time since 2022)
    [MEXICO_CITY, '2025-07-05T07:30:00Z', true], // 01:30 CST
    [MEXICO_CITY, '2025-07-05T11:29:00Z', true], // 05:29 CST
    [MEXICO_CITY, '2025-07-05T11:30:00Z', false], // 05:30 CST
    [HO_CHI_MINH, '2025-03-04T18:29:00Z', false], // 01:29 ICT (+07:00)
    [HO_CHI_MINH, '2025-03-04T18:30:00Z', true], // 01:30 ICT
    [HO_CHI_MINH, '2025-03-04T22:29:00Z', true], // 05:29 ICT
    [HO_CHI_MINH, '2025-03-04T22:30:00Z', false], // 05:30 ICT
    [KOLKATA, '2025-03-05T06:30:00Z', false], // noon IST
  ])('in %s at %s answers %s', (zone, instant, expected) => {
    expect(isInventoryTime(utc(instant), zone)).toBe(expected);
  });

  it('follows the wall clock through summer time in a zone that has it', () => {
    // 01:30 in London is 00:30Z in summer (BST) and 01:30Z in winter (GMT).
    expect(isInventoryTime(utc('2025-07-02T00:30:00Z'), 'Europe/London')).toBe(true);
    expect(isInventoryTime(utc('2025-07-02T04:30:00Z'), 'Europe/London')).toBe(false);
    expect(isInventoryTime(utc('2025-01-08T00:30:00Z'), 'Europe/London')).toBe(false);
    expect(isInventoryTime(utc('2025-01-08T05:29:00Z'), 'Europe/London')).toBe(true);
  });
});

describe('zonedWallTimeToEpoch', () => {
  it('converts a wall time of each market zone', () => {
    const date = { year: 2025, month: 3, day: 8 };
    expect(zonedWallTimeToEpoch(date, 90, KOLKATA)).toBe(utc('2025-03-07T20:00:00Z'));
    expect(zonedWallTimeToEpoch(date, 90, SAO_PAULO)).toBe(utc('2025-03-08T04:30:00Z'));
    expect(zonedWallTimeToEpoch(date, 90, MEXICO_CITY)).toBe(utc('2025-03-08T07:30:00Z'));
    expect(zonedWallTimeToEpoch(date, 90, HO_CHI_MINH)).toBe(utc('2025-03-07T18:30:00Z'));
  });

  it('takes the first of a repeated wall time and moves a skipped one past the change', () => {
    // New York: 2025-11-02 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(zonedWallTimeToEpoch({ year: 2025, month: 11, day: 2 }, 90, 'America/New_York')).toBe(
      utc('2025-11-02T05:30:00Z'),
    );
    // 2025-03-09 02:30 does not exist there (02:00 EST jumps to 03:00 EDT); it becomes 03:30 EDT.
    expect(zonedWallTimeToEpoch({ year: 2025, month: 3, day: 9 }, 150, 'America/New_York')).toBe(
      utc('2025-03-09T07:30:00Z'),
    );
  });
});

describe('cancellationDeadline', () => {
  // 2025-03-08 and 2025-03-15 are Saturdays.
  const saturday0308Kolkata = utc('2025-03-07T20:00:00Z');
  const saturday0315Kolkata = utc('2025-03-14T20:00:00Z');

  it.each([
    ['Monday noon', '2025-03-03T06:30:00Z', saturday0308Kolkata],
    ['Friday 23:00', '2025-03-07T17:30:00Z', saturday0308Kolkata],
    ['Saturday 00:30 (still Friday in UTC)', '2025-03-07T19:00:00Z', saturday0308Kolkata],
    ['Saturday 01:29:59.999', '2025-03-07T19:59:59.999Z', saturday0308Kolkata],
    ['Saturday 01:30 exactly', '2025-03-07T20:00:00.000Z', saturday0315Kolkata],
    ['Saturday 06:00', '2025-03-08T00:30:00Z', saturday0315Kolkata],
    ['Sunday', '2025-03-09T06:30:00Z', saturday0315Kolkata],
  ])(
    'in Kolkata, an order placed on %s can be cancelled until the next Saturday 01:30',
    (_when, placed, deadline) => {
      expect(cancellationDeadline(utc(placed), KOLKATA)).toBe(deadline);
    },
  );

  it('reads the weekday in the market zone, not in UTC', () => {
    // 2025-03-07T19:00Z is Saturday 00:30 in Kolkata but Friday 13:00 in Mexico City.
    const placed = utc('2025-03-07T19:00:00Z');
    expect(cancellationDeadline(placed, KOLKATA)).toBe(utc('2025-03-07T20:00:00Z'));
    expect(cancellationDeadline(placed, MEXICO_CITY)).toBe(utc('2025-03-08T07:30:00Z'));
    expect(cancellationDeadline(placed, SAO_PAULO)).toBe(utc('2025-03-08T04:30:00Z'));
    expect(cancellationDeadline(placed, HO_CHI_MINH)).toBe(utc('2025-03-14T18:30:00Z'));
  });

  it('crosses month and year ends', () => {
    // Wednesday 2025-12-31 → Saturday 2026-01-03 01:30 IST.
    expect(cancellationDeadline(utc('2025-12-31T06:30:00Z'), KOLKATA)).toBe(utc('2026-01-02T20:00:00Z'));
  });

  it('keeps Saturday 01:30 local through summer time in a zone that has it', () => {
    const summer = cancellationDeadline(utc('2025-07-02T12:00:00Z'), 'Europe/London');
    const winter = cancellationDeadline(utc('2025-01-08T12:00:00Z'), 'Europe/London');
    expect(summer).toBe(utc('2025-07-05T00:30:00Z'));
    expect(winter).toBe(utc('2025-01-11T01:30:00Z'));
    for (const deadline of [summer, winter]) {
      expect(zonedDateTime(deadline, 'Europe/London')).toMatchObject({ weekday: 6, hour: 1, minute: 30 });
    }
  });

  it('allows cancelling only strictly before the deadline', () => {
    const placed = utc('2025-03-05T06:30:00Z');
    expect(isBeforeCancellationDeadline(placed, saturday0308Kolkata - 1, KOLKATA)).toBe(true);
    expect(isBeforeCancellationDeadline(placed, saturday0308Kolkata, KOLKATA)).toBe(false);
    expect(isBeforeCancellationDeadline(placed, saturday0315Kolkata, KOLKATA)).toBe(false);
  });
});
