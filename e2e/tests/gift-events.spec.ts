import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import {
  enableGiftEvents,
  formatRupees,
  moveIntoRound,
  openGiftRound,
  rupeesToMinor,
  setGiftRoundRequirements,
  upcomingGiftRound,
} from '../support/gifts.ts';
import { openHome } from '../support/home.ts';
import { rechargeThroughSandbox } from '../support/wallet.ts';

// The gift rounds are at fixed market times (10:30, 15:30 and 20:30 in India), so these tests move the
// server's test clock forward into the next round: up to 14 hours, forward only, on the one server of the
// whole run. Every spec that runs after this one reads the time it needs from the server (game periods,
// the shop's inventory hours, card cool-downs counted from the card's own save) or sets dates a year ahead
// (gift codes), and admin-console.spec.ts moves the same clock a whole day earlier in the run.

const PLAYER_NUMBER = '9876501401';
const PORTUGUESE_PLAYER_NUMBER = '9876501402';
const PASSWORD = 'gift-rounds-1';
const RECHARGE_RUPEES = 500;
/**
 * Each test registers, recharges through the sandbox, drives two tabs and may move the clock by hours (the
 * engines catch up after the move): on a loaded machine, well over the default minute.
 */
const GIFT_TEST_TIMEOUT_MS = 240_000;

async function balanceOnMine(page: Page): Promise<number> {
  await page.goto('/#/mine');
  const balance = page.getByTestId('profile-balance');
  await expect(balance).toContainText('₹');
  return rupeesToMinor((await balance.textContent()) ?? '');
}

test('a gift round is closed until its time, then opens once: the price is paid into the balance', async ({
  page,
  context,
}) => {
  test.setTimeout(GIFT_TEST_TIMEOUT_MS);
  await setGiftRoundRequirements(page.request);
  await registerThroughTheApp(page, PLAYER_NUMBER, PASSWORD);
  // Gift events are off for a new account until the operator turns them on (spec 01 §6).
  await expect(page.getByTestId('profile-entry-giftCode')).toBeVisible();
  await expect(page.getByTestId('profile-entry-giftEvent')).toHaveCount(0);
  await enableGiftEvents(page);
  // The round's one entry requirement: a recharge, through the sandbox gateway.
  await rechargeThroughSandbox(page, RECHARGE_RUPEES);
  const before = await balanceOnMine(page);
  expect(before).toBe(RECHARGE_RUPEES * 100);

  // Mine → Gift events. The next round is closed and says when it opens, on the market's clock.
  const round = await upcomingGiftRound(page.request);
  // The player opens the app again and finds the entry on Mine.
  await page.goto('/#/mine');
  await page.reload();
  await page.getByTestId('profile-entry-giftEvent').click();
  await expect(page).toHaveURL(/#\/giftEvent$/);
  await expect(page.getByTestId('gift-event-next')).toHaveText(
    round.tomorrow
      ? `The next round opens tomorrow at ${round.start}`
      : `The next round opens at ${round.start}`,
  );
  await expect(page.getByTestId('gift-event-row')).toHaveCount(3);
  if (!round.tomorrow) {
    const closed = page.getByTestId('gift-event-row').filter({ hasText: round.label });
    await expect(closed).toHaveAttribute('data-state', 'upcoming');
    await expect(closed.getByTestId('gift-event-status')).toHaveText(`Opens at ${round.start}`);
    await expect(closed).toContainText('Recharged');
    // A closed round cannot be opened.
    await closed.click();
    await expect(page.getByTestId('gift-event-details')).toHaveCount(0);
  }

  // The round's time comes on the server's clock; the player refreshes the page.
  await moveIntoRound(page.request, round);
  await page.getByTestId('gift-events-refresh').click();
  const open = page.getByTestId('gift-event-row').filter({ hasText: round.label });
  await expect(open).toHaveAttribute('data-state', 'open');
  await expect(open.getByTestId('gift-event-status')).toHaveText('Open now');

  // A second tab has the same round open, as a player with the page open twice would.
  const secondTab = await context.newPage();
  await secondTab.goto('/#/giftEvent');
  await secondTab.getByTestId('gift-event-row').filter({ hasText: round.label }).click();
  await expect(secondTab.getByTestId('gift-event-open')).toBeEnabled();

  await open.click();
  await page.getByTestId('gift-event-open').click();
  const congratulations = page.getByText(/^Congratulations! You got ₹[\d,]+\.\d{2}$/);
  await expect(congratulations).toBeVisible();
  const priceMinor = rupeesToMinor((await congratulations.textContent()) ?? '');
  expect(priceMinor).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'OK' }).click();
  // Opened: the round is greyed and cannot be opened again from this page.
  await expect(page.getByTestId('gift-event-row').filter({ hasText: round.label })).toHaveAttribute(
    'data-state',
    'completed',
  );

  // The second tab tries the same round again: refused with the server's message, nothing paid.
  await secondTab.getByTestId('gift-event-open').click();
  await expect(secondTab.getByText('You have already opened this gift')).toBeVisible();
  await secondTab.getByRole('button', { name: 'OK' }).click();
  await secondTab.close();

  expect(await balanceOnMine(page)).toBe(before + priceMinor);
  await expect(page.getByTestId('profile-balance')).toContainText(formatRupees(before + priceMinor));
  await page.goto('/#/transactionList');
  await expect(page.getByText('Event gift').first()).toBeVisible();
});

test('in Portuguese: the open round, the price and the refused second open', async ({ page, context }) => {
  test.setTimeout(GIFT_TEST_TIMEOUT_MS);
  await setGiftRoundRequirements(page.request);
  await registerThroughTheApp(page, PORTUGUESE_PLAYER_NUMBER, PASSWORD);
  await enableGiftEvents(page);
  await rechargeThroughSandbox(page, RECHARGE_RUPEES);
  const round = await openGiftRound(page.request);

  // The player switches the interface to Portuguese from the menu.
  await openHome(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('Português (Brasil)').click();
  await expect(page.getByRole('button', { name: 'Fechar' })).toBeVisible();
  await page.getByRole('button', { name: 'Fechar' }).click();

  await page.goto('/#/mine');
  await page.getByTestId('profile-entry-giftEvent').click();
  await expect(page.getByText('Eventos de presente').first()).toBeVisible();
  const open = page.getByTestId('gift-event-row').filter({ hasText: round.label });
  await expect(open.getByTestId('gift-event-status')).toHaveText('Aberto agora');
  await expect(open).toContainText('Recarregou');

  const secondTab = await context.newPage();
  await secondTab.goto('/#/giftEvent');
  await secondTab.getByTestId('gift-event-row').filter({ hasText: round.label }).click();
  await expect(secondTab.getByTestId('gift-event-open')).toHaveText('Abrir presente');

  await open.click();
  await page.getByTestId('gift-event-open').click();
  const congratulations = page.getByText(/^Parabéns! Você ganhou ₹[\d,]+\.\d{2}$/);
  await expect(congratulations).toBeVisible();
  const priceMinor = rupeesToMinor((await congratulations.textContent()) ?? '');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(open.getByTestId('gift-event-status')).toHaveText('Concluído');

  await secondTab.getByTestId('gift-event-open').click();
  await expect(secondTab.getByText('Você já abriu este presente')).toBeVisible();
  await secondTab.getByRole('button', { name: 'OK' }).click();
  await secondTab.close();

  expect(await balanceOnMine(page)).toBe(RECHARGE_RUPEES * 100 + priceMinor);
});
