import type { BankCardDto } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  type BankCardFormValues,
  cardTextFieldsFor,
  EMPTY_BANK_CARD_FORM,
  formValuesOf,
  isBankCardFormValid,
  isCoolingDown,
  toBankCardBody,
  validateBankCardForm,
} from './bank-card-form.rule.ts';

const VALID_CPF = '529.982.247-25';
const VALID_CNPJ = '11.222.333/0001-81';
const VALID_CLABE = '002010077777777771';

const BASE: BankCardFormValues = {
  ...EMPTY_BANK_CARD_FORM,
  actual_name: ' Asha Rao ',
  bank_name: 'State Bank of India',
  account_number: '12345678901',
  province: 'Maharashtra',
  city: 'Pune',
  address: '12 MG Road',
  mobile_number: '+919876543210',
  email: 'asha@example.com',
};

const IN_CARD: BankCardFormValues = { ...BASE, ifsc_code: 'sbin0001234' };

const PT_CARD: BankCardFormValues = {
  ...BASE,
  pt: {
    accountDigit: '7',
    documentType: 'CPF',
    documentId: VALID_CPF,
    accountType: 'SAVING',
    pixType: 'EMAIL',
    pixAccount: 'asha@example.com',
    cpfTfn: VALID_CNPJ,
  },
};

describe('cardTextFieldsFor', () => {
  it('asks for the IFSC only in India and replaces the UPI field by the seven values in Brazil', () => {
    expect(cardTextFieldsFor('in')).toContain('ifsc_code');
    expect(cardTextFieldsFor('in')).toContain('upi_account');
    for (const market of ['pt', 'mx', 'vi'] as const)
      expect(cardTextFieldsFor(market)).not.toContain('ifsc_code');
    expect(cardTextFieldsFor('pt')).not.toContain('upi_account');
    expect(cardTextFieldsFor('mx')).toContain('upi_account');
  });
});

describe('toBankCardBody', () => {
  it('trims, upper-cases the IFSC for in and sends the code only when one is required', () => {
    expect(toBankCardBody({ ...IN_CARD, verify_code: ' 123456 ' }, 'in', true)).toEqual({
      actual_name: 'Asha Rao',
      ifsc_code: 'SBIN0001234',
      bank_name: 'State Bank of India',
      account_number: '12345678901',
      province: 'Maharashtra',
      city: 'Pune',
      address: '12 MG Road',
      mobile_number: '+919876543210',
      email: 'asha@example.com',
      upi_account: '',
      verify_code: '123456',
    });
    expect(toBankCardBody(IN_CARD, 'in', false)).not.toHaveProperty('verify_code');
  });

  it('stores the text None as the IFSC outside India (spec 01 §3)', () => {
    expect(toBankCardBody({ ...IN_CARD, upi_account: VALID_CLABE }, 'mx', false).ifsc_code).toBe('None');
    expect(toBankCardBody(IN_CARD, 'vi', false).ifsc_code).toBe('None');
  });

  it('joins the seven pt values with semicolons in the spec order', () => {
    expect(toBankCardBody(PT_CARD, 'pt', false).upi_account).toBe(
      `7;CPF;${VALID_CPF};SAVING;EMAIL;asha@example.com;${VALID_CNPJ}`,
    );
  });
});

describe('formValuesOf', () => {
  it('splits a pt card back into its seven values, so an edit round-trips', () => {
    const card: BankCardDto = {
      id: 3,
      ...toBankCardBody(PT_CARD, 'pt', false),
      withdrawable_from: 0,
      create_time: 0,
    };
    const values = formValuesOf(card, 'pt');
    expect(values.pt).toEqual(PT_CARD.pt);
    expect(toBankCardBody(values, 'pt', false)).toEqual(toBankCardBody(PT_CARD, 'pt', false));
  });
});

