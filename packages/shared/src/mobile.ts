import { getMarket, type MarketCode } from './markets.ts';

/**
 * Lengths of the national significant number (the digits after the country prefix, without a trunk 0)
 * that each market accepts: India 10, Brazil 10 (landline) or 11 (mobile), Mexico 10, Vietnam 9 (mobile)
 * or 10 (landline).
 */
export const NATIONAL_NUMBER_LENGTHS: Readonly<Record<MarketCode, { min: number; max: number }>> = {
  in: { min: 10, max: 10 },
  pt: { min: 10, max: 11 },
  mx: { min: 10, max: 10 },
  vi: { min: 9, max: 10 },
};

/** Longest mobile text accepted before normalisation (room for spaces, dashes and a prefix). */
export const MAX_MOBILE_INPUT_LENGTH = 32;

/** Characters people type between digit groups; they carry no meaning and are dropped. */
const DIGIT_GROUP_SEPARATORS = /[\s().-]/g;

export type MobileParseResult =
  | { ok: true; mobile: string }
  | { ok: false; reason: 'empty' | 'not_a_number' | 'wrong_country' | 'wrong_length' };

/**
 * Normalises a mobile number typed by a person into E.164 with the market's prefix ("+919876543210").
 * Accepts "+91 98765-43210", "0091…", "919876543210" (a prefix that lost its plus, as in a URL query),
 * the national number "9876543210" and the same with a trunk "0". A number of another country is refused.
 */
export function normalizeMobile(input: string, market: MarketCode): MobileParseResult {
  const prefixDigits = getMarket(market).mobilePrefix.replace('+', '');
  const lengths = NATIONAL_NUMBER_LENGTHS[market];
  let compact = input.trim().replace(DIGIT_GROUP_SEPARATORS, '');
  if (compact === '') return { ok: false, reason: 'empty' };
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (!/^\+?\d+$/.test(compact)) return { ok: false, reason: 'not_a_number' };

  let national: string;
  if (compact.startsWith('+')) {
    if (!compact.startsWith(`+${prefixDigits}`)) return { ok: false, reason: 'wrong_country' };
    national = compact.slice(1 + prefixDigits.length);
  } else if (compact.startsWith('0')) {
    // A national number written with its trunk prefix; no market's national number itself starts with 0.
    national = compact.slice(1);
  } else if (
    compact.startsWith(prefixDigits) &&
    compact.length >= prefixDigits.length + lengths.min &&
    compact.length <= prefixDigits.length + lengths.max
  ) {
    // The lengths of the two forms never overlap in the four markets, so this cannot be a national number.
    national = compact.slice(prefixDigits.length);
  } else {
    national = compact;
  }
  if (national.length < lengths.min || national.length > lengths.max) {
    return { ok: false, reason: 'wrong_length' };
  }
  return { ok: true, mobile: `+${prefixDigits}${national}` };
}
