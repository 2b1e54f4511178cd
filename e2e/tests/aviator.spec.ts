import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { rechargeThroughSandbox } from '../support/wallet.ts';

const PLAYER_NUMBER = '9876500801';
const PASSWORD = 'aviator-pass-1';
const RECHARGE_RUPEES = 1000;
/** A round is 10 s of betting, a second of closing and a flight; a few rounds give a flight long enough. */
const ROUNDS_TO_TRY = 6;
const ROUND_TIMEOUT_MS = 45_000;
/**
 * How long a flight may go on: the one in the air when the screen opens, before betting opens again, and the
 * one after the cash-out, before the round ends and my records show its result. A round crashes past a
 * multiplier x with probability about 0.97 / x, and m(t) = e^(0.00006 t) reaches 8,000x after 150 s, so
 * waiting that long leaves about one run in ten thousand to chance (45 s left one in sixteen: a CI run met a
 * flight past 21x while it waited for betting to open).
 */
const FLIGHT_END_TIMEOUT_MS = 150_000;

/** Rupees of a shown amount such as "Balance: ₹1,392.00". */
function rupees(text: string | null): number {
  const match = /₹([\d,]+\.\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`"${text}" has no amount in rupees`);
  return Number(match[1]?.replaceAll(',', ''));
}

/**
 * Bets 50 in the next round, waits for take-off and cashes out at once. A round may crash at 1.00 (about one
 * in thirty-three): then the cash-out is refused and the next round is tried. Answers whether it cashed out.
 */
async function betAndCashOut(page: Page): Promise<boolean> {
  const action = page.getByTestId('aviator-action');
  await expect(action).toHaveText('Confirm', { timeout: ROUND_TIMEOUT_MS });
  // Betting opens when the flight in the air, if any, has ended.
  await expect(action).toBeEnabled({ timeout: FLIGHT_END_TIMEOUT_MS });
  await action.click();
  await expect(action).toHaveText('Wait');
  // Watch the flight: the multiplier rises on the stage, then the button offers the cash-out.
  await expect(action).toHaveText('Cash out', { timeout: ROUND_TIMEOUT_MS });
  await expect(page.getByTestId('aviator-multiplier')).toHaveText(/^\d+\.\d{2}x$/);
  await action.click();
  const banner = page.getByTestId('aviator-banner');
  const refused = page.getByText('The plane has flown away');
  await expect(banner.or(refused)).toBeVisible({ timeout: ROUND_TIMEOUT_MS });
  if (await banner.isVisible()) return true;
  await page.getByRole('button', { name: 'OK' }).click();
  return false;
}

test('bet on /aviator, watch the flight, cash out, see the win in my records and the balance, and Verify', async ({
  page,
}) => {
  test.setTimeout(ROUNDS_TO_TRY * ROUND_TIMEOUT_MS + 2 * FLIGHT_END_TIMEOUT_MS);
  await registerThroughTheApp(page, PLAYER_NUMBER, PASSWORD);
  await rechargeThroughSandbox(page, RECHARGE_RUPEES);

  // New demo players have early access: the Aviator tab is in the bottom menu and its tile on home.
  await page.getByTestId('tab-games').click();
  await expect(page.getByTestId('home-aviator')).toBeVisible();
  // The daily notice shows on the first visit of home.
  const notice = page.getByTestId('notice-text');
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
  await page.getByTestId('tab-aviator').click();
  await expect(page).toHaveURL(/#\/aviator$/);
  await expect(page.getByTestId('aviator-balance')).toHaveText('Balance: ₹1,000.00');
  await expect(page.getByTestId('aviator-offline')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('aviator-amount').locator('input')).toHaveValue('50');

  let cashedOut = false;
  let rounds = 0;
  while (!cashedOut && rounds < ROUNDS_TO_TRY) {
    rounds += 1;
    cashedOut = await betAndCashOut(page);
  }
  expect(cashedOut).toBe(true);
  const bannerText = (await page.getByTestId('aviator-banner').textContent()) ?? '';
  const won = rupees(bannerText);
  // 50 × 0.98 × the multiplier: at least 49.00.
  expect(won).toBeGreaterThanOrEqual(49);

  // Each lost round cost 50; the cashed-out one paid `won` for its 50.
  const expectedBalance = RECHARGE_RUPEES - 50 * rounds + won;
  await expect
    .poll(async () => rupees(await page.getByTestId('aviator-balance').textContent()), { timeout: 15_000 })
    .toBeCloseTo(expectedBalance, 2);

  // After the round ends, my records show the bet with its winnings and a Verify button.
  const record = page.getByTestId('aviator-record').first();
  await expect(record.getByTestId('aviator-record-win')).toContainText(won.toFixed(2), {
    timeout: ROUND_TIMEOUT_MS,
  });
  await expect(record.getByRole('button', { name: 'Verify' })).toBeVisible({
    timeout: FLIGHT_END_TIMEOUT_MS,
  });
  await record.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('aviator-verify-verdict')).toHaveText('Recomputed in your browser: matches');
});
