import { isWholeAmount } from './recharge-amount.rule.ts';

/** A transfer ready to confirm: the recipient's user id and a whole amount, both as digits. */
export interface TransferInput {
  userId: string;
  amount: string;
}

/**
 * The transfer form's check (spec 02 §5 "Transfer"): user id and amount trimmed, both non-empty numbers
 * above zero; null means the confirm dialog does not open. It runs again before the call is sent.
 */
export function validateTransfer(userId: string, amount: string): TransferInput | null {
  const input = { userId: userId.trim(), amount: amount.trim() };
  return isWholeAmount(input.userId) && isWholeAmount(input.amount) ? input : null;
}
