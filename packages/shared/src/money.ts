import { getMarket, type MarketCode } from './markets.ts';

/** Minor units per major unit: every market keeps money in hundredths. */
export const MINOR_PER_MAJOR = 100;

/** The largest amount the product ever accepts in one request (10^12 minor units), far below 2^53. */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

export type MoneyParseResult =
  | { ok: true; amountMinor: number }
  | { ok: false; reason: 'empty' | 'not_a_number' | 'too_many_decimals' | 'too_large' | 'negative' };

const DECIMAL_PATTERN = /^(-?)(\d+)(?:[.,](\d*))?$/;

/**
 * Parses a decimal string or a number into integer minor units, accepting at most two decimals.
 * A comma is accepted as the decimal separator, as the spec's withdrawal form converts it.
 */
export function parseMoneyToMinor(input: unknown): MoneyParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'not_a_number' };
    // The shortest round-trip form: 19.99 stays "19.99"; exponent forms such as 1e-7 are refused below.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: input === undefined || input === null ? 'empty' : 'not_a_number' };
  }
  if (text === '') return { ok: false, reason: 'empty' };
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return { ok: false, reason: 'not_a_number' };
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, reason: 'too_many_decimals' };
  if (whole.replace(/^0+/, '').length > 13) return { ok: false, reason: 'too_large' };
  const amountMinor = Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(2, '0'));
  if (amountMinor > MAX_AMOUNT_MINOR) return { ok: false, reason: 'too_large' };
  if (sign === '-' && amountMinor !== 0) return { ok: false, reason: 'negative' };
  return { ok: true, amountMinor };
}

function assertSafeMinor(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new Error(`Money invariant violated: ${amountMinor} is not a safe integer of minor units`);
  }
}

/** Wire form of an amount: a decimal string with two decimals and a dot ("1234.50", "-3.05"). */
export function minorToDecimalString(amountMinor: number): string {
  assertSafeMinor(amountMinor);
  const negative = amountMinor < 0;
  const absolute = Math.abs(amountMinor);
  const whole = Math.floor(absolute / MINOR_PER_MAJOR);
  const fraction = String(absolute % MINOR_PER_MAJOR).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Converts whole major units (a preset such as 100) to minor units. */
export function majorToMinor(amountMajor: number): number {
  const amountMinor = amountMajor * MINOR_PER_MAJOR;
  assertSafeMinor(amountMinor);
  return amountMinor;
}

/**
 * How each market writes an amount, as Intl.NumberFormat writes it for the market's locale (en-IN, pt-BR, es-MX,
 * vi-VN): India groups lakhs and crores (7,21,900.00); Brazil and Vietnam group with dots and write a decimal
 * comma; the symbol stands before or after the number, with a no-break space where the locale puts one so an
 * amount never wraps. The table is applied by hand rather than through Intl because a page's first
 * Intl.NumberFormat loads ICU's number data, one 60 ms task on a phone before the home screen can show a price;
 * the tests hold every market's output equal to Intl.NumberFormat's.
 */
interface MoneyPattern {
  readonly groupSeparator: string;
  readonly decimalSeparator: string;
  /** Indian grouping: the last three digits, then groups of two. */
  readonly indianGrouping: boolean;
  readonly symbolBefore: boolean;
  readonly symbolSpace: string;
}

const NO_BREAK_SPACE = '\u00a0';

const MONEY_PATTERN: Readonly<Record<MarketCode, MoneyPattern>> = {
  in: {
    groupSeparator: ',',
    decimalSeparator: '.',
    indianGrouping: true,
    symbolBefore: true,
    symbolSpace: '',
  },
  pt: {
    groupSeparator: '.',
    decimalSeparator: ',',
    indianGrouping: false,
    symbolBefore: true,
    symbolSpace: NO_BREAK_SPACE,
  },
  mx: {
    groupSeparator: ',',
    decimalSeparator: '.',
    indianGrouping: false,
    symbolBefore: true,
    symbolSpace: '',
  },
  vi: {
    groupSeparator: '.',
    decimalSeparator: ',',
    indianGrouping: false,
    symbolBefore: false,
    symbolSpace: NO_BREAK_SPACE,
  },
};

/** The whole part's digits with the market's grouping: "7,21,900" in India, "721.900" in Brazil. */
function groupDigits(digits: string, pattern: MoneyPattern): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const head = digits.slice(0, -3);
  const headGroupSize = pattern.indianGrouping ? 2 : 3;
  const groups: string[] = [];
  for (let end = head.length; end > 0; end -= headGroupSize) {
    groups.unshift(head.slice(Math.max(0, end - headGroupSize), end));
  }
  groups.push(lastThree);
  return groups.join(pattern.groupSeparator);
}

/**
 * Vietnam's dong is written without decimals when the amount is whole (721.900 ₫), as people there read it; every
 * other amount keeps two decimals.
 */
function showsFraction(amountMinor: number, market: MarketCode): boolean {
  return !(market === 'vi' && amountMinor % MINOR_PER_MAJOR === 0);
}

/** The unsigned number of an amount in the market's pattern, from the integer's digits (no float division). */
function formatMagnitude(amountMinor: number, market: MarketCode): string {
  const pattern = MONEY_PATTERN[market];
  const magnitude = Math.abs(amountMinor);
  const whole = groupDigits(String(Math.floor(magnitude / MINOR_PER_MAJOR)), pattern);
  if (!showsFraction(amountMinor, market)) return whole;
  const fraction = String(magnitude % MINOR_PER_MAJOR).padStart(2, '0');
  return `${whole}${pattern.decimalSeparator}${fraction}`;
}

/**
 * The amount with the market's digit grouping and decimal separator, without a symbol ("721.900,00" for pt).
 */
export function formatMinorAmount(amountMinor: number, market: MarketCode): string {
  assertSafeMinor(amountMinor);
  const sign = amountMinor < 0 ? '-' : '';
  return `${sign}${formatMagnitude(amountMinor, market)}`;
}

/**
 * The amount as shown to a person, grouped per market and written with the market's own symbol (₹7,21,900.00;
 * R$ 721.900,00; Mex$721,900.00; 721.900 ₫); a negative amount starts with its minus sign.
 */
export function formatMoney(amountMinor: number, market: MarketCode): string {
  assertSafeMinor(amountMinor);
  const pattern = MONEY_PATTERN[market];
  const { currencySymbol } = getMarket(market);
  const sign = amountMinor < 0 ? '-' : '';
  const number = formatMagnitude(amountMinor, market);
  return pattern.symbolBefore
    ? `${sign}${currencySymbol}${pattern.symbolSpace}${number}`
    : `${sign}${number}${pattern.symbolSpace}${currencySymbol}`;
}
