import { z } from 'zod';
import { isValidClabe, isValidCnpj, isValidCpf, isValidIfsc } from '../bank-validators.ts';
import { ServerMessage } from '../errors.ts';
import type { MarketCode } from '../markets.ts';
import { minorToDecimalString } from '../money.ts';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH } from './accounts.ts';
import { idFromBody, idFromQuery, optionalIdFromBody, type Page, paginationQuery } from './common.ts';
import { optionalText, requiredText } from './text-field.ts';
import { CHANNEL_KEY_MAX_LENGTH, CHANNEL_KEY_PATTERN, moneyAmountField } from './wallet.ts';

export * from '../bank-validators.ts';
export * from '../withdrawal-fee.ts';

/**
 * Contracts of bank cards and withdrawals (spec 01 §2-§5, spec 02 "Withdrawal", issue 6): the card form
 * per market, the withdrawal channels, the withdrawal request and record, and the operator API.
 */

/** A user keeps at most this many bank cards. */
export const MAX_BANK_CARDS_PER_USER = 10;
/** Bounds of the bank card fields, in characters after trimming. */
export const BANK_CARD_NAME_MAX_LENGTH = 100;
export const BANK_NAME_MAX_LENGTH = 100;
export const BANK_ACCOUNT_NUMBER_MAX_LENGTH = 34;
export const BANK_PROVINCE_MAX_LENGTH = 100;
export const BANK_CITY_MAX_LENGTH = 100;
export const BANK_ADDRESS_MAX_LENGTH = 300;
export const BANK_MOBILE_MAX_LENGTH = 32;
export const BANK_EMAIL_MAX_LENGTH = 200;
/** Long enough for the seven PIX values of pt joined by semicolons. */
export const UPI_ACCOUNT_MAX_LENGTH = 400;
/** The ifsc_code stored for markets other than in (spec 01 §3). */
export const IFSC_NOT_APPLICABLE = 'None';
/** Bank codes of a withdrawal channel's bank code group. */
export const BANK_CODE_MAX_LENGTH = 40;
/** Longest reason an operator gives when rejecting a withdrawal. */
export const WITHDRAWAL_REJECT_REASON_MAX_LENGTH = 500;
/** How many values pt's upi_account joins with semicolons. */
export const PT_UPI_VALUE_COUNT = 7;

/** pt: document types of the account holder (CPFJ is the spec's name for a company's CNPJ). */
export const PT_DOCUMENT_TYPES = ['CPF', 'CPFJ'] as const;
/** pt: account types and the labels the form shows for them (spec 01 §3, as written there). */
export const PT_ACCOUNT_TYPES = ['SAVING', 'CHECKING'] as const;
export const PT_ACCOUNT_TYPE_LABELS: Readonly<Record<(typeof PT_ACCOUNT_TYPES)[number], string>> = {
  SAVING: 'Conta-corrente',
  CHECKING: 'Poupança',
};
/** pt: kinds of PIX key. */
export const PT_PIX_TYPES = ['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'] as const;
export type PtPixType = (typeof PT_PIX_TYPES)[number];

/**
 * The life of a withdrawal. status: Wait (the operator has not decided), Success (paid out) or Reject
 * (refused by the operator or failed at the bank; the amount is back in the balance). payout_status
 * follows the payout itself: Wait (not sent), Processing (approved and sent to the payout adapter),
 * Success, or Failed (the bank refused it).
 */
