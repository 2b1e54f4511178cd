import { expect, type Page } from '@playwright/test';
import { advanceServerClock } from './operator.ts';

/** The test clock moves this many seconds past a period's start, so betting is open with room to spare. */
export const SECONDS_INTO_PERIOD = 3;
/** A period lasts 180 s; after the move at least this many must remain on the screen's countdown. */
export const FRESH_PERIOD_MIN_SECONDS = 170;

/** The seconds the screen's mm:ss countdown shows. */
export async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('colour-countdown').textContent()) ?? '';
  const match = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`the countdown shows "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Waits until /win shows either its countdown or when betting opens; true when betting has not opened yet (a
 * server started less than a period ago).
 */
export async function bettingNotYetOpen(page: Page): Promise<boolean> {
  const opens = page.getByTestId('colour-betting-opens');
  await expect(page.getByTestId('colour-countdown').or(opens)).toBeVisible();
  return opens.isVisible();
}

/**
 * A fresh server takes bets from the first period its first hash chain covers, and the screen says when
 * that opens (after "Betting opens soon" while the chain is still being made): the test clock is moved
 * to just past the opening and the screen refreshed, as a player would once the wait is over.
 */
export async function waitForBettingToOpen(page: Page): Promise<void> {
  const opens = page.getByTestId('colour-betting-opens');
  await expect(opens).toHaveText(/^Betting opens in\d{2}:\d{2}$/, { timeout: 30_000 });
  const match = /(\d{2}):(\d{2})$/.exec((await opens.textContent()) ?? '');
  if (!match) throw new Error('the opening countdown is not mm:ss');
  await advanceServerClock(page.request, Number(match[1]) * 60 + Number(match[2]) + SECONDS_INTO_PERIOD);
  await page.getByTestId('colour-refresh').click();
  await expect.poll(() => countdownSeconds(page)).toBeGreaterThanOrEqual(FRESH_PERIOD_MIN_SECONDS);
  await expect(opens).toHaveCount(0);
}
