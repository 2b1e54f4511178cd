import { withdrawalFee } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  amountCharacters,
  canSubmitWithdrawal,
  needsBankChoice,
  normalizeWithdrawalAmount,
  withdrawalPreview,
} from './withdrawal-form.rule.ts';

const MANUAL = { name: 'Bank transfer', key: 'bank_transfer', bank_code_group_id: null, bank_codes: [] };
const SANDBOX = {
  name: 'Sandbox payout',
  key: 'sandbox_payout',
  bank_code_group_id: 1,
  bank_codes: [{ id: 1, code: 'SBIN', name: 'State Bank of India' }],
};

describe('withdrawal amount', () => {
  it('keeps digits and decimal separators as typed, then trims and turns a comma into a dot (spec 02 §5)', () => {
    expect(amountCharacters('1 2a3,4-5')).toBe('123,45');
    expect(normalizeWithdrawalAmount(' 1500,50 ')).toBe('1500.50');
    expect(normalizeWithdrawalAmount('1500.5')).toBe('1500.5');
  });

  it('previews the fee of the shared rule: 30 under 1000, 2 % from 1000 (spec 02 §9)', () => {
    expect(withdrawalPreview('500')).toEqual({ amountMinor: 50_000, feeMinor: 3_000, actualMinor: 47_000 });
    expect(withdrawalPreview('999,99')).toEqual({
      amountMinor: 99_999,
      feeMinor: 3_000,
      actualMinor: 96_999,
    });
    expect(withdrawalPreview('1000')).toEqual({ amountMinor: 100_000, feeMinor: 2_000, actualMinor: 98_000 });
    expect(withdrawalPreview('1000.25')).toEqual({ amountMinor: 100_025, ...withdrawalFee(100_025) });
  });

  it('shows no preview for an amount the server would refuse as malformed', () => {
    for (const input of ['', '0', '0,00', '12.345', '1.2.3', ','])
      expect(withdrawalPreview(input), input).toBeNull();
  });
});

describe('canSubmitWithdrawal', () => {
  const ready = { amount: '500', password: 'secret', bankCardId: 21, channel: MANUAL, bankCode: '' };

  it('needs amount, password and a bank card (spec 02 §5)', () => {
    expect(canSubmitWithdrawal(ready)).toBe(true);
    expect(canSubmitWithdrawal({ ...ready, amount: '  ' })).toBe(false);
    expect(canSubmitWithdrawal({ ...ready, password: '' })).toBe(false);
    expect(canSubmitWithdrawal({ ...ready, bankCardId: null })).toBe(false);
    expect(canSubmitWithdrawal({ ...ready, channel: undefined })).toBe(false);
  });

  it('needs a bank when the channel has a bank code group', () => {
    expect(needsBankChoice(MANUAL)).toBe(false);
    expect(needsBankChoice(SANDBOX)).toBe(true);
    expect(canSubmitWithdrawal({ ...ready, channel: SANDBOX })).toBe(false);
    expect(canSubmitWithdrawal({ ...ready, channel: SANDBOX, bankCode: 'SBIN' })).toBe(true);
  });
});
