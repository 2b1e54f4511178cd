import { zonedDateTime } from './shop-calendar.ts';

/**
 * The colour game's pure rules (spec 02 §4 and §9, DESIGN.md §3 "Colour game"): the period clock, the
 * colours of a digit and the payout table. The server enforces them against its own clock; the app uses
 * the same functions to show the countdown and the rules, so both always agree.
 */

/** One period lasts 180 s, aligned to the Unix epoch. */
export const COLOUR_PERIOD_SECONDS = 180;
export const COLOUR_PERIOD_MS = COLOUR_PERIOD_SECONDS * 1000;
/** 480 periods make one day of the market's time zone (001…480). */
export const COLOUR_PERIODS_PER_DAY = 480;
/** Bets close when this many seconds or fewer remain in the period. */
export const COLOUR_LOCK_SECONDS = 30;
/** The service fee, in percent of the stake: a stake of 100 becomes a contract of 98. */
export const COLOUR_FEE_PERCENT = 2;
/** The largest contract count of one bet (count × the largest preset stays far below 2^53 minor units). */
export const COLOUR_MAX_CONTRACT_COUNT = 1000;
/** The four rooms (categories): parity, sapre, bcone, emerd. */
export const COLOUR_CATEGORIES = ['P', 'S', 'B', 'E'] as const;
export type ColourCategory = (typeof COLOUR_CATEGORIES)[number];
/** What a bet is on: green, red, violet, or a number 0-9. */
export const GUESS_TYPES = ['G', 'R', 'V', 'N'] as const;
export type GuessType = (typeof GUESS_TYPES)[number];
/** Digits of the number buttons and of results. */
export const COLOUR_DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** Results are open prices 10000…99999; the result digit is the price's last digit. */
export const COLOUR_PRICE_MIN = 10_000;
export const COLOUR_PRICE_SPAN = 90_000;
/** A period number is YYYYMMDD followed by its three-digit index in the day. */
export const COLOUR_PERIOD_PATTERN = /^\d{8}\d{3}$/;

/** Whether a value is one of the four categories. */
export function isColourCategory(value: unknown): value is ColourCategory {
  return typeof value === 'string' && (COLOUR_CATEGORIES as readonly string[]).includes(value);
}

/** The start (UTC epoch ms) of the period that contains the instant. */
export function periodStartMs(epochMs: number): number {
  return Math.floor(epochMs / COLOUR_PERIOD_MS) * COLOUR_PERIOD_MS;
}

/** Seconds remaining in the current period: 180 − (epochSeconds mod 180), so 1…180. */
export function secondsRemaining(epochMs: number): number {
  const epochSeconds = Math.floor(epochMs / 1000);
  return (
    COLOUR_PERIOD_SECONDS -
    (((epochSeconds % COLOUR_PERIOD_SECONDS) + COLOUR_PERIOD_SECONDS) % COLOUR_PERIOD_SECONDS)
  );
}

