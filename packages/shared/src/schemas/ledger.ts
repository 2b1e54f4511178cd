import type { z } from 'zod';
import { type Page, paginationQuery } from './common.ts';

/**
 * The `type` values of the transaction list (spec 02 §3 "Transaction"), in the spec's order. The spec
 * names the two transfer types in words, so their values are the words themselves. ORDR (an order's
 * money returned) is not in the spec's list: the spec lets orders be cancelled but names no type for the
 * refund, so this product adds one. The last group (luxury car, soccer, ABF*, LDG*) belongs to games this
 * product does not run; the server never writes them, but the app can still label them.
 */
export const TRANSACTION_TYPES = [
  'HRE',
  'RE',
  'HREC',
  'WD',
  'WDR',
  'Transfer out',
  'Transfer in',
  'ORD',
  'ORDR',
  'GU',
  'GUW',
  'GUP',
  'RP',
  'REG',
  'ABFL',
  'ABFW',
  'LHL',
  'LHW',
  'LCL',
  'LCW',
  'AVIL',
  'AVIW',
  'SGB',
  'SGW',
  'SGC',
  'RETURN',
  'LDGJ',
  'LDGE',
  'LDGW',
  'EXGB',
  'EXGW',
  'EXGR',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** English base text of each type; the app translates it (spec 02 §3 gives the meanings). */
export const TRANSACTION_TYPE_DESCRIPTIONS: Readonly<Record<TransactionType, string>> = {
  HRE: 'Manual recharge',
  RE: 'Recharge',
  HREC: 'Recharge cancelled',
  WD: 'Withdrawal',
  WDR: 'Withdrawal rejected',
  'Transfer out': 'Transfer out',
  'Transfer in': 'Transfer in',
  ORD: 'Order',
  ORDR: 'Order refund',
  GU: 'Game bet',
  GUW: 'Game win',
  GUP: 'Promotion profit',
  RP: 'Gift received',
  REG: 'Event gift',
  ABFL: 'Game loss',
  ABFW: 'Game win',
  LHL: 'Lucky Hit bet',
  LHW: 'Lucky Hit win',
  LCL: 'Luxury car bet',
  LCW: 'Luxury car win',
  AVIL: 'Aviator bet',
  AVIW: 'Aviator win',
  SGB: 'Soccer bet',
  SGW: 'Soccer win',
  SGC: 'Soccer cancelled',
  RETURN: 'Event return',
  LDGJ: 'LDGJ',
  LDGE: 'LDGE',
  LDGW: 'LDGW',
  EXGB: 'External game bet',
  EXGW: 'External game win',
  EXGR: 'External game refund',
};

/** Whether a string from the server is one of the known transaction types. */
export function isTransactionType(value: string): value is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(value);
}

/** Query of GET /user/transactions: the common `p` and `p_size`. */
export const transactionListQuery = paginationQuery;
export type TransactionListQuery = z.output<typeof transactionListQuery>;

/**
 * One row of GET /user/transactions. `change_balance` is the signed change of the shown balance as a
 * decimal string ("-100.00", "250.00"); `relation_id` names the business row (order, recharge, bet…) as
 * text; `create_time` is epoch milliseconds.
 */
export interface TransactionDto {
  type: TransactionType;
  change_balance: string;
  relation_id: string;
  create_time: number;
}

export type TransactionListResponse = Page<TransactionDto>;
