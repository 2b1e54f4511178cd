import { describe, expect, it } from 'vitest';
import { DICE_OUTCOMES, dicePayoutMinor, diceRollFromSeed, isDiceTarget } from './dice-game.ts';

const SEED = 'a'.repeat(64);

describe('dice game', () => {
  it('draws the same roll for the same seeds and different rolls for other nonces', async () => {
    const first = await diceRollFromSeed(SEED, 'client', 1);
    expect(await diceRollFromSeed(SEED, 'client', 1)).toBe(first);
    const rolls = new Set<number>();
    for (let nonce = 1; nonce <= 50; nonce += 1) rolls.add(await diceRollFromSeed(SEED, 'client', nonce));
    expect(rolls.size).toBeGreaterThan(40);
    for (const roll of rolls) expect(roll >= 0 && roll < DICE_OUTCOMES).toBe(true);
  });

  it('pays stake × 98 / target under the target and nothing at or above it', () => {
    expect(dicePayoutMinor(10_000, 50, 4999)).toBe(19_600);
    expect(dicePayoutMinor(10_000, 50, 5000)).toBe(0);
    expect(dicePayoutMinor(333, 98, 0)).toBe(333);
    expect(isDiceTarget(1)).toBe(false);
    expect(isDiceTarget(99)).toBe(false);
    expect(() => dicePayoutMinor(100, 1, 0)).toThrow();
  });
});
