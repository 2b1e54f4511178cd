import type { GiftEventDto } from '@app/shared';

/** A day: the rounds are at the same market times every day, and the markets keep no daylight saving. */
export const DAY_MS = 24 * 60 * 60_000;

/** What a round is to the player at a moment: greyed, open to tap, or not yet open. */
export type GiftRoundState = 'completed' | 'open' | 'upcoming';

/**
 * The state of a round at `now` on the server's clock: completed when the server says so (over, emptied or
 * opened by this player) or once its end has passed on a list not yet reloaded; open between its start and
 * end; upcoming before its start.
 */
export function giftRoundState(event: GiftEventDto, now: number): GiftRoundState {
  if (event.completed || now >= event.end_time) return 'completed';
  return now >= event.start_time ? 'open' : 'upcoming';
}

/**
 * When the next round opens after `now`: the first of today's rounds still to start, or else the first
 * round of tomorrow (the same market time a day later); null for an empty list.
 */
export function nextGiftRoundOpening(
  events: readonly GiftEventDto[],
  now: number,
): { at: number; tomorrow: boolean } | null {
  const later = events.filter((event) => event.start_time > now).sort((a, b) => a.start_time - b.start_time);
  const first = later[0];
  if (first) return { at: first.start_time, tomorrow: false };
  const earliest = Math.min(...events.map((event) => event.start_time));
  return Number.isFinite(earliest) ? { at: earliest + DAY_MS, tomorrow: true } : null;
}
