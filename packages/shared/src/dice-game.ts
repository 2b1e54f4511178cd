import { uniformFromSeed } from './fairness.ts';
import { DICE_HOUSE_PERCENT, DICE_MAX_TARGET, DICE_MIN_TARGET } from './schemas/launcher.ts';

/** Outcomes of a dice roll are 0.00 to 99.99, kept as hundredths. */
export const DICE_OUTCOMES = 10_000;

/** The message a dice roll's HMAC draws from: the player's seed and the roll's number. */
export function diceRollMessage(clientSeed: string, nonce: number): string {
  return `dice:${clientSeed}:${nonce}`;
}

/**
 * The roll (hundredths, 0..9999) of the server seed for a client seed and nonce: an unbiased draw from
 * HMAC-SHA256, the same function the fairness of the colour game uses, so anyone can recompute it once
 * the server seed is revealed.
 */
export async function diceRollFromSeed(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
): Promise<number> {
  return uniformFromSeed(serverSeedHex, diceRollMessage(clientSeed, nonce), DICE_OUTCOMES);
}

/** Whether the target (roll under, whole number) is allowed. */
export function isDiceTarget(target: number): boolean {
  return Number.isInteger(target) && target >= DICE_MIN_TARGET && target <= DICE_MAX_TARGET;
}

/**
 * What a stake pays back (minor units) when a roll lands under the target: stake × (100 − house %) /
 * target, rounded down; 0 when it does not land under.
 */
export function dicePayoutMinor(stakeMinor: number, target: number, rollHundredths: number): number {
  if (!isDiceTarget(target)) throw new Error(`dice target ${target} is out of range`);
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor <= 0)
    throw new Error(`dice stake ${stakeMinor} is invalid`);
  if (rollHundredths >= target * 100) return 0;
  return Math.floor((stakeMinor * (100 - DICE_HOUSE_PERCENT)) / target);
}
