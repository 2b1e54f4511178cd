import { zonedDateTime } from '@app/shared';
import { useMarket } from '../app-config/app-config.context.tsx';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * An epoch-milliseconds time as yyyy-MM-dd HH:mm on the market's clock; '' for a time that is not one.
 * Every time in the app is shown in the market's zone, the zone of the shop's deadlines, the game periods
 * and the support hours, so a record reads the same on every phone.
 */
export function formatDateTime(epochMs: number, timeZone: string): string {
  if (!Number.isFinite(epochMs) || Number.isNaN(new Date(epochMs).getTime())) return '';
  const time = zonedDateTime(epochMs, timeZone);
  return `${time.year}-${pad(time.month)}-${pad(time.day)} ${pad(time.hour)}:${pad(time.minute)}`;
}

/**
 * An epoch-milliseconds time as the guess records show it (spec 02 §9): yyyy-MM-dd hh:mm on the market's
 * clock. The pattern is in the notation of the date libraries the spec was written with, where hh is the
 * hour of the 12-hour clock (01…12) and HH the 24-hour one; the pattern has no AM/PM marker, so none is
 * shown. '' for a time that is not one. Only the colour game's records use this; other screens keep
 * formatDateTime.
 */
export function formatGuessRecordTime(epochMs: number, timeZone: string): string {
  if (!Number.isFinite(epochMs) || Number.isNaN(new Date(epochMs).getTime())) return '';
  const time = zonedDateTime(epochMs, timeZone);
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${time.year}-${pad(time.month)}-${pad(time.day)} ${pad(hour12)}:${pad(time.minute)}`;
}

/** formatGuessRecordTime bound to the market of this server. */
export function useFormatGuessRecordTime(): (epochMs: number) => string {
  const { timeZone } = useMarket();
  return (epochMs) => formatGuessRecordTime(epochMs, timeZone);
}

/** formatDateTime bound to the market of this server. */
export function useFormatDateTime(): (epochMs: number) => string {
  const { timeZone } = useMarket();
  return (epochMs) => formatDateTime(epochMs, timeZone);
}

/** The machine-readable form of a time for a <time dateTime>, or undefined for a time that is not one. */
export function isoDateTime(epochMs: number): string | undefined {
  const date = new Date(epochMs);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
