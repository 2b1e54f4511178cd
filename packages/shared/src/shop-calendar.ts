/**
 * The shop's clock rules (spec 02 §4 "Shop and legal rules"), read in a market's time zone
 * (MARKETS[market].timeZone): the daily inventory time when purchases are refused, and the weekly
 * deadline until which an undelivered order can be cancelled. Pure functions of an instant and a zone, so
 * the server (with its injected clock) and the app give the same answers.
 */

const MINUTES_PER_HOUR = 60;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 24 * 60 * MS_PER_MINUTE;
const DAYS_PER_WEEK = 7;

/** The daily inventory time starts at 01:30 market time (minute of the day, inclusive). */
export const INVENTORY_START_MINUTE_OF_DAY = 1 * MINUTES_PER_HOUR + 30;
/** …and ends at 05:30 market time (exclusive): at 05:30:00 purchases are accepted again. */
export const INVENTORY_END_MINUTE_OF_DAY = 5 * MINUTES_PER_HOUR + 30;
/** The weekly cancellation deadline falls on a Saturday (0 is Sunday, as in Date#getUTCDay)… */
export const CANCELLATION_DEADLINE_WEEKDAY = 6;
/** …at 01:30 market time. */
export const CANCELLATION_DEADLINE_MINUTE_OF_DAY = 1 * MINUTES_PER_HOUR + 30;

/** A wall-clock reading in a time zone. Month is 1-12; weekday 0 (Sunday) to 6 (Saturday). */
export interface ZonedDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly weekday: number;
}

/** Formatters are costly to build and are reused per zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // hourCycle h23 keeps midnight at 0 (some ICU versions answer 24 with hour12: false).
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant (UTC epoch ms) in an IANA time zone. */
export function zonedDateTime(epochMs: number, timeZone: string): ZonedDateTime {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const year = fields.year ?? Number.NaN;
  const month = fields.month ?? Number.NaN;
  const day = fields.day ?? Number.NaN;
  return {
    year,
    month,
    day,
    hour: fields.hour ?? Number.NaN,
    minute: fields.minute ?? Number.NaN,
    second: fields.second ?? Number.NaN,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (negative west of Greenwich). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const wall = zonedDateTime(epochMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant at which the zone's wall clock reads the given date and minute of the day. In a zone with
 * daylight saving time, a wall time that occurs twice resolves to its first occurrence, and one skipped by
 * the clock change to the instant as far past the change as the wall time is past its start (02:30 when
 * 02:00 jumps to 03:00 becomes 03:30). The four market zones have no daylight saving time.
 */
export function zonedWallTimeToEpoch(
  date: { year: number; month: number; day: number },
  minuteOfDay: number,
  timeZone: string,
): number {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MS_PER_MINUTE;
  // Offsets change at most once within a couple of days, so the offsets a day before and a day after
  // are the only ones the wall time can have.
  const offsetBefore = zoneOffsetMs(wallAsUtc - MS_PER_DAY, timeZone);
  const offsetAfter = zoneOffsetMs(wallAsUtc + MS_PER_DAY, timeZone);
  const matching = [wallAsUtc - offsetBefore, wallAsUtc - offsetAfter].filter(
    (candidate) => candidate + zoneOffsetMs(candidate, timeZone) === wallAsUtc,
  );
  if (matching.length > 0) return Math.min(...matching);
  return wallAsUtc - offsetBefore;
}

/** Whether purchases are refused at this instant: 01:30 (inclusive) to 05:30 (exclusive) market time. */
export function isInventoryTime(epochMs: number, timeZone: string): boolean {
  const wall = zonedDateTime(epochMs, timeZone);
  const minuteOfDay = wall.hour * MINUTES_PER_HOUR + wall.minute;
  return minuteOfDay >= INVENTORY_START_MINUTE_OF_DAY && minuteOfDay < INVENTORY_END_MINUTE_OF_DAY;
}

/**
 * The weekly cancellation deadline of an order: the first Saturday 01:30 market time strictly after the
 * order was placed. The order can be cancelled while the current instant is before this one, so an order
 * placed on Friday evening has a few hours and one placed on Saturday at 06:00 has almost a week.
 */
export function cancellationDeadline(placedAtMs: number, timeZone: string): number {
  const placed = zonedDateTime(placedAtMs, timeZone);
  const daysAhead = (CANCELLATION_DEADLINE_WEEKDAY - placed.weekday + DAYS_PER_WEEK) % DAYS_PER_WEEK;
  for (const extraDays of [daysAhead, daysAhead + DAYS_PER_WEEK]) {
    const date = new Date(Date.UTC(placed.year, placed.month - 1, placed.day) + extraDays * MS_PER_DAY);
    const deadline = zonedWallTimeToEpoch(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      CANCELLATION_DEADLINE_MINUTE_OF_DAY,
      timeZone,
    );
    if (deadline > placedAtMs) return deadline;
  }
  // Unreachable: a Saturday a week later is always after the placement.
  throw new Error(`no cancellation deadline found after ${placedAtMs} in ${timeZone}`);
}

/** Whether an order placed at `placedAtMs` is still within its cancellation window at `nowMs`. */
export function isBeforeCancellationDeadline(placedAtMs: number, nowMs: number, timeZone: string): boolean {
  return nowMs < cancellationDeadline(placedAtMs, timeZone);
}
