import { type PaymentAdapterName, UPI_DIALOG_ADAPTERS } from '@app/shared';
import type { RechargeDetailsKind } from '../../../shared/storage/storage.ts';

/** The two details dialogs of spec 01 §2: the UPI one (with a UPI id) and the other one. */
export type PayerDialogKind = RechargeDetailsKind;

/** The payer's details as the dialogs collect them. */
export interface PayerDetails {
  upiAccount: string;
  name: string;
  mobile: string;
  email: string;
}

export type PayerField = keyof PayerDetails;

export const EMPTY_PAYER_DETAILS: PayerDetails = { upiAccount: '', name: '', mobile: '', email: '' };

/** The fields each dialog shows, in order; every one of them is required (spec 01 §5). */
export const PAYER_DIALOG_FIELDS: Readonly<Record<PayerDialogKind, readonly PayerField[]>> = {
  upi: ['upiAccount', 'name', 'mobile', 'email'],
  standard: ['name', 'mobile', 'email'],
};

/** Which dialog a channel opens: the UPI one for the adapters the shared contract lists. */
export function payerDialogKind(adapter: PaymentAdapterName): PayerDialogKind {
  return UPI_DIALOG_ADAPTERS.includes(adapter) ? 'upi' : 'standard';
}

/** The dialog's required fields left empty (after trimming); the dialog sends nothing while any is. */
export function missingPayerFields(kind: PayerDialogKind, details: PayerDetails): PayerField[] {
  return PAYER_DIALOG_FIELDS[kind].filter((field) => details[field].trim() === '');
}

/** The details trimmed, as they are sent and saved. */
export function trimPayerDetails(details: PayerDetails): PayerDetails {
  return {
    upiAccount: details.upiAccount.trim(),
    name: details.name.trim(),
    mobile: details.mobile.trim(),
    email: details.email.trim(),
  };
}

/** The saved details of one dialog as stored text. */
export function serializePayerDetails(kind: PayerDialogKind, details: PayerDetails): string {
  const saved: Partial<PayerDetails> = {};
  for (const field of PAYER_DIALOG_FIELDS[kind]) saved[field] = details[field];
  return JSON.stringify(saved);
}

/**
 * Reads saved details back; null when nothing usable was saved for this dialog (absent, unreadable, or a
 * required field missing), so the auto-fill button only shows when it can fill the whole dialog.
 */
export function parseSavedPayerDetails(kind: PayerDialogKind, stored: string | null): PayerDetails | null {
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const details = { ...EMPTY_PAYER_DETAILS };
  for (const field of PAYER_DIALOG_FIELDS[kind]) {
    const text = record[field];
    if (typeof text !== 'string' || text.trim() === '') return null;
    details[field] = text;
  }
  return details;
}
