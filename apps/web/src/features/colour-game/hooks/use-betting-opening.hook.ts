import { useEffect, useRef, useState } from 'react';
import { monotonicNow, ROUND_CLOCK_TICK_MS } from './use-round-clock.hook.ts';

/** While the opening is not known yet (no chain committed), the period info is asked again this often. */
export const BETTING_OPENING_POLL_MS = 10_000;
/** The period info is asked again this long after the announced opening, when the server surely has it. */
const OPENING_RELOAD_DELAY_MS = 500;
const MS_PER_SECOND = 1000;

/** What the period info says about an opening still to come. */
export interface BettingOpeningSnapshot {
  /** 0: betting is open; else seconds until it opens, or null while not known. */
  readonly bettingOpensInSec: number | null;
  /** performance.now() when the answer arrived. */
  readonly receivedAtMs: number;
}

/** Betting has not opened yet: the seconds until it does, or null while the server does not know. */
export interface BettingOpeningState {
  readonly secondsLeft: number | null;
}

function secondsLeftAt(snapshot: BettingOpeningSnapshot, nowMs: number): number | null {
  if (snapshot.bettingOpensInSec === null) return null;
  const elapsed = Math.floor(Math.max(nowMs - snapshot.receivedAtMs, 0) / MS_PER_SECOND);
  return Math.max(snapshot.bettingOpensInSec - elapsed, 0);
}

/**
 * The wait for betting to open on a fresh start (the period under way has no committed chain): null once
 * the offered period takes bets; otherwise a countdown to the opening, counted from the server's answer
 * like the round clock. At the opening (or every BETTING_OPENING_POLL_MS while it is unknown) it calls
 * `onOpening`, which reloads the period info.
 */
export function useBettingOpening(
  snapshot: BettingOpeningSnapshot | undefined,
  onOpening: () => void,
  now: () => number = monotonicNow,
): BettingOpeningState | null {
  const waiting = snapshot !== undefined && snapshot.bettingOpensInSec !== 0;
  const [secondsLeft, setSecondsLeft] = useState<number | null>(() =>
    waiting ? secondsLeftAt(snapshot, now()) : null,
  );
  const onOpeningRef = useRef(onOpening);
  onOpeningRef.current = onOpening;

  useEffect(() => {
    if (!snapshot || snapshot.bettingOpensInSec === 0) return;
    const update = () => setSecondsLeft(secondsLeftAt(snapshot, now()));
    update();
    const ticker = setInterval(update, ROUND_CLOCK_TICK_MS);
    const reloadInMs =
      snapshot.bettingOpensInSec === null
        ? BETTING_OPENING_POLL_MS
        : snapshot.receivedAtMs +
          snapshot.bettingOpensInSec * MS_PER_SECOND +
          OPENING_RELOAD_DELAY_MS -
          now();
    const reload = setTimeout(() => onOpeningRef.current(), Math.max(reloadInMs, 0));
    return () => {
      clearInterval(ticker);
      clearTimeout(reload);
    };
  }, [snapshot, now]);

  return waiting ? { secondsLeft } : null;
}
