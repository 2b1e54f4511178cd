import { isTransactionType, parseMoneyToMinor, type TransactionType } from '@app/shared';
import type { en } from '../../../i18n/locales/en.ts';

export type TransactionTypeKey = keyof typeof en.transactions.types;

/**
 * The translation key of each transaction type (spec 02 §3). The two transfer types are words on the
 * wire, so they get camel-case keys; the codes are keys as they are.
 */
export const TRANSACTION_TYPE_KEYS: Readonly<Record<TransactionType, TransactionTypeKey>> = {
  HRE: 'HRE',
  RE: 'RE',
  HREC: 'HREC',
  WD: 'WD',
  WDR: 'WDR',
  'Transfer out': 'transferOut',
  'Transfer in': 'transferIn',
  ORD: 'ORD',
  ORDR: 'ORDR',
  GU: 'GU',
  GUW: 'GUW',
  GUP: 'GUP',
  RP: 'RP',
  REG: 'REG',
  ABFL: 'ABFL',
  ABFW: 'ABFW',
  LHL: 'LHL',
  LHW: 'LHW',
  LCL: 'LCL',
  LCW: 'LCW',
  AVIL: 'AVIL',
  AVIW: 'AVIW',
  SGB: 'SGB',
  SGW: 'SGW',
  SGC: 'SGC',
  RETURN: 'RETURN',
  LDGJ: 'LDGJ',
  LDGE: 'LDGE',
  LDGW: 'LDGW',
  EXGB: 'EXGB',
  EXGW: 'EXGW',
  EXGR: 'EXGR',
};

/** The translation key of a type from the server, or null for a type this app does not know. */
export function transactionTypeKey(type: string): TransactionTypeKey | null {
  return isTransactionType(type) ? TRANSACTION_TYPE_KEYS[type] : null;
}

/** A signed change of balance split into its direction and its size ("500.00"). */
export interface SignedAmount {
  direction: 'in' | 'out' | 'none';
  magnitude: string;
}

/** Minus signs the server or a proxy may write: ASCII hyphen-minus and the Unicode minus sign. */
const MINUS_SIGNS = new Set(['-', '\u2212']);

/** Reads change_balance ("-100.00", "250.00", "+3.50"); null when it is not an amount. */
export function parseSignedAmount(change: string): SignedAmount | null {
  const text = change.trim();
  const first = text.charAt(0);
  const negative = MINUS_SIGNS.has(first);
  const magnitude = negative || first === '+' ? text.slice(1) : text;
  const parsed = parseMoneyToMinor(magnitude);
  if (!parsed.ok) return null;
  if (parsed.amountMinor === 0) return { direction: 'none', magnitude };
  return { direction: negative ? 'out' : 'in', magnitude };
}
