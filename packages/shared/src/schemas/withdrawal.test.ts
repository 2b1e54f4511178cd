import { describe, expect, it } from 'vitest';
import { ServerMessage } from '../errors.ts';
import {
  addWithdrawalBody,
  cardCoolingDownMessage,
  editBankCardBody,
  maskAccountNumber,
  needBetMessage,
  parsePtUpiAccount,
  WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE,
} from './withdrawal.ts';

const card = (overrides: Record<string, unknown> = {}) => ({
  actual_name: 'Maria Silva',
  ifsc_code: 'SBIN0001234',
  bank_name: 'Banco',
  account_number: '12345678',
  province: 'SP',
  city: 'São Paulo',
  address: 'Rua A, 1',
  mobile_number: '+55 11 91234-5678',
  email: 'maria@example.com',
  upi_account: '',
  ...overrides,
});

/** The first message of a refused card (as the server's parseInput reports a path-less issue). */
function refusal(
  market: Parameters<typeof editBankCardBody>[0],
  body: Record<string, unknown>,
): string | undefined {
  const result = editBankCardBody(market).safeParse(body);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return issue?.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue?.message;
}

const PT_VALID = '7;CPF;529.982.247-25;SAVING;EMAIL;maria@example.com;52998224725';

describe('editBankCardBody', () => {
  it('in: needs a valid IFSC, upper-cases it, keeps upi_account optional', () => {
    expect(editBankCardBody('in').parse(card({ ifsc_code: 'sbin0001234' }))).toMatchObject({
      ifsc_code: 'SBIN0001234',
      upi_account: '',
    });
    expect(refusal('in', card({ ifsc_code: '' }))).toBe('ifsc_code is required');
    expect(refusal('in', card({ ifsc_code: 'SBIN1001234' }))).toMatch(/^ifsc_code must be/);
  });

  it.each(['pt', 'mx', 'vi'] as const)('%s: stores None as ifsc_code whatever was sent', (market) => {
    const upi = market === 'pt' ? PT_VALID : market === 'mx' ? '032180000118359719' : '';
    expect(editBankCardBody(market).parse(card({ ifsc_code: 'garbage', upi_account: upi })).ifsc_code).toBe(
      'None',
    );
  });

  it.each(['pt', 'mx'] as const)('%s: an empty upi_account answers the exact server message', (market) => {
    expect(refusal(market, card({ upi_account: '' }))).toBe(ServerMessage.upiAccountEmpty);
    expect(refusal(market, card({ upi_account: undefined }))).toBe(ServerMessage.upiAccountEmpty);
  });

  it.each([
    ['032180000118359719', undefined],
    ['002010077777777771', undefined],
    ['032180000118359718', 'upi_account must be a CLABE of 18 digits with a valid check digit'],
    ['03218000011835971', 'upi_account must be a CLABE of 18 digits with a valid check digit'],
    ['ABC180000118359719', 'upi_account must be a CLABE of 18 digits with a valid check digit'],
  ])('mx: Clabe %s → %s', (clabe, message) => {
    expect(refusal('mx', card({ upi_account: clabe }))).toBe(message);
  });

  it.each([
    [PT_VALID, undefined],
    ['7;CPFJ;11.222.333/0001-81;CHECKING;CNPJ;11222333000181;11222333000181', undefined],
    ['X;CPF;11144477735;SAVING;PHONE;+55 11 91234-5678;11144477735', undefined],
    ['0;CPF;52998224725;SAVING;EVP;123e4567-e89b-12d3-a456-426614174000;52998224725', undefined],
    ['7;CPF;52998224725;SAVING;EMAIL;maria@example.com', 'upi_account must hold 7 values separated by ;'],
    [';CPF;52998224725;SAVING;EMAIL;maria@example.com;52998224725', 'account digit is required'],
    ['7;RG;52998224725;SAVING;EMAIL;maria@example.com;52998224725', 'document type must be one of CPF, CPFJ'],
    ['7;CPF;52998224724;SAVING;EMAIL;maria@example.com;52998224725', 'document id is not a valid CPF'],
    ['7;CPFJ;11222333000182;SAVING;EMAIL;maria@example.com;52998224725', 'document id is not a valid CNPJ'],
    [
      '7;CPF;52998224725;CURRENT;EMAIL;maria@example.com;52998224725',
      'account type must be one of SAVING, CHECKING',
    ],
    ['7;CPF;52998224725;SAVING;IBAN;x;52998224725', 'pix type must be one of CPF, CNPJ, PHONE, EMAIL, EVP'],
    ['7;CPF;52998224725;SAVING;CPF;11111111111;52998224725', 'pix account is not a valid CPF key'],
    ['7;CPF;52998224725;SAVING;EMAIL;not-mail;52998224725', 'pix account is not a valid EMAIL key'],
    ['7;CPF;52998224725;SAVING;EVP;not-a-uuid;52998224725', 'pix account is not a valid EVP key'],
    ['7;CPF;52998224725;SAVING;EMAIL;maria@example.com;', 'cpf/tfn is required'],
    ['7;CPF;52998224725;SAVING;EMAIL;maria@example.com;12345678900', 'cpf/tfn is not a valid CPF or CNPJ'],
  ])('pt: %s → %s', (upi, message) => {
    expect(refusal('pt', card({ upi_account: upi }))).toBe(message);
  });

  it('pt: trims the seven values and joins them back with ;', () => {
    expect(parsePtUpiAccount(' x ; CPF ;52998224725; SAVING;EMAIL;a@b.c ; 52998224725').ok).toBe(true);
    expect(
      editBankCardBody('pt').parse(
        card({ upi_account: ' 7 ;CPF; 52998224725 ;SAVING;EMAIL;a@b.c;52998224725' }),
      ).upi_account,
    ).toBe('7;CPF;52998224725;SAVING;EMAIL;a@b.c;52998224725');
  });

  it.each([
    [{ email: '' }, 'email: email is required'],
    [{ email: 'x' }, 'email: email must be valid'],
    [{ bank_name: '' }, 'bank_name: bank_name is required'],
    [{ city: undefined }, 'city: city is required'],
  ])('every market: %j → %s', (overrides, message) => {
    expect(refusal('vi', card(overrides))).toBe(message);
  });
});

