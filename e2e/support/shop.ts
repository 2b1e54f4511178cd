import type { APIRequestContext } from '@playwright/test';
import { advanceServerClock } from './operator.ts';

/** The end-to-end server runs the India market: IST is UTC+05:30 all year. */
const MARKET_UTC_OFFSET_MINUTES = 330;
const MINUTES_PER_DAY = 1440;
/** The shop's daily inventory hours, 01:30 to 05:30 market time (spec 02 §4), when buying is refused. */
const INVENTORY_START_MINUTE = 90;
const INVENTORY_END_MINUTE = 330;
/** Room for a test's own steps, so the window cannot open half-way through a purchase. */
const SAFETY_MARGIN_MINUTES = 15;

/**
 * A purchase test run at night would meet the inventory hours; the test then moves the server's test clock
 * (DEV_TEST_CLOCK) just past them, the way the shop would be found by a player in the morning.
 */
export async function leaveInventoryHours(request: APIRequestContext): Promise<void> {
  const response = await request.post('/dev/clock/advance', { data: { seconds: 1 } });
  const { now } = (await response.json()) as { now: number };
  const minuteOfDay = Math.floor(now / 60_000 + MARKET_UTC_OFFSET_MINUTES) % MINUTES_PER_DAY;
  if (minuteOfDay < INVENTORY_START_MINUTE - SAFETY_MARGIN_MINUTES || minuteOfDay >= INVENTORY_END_MINUTE)
    return;
  const minutesToWait = INVENTORY_END_MINUTE + 1 - minuteOfDay;
  await advanceServerClock(request, minutesToWait * 60);
}
