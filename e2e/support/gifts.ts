import type { APIRequestContext, Page } from '@playwright/test';
import { callOperatorApiWithApproval } from './approvals.ts';
import { advanceServerClock, callOperatorApi, readServerTime } from './operator.ts';
import { readUserId } from './withdrawal.ts';

/** The end-to-end server runs the India market: IST is UTC+05:30 all year. */
const MARKET_UTC_OFFSET_MS = 330 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The gift rounds of a day in market time (DESIGN.md §6), as minutes of the day: 10:30, 15:30 and 20:30. */
const GIFT_ROUND_START_MINUTES = [630, 930, 1230] as const;
/** A round lasts an hour. */
const GIFT_ROUND_MINUTES = 60;
/**
 * A round that starts sooner than this is not the one a test waits for: the screen could open it on its own
 * before the test has seen it closed.
 */
const NOT_BEFORE_MS = 5 * MINUTE_MS;
/** The clock is moved this far past a round's start, so the round is open with most of its hour left. */
export const INTO_ROUND_MS = 2 * MINUTE_MS;
/** A test that needs an open round wants at least this much of it left for its own steps. */
const ROUND_TIME_NEEDED_MS = 15 * MINUTE_MS;

/** A round as the screen shows it: its start, and its times on the market's clock ("15:30-16:30"). */
export interface GiftRoundTime {
  startAt: number;
  /** HH:mm of the start in market time. */
  start: string;
  /** The row's time text, "HH:mm-HH:mm". */
  label: string;
  /** Whether it is the first round of the next market day. */
  tomorrow: boolean;
}

function clockText(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60) % 24;
  return `${String(hours).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

/** The rounds starting on the market day of `now` and the next, in order. */
function roundsAround(now: number): Array<{ startAt: number; minute: number; tomorrow: boolean }> {
  const marketMidnight = now - ((now + MARKET_UTC_OFFSET_MS) % DAY_MS);
  return [0, 1].flatMap((day) =>
    GIFT_ROUND_START_MINUTES.map((minute) => ({
      startAt: marketMidnight + day * DAY_MS + minute * MINUTE_MS,
      minute,
      tomorrow: day === 1,
    })),
  );
}

function toRoundTime(round: { startAt: number; minute: number; tomorrow: boolean }): GiftRoundTime {
  return {
    startAt: round.startAt,
    start: clockText(round.minute),
    label: `${clockText(round.minute)}-${clockText(round.minute + GIFT_ROUND_MINUTES)}`,
    tomorrow: round.tomorrow,
  };
}

/** The next round that starts at least NOT_BEFORE_MS after `now` (on the server's clock), in market time. */
function nextGiftRound(now: number): GiftRoundTime {
  const next = roundsAround(now).find((round) => round.startAt >= now + NOT_BEFORE_MS);
  if (!next) throw new Error(`no gift round after ${new Date(now).toISOString()}`);
  return toRoundTime(next);
}

/**
 * The next round on the server's clock, still closed for at least NOT_BEFORE_MS: the round the screen names
 * as the next one. When a round is about to open, the clock is first moved past that round's end, so the
 * screen and the test agree on which round is next.
 */
export async function upcomingGiftRound(request: APIRequestContext): Promise<GiftRoundTime> {
  const now = await readServerTime(request);
  const imminent = roundsAround(now).find(
    (round) => round.startAt > now && round.startAt < now + NOT_BEFORE_MS,
  );
  if (!imminent) return nextGiftRound(now);
  const pastItsEnd = imminent.startAt + (GIFT_ROUND_MINUTES + 1) * MINUTE_MS;
  await advanceServerClock(request, Math.ceil((pastItsEnd - now) / 1000));
  return nextGiftRound(await readServerTime(request));
}

/** Moves the server's test clock to INTO_ROUND_MS past a round's start (at most a day, forward only). */
export async function moveIntoRound(request: APIRequestContext, round: GiftRoundTime): Promise<void> {
  const now = await readServerTime(request);
  await advanceServerClock(request, Math.ceil((round.startAt - now + INTO_ROUND_MS) / 1000));
}

/**
 * The round that is open on the server's clock with at least ROUND_TIME_NEEDED_MS left, the clock moved
 * into the next one first when none is.
 */
export async function openGiftRound(request: APIRequestContext): Promise<GiftRoundTime> {
  const now = await readServerTime(request);
  const current = roundsAround(now).find(
    (round) =>
      round.startAt <= now && now < round.startAt + GIFT_ROUND_MINUTES * MINUTE_MS - ROUND_TIME_NEEDED_MS,
  );
  if (current) return toRoundTime(current);
  const next = nextGiftRound(now);
  await moveIntoRound(request, next);
  return next;
}

/**
 * The operator's settings of the gift rounds (DESIGN.md §6) as these tests expect them: a recharge is the
 * one entry requirement. They are the defaults, set anyway so a changed default cannot pass unnoticed.
 * A day's rounds take the settings when first listed, so they are set before any list of the target day.
 */
export async function setGiftRoundRequirements(request: APIRequestContext): Promise<void> {
  // Turning a requirement off loosens a money control: when it was on, a second operator approves it.
  const reason = 'The gift round tests expect the default entry requirements';
  await callOperatorApiWithApproval(request, 'PUT', '/settings/gift_events.join_recharge', {
    value: true,
    reason,
  });
  await callOperatorApiWithApproval(request, 'PUT', '/settings/gift_events.join_relation', {
    value: false,
    reason,
  });
  await callOperatorApiWithApproval(request, 'PUT', '/settings/gift_events.join_bet', {
    value: false,
    reason,
  });
}

/** The operator turns on the gift events entry of the signed-in player (event_gift_enable, spec 01 §6). */
export async function enableGiftEvents(page: Page): Promise<void> {
  const userId = await readUserId(page);
  await callOperatorApi(page.request, 'PUT', `/users/${userId}/flags`, { event_gift_enable: true });
}

/** Minor units of an amount as the India market shows it ("₹1,234.56" or "1,234.56"). */
export function rupeesToMinor(text: string): number {
  const match = /([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number((match[1] ?? '').replaceAll(',', '')) * 100 + Number(match[2]);
}

/** An amount in minor units as the India market shows it: ₹ and Indian digit grouping (₹1,23,456.78). */
export function formatRupees(amountMinor: number): string {
  return `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amountMinor / 100)}`;
}
