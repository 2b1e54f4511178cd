import { zonedDateTime } from '@app/shared';
import { useMarket } from '../app-config/app-config.context.tsx';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * An epoch-milliseconds time as yyyy-MM-dd HH:mm on the market's 24-hour clock (00:22, never 12:22 without
 * an AM/PM marker); '' for a time that is not one.
 * Every time in the app is shown in the market's zone, the zone of the shop's deadlines, the game periods
 * and the support hours, so a record reads the same on every phone.
 */
export function formatDateTime(epochMs: number, timeZone: string): string {
  if (!Number.isFinite(epochMs) || Number.isNaN(new Date(epochMs).getTime())) return '';
  const time = zonedDateTime(epochMs, timeZone);
  return `${time.year}-${pad(time.month)}-${pad(time.day)} ${pad(time.hour)}:${pad(time.minute)}`;
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
