import {
  AccountMessage,
  formatMoney,
  type MarketCode,
  OTP_LENGTH,
  type ParsedInputMessage,
  parseInputMessage,
  ServerMessage,
} from '@app/shared';
import { i18n } from '../../i18n/i18n.ts';
import { getMessageMarket } from './message-market.ts';

type AccountMessageKey = keyof typeof AccountMessage;

/**
 * The account calls' messages (login, codes, register, reset, profile) by the server's text. The account
 * screens are not the only ones to meet them: the bank card's code is checked by the same OTP service.
 */
const ACCOUNT_KEYS_BY_TEXT: ReadonlyMap<string, AccountMessageKey> = new Map(
  (Object.keys(AccountMessage) as AccountMessageKey[]).map((key) => [AccountMessage[key], key] as const),
);

type GenericMessageKey = 'serverMessages.unauthorized' | 'serverMessages.notFound' | 'dialog.genericError';

/**
 * The generic answers any call can give. ServerMessage.upiAccountEmpty is left to the bank-card rule, which
 * words it per market (Clabe for mx) and so must still see the server's text.
 */
const GENERIC_KEYS_BY_TEXT: ReadonlyMap<string, GenericMessageKey> = new Map<string, GenericMessageKey>([
  [ServerMessage.unauthorized, 'serverMessages.unauthorized'],
  [ServerMessage.notFound, 'serverMessages.notFound'],
  [ServerMessage.internal, 'dialog.genericError'],
]);

/** The player-typed fields of the account calls, as the server names them in its input messages. */
const FIELD_NAMES = ['mobile_number', 'password', 'verify_code', 'r_code', 'nick_name'] as const;
type FieldName = (typeof FIELD_NAMES)[number];

/**
 * The server's input messages (packages/shared text-field.ts and the account schemas) for those fields.
 * They start with the field's wire name, which means nothing to a player, so the app rewords them with
 * the field's label; the form rules catch most of them first, but not a malformed number or code.
 */
const INPUT_MESSAGES: ReadonlyArray<{
  pattern: RegExp;
  translate: (match: RegExpExecArray, field: string) => string;
}> = [
  {
    pattern: /^(mobile_number) must be a valid mobile number$/,
    translate: () => i18n.t('serverMessages.mobileInvalid'),
  },
  {
    pattern: /^(mobile_number) must be a (\+\d{1,4}) mobile number$/,
    translate: (match) => i18n.t('serverMessages.mobileWrongCountry', { prefix: match[2] ?? '' }),
  },
  {
    pattern: new RegExp(`^(verify_code) must be ${OTP_LENGTH} digits$`),
    translate: () => i18n.t('serverMessages.verifyCodeDigits', { length: OTP_LENGTH }),
  },
  {
    pattern: /^(r_code) must contain only letters and digits$/,
    translate: () => i18n.t('serverMessages.referralCodeCharacters'),
  },
];

/**
 * Whether a text has loaded: English loads in two halves and these texts are in the second. A plain string
 * parameter, because i18next's typed `exists` would otherwise narrow the key past what `t` accepts.
 */
function isLoaded(key: string): boolean {
  return i18n.exists(key);
}

function translateInputMessage(message: string): string | null {
  for (const { pattern, translate } of INPUT_MESSAGES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const field = i18n.t(`serverMessages.fields.${match[1] as FieldName}`);
    return translate(match, field);
  }
  return null;
}

const NUMBER_LOCALES: Readonly<Record<MarketCode, string>> = {
  in: 'en-IN',
  pt: 'pt-BR',
  mx: 'es-MX',
  vi: 'vi-VN',
};

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The wire name's label for a player ("full_name" → "full name"), or null for a field players never type. */
export function fieldLabel(field: string): string | null {
  const key = `fieldNames.${field}`;
  return isLoaded(key) ? i18n.t(key as 'fieldNames.full_name') : null;
}

/**
 * A parsed input message as a sentence in the interface language, with amounts in the market's money format
 * and counts in its digits; null when the field is not one a player types (operator and paging fields).
 */
export function inputMessageText(
  parsed: ParsedInputMessage,
  market: MarketCode = getMessageMarket(),
): string | null {
  const field = fieldLabel(parsed.field);
  if (field === null) return null;
  const { count, amountMinor } = parsed.params;
  const text = i18n.t(`inputMessages.${parsed.rule}`, {
    field,
    count: count ?? 0,
    number: count === undefined ? '' : new Intl.NumberFormat(NUMBER_LOCALES[market]).format(count),
    amount: amountMinor === undefined ? '' : formatMoney(amountMinor, market),
  });
  return capitalise(text);
}

/**
 * The server answers in English (DESIGN.md: messages are English keys); the app shows the account and
 * generic messages it knows in the interface language, and any other message as the server wrote it, so the
 * feature rules (shop, bank cards, withdrawals) can still recognise theirs. Before the second half of English
 * has loaded, the server's own (English) text shows.
 */
export function translateServerMessage(message: string): string {
  const trimmed = message.trim();
  const accountKey = ACCOUNT_KEYS_BY_TEXT.get(trimmed);
  if (accountKey) {
    const key = `accountMessages.${accountKey}` as const;
    return isLoaded(key) ? i18n.t(key) : message;
  }
  const genericKey = GENERIC_KEYS_BY_TEXT.get(trimmed);
  if (genericKey) return isLoaded(genericKey) ? i18n.t(genericKey) : message;
  if (!isLoaded('serverMessages.fieldRequired')) return message;
  const accountInput = translateInputMessage(trimmed);
  if (accountInput) return accountInput;
  const parsed = parseInputMessage(trimmed);
  return (parsed && inputMessageText(parsed)) ?? message;
}
