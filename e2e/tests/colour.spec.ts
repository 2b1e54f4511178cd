import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import {
  bettingNotYetOpen,
  countdownSeconds,
  FRESH_PERIOD_MIN_SECONDS,
  SECONDS_INTO_PERIOD,
  waitForBettingToOpen,
} from '../support/colour.ts';
import { advanceServerClock } from '../support/operator.ts';
import { rechargeThroughSandbox } from '../support/wallet.ts';

const PLAYER_NUMBER = '9876500701';
const PASSWORD = 'colour-pass-1';
const RECHARGE_RUPEES = 1000;
/**
 * Moves the server's test clock just past the end of the period the screen counts down, then refreshes
 * the screen the way a player does: the server's engine draws and settles the period that ended.
 */
async function endThePeriod(page: Page): Promise<void> {
  await advanceServerClock(page.request, (await countdownSeconds(page)) + SECONDS_INTO_PERIOD);
  await page.getByTestId('colour-refresh').click();
  await expect.poll(() => countdownSeconds(page)).toBeGreaterThanOrEqual(FRESH_PERIOD_MIN_SECONDS);
}

/** Rupees of a shown amount such as "₹392.00". */
function rupees(text: string | null): number {
  const match = /₹([\d,]+\.\d{2})$/.exec(text?.trim() ?? '');
  if (!match) throw new Error(`"${text}" is not an amount in rupees`);
  return Number(match[1]?.replaceAll(',', ''));
}

test('bet on /win, let the test clock end the period, see the result, the balance and the Verify check', async ({
  page,
}) => {
  await registerThroughTheApp(page, PLAYER_NUMBER, PASSWORD);
  await rechargeThroughSandbox(page, RECHARGE_RUPEES);

  // New demo players have early access, so the Win tab is in the bottom menu.
  await page.getByTestId('tab-win').click();
  await expect(page).toHaveURL(/#\/win$/);
  await expect(page.getByTestId('colour-balance')).toHaveText('₹1,000.00');

  // A fresh server publishes its first hash chain for the period after it started, and the screen says when
  // betting opens, every Join button disabled until then. Once open (the suite may already be past it), the
  // test begins with a fresh period.
  if (await bettingNotYetOpen(page)) {
    await expect(page.getByTestId('colour-join-G')).toBeDisabled();
    await waitForBettingToOpen(page);
  } else {
    await endThePeriod(page);
  }
  const period = (await page.getByTestId('colour-period').textContent())?.trim() ?? '';
  expect(period).toMatch(/^\d{11}$/);

  await page.getByTestId('colour-join-G').click();
  await expect(page.getByTestId('bet-dialog-title')).toHaveText('Join Green');
  await expect(page.getByTestId('bet-total')).toHaveText('Total contract money is ₹10.00');
  await page.getByTestId('bet-money-100').click();
  await page.getByTestId('bet-count-minus').click();
  await expect(page.getByTestId('bet-count')).toHaveValue('1');
  await page.getByTestId('bet-count-plus').click();
  await expect(page.getByTestId('bet-total')).toHaveText('Total contract money is ₹200.00');
  await page.getByTestId('bet-confirm').click();
  await expect(page.getByText('Your contract was completed successfully')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await expect(page.getByTestId('colour-balance')).toHaveText('₹800.00');
  const bet = page.getByTestId('my-bet-row').first();
  await expect(bet.getByTestId('my-bet-period')).toHaveText(period);
  await expect(bet.getByTestId('my-bet-status')).toHaveText('Wait');

  await endThePeriod(page);
  await expect(bet.getByTestId('my-bet-status')).toHaveText(/^(Success|Fail)$/);

  // The public records show the drawn period; the bet's details show the same open price and the seed.
  const drawn = page.getByTestId('period-record-row').filter({ hasText: period });
  await expect(drawn).toHaveCount(1);
  const openPrice = (await drawn.getByTestId('period-record-price').textContent())?.trim() ?? '';
  await bet.getByTestId('my-bet-toggle').click();
  const details = bet.getByTestId('bet-details');
  await expect(details.getByTestId('bet-open-price')).toHaveText(openPrice);
  await expect(details.getByTestId('bet-result')).toContainText(openPrice.slice(-1));
  await expect(details.getByTestId('bet-seed')).toHaveText(/^[0-9a-f]{64}$/);

  // Green on 200 (a contract of 196) pays 392 on 1, 3, 7, 9, 294 on 5 and nothing on a red digit.
  const digit = Number(openPrice.slice(-1));
  const expectedWin = [1, 3, 7, 9].includes(digit) ? 392 : digit === 5 ? 294 : 0;
  expect(rupees(await details.getByTestId('bet-amount').textContent())).toBe(expectedWin);
  await expect(bet.getByTestId('my-bet-status')).toHaveText(expectedWin > 0 ? 'Success' : 'Fail');
  await expect(page.getByTestId('colour-balance')).toHaveText(
    `₹${(800 + expectedWin).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );

  // Verify recomputes the result from the revealed seed in the browser.
  await details.getByTestId('verify-run').click();
  const verdict = details.getByTestId('verify-verdict');
  await expect(verdict).toHaveText('✓ Verified');
  await expect(verdict).toHaveAttribute('data-ok', 'true');
  await expect(details.getByTestId('verify-check-result')).toHaveAttribute('data-passed', 'true');
  await expect(details.getByTestId('verify-check-payout')).toHaveAttribute('data-passed', 'true');

  // The parity history is public, hides the bottom menu and shows the period as the previous one.
  await page.getByRole('button', { name: 'Trend' }).click();
  await expect(page).toHaveURL(/#\/parity$/);
  await expect(page.getByTestId('bottom-nav')).toBeHidden();
  await expect(page.getByTestId('history-previous')).toContainText(period);
  await expect(page.getByTestId('history-previous-price')).toHaveText(openPrice);
});
