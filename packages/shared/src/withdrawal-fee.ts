import { MINOR_PER_MAJOR } from './money.ts';

/** Amounts below this (1000 in major units) pay the flat fee (spec 02 §9). */
export const WITHDRAWAL_FEE_THRESHOLD_MINOR = 1000 * MINOR_PER_MAJOR;
/** The flat fee below the threshold: 30 in major units. */
export const WITHDRAWAL_FLAT_FEE_MINOR = 30 * MINOR_PER_MAJOR;
/** The fee from the threshold up, in percent of the amount. */
export const WITHDRAWAL_FEE_PERCENT = 2;

export interface WithdrawalFee {
  readonly feeMinor: number;
  /** What reaches the bank account: amount − fee (actual_price). */
  readonly actualMinor: number;
}

/**
 * The fee of a withdrawal (spec 02 §9), in minor units: 30 when the amount is under 1000, else 2 % of it
 * rounded half up to the minor unit (1000.25 → 20.005 → 20.01). The fee never exceeds the amount, so the
 * credited amount is never negative; amounts that small are refused by the withdrawal minimum anyway.
 */
export function withdrawalFee(amountMinor: number): WithdrawalFee {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new Error(`Money invariant violated: ${amountMinor} is not a non-negative amount of minor units`);
  }
  const feeMinor =
    amountMinor < WITHDRAWAL_FEE_THRESHOLD_MINOR
      ? Math.min(WITHDRAWAL_FLAT_FEE_MINOR, amountMinor)
      : Math.floor((amountMinor * WITHDRAWAL_FEE_PERCENT + 50) / 100);
  return { feeMinor, actualMinor: amountMinor - feeMinor };
}
