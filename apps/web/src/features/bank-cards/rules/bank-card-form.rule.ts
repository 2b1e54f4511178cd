import {
  type BankCardDto,
  editBankCardBody,
  formatPtUpiAccount,
  IFSC_NOT_APPLICABLE,
  type MarketCode,
  type PtUpiValues,
} from '@app/shared';
import type { BankCardBody } from '../api/bank-cards.api.ts';

/** The card's own text fields (spec 01 §3 "Bank card"), in the order the form shows them. */
export const CARD_TEXT_FIELDS = [
  'actual_name',
  'ifsc_code',
  'bank_name',
  'account_number',
  'province',
  'city',
  'address',
  'mobile_number',
  'email',
  'upi_account',
] as const;
export type CardTextField = (typeof CARD_TEXT_FIELDS)[number];

/** The seven values pt keeps in upi_account, in the order they are joined (spec 01 §3). */
export const PT_FIELDS = [
  'accountDigit',
  'documentType',
  'documentId',
  'accountType',
  'pixType',
  'pixAccount',
  'cpfTfn',
] as const satisfies ReadonlyArray<keyof PtUpiValues>;
export type PtField = (typeof PT_FIELDS)[number];

/** Every input of the form; `form` carries a refusal that names no field. */
export type BankCardFormField = CardTextField | PtField | 'verify_code';

/** What the form holds: the card's text, pt's seven values and the code. */
export type BankCardFormValues = Record<CardTextField, string> & {
  pt: Record<PtField, string>;
  verify_code: string;
};

/**
 * Why a field is refused: empty (spec 01 §5), an e-mail without the at-sign pattern (email_must_valid), a
 * missing code, or the shared contract's own message (the same words the server would answer).
 */
export type BankCardFieldError =
  | { kind: 'required' }
  | { kind: 'emailInvalid' }
  | { kind: 'verifyCodeRequired' }
  | { kind: 'message'; text: string };

export type BankCardErrors = Partial<Record<BankCardFormField | 'form', BankCardFieldError>>;

const EMPTY_PT: Record<PtField, string> = {
  accountDigit: '',
  documentType: '',
  documentId: '',
  accountType: '',
  pixType: '',
  pixAccount: '',
  cpfTfn: '',
};

/** An empty form. */
export const EMPTY_BANK_CARD_FORM: BankCardFormValues = {
  actual_name: '',
  ifsc_code: '',
  bank_name: '',
  account_number: '',
  province: '',
  city: '',
  address: '',
  mobile_number: '',
  email: '',
  upi_account: '',
  pt: EMPTY_PT,
  verify_code: '',
};

/**
 * The card text fields a market's form shows: IFSC only for in (others store "None"); pt replaces the UPI
 * field by its seven values; mx shows the UPI field as Clabe.
 */
export function cardTextFieldsFor(market: MarketCode): CardTextField[] {
  return CARD_TEXT_FIELDS.filter(
    (field) => (field !== 'ifsc_code' || market === 'in') && (field !== 'upi_account' || market !== 'pt'),
  );
}

/** The fields spec 01 §5 requires non-empty: every card field shown except the UPI one, and pt's seven. */
function requiredFieldsFor(market: MarketCode): BankCardFormField[] {
  const text: BankCardFormField[] = cardTextFieldsFor(market).filter((field) => field !== 'upi_account');
  return market === 'pt' ? [...text, ...PT_FIELDS] : text;
}

/** The form filled with a saved card; pt's upi_account is split back into its seven values. */
export function formValuesOf(card: BankCardDto, market: MarketCode): BankCardFormValues {
  const parts = market === 'pt' ? card.upi_account.split(';') : [];
  const pt = Object.fromEntries(PT_FIELDS.map((field, index) => [field, parts[index] ?? ''])) as Record<
    PtField,
    string
  >;
  return {
    actual_name: card.actual_name,
    ifsc_code: market === 'in' ? card.ifsc_code : '',
    bank_name: card.bank_name,
    account_number: card.account_number,
    province: card.province,
    city: card.city,
    address: card.address,
    mobile_number: card.mobile_number,
    email: card.email,
    upi_account: market === 'pt' ? '' : card.upi_account,
    pt,
    verify_code: '',
  };
}

