import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { advanceServerClock } from '../support/operator.ts';
import { rechargeThroughSandbox } from '../support/wallet.ts';

const PLAYER_NUMBER = '9876500716';
const PASSWORD = 'luckyhit-pass-1';
const RECHARGE_RUPEES = 1000;
const ROUND_SECONDS = 30;
/** Where in a round the test bets: well inside the window of seconds 4 to 19. */
const BET_SECONDS = [6, 12] as const;
/** Where it waits for the deal: after betting closes at 20. */
const DEAL_SECONDS = [22, 29] as const;
/** How long the screen gets to follow the server's clock after a move. */
const FOLLOW_TIMEOUT_MS = 5_000;

/** The server's second of the round, as the screen shows it ("Second N of 30"). */
async function secondOfRound(page: Page): Promise<number> {
  const text = (await page.getByTestId('luckyhit-clock').textContent()) ?? '';
  const match = /Second (\d+) of 30/.exec(text);
  if (!match) throw new Error(`the clock shows "${text}"`);
  return Number(match[1]);
}

/**
 * Moves the server's test clock (forward only) until the screen shows a second in [from, to] of a round:
 * of this round when it is still ahead, else of the next. A move can overshoot when the server is busy
 * (a fresh server hashes its colour chains first), so it is checked and made again if need be.
 */
async function moveIntoSeconds(page: Page, from: number, to: number): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await expect(page.getByTestId('luckyhit-clock')).toHaveAttribute('data-synced', 'true');
    const now = await secondOfRound(page);
    if (now >= from && now <= to) return;
    await advanceServerClock(page.request, now < from ? from - now : ROUND_SECONDS - now + from);
    // Reload, as a player does: a fresh socket is greeted with the round under way by the server's clock.
    await page.getByTestId('luckyhit-reload').click();
    const inRange = async () => {
      const second = await secondOfRound(page);
      return second >= from && second <= to;
    };
    // The screen follows once the new socket's greeting arrives; a move that overshot is made again.
    try {
      await expect.poll(inRange, { timeout: FOLLOW_TIMEOUT_MS }).toBe(true);
      return;
    } catch {}
  }
  throw new Error(`could not bring the round to seconds ${from}-${to}`);
}

/** Rupees of a shown amount such as "₹1,950.00". */
function rupees(text: string | null): number {
  const match = /(-?)₹([\d,]+\.\d{2})$/.exec(text?.trim() ?? '');
  if (!match) throw new Error(`"${text}" is not an amount in rupees`);
  return Number(`${match[1]}${match[2]?.replaceAll(',', '')}`);
}

test('bet on black in /luckyhit, see the cards flip, the result in my records and the balance, verify the deal', async ({
  page,
}) => {
  await registerThroughTheApp(page, PLAYER_NUMBER, PASSWORD);
  await rechargeThroughSandbox(page, RECHARGE_RUPEES);

  // Demo players have early access: the Lucky Hit tab is in the bottom menu.
  await page.getByTestId('tab-luckyHit').click();
  await expect(page).toHaveURL(/#\/luckyhit$/);
  await expect(page.getByTestId('luckyhit-balance')).toHaveText('₹1,000.00');
  await expect(page.getByTestId('luckyhit-amount')).toHaveValue('50');

  // The rules show the house edge of each bet, computed exactly.
  await page.getByTestId('luckyhit-rules').click();
  await expect(page.getByTestId('luckyhit-house-edge')).toHaveText(
    'House edge, computed exactly over every deal: Black or Red 2.00%, Lucky Hit 9.99%.',
  );
  await page.getByRole('button', { name: 'OK' }).click();

  // A fresh server commits its first chain for a round after it started: bet in the next round.
  await advanceServerClock(page.request, ROUND_SECONDS);
  await moveIntoSeconds(page, ...BET_SECONDS);
  const period = (await page.getByTestId('luckyhit-period').textContent())?.trim() ?? '';
  expect(period).toMatch(/^\d{12}$/);
  await expect(page.getByTestId('luckyhit-bet-B')).toBeEnabled();
  await page.getByTestId('luckyhit-bet-B').click();
  await expect(page.getByText('Your contract is successful completed')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('luckyhit-balance')).toHaveText('₹950.00');
  await expect(page.getByTestId('luckyhit-totals')).toContainText('₹50.00');
  const record = page.getByTestId('luckyhit-record').first();
  await expect(record).toContainText(period);
  await expect(record.getByTestId('luckyhit-record-status')).toHaveText('Waiting');
  for (const side of ['B', 'R']) {
    await expect(page.getByTestId(`luckyhit-card-${side}-0`)).toHaveAttribute('data-flipped', 'false');
  }

  // Betting closes at second 20; the cards are dealt and flip over.
  await moveIntoSeconds(page, ...DEAL_SECONDS);
  await expect(page.getByTestId('luckyhit-bet-B')).toBeDisabled();
  for (const side of ['B', 'R']) {
    for (const index of [0, 1, 2]) {
      await expect(page.getByTestId(`luckyhit-card-${side}-${index}`)).toHaveAttribute(
        'data-flipped',
        'true',
      );
    }
  }
  const tip = (await page.getByTestId('luckyhit-tip').textContent()) ?? '';
  const blackWon = tip.startsWith('Black wins');
  expect(blackWon || tip.startsWith('Red wins')).toBe(true);
  await expect(page.getByTestId('luckyhit-history-item').first()).toHaveText(
    new RegExp(`^${blackWon ? 'B' : 'R'}`),
  );

  // A 50 bet on black: a contract of 49 pays 98 when black wins, so the balance is 1048 or 950.
  await expect(record.getByTestId('luckyhit-record-status')).toHaveText(blackWon ? '+₹48.00' : '-₹50.00');
  expect(rupees(await page.getByTestId('luckyhit-balance').textContent())).toBe(blackWon ? 1048 : 950);

  // Verify re-deals the round in the browser from the revealed seeds.
  await record.getByRole('button').first().click();
  await record.getByTestId('luckyhit-verify').click();
  const verification = page.getByTestId('luckyhit-verification');
  await expect(verification).toContainText(period);
  await expect(page.getByTestId('luckyhit-verdict')).toHaveText('The cards match: verified');
});
