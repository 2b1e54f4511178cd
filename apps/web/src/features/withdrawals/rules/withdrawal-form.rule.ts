import {
  type ParsedInputMessage,
  parseMoneyToMinor,
  type WithdrawalChannelDto,
  withdrawalFee,
} from '@app/shared';

/** What the amount field keeps of what is typed: digits and the decimal separators (a dot or a comma). */
export function amountCharacters(input: string): string {
  return input.replace(/[^\d.,]/g, '');
}

/** The amount as the request sends it (spec 02 §5): trimmed, with a comma turned into a dot. */
export function normalizeWithdrawalAmount(input: string): string {
  return input.trim().replace(',', '.');
}

/** The fee and what reaches the bank account for a typed amount, in minor units (spec 02 §9). */
export interface WithdrawalPreview {
  amountMinor: number;
  feeMinor: number;
  actualMinor: number;
}

/**
 * The preview under the amount, from the shared fee rule the server charges with; null while the amount
 * is not yet a positive amount with at most two decimals.
 */
export function withdrawalPreview(input: string): WithdrawalPreview | null {
  const parsed = parseMoneyToMinor(normalizeWithdrawalAmount(input));
  if (!parsed.ok || parsed.amountMinor <= 0) return null;
  return { amountMinor: parsed.amountMinor, ...withdrawalFee(parsed.amountMinor) };
}

/** Whether a channel asks the player to choose a bank (it has a bank code group, spec 02 §3). */
export function needsBankChoice(channel: WithdrawalChannelDto | undefined): boolean {
  return channel !== undefined && channel.bank_code_group_id !== null;
}

export interface WithdrawalFormState {
  amount: string;
  password: string;
  bankCardId: number | null;
  channel: WithdrawalChannelDto | undefined;
  bankCode: string;
}

/**
 * Spec 02 §5 "Withdrawal": nothing is sent unless the amount, the password and a bank card are given, and a
 * bank is chosen when the channel has a bank code group. The amount's value is the server's to judge.
 */
export function canSubmitWithdrawal(state: WithdrawalFormState): boolean {
  if (state.amount.trim() === '' || state.password === '' || state.bankCardId === null) return false;
  if (state.channel === undefined) return false;
  return !needsBankChoice(state.channel) || state.bankCode !== '';
}

/**
 * What the app knows of an amount before sending it: the balance it cannot exceed and the operator's bounds
 * (from GET /user/channels). The message names the figure, so the player knows what to type; null when the
 * amount is within them or is not yet an amount (the server still checks everything).
 */
export function withdrawalAmountProblem(
  input: string,
  known: { balance: string | undefined; minAmount: string; maxAmount: string },
): ParsedInputMessage | null {
  const amount = parseMoneyToMinor(normalizeWithdrawalAmount(input));
  if (!amount.ok) return null;
  const min = parseMoneyToMinor(known.minAmount);
  const max = parseMoneyToMinor(known.maxAmount);
  const balance = parseMoneyToMinor(known.balance ?? '');
  if (min.ok && amount.amountMinor < min.amountMinor) {
    return { field: 'amount', rule: 'amountAtLeast', params: { amountMinor: min.amountMinor } };
  }
  if (max.ok && max.amountMinor > 0 && amount.amountMinor > max.amountMinor) {
    return { field: 'amount', rule: 'amountAtMost', params: { amountMinor: max.amountMinor } };
  }
  if (balance.ok && amount.amountMinor > balance.amountMinor) {
    return { field: 'amount', rule: 'overBalance', params: { amountMinor: balance.amountMinor } };
  }
  return null;
}
