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
 * The locale whose digit grouping each market reads (India groups lakhs and crores: 7,21,900.00; Brazil and
 * Vietnam group with dots and write a decimal comma).
 */
const NUMBER_LOCALE: Readonly<Record<MarketCode, string>> = {
  in: 'en-IN',
  pt: 'pt-BR',
  mx: 'es-MX',
  vi: 'vi-VN',
};

const formattersByKey = new Map<string, Intl.NumberFormat>();

/**
 * One cached formatter per market and style. Vietnam's dong is written without decimals when the amount is
 * whole (721.900 ₫), as people there read it; every other amount keeps two decimals.
 */
function numberFormat(
  market: MarketCode,
  style: 'currency' | 'decimal',
  fractionDigits: 0 | 2,
): Intl.NumberFormat {
  const key = `${market}:${style}:${fractionDigits}`;
  let format = formattersByKey.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE[market], {
      style,
      currency: getMarket(market).currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formattersByKey.set(key, format);
  }
  return format;
}

function fractionDigitsFor(amountMinor: number, market: MarketCode): 0 | 2 {
  return market === 'vi' && amountMinor % MINOR_PER_MAJOR === 0 ? 0 : 2;
}

/**
 * The amount with the market's digit grouping and decimal separator, without a symbol ("721.900,00" for pt).
 * The division is exact for display: every safe integer of hundredths has a nearest double that rounds back
 * to the same two decimals.
 */
export function formatMinorAmount(amountMinor: number, market: MarketCode): string {
  assertSafeMinor(amountMinor);
  const fractionDigits = fractionDigitsFor(amountMinor, market);
  return numberFormat(market, 'decimal', fractionDigits).format(amountMinor / MINOR_PER_MAJOR);
}

/**
 * The amount as shown to a person, grouped per market with Intl.NumberFormat and written with the market's
 * own symbol (₹7,21,900.00; R$ 721.900,00; Mex$721,900.00; 721.900 ₫).
 */
export function formatMoney(amountMinor: number, market: MarketCode): string {
  assertSafeMinor(amountMinor);
  const { currencySymbol } = getMarket(market);
  const fractionDigits = fractionDigitsFor(amountMinor, market);
  return numberFormat(market, 'currency', fractionDigits)
    .formatToParts(amountMinor / MINOR_PER_MAJOR)
    .map((part) => (part.type === 'currency' ? currencySymbol : part.value))
    .join('');
}