/**
 * The body of POST /user/edit_bank_card: trimmed text, the IFSC upper-cased for in and "None" elsewhere,
 * pt's seven values joined by semicolons (the shared join, so the order lives in one place), and the code
 * only while one is required.
 */
export function toBankCardBody(
  values: BankCardFormValues,
  market: MarketCode,
  otpRequired: boolean,
): BankCardBody {
  const pt = Object.fromEntries(PT_FIELDS.map((field) => [field, values.pt[field].trim()]));
  return {
    actual_name: values.actual_name.trim(),
    ifsc_code: market === 'in' ? values.ifsc_code.trim().toUpperCase() : IFSC_NOT_APPLICABLE,
    bank_name: values.bank_name.trim(),
    account_number: values.account_number.trim(),
    province: values.province.trim(),
    city: values.city.trim(),
    address: values.address.trim(),
    mobile_number: values.mobile_number.trim(),
    email: values.email.trim(),
    // The values are only joined here; the shared contract checks them (types, CPF/CNPJ digits, PIX key).
    upi_account:
      market === 'pt' ? formatPtUpiAccount(pt as unknown as PtUpiValues) : values.upi_account.trim(),
    ...(otpRequired ? { verify_code: values.verify_code.trim() } : {}),
  };
}

/** The beginnings of the shared contract's market messages (pt values, IFSC, UPI) and the field each names. */
const MESSAGE_FIELDS: ReadonlyArray<readonly [string, BankCardFormField]> = [
  ['account digit', 'accountDigit'],
  ['document type', 'documentType'],
  ['document id', 'documentId'],
  ['account type', 'accountType'],
  ['pix type', 'pixType'],
  ['pix account', 'pixAccount'],
  ['cpf/tfn', 'cpfTfn'],
  ['ifsc_code', 'ifsc_code'],
  ['upi_account', 'upi_account'],
  ['UPI Account', 'upi_account'],
];

function fieldOfMessage(message: string): BankCardFormField | undefined {
  return MESSAGE_FIELDS.find(([prefix]) => message.startsWith(prefix))?.[1];
}

function isFormField(value: unknown): value is BankCardFormField {
  return (
    typeof value === 'string' &&
    ((CARD_TEXT_FIELDS as readonly string[]).includes(value) || value === 'verify_code')
  );
}

/**
 * Spec 01 §5 "Bank card": every required field non-empty, the e-mail required and valid, the code when the
 * server asked for one. The rest (IFSC format, pt's CPF/CNPJ check digits and PIX key, mx's CLABE, lengths)
 * is the shared contract the server parses with, run here on the same body so the player sees the server's
 * own words under the field before anything is sent. Answers no keys when the card may be sent.
 */
export function validateBankCardForm(
  values: BankCardFormValues,
  market: MarketCode,
  otpRequired: boolean,
): BankCardErrors {
  const errors: BankCardErrors = {};
  for (const field of requiredFieldsFor(market)) {
    const value = (PT_FIELDS as readonly string[]).includes(field)
      ? values.pt[field as PtField]
      : values[field as CardTextField];
    if (value.trim() === '') errors[field] = { kind: 'required' };
  }
  if (otpRequired && values.verify_code.trim() === '') errors.verify_code = { kind: 'verifyCodeRequired' };

  const parsed = editBankCardBody(market).safeParse(toBankCardBody(values, market, otpRequired));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const named = issue.path[0];
    const field = isFormField(named) ? named : fieldOfMessage(issue.message);
    const key = field ?? 'form';
    // The first refusal of a field is the one to fix first; an empty field is already marked.
    if (errors[key]) continue;
    errors[key] = field === 'email' ? { kind: 'emailInvalid' } : { kind: 'message', text: issue.message };
  }
  return errors;
}

/** Whether a validation left nothing to fix. */
export function isBankCardFormValid(errors: BankCardErrors): boolean {
  return Object.keys(errors).length === 0;
}

/** Whether a card is still in its cool-down after being added or edited (it cannot receive a withdrawal). */
export function isCoolingDown(card: Pick<BankCardDto, 'withdrawable_from'>, now: number): boolean {
  return card.withdrawable_from > now;
}
