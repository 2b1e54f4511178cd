import { COLOUR_LOCK_SECONDS, COLOUR_PERIOD_SECONDS } from '@app/shared';

/** After a round ends the Continue button stays disabled this long (spec 02 §4, §9). */
export const CONTINUE_ENABLE_MS = 2500;
/** ...and presses itself this long after the round ended if the player has not (spec 02 §4, §9). */
export const CONTINUE_AUTO_MS = 5500;
const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;

/**
 * What the server said about the round and when the answer arrived, on the page's monotonic clock. The
 * server's count_down_sec is the only truth about time: the app counts down from it with the time elapsed
 * since, and never reads the wall clock, which a player can set to anything.
 */
export interface RoundSnapshot {
  /** The server's seconds remaining in the open period (1…180). */
  readonly countDownSec: number;
  /** performance.now() when the answer arrived. */
  readonly receivedAtMs: number;
}

/** Seconds remaining in the period the snapshot described, never below 0 (0: that period has ended). */
export function remainingSeconds(snapshot: RoundSnapshot, nowMs: number): number {
  const countDown = Math.min(Math.max(Math.floor(snapshot.countDownSec), 0), COLOUR_PERIOD_SECONDS);
  const elapsed = Math.floor(Math.max(nowMs - snapshot.receivedAtMs, 0) / MS_PER_SECOND);
  return Math.max(countDown - elapsed, 0);
}

/** The instant (monotonic ms) the snapshot's period ends. */
export function roundEndMs(snapshot: RoundSnapshot): number {
  return snapshot.receivedAtMs + Math.max(snapshot.countDownSec, 0) * MS_PER_SECOND;
}

/** Whether bets are closed with this many seconds left: at 30 s or less (spec 02 §4). */
export function isBetLocked(secondsLeft: number): boolean {
  return secondsLeft <= COLOUR_LOCK_SECONDS;
}

/** Seconds as mm:ss ("02:05"); negative or broken values show as 00:00. */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(Math.floor(seconds), 0) : 0;
  const minutes = Math.floor(whole / SECONDS_PER_MINUTE);
  const rest = whole % SECONDS_PER_MINUTE;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