export const WITHDRAWAL_STATUSES = ['Wait', 'Success', 'Reject'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const PAYOUT_STATUSES = ['Wait', 'Processing', 'Success', 'Failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** How a withdrawal channel pays out: an operator transfers by hand, or the simulated bank. */
export const PAYOUT_ADAPTERS = ['manual', 'sandbox'] as const;
export type PayoutAdapterName = (typeof PAYOUT_ADAPTERS)[number];

/** The notice and refusal while a wagering requirement remains (spec 02 §8), with the amount left. */
export function needBetMessage(needsBetMinor: number): string {
  return `Need to bet ${minorToDecimalString(needsBetMinor)} to be able to withdraw`;
}

/** Server messages of the bank card and withdrawal calls; the app may translate them by their text. */
export const WithdrawalMessage = {
  cardNotFound: 'Bank card not found',
  cardLimit: `You can keep at most ${MAX_BANK_CARDS_PER_USER} bank cards`,
  cardSaved: 'Bank card saved',
  cardDeleted: 'Bank card deleted',
  verifyCodeRequired: 'verification code is required',
  passwordIncorrect: 'Password is incorrect',
  unknownChannel: 'Unknown withdrawal channel',
  bankCodeRequired: 'Please choose a bank',
  unknownBankCode: 'Unknown bank for this channel',
  belowMinimum: 'The amount is below the minimum withdrawal',
  aboveMaximum: 'The amount is above the maximum withdrawal',
  notAboveFee: 'The amount must be greater than the fee',
  dailyLimit: 'You have reached the number of withdrawals allowed today',
  withdrawalCreated: 'Withdrawal submitted',
  rateLimited: 'Too many withdrawal attempts, please try again later',
  withdrawalNotFound: 'Withdrawal not found',
  notWaiting: 'This withdrawal is not waiting for a decision',
  notProcessing: 'This withdrawal is not waiting for a manual payout',
  notManual: 'Only withdrawals of a manual channel are marked paid by hand',
  payoutInProgress: 'The payout of this withdrawal is being sent; try again later if it does not settle',
  approved: 'Withdrawal approved',
  paid: 'Withdrawal paid',
  rejected: 'Withdrawal rejected',
} as const;

/** The refusal while a card is in its cool-down after being added or edited; `until` is shown as UTC. */
export function cardCoolingDownMessage(untilMs: number): string {
  const until = new Date(untilMs).toISOString().slice(0, 16).replace('T', ' ');
  return `This bank card was added or changed recently and can receive withdrawals from ${until} UTC`;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
const PHONE_PATTERN = /^\+?\d{6,15}$/;
const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,34}$/;
const VERIFY_CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
const EVP_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACCOUNT_DIGIT_PATTERN = /^[0-9Xx]{1,2}$/;

const cardText = (field: string, max: number) => requiredText(field, { max, displayText: true });

/** The fields every market's card form sends; ifsc_code and upi_account are checked per market after. */
const bankCardFields = z.object({
  id: optionalIdFromBody('id'),
  actual_name: cardText('actual_name', BANK_CARD_NAME_MAX_LENGTH),
  ifsc_code: optionalText('ifsc_code', { max: 20 }),
  bank_name: cardText('bank_name', BANK_NAME_MAX_LENGTH),
  account_number: requiredText('account_number', {
    max: BANK_ACCOUNT_NUMBER_MAX_LENGTH,
    pattern: {
      regex: ACCOUNT_NUMBER_PATTERN,
      message: 'account_number must be 4 to 34 letters or digits',
    },
  }),
  province: cardText('province', BANK_PROVINCE_MAX_LENGTH),
  city: cardText('city', BANK_CITY_MAX_LENGTH),
  address: cardText('address', BANK_ADDRESS_MAX_LENGTH),
  mobile_number: requiredText('mobile_number', { max: BANK_MOBILE_MAX_LENGTH }).transform((value, ctx) => {
    const compact = value.replace(/[\s().-]/g, '');
    if (PHONE_PATTERN.test(compact)) return compact;
    ctx.addIssue({ code: 'custom', message: 'mobile_number must be a phone number of 6 to 15 digits' });
    return z.NEVER;
  }),
  email: requiredText('email', {
    max: BANK_EMAIL_MAX_LENGTH,
    pattern: { regex: EMAIL_PATTERN, message: 'email must be valid' },
  }),
  upi_account: optionalText('upi_account', { max: UPI_ACCOUNT_MAX_LENGTH }),
  verify_code: optionalText('verify_code', {
    max: OTP_LENGTH,
    pattern: { regex: VERIFY_CODE_PATTERN, message: `verify_code must be ${OTP_LENGTH} digits` },
  }),
});

/** POST /user/edit_bank_card after the market's rules: ifsc_code is 'None' and upi_account '' where unused. */
export type EditBankCardBody = Omit<z.output<typeof bankCardFields>, 'ifsc_code' | 'upi_account'> & {
  ifsc_code: string;
  upi_account: string;
};

/** The seven PIX values of a pt card's upi_account, as the form collects them. */
export interface PtUpiValues {
  accountDigit: string;
  documentType: (typeof PT_DOCUMENT_TYPES)[number];
  documentId: string;
  accountType: (typeof PT_ACCOUNT_TYPES)[number];
  pixType: PtPixType;
  pixAccount: string;
  cpfTfn: string;
}

function isValidPixKey(pixType: PtPixType, key: string): boolean {
  switch (pixType) {
    case 'CPF':
      return isValidCpf(key);
    case 'CNPJ':
      return isValidCnpj(key);
    case 'PHONE':
      return PHONE_PATTERN.test(key.replace(/[\s().-]/g, ''));
    case 'EMAIL':
      return EMAIL_PATTERN.test(key);
    case 'EVP':
      return EVP_PATTERN.test(key);
  }
}

/**
 * Parses pt's upi_account: account digit; document type (CPF or CPFJ); document id (CPF or CNPJ with its
 * check digits); account type (SAVING or CHECKING); pix type; pix account (valid for its type); cpf/tfn
 * (a CPF or CNPJ). Answers the values, or the message naming the first bad one.
 */
export function parsePtUpiAccount(
  text: string,
): { ok: true; values: PtUpiValues } | { ok: false; message: string } {
  const parts = text.split(';').map((part) => part.trim());
  if (parts.length !== PT_UPI_VALUE_COUNT) {
    return { ok: false, message: `upi_account must hold ${PT_UPI_VALUE_COUNT} values separated by ;` };
  }
  const [
    accountDigit = '',
    documentType = '',
    documentId = '',
    accountType = '',
    pixType = '',
    pixAccount = '',
    cpfTfn = '',
  ] = parts;
  const fail = (message: string) => ({ ok: false as const, message });
  if (accountDigit === '') return fail('account digit is required');
  if (!ACCOUNT_DIGIT_PATTERN.test(accountDigit)) return fail('account digit must be 1 or 2 digits (or X)');
  if (!(PT_DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    return fail(`document type must be one of ${PT_DOCUMENT_TYPES.join(', ')}`);
  }
  if (documentId === '') return fail('document id is required');
  const documentValid = documentType === 'CPF' ? isValidCpf(documentId) : isValidCnpj(documentId);
  if (!documentValid) return fail(`document id is not a valid ${documentType === 'CPF' ? 'CPF' : 'CNPJ'}`);
  if (!(PT_ACCOUNT_TYPES as readonly string[]).includes(accountType)) {
    return fail(`account type must be one of ${PT_ACCOUNT_TYPES.join(', ')}`);
  }
  if (!(PT_PIX_TYPES as readonly string[]).includes(pixType)) {
    return fail(`pix type must be one of ${PT_PIX_TYPES.join(', ')}`);
  }
  if (pixAccount === '') return fail('pix account is required');
  if (!isValidPixKey(pixType as PtPixType, pixAccount))
    return fail(`pix account is not a valid ${pixType} key`);
  if (cpfTfn === '') return fail('cpf/tfn is required');
  if (!isValidCpf(cpfTfn) && !isValidCnpj(cpfTfn)) return fail('cpf/tfn is not a valid CPF or CNPJ');
  return {
    ok: true,
    values: {
      accountDigit: accountDigit.toUpperCase(),
      documentType: documentType as PtUpiValues['documentType'],
      documentId,
      accountType: accountType as PtUpiValues['accountType'],
      pixType: pixType as PtPixType,
      pixAccount,
      cpfTfn,
    },
  };
}

/** Joins the seven pt values back into upi_account, in the spec's order. */
export function formatPtUpiAccount(values: PtUpiValues): string {
  return [
    values.accountDigit,
    values.documentType,
    values.documentId,
    values.accountType,
    values.pixType,
    values.pixAccount,
    values.cpfTfn,
  ].join(';');
}

/**
 * POST /user/edit_bank_card for a market (spec 01 §3, §5; issue 6). in: ifsc_code required, an IFSC
 * (upper-cased first). Other markets: ifsc_code is stored as 'None' whatever was sent. pt: upi_account
 * holds the seven PIX values; mx: upi_account is the CLABE. An empty upi_account where one is needed
 * answers the exact message "UPI Account can not be empty" (shown as "Clabe can not be empty" for mx).
 * Market rules report issues without a path, so their messages reach the client unchanged.
 */
export function editBankCardBody(market: MarketCode) {
  return bankCardFields.transform((body, ctx): EditBankCardBody => {
    let ifscCode = IFSC_NOT_APPLICABLE;
    if (market === 'in') {
      const ifsc = body.ifsc_code?.toUpperCase();
      if (ifsc === undefined) {
        ctx.addIssue({ code: 'custom', message: 'ifsc_code is required', path: [] });
        return z.NEVER;
      }
      if (!isValidIfsc(ifsc)) {
        ctx.addIssue({
          code: 'custom',
          message: 'ifsc_code must be 4 letters, 0, then 6 letters or digits',
          path: [],
        });
        return z.NEVER;
      }
      ifscCode = ifsc;
    }
    let upiAccount = body.upi_account ?? '';
    if (market === 'pt' || market === 'mx') {
      if (upiAccount === '') {
        ctx.addIssue({ code: 'custom', message: ServerMessage.upiAccountEmpty, path: [] });
        return z.NEVER;
      }
      if (market === 'pt') {
        const parsed = parsePtUpiAccount(upiAccount);
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', message: parsed.message, path: [] });
          return z.NEVER;
        }
        upiAccount = formatPtUpiAccount(parsed.values);
      } else if (!isValidClabe(upiAccount)) {
        ctx.addIssue({
          code: 'custom',
          message: 'upi_account must be a CLABE of 18 digits with a valid check digit',
          path: [],
        });
        return z.NEVER;
      }
    }
    return { ...body, ifsc_code: ifscCode, upi_account: upiAccount };
  });
}

/** GET /user/bank_card?id */
export const bankCardQuery = z.object({ id: idFromQuery('id') });
/** PUT /user/delete_bank_card {id} */
export const deleteBankCardBody = z.object({ id: idFromBody('id') });

/** The ten fields a user types for a bank card (spec 01 §3 "Bank card"), after the market's rules. */
export interface BankCardFields {
  actual_name: string;
  ifsc_code: string;
  bank_name: string;
  account_number: string;
  province: string;
  city: string;
  address: string;
  mobile_number: string;
  email: string;
  upi_account: string;
}

/**
 * A bank card (spec 01 §3). Lists mask account_number and upi_account (all but their last four
 * characters: upi_account is the CLABE in mx and the CPF/CNPJ and PIX key in pt, as identifying as the
 * account number); the single card answers both whole for the owner's edit form. withdrawable_from (epoch
 * ms) is an addition: the end of the cool-down after the card was added or edited, before which it cannot
 * receive a withdrawal.
 */
export interface BankCardDto extends BankCardFields {
  id: number;
  withdrawable_from: number;
  create_time: number;
}

/** GET /user/bank_cards: the user's cards, newest first, and whether adding or editing needs a code. */
export interface BankCardListResponse {
  code: 200;
  otp_required: boolean;
  queryset: BankCardDto[];
}

/** GET /user/bank_card and POST /user/edit_bank_card. */
export interface BankCardResponse {
  code: 200;
  msg?: string;
  entry: BankCardDto;
}

/** Shows only the last four characters of an account number ("******7890"). */
export function maskAccountNumber(accountNumber: string): string {
  const visible = 4;
  if (accountNumber.length <= visible) return accountNumber;
  return '*'.repeat(accountNumber.length - visible) + accountNumber.slice(-visible);
}

/** One bank of a withdrawal channel's bank code group (spec 02 §3). */
export interface BankCodeDto {
  id: number;
  code: string;
  name: string;
}

/** A withdrawal channel (spec 02 §3); bank_code_group_id is null when no bank choice is needed. */
export interface WithdrawalChannelDto {
  name: string;
  key: string;
  bank_code_group_id: number | null;
  bank_codes: BankCodeDto[];
}

/** GET /user/channels?type=withdrawal: needs_bet is the wagering still required, a decimal string. */
export interface WithdrawalChannelListResponse {
  code: 200;
  needs_bet: string;
  contact_url: string;
  /** The operator's bounds of one withdrawal, decimal strings; max_amount "0.00" means no maximum. */
  min_amount: string;
  max_amount: string;
  queryset: WithdrawalChannelDto[];
}

/** The refusal of an amount written with more than one separator, such as "1,234.56" or "1.234,56". */
export const WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE =
  'amount must have at most one decimal separator (a dot or a comma) and no thousands separators';

/**
 * The withdrawal amount (spec 02 §5: "the amount is trimmed and a comma is converted to a dot"). A single
 * comma is the decimal separator, exactly like a single dot ("1234,56" is 1234.56). A value with both
 * separators or with several of either ("1,234.56", "1.234,56", "1,234,567") is refused with
 * WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE: which one is the thousands separator depends on the writer's
 * locale, and guessing wrong would withdraw a thousand times more or less than meant. Everything else
 * (at most two decimals, above zero) is the rule of every money field.
 */
export function withdrawalAmountField() {
  return z
    .unknown()
    .transform((value, ctx) => {
      if (typeof value === 'string' && (value.match(/[.,]/g)?.length ?? 0) > 1) {
        ctx.addIssue({ code: 'custom', message: WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE });
        return z.NEVER;
      }
      return value;
    })
    .pipe(moneyAmountField('amount'));
}

/**
 * POST /user/add_withdrawal (spec 02 §7). amount follows withdrawalAmountField; password is the login
 * password; force_login_password_valid (the app sends "yes") is accepted and ignored: the password is
 * always checked.
 */
export const addWithdrawalBody = z.object({
  amount: withdrawalAmountField(),
  bank_card_id: idFromBody('bank_card_id'),
  password: requiredText('password', { max: PASSWORD_MAX_LENGTH, trim: false }),
  withdrawal_key: requiredText('withdrawal_key', {
    max: CHANNEL_KEY_MAX_LENGTH,
    pattern: { regex: CHANNEL_KEY_PATTERN, message: 'withdrawal_key must be a channel key' },
  }),
  bank_code: optionalText('bank_code', { max: BANK_CODE_MAX_LENGTH }),
  force_login_password_valid: z.unknown().optional(),
});
export type AddWithdrawalBody = z.output<typeof addWithdrawalBody>;

/** One withdrawal (spec 02 §3) with additions: id, the channel, the bank and the masked account. */
export interface WithdrawalDto {
  id: number;
  price: string;
  fee: string;
  actual_price: string;
  status: WithdrawalStatus;
  payout_status: PayoutStatus;
  fail_reason: string;
  create_time: number;
  channel_name: string;
  bank_name: string;
  account_number: string;
}

/** POST /user/add_withdrawal on success. */
export interface AddWithdrawalResponse {
  code: 200;
  msg: string;
  entry: WithdrawalDto;
}

/** GET /user/withdrawals?p&p_size */
export const withdrawalListQuery = paginationQuery;
export type WithdrawalListResponse = Page<WithdrawalDto>;

/** Which withdrawals the operator's list shows: pending (Wait, or approved and not yet paid) or a status. */
export const ADMIN_WITHDRAWAL_FILTERS = ['pending', 'all', ...WITHDRAWAL_STATUSES] as const;
export const adminWithdrawalListQuery = paginationQuery.extend({
  status: z
    .enum(ADMIN_WITHDRAWAL_FILTERS, {
      error: `status must be one of ${ADMIN_WITHDRAWAL_FILTERS.join(', ')}`,
    })
    .optional()
    .default('pending'),
});
export type AdminWithdrawalListQuery = z.output<typeof adminWithdrawalListQuery>;
export const adminWithdrawalParams = z.object({ id: idFromQuery('id') });
export const adminWithdrawalRejectBody = z.object({
  reason: requiredText('reason', { max: WITHDRAWAL_REJECT_REASON_MAX_LENGTH }),
});

/** A withdrawal as the operator sees it: with the user and the full destination. */
export interface AdminWithdrawalDto extends WithdrawalDto {
  user_id: number;
  channel_key: string;
  payout_adapter: PayoutAdapterName;
  bank_code: string;
  actual_name: string;
  ifsc_code: string;
  upi_account: string;
  payout_reference: string;
  /** Who gave the first of the two approvals a withdrawal above the four-eyes threshold needs. */
  first_approver: string | null;
  /** Whether the amount is at or above the four-eyes threshold (two operators must approve). */
  needs_two_approvals: boolean;
}

export type AdminWithdrawalListResponse = Page<AdminWithdrawalDto>;

/** Every operator action on a withdrawal answers the withdrawal as it is after it. */
export interface AdminWithdrawalResponse {
  code: 200;
  msg: string;
  entry: AdminWithdrawalDto;
}
