import type { MarketCode } from './markets.ts';

/**
 * The postal code of each market's delivery addresses, in digits: India's PIN code and Vietnam's postal
 * code have 6, Brazil's CEP 8 (written 12345-678), Mexico's código postal 5.
 */
export const POSTAL_CODE_DIGITS: Readonly<Record<MarketCode, number>> = { in: 6, pt: 8, mx: 5, vi: 6 };

/**
 * The postal code in its stored form (its digits, spaces and the CEP's dash dropped), or null when it is not
 * a code of the market. Brazil's CEP is kept as 12345-678, the way it is written on a parcel.
 */
export function normalizePostalCode(input: string, market: MarketCode): string | null {
  const compact = input.trim().replace(/[\s-]/g, '');
  const digits = POSTAL_CODE_DIGITS[market];
  if (!/^\d+$/.test(compact) || compact.length !== digits) return null;
  return market === 'pt' ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

/** The server's message for a postal code of the wrong shape (the app words it per market). */
export function postalCodeMessage(market: MarketCode): string {
  return `pin_code must be ${POSTAL_CODE_DIGITS[market]} digits`;
}

/** A mobile number of a delivery address: 6 to 15 digits, with an optional + (spaces, dots, dashes, brackets allowed). */
export const ADDRESS_PHONE_PATTERN = /^\+?\d{6,15}$/;

/** The address mobile number without separators, or null when it is no phone number. */
export function normalizeAddressMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  return ADDRESS_PHONE_PATTERN.test(compact) ? compact : null;
}