describe('withdrawal helpers', () => {
  it('parses amounts with a comma or a dot into minor units', () => {
    const base = { bank_card_id: 1, password: 'p', withdrawal_key: 'bank_transfer' };
    expect(addWithdrawalBody.parse({ ...base, amount: '1234,5' }).amount).toBe(123_450);
    expect(addWithdrawalBody.parse({ ...base, amount: ' 10.05 ' }).amount).toBe(1005);
    expect(addWithdrawalBody.safeParse({ ...base, amount: '0' }).success).toBe(false);
  });

  it.each([
    ['1234,56', 123_456],
    ['1234.56', 123_456],
    [' 1234,5 ', 123_450],
    ['1234,', 123_400],
    ['1234', 123_400],
    [1234.56, 123_456],
  ])(
    'reads the amount %j as %i minor units: one comma or one dot is the decimal separator',
    (amount, minor) => {
      const base = { bank_card_id: 1, password: 'p', withdrawal_key: 'bank_transfer' };
      expect(addWithdrawalBody.parse({ ...base, amount }).amount).toBe(minor);
    },
  );

  it.each(['1,234.56', '1.234,56', '1,234,567', '1.234.567', '1,,5', '1..5'])(
    'refuses the amount %j, with both separators or several, instead of guessing',
    (amount) => {
      const base = { bank_card_id: 1, password: 'p', withdrawal_key: 'bank_transfer' };
      const result = addWithdrawalBody.safeParse({ ...base, amount });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        WITHDRAWAL_AMOUNT_SEPARATORS_MESSAGE,
      ]);
    },
  );

  it('keeps the other amount refusals of every money field', () => {
    const base = { bank_card_id: 1, password: 'p', withdrawal_key: 'bank_transfer' };
    const message = (amount: unknown) =>
      addWithdrawalBody.safeParse({ ...base, amount }).error?.issues.map((issue) => issue.message);
    expect(message('1,234')).toEqual(['amount must have at most 2 decimals']);
    expect(message('abc')).toEqual(['amount must be a number']);
    expect(message('')).toEqual(['amount is required']);
    expect(message(undefined)).toEqual(['amount is required']);
  });

  it('masks all but the last four characters', () => {
    expect(maskAccountNumber('123456789012')).toBe('********9012');
    expect(maskAccountNumber('1234')).toBe('1234');
  });

  it('writes the needs_bet and cool-down messages', () => {
    expect(needBetMessage(12_345)).toBe('Need to bet 123.45 to be able to withdraw');
    expect(cardCoolingDownMessage(Date.UTC(2025, 2, 6, 6, 30))).toBe(
      'This bank card was added or changed recently and can receive withdrawals from 2025-03-06 06:30 UTC',
    );
  });
});
