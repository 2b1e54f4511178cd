import { describe, expect, it } from 'vitest';
import { formatCountdown, isBetLocked, remainingSeconds, roundEndMs } from './round-clock.rule.ts';

describe('round clock', () => {
  const snapshot = { countDownSec: 95, receivedAtMs: 10_000 };

  it('counts down from the server countdown with the time elapsed since it arrived', () => {
    expect(remainingSeconds(snapshot, 10_000)).toBe(95);
    expect(remainingSeconds(snapshot, 10_999)).toBe(95);
    expect(remainingSeconds(snapshot, 11_000)).toBe(94);
    expect(remainingSeconds(snapshot, 10_000 + 94_500)).toBe(1);
    expect(remainingSeconds(snapshot, 10_000 + 95_000)).toBe(0);
    expect(remainingSeconds(snapshot, 10_000 + 500_000)).toBe(0);
  });

  it('never counts up when the monotonic clock reads before the answer arrived', () => {
    expect(remainingSeconds(snapshot, 9_000)).toBe(95);
  });

  it('clamps a broken countdown to the period length', () => {
    expect(remainingSeconds({ countDownSec: 9_999, receivedAtMs: 0 }, 0)).toBe(180);
    expect(remainingSeconds({ countDownSec: -5, receivedAtMs: 0 }, 0)).toBe(0);
  });

  it('ends the round countDownSec after the answer arrived', () => {
    expect(roundEndMs(snapshot)).toBe(105_000);
  });

  it('locks bets at 30 seconds or less (spec 02 §4)', () => {
    expect(isBetLocked(31)).toBe(false);
    expect(isBetLocked(30)).toBe(true);
    expect(isBetLocked(0)).toBe(true);
  });

  it('shows mm:ss', () => {
    expect(formatCountdown(180)).toBe('03:00');
    expect(formatCountdown(125)).toBe('02:05');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
  });
});
