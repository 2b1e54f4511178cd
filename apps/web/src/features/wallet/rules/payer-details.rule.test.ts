import { describe, expect, it } from 'vitest';
import {
  EMPTY_PAYER_DETAILS,
  missingPayerFields,
  parseSavedPayerDetails,
  payerDialogKind,
  serializePayerDetails,
  trimPayerDetails,
} from './payer-details.rule.ts';

const FULL = { upiAccount: 'asha@upi', name: 'Asha', mobile: '+919876543210', email: 'asha@example.com' };

describe('payer details rules', () => {
  it('opens the UPI dialog for manual UPI and the other dialog for every other adapter', () => {
    expect(payerDialogKind('mpurse')).toBe('upi');
    for (const adapter of ['sandbox', 'razorpay', 'cashfree', 'form_post', 'pay_url'] as const) {
      expect(payerDialogKind(adapter)).toBe('standard');
    }
  });

  it('requires UPI id, name, mobile and email in the UPI dialog', () => {
    expect(missingPayerFields('upi', EMPTY_PAYER_DETAILS)).toEqual(['upiAccount', 'name', 'mobile', 'email']);
    expect(missingPayerFields('upi', { ...FULL, upiAccount: '   ' })).toEqual(['upiAccount']);
    expect(missingPayerFields('upi', FULL)).toEqual([]);
  });

  it('requires name, mobile and email in the other dialog, not a UPI id', () => {
    expect(missingPayerFields('standard', { ...FULL, upiAccount: '' })).toEqual([]);
    expect(missingPayerFields('standard', { ...FULL, email: ' ' })).toEqual(['email']);
  });

  it('trims every field', () => {
    expect(trimPayerDetails({ upiAccount: ' a@upi ', name: ' A ', mobile: ' 1 ', email: ' e@x ' })).toEqual({
      upiAccount: 'a@upi',
      name: 'A',
      mobile: '1',
      email: 'e@x',
    });
  });

  it('saves only the fields of its dialog and reads them back', () => {
    const standard = serializePayerDetails('standard', FULL);
    expect(JSON.parse(standard)).toEqual({
      name: 'Asha',
      mobile: '+919876543210',
      email: 'asha@example.com',
    });
    expect(parseSavedPayerDetails('standard', standard)).toEqual({ ...FULL, upiAccount: '' });
    expect(parseSavedPayerDetails('upi', serializePayerDetails('upi', FULL))).toEqual(FULL);
  });

  it('offers no auto-fill for nothing saved, unreadable text or a missing field', () => {
    expect(parseSavedPayerDetails('upi', null)).toBeNull();
    expect(parseSavedPayerDetails('upi', '{not json')).toBeNull();
    expect(parseSavedPayerDetails('upi', 'null')).toBeNull();
    // Details saved from the other dialog cannot fill the UPI one: they have no UPI id.
    expect(parseSavedPayerDetails('upi', serializePayerDetails('standard', FULL))).toBeNull();
  });
});
