import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { openHome } from '../support/home.ts';
import { callOperatorApi } from '../support/operator.ts';
import { rechargeThroughSandbox } from '../support/wallet.ts';

const PLAYER_NUMBER = '9876501001';
const GIFT_NUMBER = '9876501002';
const PASSWORD = 'promo-pass-1';

async function expectBalanceOnMine(page: Page, amount: string): Promise<void> {
  await page.goto('/#/mine');
  await expect(page.getByTestId('profile-balance')).toContainText(amount);
}

test('the demo dice game plays inside the launcher frame and the balance changes in the app', async ({
  page,
}) => {
  await registerThroughTheApp(page, PLAYER_NUMBER, PASSWORD);
  await rechargeThroughSandbox(page, 500);
  await openHome(page);
  await page.getByRole('button', { name: 'Play Dice' }).click();
  await expect(page).toHaveURL(/#\/moreGame\?id=\d+&name=Dice/);
  await expect(page.getByTestId('more-game-balance')).toContainText('500.00');
  const game = page.frameLocator('[data-testid="more-game-frame"]');
  await expect(game.getByTestId('dice-balance')).toHaveText('500.00');
  await game.getByTestId('dice-stake').fill('25');
  await game.getByTestId('dice-target').fill('50');
  await game.getByTestId('dice-roll').click();
  await expect(game.getByTestId('dice-result')).not.toBeEmpty();
  const inGame = (await game.getByTestId('dice-balance').innerText()).trim();
  expect(inGame).not.toBe('500.00');
  // The app around the frame shows the same new balance.
  await expect(page.getByTestId('more-game-balance')).toContainText(inGame);
  await game.getByTestId('dice-roll').click();
  await expect(game.getByTestId('dice-roll')).toBeEnabled();
  const afterTwo = (await game.getByTestId('dice-balance').innerText()).trim();
  await expect(page.getByTestId('more-game-balance')).toContainText(afterTwo);
  await expectBalanceOnMine(page, afterTwo);
  await page.goto('/#/transactionList');
  await expect(page.getByText('External game bet').first()).toBeVisible();
});

test('gift code, promotion page and a support ticket answered by the operator', async ({ page }) => {
  await registerThroughTheApp(page, GIFT_NUMBER, PASSWORD);
  await callOperatorApi(page.request, 'POST', '/gift-codes', {
    code: 'E2EGIFT1',
    total: '30',
    count: 3,
    split: 'fixed',
    // Far ahead: earlier specs move the server's test clock forward by hours.
    expires_at: Date.now() + 365 * 86_400_000,
  });

  // The gift link prefills the code; the mobile field gets the prefix on focus.
  await page.goto('/#/rp?c=E2EGIFT1');
  await expect(page.getByTestId('gift-code-input')).toHaveValue('E2EGIFT1');
  await page.getByTestId('gift-mobile-input').click();
  await expect(page.getByTestId('gift-mobile-input')).toHaveValue('+91');
  await page.getByTestId('gift-mobile-input').pressSequentially(GIFT_NUMBER);
  await page.getByTestId('gift-redeem').click();
  await expect(page.getByText(/Redeemed successfully: ₹10\.00/)).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId('gift-redeem').click();
  await expect(page.getByText('You have already received this gift')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expectBalanceOnMine(page, '₹10.00');

  // Mine lists promotion, gift code and suggestions; promotion shows the code, link and its QR code.
  await page.getByText('Promotion', { exact: true }).click();
  await expect(page).toHaveURL(/#\/promotion$/);
  await expect(page.getByTestId('promotion-profit')).toContainText('0.00');
  await expect(page.getByTestId('promotion-link')).toContainText('r_code=');
  await expect(page.getByTestId('promotion-qr').locator('img')).toBeVisible();
  await page.getByTestId('promotion-apply-amount').fill('5');
  await page.getByTestId('promotion-apply').click();
  await expect(page.getByText('apply_bonus is more than your bonus')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('link', { name: 'Bonus record' }).click();
  await expect(page.getByRole('tab', { name: 'Level 2' })).toBeVisible();

  // A ticket about a recharge, preselected from the recharge link.
  await page.goto('/#/addSuggestion?t=recharge');
  await expect(page.getByTestId('suggestion-type')).toHaveValue('RP');
  await page.getByTestId('suggestion-whatsapp').fill('+919876501002');
  await page.getByTestId('suggestion-description').fill('Where is my gift?');
  await expect(page.getByText('17/500')).toBeVisible();
  await page.getByTestId('suggestion-submit').click();
  await expect(page.getByText('Your suggestion has been submitted')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/#\/suggestionList/);
  await expect(page.getByTestId('suggestion-row')).toContainText('Where is my gift?');

  const waiting = await callOperatorApi(page.request, 'GET', '/suggestions');
  const ticket = (waiting.queryset as Array<{ id: number; content: string }>).find(
    (row) => row.content === 'Where is my gift?',
  );
  await callOperatorApi(page.request, 'POST', `/suggestions/${ticket?.id}/reply`, {
    reply: 'It is in your wallet.',
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(page.getByTestId('suggestion-reply')).toContainText('It is in your wallet.');
});

test('legal pages link to the suggestions', async ({ page }) => {
  await page.goto('/#/privacyPolicy');
  await expect(page.getByTestId('legal-complaints-link')).toHaveAttribute('href', '#/suggestionList');
});
