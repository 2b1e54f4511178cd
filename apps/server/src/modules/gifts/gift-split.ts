import { randomInt } from 'node:crypto';

/** A source of random whole numbers in [min, maxExclusive); node:crypto's by default, a fixed one in tests. */
export type RandomInt = (min: number, maxExclusive: number) => number;
export const cryptoRandomInt: RandomInt = (min, maxExclusive) => randomInt(min, maxExclusive);

function assertWhole(value: number, what: string, least: number): void {
  if (!Number.isSafeInteger(value) || value < least)
    throw new Error(`${what} must be a whole number ≥ ${least}, got ${value}`);
}

/**
 * The amount one opener gets from what remains of a pool: the last possible opener gets it all; anyone
 * else a random amount from the minimum to twice the fair share, never so much that the openers still to
 * come could not each get the minimum. Answers undefined when not even the minimum remains.
 */
export function drawShare(
  remainingMinor: number,
  openersLeft: number,
  minimumMinor: number,
  random: RandomInt = cryptoRandomInt,
): number | undefined {
  assertWhole(remainingMinor, 'remaining', 0);
  assertWhole(openersLeft, 'openers left', 1);
  assertWhole(minimumMinor, 'minimum', 1);
  if (remainingMinor < minimumMinor) return undefined;
  if (openersLeft === 1) return remainingMinor;
  const keepForOthers = (openersLeft - 1) * minimumMinor;
  const upper = Math.max(
    minimumMinor,
    Math.min(remainingMinor - keepForOthers, Math.floor((2 * remainingMinor) / openersLeft)),
  );
  const amount = random(minimumMinor, upper + 1);
  if (amount < minimumMinor || amount > remainingMinor)
    throw new Error(`drew ${amount} out of ${remainingMinor}`);
  return amount;
}

/**
 * Splits a total into `count` packets that add up to it exactly, each at least the minimum: equal shares
 * (the remainder one minor unit at a time to the first packets) or random shares drawn one after another.
 */
export function splitGift(
  totalMinor: number,
  count: number,
  minimumMinor: number,
  split: 'fixed' | 'random',
  random: RandomInt = cryptoRandomInt,
): number[] {
  assertWhole(totalMinor, 'total', 1);
  assertWhole(count, 'count', 1);
  assertWhole(minimumMinor, 'minimum', 1);
  if (totalMinor < count * minimumMinor)
    throw new Error(`${totalMinor} cannot give ${count} packets of ${minimumMinor}`);
  const amounts: number[] = [];
  if (split === 'fixed') {
    const share = Math.floor(totalMinor / count);
    const extra = totalMinor - share * count;
    for (let index = 0; index < count; index += 1) amounts.push(share + (index < extra ? 1 : 0));
  } else {
    let remaining = totalMinor;
    for (let index = 0; index < count; index += 1) {
      const amount = drawShare(remaining, count - index, minimumMinor, random);
      if (amount === undefined) throw new Error('a random split ran out before its last packet');
      amounts.push(amount);
      remaining -= amount;
    }
  }
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (sum !== totalMinor || amounts.some((amount) => amount < minimumMinor)) {
    throw new Error(`split of ${totalMinor} into ${count} went wrong: ${sum}`);
  }
  return amounts;
}
