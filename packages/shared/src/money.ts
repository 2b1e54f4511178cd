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

/** The amount with two decimals and the market's decimal separator, without a symbol ("1234,50" for pt). */
export function formatMinorAmount(amountMinor: number, market: MarketCode): string {
  const text = minorToDecimalString(amountMinor);
  const { decimalSeparator } = getMarket(market);
  return decimalSeparator === '.' ? text : text.replace('.', decimalSeparator);
}

/** The amount as shown to a person: the market's symbol, two decimals, its decimal separator ("R$ 10,00"). */
export function formatMoney(amountMinor: number, market: MarketCode): string {
  const { currencySymbol } = getMarket(market);
  const text = formatMinorAmount(amountMinor, market);
  return text.startsWith('-') ? `-${currencySymbol} ${text.slice(1)}` : `${currencySymbol} ${text}`;
}
