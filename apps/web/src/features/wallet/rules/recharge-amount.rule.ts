import { type ParsedInputMessage, parseMoneyToMinor } from '@app/shared';

/** Longest amount the recharge and transfer fields take, in digits: far above any channel's maximum. */
export const AMOUNT_MAX_DIGITS = 12;

const WHOLE_AMOUNT = /^\d+$/;

/** What the amount fields keep of the typed text: its digits only (spec 01 §5), at most AMOUNT_MAX_DIGITS. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, AMOUNT_MAX_DIGITS);
}

/**
 * The preset buttons of a channel from its fixed_amounts ("100,500,1000"): whole positive amounts in the
 * server's order, without repeats. A preset with decimals is left out, because the amount field takes
 * digits only and could not show it.
 */
export function parsePresets(fixedAmounts: string): string[] {
  const presets: string[] = [];
  for (const part of fixedAmounts.split(',')) {
    const value = part.trim();
    if (!WHOLE_AMOUNT.test(value) || Number(value) <= 0) continue;
    const normalised = String(Number(value));
    if (!presets.includes(normalised)) presets.push(normalised);
  }
  return presets;
}

/** Whether an amount may be sent: non-empty, digits only and above zero (spec 01 §5 "Recharge"). */
export function isWholeAmount(amount: string): boolean {
  const value = amount.trim();
  return WHOLE_AMOUNT.test(value) && Number(value) > 0;
}

/**
 * What the channel's bounds say of a whole amount before the player fills the payer dialog, in the server's
 * own message shape ("price must be at least 100.00"); null when the amount is within them or the bounds
 * cannot be read (the server still checks).
 */
export function rechargeAmountProblem(
  amount: string,
  bounds: { min_amount: string; max_amount: string },
): ParsedInputMessage | null {
  if (!isWholeAmount(amount)) return null;
  const typed = parseMoneyToMinor(amount.trim());
  const min = parseMoneyToMinor(bounds.min_amount);
  const max = parseMoneyToMinor(bounds.max_amount);
  if (!typed.ok) return { field: 'price', rule: 'invalid', params: {} };
  if (min.ok && typed.amountMinor < min.amountMinor) {
    return { field: 'price', rule: 'amountAtLeast', params: { amountMinor: min.amountMinor } };
  }
  if (max.ok && max.amountMinor > 0 && typed.amountMinor > max.amountMinor) {
    return { field: 'price', rule: 'amountAtMost', params: { amountMinor: max.amountMinor } };
  }
  return null;
}
