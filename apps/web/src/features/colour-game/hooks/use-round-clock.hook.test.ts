import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoundSnapshot } from '../rules/round-clock.rule.ts';
import { ROUND_CLOCK_TICK_MS, useRoundClock } from './use-round-clock.hook.ts';

let nowMs = 0;
const clock = () => nowMs;

/** Moves the monotonic clock and the timers together, one tick at a time. */
function elapse(ms: number) {
  for (let step = 0; step < ms; step += ROUND_CLOCK_TICK_MS) {
    act(() => {
      nowMs += ROUND_CLOCK_TICK_MS;
      vi.advanceTimersByTime(ROUND_CLOCK_TICK_MS);
    });
  }
}

function renderClock(snapshot: RoundSnapshot | undefined) {
  const onContinue = vi.fn();
  const hook = renderHook(({ current }) => useRoundClock(current, onContinue, clock), {
    initialProps: { current: snapshot },
  });
  return { ...hook, onContinue };
}

beforeEach(() => {
  vi.useFakeTimers();
  nowMs = 1_000;
});

describe('useRoundClock', () => {
  it('has nothing to show before the server answered', () => {
    const { result } = renderClock(undefined);
    expect(result.current).toBeNull();
  });

  it('counts down from the server countdown and locks bets at 30 s', () => {
    const { result } = renderClock({ countDownSec: 40, receivedAtMs: 1_000 });
    expect(result.current).toMatchObject({ secondsLeft: 40, ended: false, betLocked: false });
    elapse(9_000);
    expect(result.current).toMatchObject({ secondsLeft: 31, betLocked: false });
    elapse(1_000);
    expect(result.current).toMatchObject({ secondsLeft: 30, betLocked: true });
  });

  it('shows Continue when the period ends, enables it after 2.5 s and presses it after 5.5 s', () => {
    const { result, onContinue } = renderClock({ countDownSec: 2, receivedAtMs: 1_000 });
    elapse(2_000);
    expect(result.current).toMatchObject({
      secondsLeft: 0,
      ended: true,
      continueEnabled: false,
      betLocked: true,
    });
    elapse(2_250);
    expect(result.current?.continueEnabled).toBe(false);
    elapse(250);
    expect(result.current?.continueEnabled).toBe(true);
    expect(onContinue).not.toHaveBeenCalled();
    elapse(3_000);
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('starts over from a new snapshot and forgets the old automatic Continue', () => {
    const { result, onContinue, rerender } = renderClock({ countDownSec: 1, receivedAtMs: 1_000 });
    elapse(3_000);
    expect(result.current?.ended).toBe(true);
    rerender({ current: { countDownSec: 178, receivedAtMs: nowMs } });
    expect(result.current).toMatchObject({ secondsLeft: 178, ended: false, betLocked: false });
    elapse(10_000);
    expect(onContinue).not.toHaveBeenCalled();
  });
});