describe('validateBankCardForm', () => {
  it('accepts a complete card of each market', () => {
    expect(validateBankCardForm(IN_CARD, 'in', false)).toEqual({});
    expect(validateBankCardForm(PT_CARD, 'pt', false)).toEqual({});
    expect(validateBankCardForm({ ...BASE, upi_account: VALID_CLABE }, 'mx', false)).toEqual({});
    expect(validateBankCardForm(BASE, 'vi', false)).toEqual({});
  });

  it('marks every empty required field (spec 01 §5), the IFSC only in India', () => {
    const inErrors = validateBankCardForm(EMPTY_BANK_CARD_FORM, 'in', false);
    expect(Object.keys(inErrors).sort()).toEqual(
      [
        'actual_name',
        'ifsc_code',
        'bank_name',
        'account_number',
        'province',
        'city',
        'address',
        'mobile_number',
        'email',
      ].sort(),
    );
    expect(inErrors.actual_name).toEqual({ kind: 'required' });
    expect(validateBankCardForm(EMPTY_BANK_CARD_FORM, 'vi', false)).not.toHaveProperty('ifsc_code');
    expect(Object.keys(validateBankCardForm(BASE, 'pt', false)).sort()).toEqual(
      ['accountDigit', 'accountType', 'cpfTfn', 'documentId', 'documentType', 'pixAccount', 'pixType'].sort(),
    );
  });

  it('requires a valid e-mail (email_required, email_must_valid)', () => {
    expect(validateBankCardForm({ ...IN_CARD, email: ' ' }, 'in', false).email).toEqual({ kind: 'required' });
    expect(validateBankCardForm({ ...IN_CARD, email: 'asha.example.com' }, 'in', false).email).toEqual({
      kind: 'emailInvalid',
    });
  });

  it('requires the code only while the server asks for one', () => {
    expect(validateBankCardForm(IN_CARD, 'in', true).verify_code).toEqual({ kind: 'verifyCodeRequired' });
    expect(validateBankCardForm({ ...IN_CARD, verify_code: '123456' }, 'in', true)).toEqual({});
    expect(validateBankCardForm({ ...IN_CARD, verify_code: '12' }, 'in', true).verify_code).toEqual({
      kind: 'message',
      text: 'verify_code must be 6 digits',
    });
  });

  it.each([
    ['SBIN001234', false],
    ['SBIN1001234', false],
    ['sbin0001234', true],
    ['HDFC0ABC123', true],
  ])('in: IFSC %s valid=%s (the shared check)', (ifsc, valid) => {
    const errors = validateBankCardForm({ ...IN_CARD, ifsc_code: ifsc }, 'in', false);
    expect(isBankCardFormValid(errors)).toBe(valid);
    if (!valid) {
      expect(errors.ifsc_code).toEqual({
        kind: 'message',
        text: 'ifsc_code must be 4 letters, 0, then 6 letters or digits',
      });
    }
  });

  it.each([
    [{ documentId: '529.982.247-24' }, 'documentId', 'document id is not a valid CPF'],
    [{ documentType: 'CPFJ', documentId: VALID_CPF }, 'documentId', 'document id is not a valid CNPJ'],
    [{ documentType: 'CPFJ', documentId: VALID_CNPJ }, null, null],
    [{ cpfTfn: '11.222.333/0001-80' }, 'cpfTfn', 'cpf/tfn is not a valid CPF or CNPJ'],
    [{ pixType: 'CPF', pixAccount: 'asha@example.com' }, 'pixAccount', 'pix account is not a valid CPF key'],
    [{ accountDigit: '123' }, 'accountDigit', 'account digit must be 1 or 2 digits (or X)'],
  ] as const)('pt: %o → %s', (change, field, message) => {
    const errors = validateBankCardForm({ ...PT_CARD, pt: { ...PT_CARD.pt, ...change } }, 'pt', false);
    if (field === null) expect(errors).toEqual({});
    else expect(errors[field]).toEqual({ kind: 'message', text: message });
  });

  it('mx: an empty Clabe is the server message "UPI Account can not be empty", a wrong check digit its own', () => {
    expect(validateBankCardForm(BASE, 'mx', false).upi_account).toEqual({
      kind: 'message',
      text: 'UPI Account can not be empty',
    });
    expect(
      validateBankCardForm({ ...BASE, upi_account: '002010077777777772' }, 'mx', false).upi_account,
    ).toEqual({
      kind: 'message',
      text: 'upi_account must be a CLABE of 18 digits with a valid check digit',
    });
  });
});

describe('isCoolingDown', () => {
  it('is true until withdrawable_from', () => {
    expect(isCoolingDown({ withdrawable_from: 2000 }, 1999)).toBe(true);
    expect(isCoolingDown({ withdrawable_from: 2000 }, 2000)).toBe(false);
  });
});
