import {
  type MarketCode,
  normalizeAddressMobile,
  normalizePostalCode,
  type ParsedInputMessage,
  POSTAL_CODE_DIGITS,
  parseInputMessage,
} from '@app/shared';
import { ADDRESS_FIELD_NAMES, type AddressFields } from '../api/addresses.api.ts';

export type AddressFieldName = (typeof ADDRESS_FIELD_NAMES)[number];

/** Each field's problem, in the server's own message shape, so one translation serves both. */
export type AddressErrors = Partial<Record<AddressFieldName, ParsedInputMessage>>;

/**
 * What the app can tell before sending (the same rules the server applies): every field filled, a phone
 * number of 6 to 15 digits, and a postal code of the market's shape (6 digits in India and Vietnam, a CEP
 * of 8 in Brazil, 5 in Mexico).
 */
export function validateAddress(fields: AddressFields, market: MarketCode): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELD_NAMES) {
    if (fields[field].trim() === '') errors[field] = { field, rule: 'required', params: {} };
  }
  if (!errors.mobile_number && normalizeAddressMobile(fields.mobile_number) === null) {
    errors.mobile_number = { field: 'mobile_number', rule: 'invalid', params: {} };
  }
  if (!errors.pin_code && normalizePostalCode(fields.pin_code, market) === null) {
    errors.pin_code = { field: 'pin_code', rule: 'digits', params: { count: POSTAL_CODE_DIGITS[market] } };
  }
  return errors;
}

/** The address field a server message is about, with the message read back; null for any other message. */
export function addressFieldError(message: string): ParsedInputMessage | null {
  const parsed = parseInputMessage(message);
  if (!parsed) return null;
  return (ADDRESS_FIELD_NAMES as readonly string[]).includes(parsed.field) ? parsed : null;
}
