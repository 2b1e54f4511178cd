import { describe, expect, it } from 'vitest';
import { drawShare, splitGift } from './gift-split.ts';

describe('gift splits', () => {
  it('splits fixed amounts that add up exactly', () => {
    expect(splitGift(1000, 3, 1, 'fixed')).toEqual([334, 333, 333]);
    expect(splitGift(300, 3, 100, 'fixed')).toEqual([100, 100, 100]);
  });

  it('splits random amounts that add up exactly, each at least the minimum', () => {
    for (let trial = 0; trial < 200; trial += 1) {
      const amounts = splitGift(10_000, 37, 50, 'random');
      expect(amounts).toHaveLength(37);
      expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(10_000);
      expect(Math.min(...amounts)).toBeGreaterThanOrEqual(50);
    }
    // The extremes of the random source still respect the bounds.
    expect(splitGift(1000, 4, 100, 'random', (min) => min)).toEqual([100, 100, 100, 700]);
    const greedy = splitGift(1000, 4, 100, 'random', (_min, max) => max - 1);
    expect(greedy.reduce((sum, amount) => sum + amount, 0)).toBe(1000);
    expect(Math.min(...greedy)).toBeGreaterThanOrEqual(100);
  });

  it('refuses a total too small for the minimum, and draws nothing from less than the minimum', () => {
    expect(() => splitGift(299, 3, 100, 'fixed')).toThrow();
    expect(drawShare(99, 5, 100)).toBeUndefined();
    expect(drawShare(500, 1, 100)).toBe(500);
    // Whatever is drawn leaves the minimum for every opener still to come.
    for (let trial = 0; trial < 500; trial += 1) {
      const amount = drawShare(1000, 5, 100) ?? 0;
      expect(amount).toBeGreaterThanOrEqual(100);
      expect(1000 - amount).toBeGreaterThanOrEqual(400);
    }
  });
});
