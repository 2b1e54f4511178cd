import type { ColourHistoryEntryDto, GuessPeriodDto } from '@app/shared';
import { mainColour } from './guess-display.rule.ts';

/** The progress bars' maximum before any period of the day has a result (spec 02 §9). */
export const DEFAULT_PROGRESS_MAXIMUM = 480;
/** The bars' maximum is this many times the larger of the red and green counts (spec 02 §9). */
export const PROGRESS_MAXIMUM_FACTOR = 2;
/** The result-grid tabs Rd.2 to Rd.7 (spec 02 §9). */
export const ROUND_TABS = [2, 3, 4, 5, 6, 7] as const;
export type RoundTab = (typeof ROUND_TABS)[number];
/** The parity grid shows results in rows of this many. */
export const PARITY_GRID_COLUMNS = 10;

/** How many of the day's results were red, green, violet, and each digit 0-9. */
export interface HistoryCounts {
  readonly red: number;
  readonly green: number;
  readonly violet: number;
  /** Index = digit. */
  readonly digits: readonly number[];
}

/** Counts the colours and digits of the day's results. */
export function historyCounts(periods: readonly GuessPeriodDto[]): HistoryCounts {
  const digits = Array.from({ length: 10 }, () => 0);
  let red = 0;
  let green = 0;
  let violet = 0;
  for (const period of periods) {
    if (period.is_red) red += 1;
    if (period.is_green) green += 1;
    if (period.is_violet) violet += 1;
    if (Number.isInteger(period.last_num) && period.last_num >= 0 && period.last_num <= 9) {
      digits[period.last_num] = (digits[period.last_num] ?? 0) + 1;
    }
  }
  return { red, green, violet, digits };
}

/** The progress bars' maximum: twice the larger of the red and green counts, 480 while both are 0. */
export function progressMaximum(counts: Pick<HistoryCounts, 'red' | 'green'>): number {
  const larger = Math.max(counts.red, counts.green);
  return larger > 0 ? PROGRESS_MAXIMUM_FACTOR * larger : DEFAULT_PROGRESS_MAXIMUM;
}

/** A bar's fill in percent of the maximum, 0…100. */
export function progressPercent(count: number, maximum: number): number {
  if (maximum <= 0) return 0;
  return Math.min(Math.max((count / maximum) * 100, 0), 100);
}

/** One column of the streak table: results in a row of the same main colour, oldest first. */
export interface StreakColumn {
  readonly colour: 'green' | 'red';
  readonly entries: readonly ColourHistoryEntryDto[];
}

/** The streak table: each run of consecutive results of one main colour (green or red) is a column. */
export function streakColumns(periods: readonly ColourHistoryEntryDto[]): StreakColumn[] {
  const columns: Array<{ colour: 'green' | 'red'; entries: ColourHistoryEntryDto[] }> = [];
  for (const period of periods) {
    const colour = mainColour(period);
    const last = columns.at(-1);
    if (last && last.colour === colour) last.entries.push(period);
    else columns.push({ colour, entries: [period] });
  }
  return columns;
}

/** The rows of a Rd.N table: Rd.2 wraps every 3 rows, …, Rd.7 every 8 (spec 02 §9). */
export function roundRows(round: RoundTab): number {
  return round + 1;
}

/** Splits items into columns of `rows` items each, in order (the last column may be shorter). */
export function wrapIntoColumns<T>(items: readonly T[], rows: number): T[][] {
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`a column needs at least one row, not ${rows}`);
  const columns: T[][] = [];
  for (let start = 0; start < items.length; start += rows) columns.push(items.slice(start, start + rows));
  return columns;
}
