import {
  COLOUR_MAX_CONTRACT_COUNT,
  type ColourCategory,
  type GuessType,
  majorToMinor,
  minorToDecimalString,
} from '@app/shared';

/** The count the stepper starts at, and never goes below with its minus button (spec 02 §5). */
export const MIN_CONTRACT_COUNT = 1;
/** Digits the count field accepts: enough for COLOUR_MAX_CONTRACT_COUNT and no more. */
export const CONTRACT_COUNT_MAX_DIGITS = String(COLOUR_MAX_CONTRACT_COUNT).length;

/** What the player is joining: a colour, or a number 0-9. */
export interface BetSelection {
  readonly type: GuessType;
  /** The digit of a number guess; null for a colour. */
  readonly number: number | null;
}

/** The count field's text as typed: digits only, at most CONTRACT_COUNT_MAX_DIGITS of them. */
export function cleanCountText(text: string): string {
  return text.replace(/\D/g, '').slice(0, CONTRACT_COUNT_MAX_DIGITS);
}

/** The count a field holds; an empty field counts as 0 (spec 02 §5). */
export function countFromText(text: string): number {
  const digits = cleanCountText(text);
  return digits === '' ? 0 : Number(digits);
}

/** The minus button: one less, never below 1 (spec 02 §5). */
export function decreaseCount(count: number): number {
  return Math.max(count - 1, MIN_CONTRACT_COUNT);
}

/** The plus button: one more, never above the server's maximum. */
export function increaseCount(count: number): number {
  return Math.min(Math.max(count, 0) + 1, COLOUR_MAX_CONTRACT_COUNT);
}

/** Total money = contract money × count (spec 02 §5), in minor units. */
export function totalMoneyMinor(contractMoneyMajor: number, count: number): number {
  return majorToMinor(contractMoneyMajor) * Math.max(count, 0);
}

/** The body of POST /win/add_user_guess (spec 02 §3 "Guess request"). */
export interface GuessRequest {
  category: ColourCategory;
  period: string;
  guess_type: GuessType;
  number: number;
  contract_money: string;
  contract_count: number;
}

/** What the bet dialog holds when Confirm is pressed. */
export interface BetDraft {
  readonly selection: BetSelection;
  readonly contractMoneyMajor: number;
  readonly count: number;
  readonly agreed: boolean;
}

/**
 * The request to send for a draft, or null when nothing may be sent: the I-agree box unticked, a count
 * below 1 or above the maximum, or money that is not one of the market's presets (spec 02 §5).
 */
export function guessRequestFor(
  draft: BetDraft,
  category: ColourCategory,
  period: string,
  presets: readonly number[],
): GuessRequest | null {
  if (!draft.agreed) return null;
  if (!Number.isInteger(draft.count) || draft.count < MIN_CONTRACT_COUNT) return null;
  if (draft.count > COLOUR_MAX_CONTRACT_COUNT) return null;
  if (!presets.includes(draft.contractMoneyMajor)) return null;
  return {
    category,
    period,
    guess_type: draft.selection.type,
    // The server ignores the number of a colour guess; 0 keeps the body's shape the same.
    number: draft.selection.type === 'N' ? (draft.selection.number ?? 0) : 0,
    contract_money: minorToDecimalString(majorToMinor(draft.contractMoneyMajor)),
    contract_count: draft.count,
  };
}