/** Whether bets are accepted at the instant: more than COLOUR_LOCK_SECONDS remain. */
export function isBettingOpen(epochMs: number): boolean {
  return secondsRemaining(epochMs) > COLOUR_LOCK_SECONDS;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/**
 * Period numbers and starts are pure functions of their input but cost a time-zone conversion each (Intl),
 * and the server asks for the same few periods thousands of times a second; answers are kept here.
 */
const PERIOD_MEMO_LIMIT = 256;
const periodNumberMemo = new Map<string, string>();
const periodStartMemo = new Map<string, number | undefined>();

function remember<Value>(memo: Map<string, Value>, key: string, value: Value): Value {
  if (memo.size >= PERIOD_MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/**
 * The period number of the period that contains the instant: the market date of its start followed by
 * its index 001…480 in that day. Every market's UTC offset is a multiple of 180 s, so a market day holds
 * exactly 480 aligned periods and the index rolls from 480 to 001 at midnight market time.
 */
export function periodNumberAt(epochMs: number, timeZone: string): string {
  const start = periodStartMs(epochMs);
  const key = `${start}|${timeZone}`;
  return periodNumberMemo.get(key) ?? remember(periodNumberMemo, key, computePeriodNumber(start, timeZone));
}

function computePeriodNumber(start: number, timeZone: string): string {
  const wall = zonedDateTime(start, timeZone);
  const secondOfDay = wall.hour * 3600 + wall.minute * 60 + wall.second;
  const index = Math.floor(secondOfDay / COLOUR_PERIOD_SECONDS) + 1;
  return `${pad(wall.year, 4)}${pad(wall.month, 2)}${pad(wall.day, 2)}${pad(index, 3)}`;
}

/**
 * The start (UTC epoch ms) of a numbered period, or undefined when the text is not a period number of
 * that zone (bad shape, day or index out of range).
 */
export function periodStartFromNumber(period: string, timeZone: string): number | undefined {
  if (!COLOUR_PERIOD_PATTERN.test(period)) return undefined;
  const key = `${period}|${timeZone}`;
  if (periodStartMemo.has(key)) return periodStartMemo.get(key);
  return remember(periodStartMemo, key, computePeriodStart(period, timeZone));
}

function computePeriodStart(period: string, timeZone: string): number | undefined {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4, 6));
  const day = Number(period.slice(6, 8));
  const index = Number(period.slice(8, 11));
  if (index < 1 || index > COLOUR_PERIODS_PER_DAY) return undefined;
  const wallAsUtc = Date.UTC(year, month - 1, day) + (index - 1) * COLOUR_PERIOD_MS;
  if (!Number.isFinite(wallAsUtc)) return undefined;
  // The wall time read as UTC is off by the zone's offset; two rounds settle it even next to a DST change.
  let guess = wallAsUtc;
  for (let round = 0; round < 2; round += 1) {
    const wall = zonedDateTime(guess, timeZone);
    const readBack = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    guess += wallAsUtc - readBack;
  }
  const start = periodStartMs(guess);
  return periodNumberAt(start, timeZone) === period ? start : undefined;
}

/** The colours of a result digit: odd green, even red, 0 and 5 also violet. */
export interface DigitColours {
  readonly green: boolean;
  readonly red: boolean;
  readonly violet: boolean;
}

/** The colours of a result digit (0-9). */
export function digitColours(digit: number): DigitColours {
  return { green: digit % 2 === 1, red: digit % 2 === 0, violet: digit === 0 || digit === 5 };
}

/**
 * The payout multiplier, in tenths, of a guess on a result digit; 0 when the guess loses. Green pays 2×
 * on 1, 3, 7, 9 and 1.5× on 5; red 2× on 2, 4, 6, 8 and 1.5× on 0; violet 4.5× on 0 and 5; a number
 * match 9×. Tenths keep every multiplier an integer.
 */
export function payoutMultiplierTenths(
  guessType: GuessType,
  guessNumber: number | null,
  digit: number,
): number {
  switch (guessType) {
    case 'G':
      if (digit === 5) return 15;
      return digit % 2 === 1 ? 20 : 0;
    case 'R':
      if (digit === 0) return 15;
      return digit % 2 === 0 ? 20 : 0;
    case 'V':
      return digit === 0 || digit === 5 ? 45 : 0;
    case 'N':
      return guessNumber === digit ? 90 : 0;
  }
}

/** The fee of a stake: 2 %, rounded down to the minor unit (exact for every preset stake). */
export function colourFeeMinor(stakeMinor: number): number {
  return Math.floor((stakeMinor * COLOUR_FEE_PERCENT) / 100);
}

/** The contract amount C = stake − fee, on which payouts are computed. */
export function contractAmountMinor(stakeMinor: number): number {
  return stakeMinor - colourFeeMinor(stakeMinor);
}

/**
 * What a bet wins: C × multiplier, rounded down to the minor unit (the house keeps a fraction below one
 * minor unit; with preset stakes every product is exact). 0 when the guess loses.
 */
export function colourPayoutMinor(
  contractMinor: number,
  guessType: GuessType,
  guessNumber: number | null,
  digit: number,
): number {
  return Math.floor((contractMinor * payoutMultiplierTenths(guessType, guessNumber, digit)) / 10);
}
