import { useEffect, useRef, useState } from 'react';
import {
  CONTINUE_AUTO_MS,
  CONTINUE_ENABLE_MS,
  isBetLocked,
  type RoundSnapshot,
  remainingSeconds,
  roundEndMs,
} from '../rules/round-clock.rule.ts';

/** How often the countdown looks at the clock; fine enough for the 2.5 s Continue delay. */
export const ROUND_CLOCK_TICK_MS = 250;

/** The page's monotonic clock: unlike Date.now it cannot be moved by changing the device's time. */
export const monotonicNow = (): number => performance.now();

/** What the round header and the Join buttons show. */
export interface RoundClockState {
  /** Seconds left in the open period; 0 once it has ended. */
  readonly secondsLeft: number;
  /** The period has ended: the countdown hides and Continue shows (spec 02 §4). */
  readonly ended: boolean;
  /** Continue can be pressed: 2.5 s after the period ended. */
  readonly continueEnabled: boolean;
  /** Join buttons are disabled: 30 s or less left, or the period has ended. */
  readonly betLocked: boolean;
}

function stateAt(snapshot: RoundSnapshot, nowMs: number): RoundClockState {
  const secondsLeft = remainingSeconds(snapshot, nowMs);
  const ended = secondsLeft <= 0;
  return {
    secondsLeft,
    ended,
    continueEnabled: ended && nowMs - roundEndMs(snapshot) >= CONTINUE_ENABLE_MS,
    betLocked: ended || isBetLocked(secondsLeft),
  };
}

function sameState(a: RoundClockState | null, b: RoundClockState | null): boolean {
  return (
    a !== null &&
    b !== null &&
    a.secondsLeft === b.secondsLeft &&
    a.continueEnabled === b.continueEnabled &&
    a.betLocked === b.betLocked
  );
}

/**
 * The round clock of spec 02 §4, counted from the server's count_down_sec (never from the device's time):
 * when the period ends, Continue appears, is enabled after 2.5 s and calls `onContinue` by itself after
 * 5.5 s. The caller reloads the period info on Continue; the new snapshot restarts the countdown.
 */
export function useRoundClock(
  snapshot: RoundSnapshot | undefined,
  onContinue: () => void,
  now: () => number = monotonicNow,
): RoundClockState | null {
  const [state, setState] = useState<RoundClockState | null>(() =>
    snapshot ? stateAt(snapshot, now()) : null,
  );
  const onContinueRef = useRef(onContinue);
  onContinueRef.current = onContinue;

  useEffect(() => {
    if (!snapshot) {
      setState(null);
      return;
    }
    const update = () => {
      const next = stateAt(snapshot, now());
      setState((previous) => (sameState(previous, next) ? previous : next));
    };
    update();
    const ticker = setInterval(update, ROUND_CLOCK_TICK_MS);
    // Continue presses itself 5.5 s after the period's end unless a new snapshot came first.
    const automatic = setTimeout(
      () => onContinueRef.current(),
      Math.max(roundEndMs(snapshot) + CONTINUE_AUTO_MS - now(), 0),
    );
    return () => {
      clearInterval(ticker);
      clearTimeout(automatic);
    };
  }, [snapshot, now]);

  return state;
}
