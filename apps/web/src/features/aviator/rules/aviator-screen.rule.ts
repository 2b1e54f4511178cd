import {
  AVIATOR_MAX_STAKE,
  AVIATOR_STAKE_STEP,
  type AviatorPhase,
  type AviatorRoundEntityDto,
  aviatorPhaseOf,
  aviatorResult,
  formatMultiplier,
} from '@app/shared';

/** Results in the header and in the body of the history panel (spec 02 §9). */
export const HISTORY_HEADER_COUNT = 4;
export const HISTORY_BODY_COUNT = 30;
/** The take-off and flew-away animations and the cash-out banner (spec 02 §9). */
export const TAKE_OFF_MS = 1_500;
export const FLEW_AWAY_MS = 1_000;
export const CASH_OUT_BANNER_MS = 3_500;
/** Betting is disabled once the countdown falls to 10 % of the 10 s window (spec 02 §4). */
export const BET_CUTOFF_MS = 1_000;

/** Minus: 50 less, never below 50 (spec 02 §5). */
export function stakeMinus(amount: number): number {
  return Math.max(AVIATOR_STAKE_STEP, amount - AVIATOR_STAKE_STEP);
}

/** Plus: 50 more, at most the maximum stake. */
export function stakePlus(amount: number): number {
  return Math.min(AVIATOR_MAX_STAKE, amount + AVIATOR_STAKE_STEP);
}

/** The typed amount as a whole number (spec 02 §5), or 0 when it is not one. */
export function parseStake(text: string): number {
  const parsed = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(parsed) && parsed > 0 ? Math.min(parsed, AVIATOR_MAX_STAKE) : 0;
}

/** The one button of the screen: what it says and whether it can be pressed. */
export interface ActionButton {
  readonly label: 'confirm' | 'wait' | 'cashOut';
  readonly enabled: boolean;
}

export interface ActionInputs {
  readonly status: number;
  readonly flyEnd: boolean;
  readonly countdownLeftMs: number;
  /** The player's bet of this round: none, being placed, accepted, cashed out. */
  readonly myBet: 'none' | 'placing' | 'placed' | 'cashing' | 'cashed';
  readonly online: boolean;
}

/** Confirm before the flight, Wait after a successful bet, Cash out during the flight (spec 02 §4). */
export function actionButton(inputs: ActionInputs): ActionButton {
  const phase: AviatorPhase = aviatorPhaseOf(inputs.status);
  if (phase === 'flight' && !inputs.flyEnd && (inputs.myBet === 'placed' || inputs.myBet === 'cashing')) {
    return { label: 'cashOut', enabled: inputs.online && inputs.myBet === 'placed' };
  }
  if (
    inputs.myBet === 'placing' ||
    ((phase === 'betting' || phase === 'closing') && inputs.myBet === 'placed')
  ) {
    return { label: 'wait', enabled: false };
  }
  const open = phase === 'betting' && inputs.countdownLeftMs > BET_CUTOFF_MS && inputs.myBet === 'none';
  return { label: 'confirm', enabled: open && inputs.online };
}

/** The history panel: the newest 4 in the header, the next 30 in the body. */
export function splitHistory(results: readonly string[]): { header: string[]; body: string[] } {
  return {
    header: results.slice(0, HISTORY_HEADER_COUNT),
    body: results.slice(HISTORY_HEADER_COUNT, HISTORY_HEADER_COUNT + HISTORY_BODY_COUNT),
  };
}

/** The colour band of a multiplier text ("2.35"). */
export function bandOf(coefficient: string): 'blue' | 'purple' | 'pink' {
  const value = Number.parseFloat(coefficient);
  if (!(value >= 2)) return 'blue';
  return value < 10 ? 'purple' : 'pink';
}

/** The Verify dialog's check: the entity recomputed in the browser (Web Crypto), and whether all of it agrees. */
export async function verifyRound(
  entity: AviatorRoundEntityDto,
): Promise<{ matches: boolean; result: string }> {
  const fair = await aviatorResult(entity.server_seed, [
    entity.player_seed1,
    entity.player_seed2,
    entity.player_seed3,
  ]);
  const result = formatMultiplier(fair.resultHundredths);
  const matches =
    fair.sha512hash === entity.sha512hash &&
    fair.hex === entity.hex &&
    fair.decimal === entity.decimal &&
    result === entity.result;
  return { matches, result };
}
