import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, devices, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { createOperator } from '../support/approvals.ts';
import { firstConsoleLogin } from '../support/console.ts';
import { callOperatorApi, readServerTime } from '../support/operator.ts';

// The console is a desktop application.
test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

/** Console lists load after a login and a page change; on a shared, loaded machine that can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');
const PLAYER_NUMBER = '9876502401';
const PASSWORD = 'controls-pass-1';
const MAKER = 'e2e.support-a';
const CHECKER = 'e2e.finance-b';
/** Above gifts.single_approval_max_minor (1,000.00 in India), within one operator's daily total. */
const GIFT_TOTAL = '2500';
const ASKED_BECAUSE = 'Diwali VIP campaign, budget line 7';
const APPROVED_BECAUSE = 'Budget line 7 confirmed with the campaign owner';
/** The app's answer to every code that cannot be claimed (unknown, used, expired or not made yet). */
const INVALID_CODE = 'This gift code is not valid or has no gifts left';

/** How many requests wait, as the server counts them (other specs may leave none or some). */
async function pendingCount(page: Page): Promise<number> {
  const list = await callOperatorApi(page.request, 'GET', '/approvals?status=pending&p_size=1');
  return (list.page as { count: number }).count;
}

/** The count the header's Requests badge shows (antd keeps it in the badge's title). */
function requestsBadge(page: Page) {
  return page.getByTestId('queue-approvals').locator('sup');
}

/** The player types a gift code and its mobile number in the app, and reads the app's answer. */
async function redeem(player: Page, code: string, answer: string | RegExp): Promise<void> {
  await player.goto(`/#/rp?c=${code}`);
  await expect(player.getByTestId('gift-code-input')).toHaveValue(code);
  // The field may hold a number already, and puts the prefix in when focused empty: it is emptied and left,
  // then focused again for the prefix, and the local number typed after it.
  const mobile = player.getByTestId('gift-mobile-input');
  await mobile.fill('');
  await mobile.blur();
  await mobile.click();
  await expect(mobile).toHaveValue('+91');
  await mobile.pressSequentially(PLAYER_NUMBER);
  await expect(mobile).toHaveValue(`+91${PLAYER_NUMBER}`);
  await player.getByTestId('gift-redeem').click();
  await expect(player.getByText(answer)).toBeVisible();
  await player.getByRole('button', { name: 'OK' }).click();
}

test('a support operator’s large gift code waits until a finance operator approves it; then a player redeems it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const code = `BIG${String(Date.now()).slice(-6)}`;
  const { defaultBrowserType: _browserType, ...phone } = devices['Pixel 7'];
  const playerContext = await browser.newContext(phone);
  const player = await playerContext.newPage();
  await registerThroughTheApp(player, PLAYER_NUMBER, PASSWORD);

  await createOperator(page.request, MAKER, 'support');
  await createOperator(page.request, CHECKER, 'finance');
  const offset = (await readServerTime(page.request)) - Date.now();
  const checkerContext = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  const checker = await checkerContext.newPage();
  await firstConsoleLogin(page, MAKER, offset);
  await firstConsoleLogin(checker, CHECKER, offset);
  const waitingBefore = await pendingCount(page);

  // Operator A (support) makes a code above the single-approval maximum, with a reason: it is sent for
  // approval, not made.
  await page.getByRole('menuitem', { name: 'Gift codes' }).click();
  await page.getByRole('button', { name: 'New gift code' }).click();
  const giftForm = page.getByRole('dialog', { name: 'New gift code' });
  await giftForm.getByRole('textbox', { name: /Code$/ }).fill(code);
  await giftForm.getByLabel('Total').fill(GIFT_TOTAL);
  await giftForm.getByLabel('Packets').fill('1');
  await giftForm.getByLabel('Reason').fill(ASKED_BECAUSE);
  await giftForm.getByLabel('Expires').fill(`${new Date().getFullYear() + 1}-01-01 12:00:00`);
  // Enter takes the typed date and sends the form (the date picker's panel would otherwise cover the button).
  await giftForm.getByLabel('Expires').press('Enter');
  const sent = page.getByTestId('approval-requested');
  await expect(sent).toContainText('Sent for approval: a second operator must approve it');
  await expect(page.getByText(`Gift code ${code} created`)).toHaveCount(0);
  const link = sent.getByTestId('approval-requested-link');
  const requestId = Number(/#\/approvals\/(\d+)$/.exec((await link.getAttribute('href')) ?? '')?.[1]);
  expect(requestId).toBeGreaterThan(0);
  await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
  await expect(requestsBadge(page)).toHaveAttribute('title', String(waitingBefore + 1));

  // Not made yet: the player's claim gets the answer of any invalid code.
  await redeem(player, code, INVALID_CODE);

  // A follows the link to its request: it cannot approve it, only withdraw it; the server refuses it too.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/approvals/${requestId}$`));
  await expect(page.getByTestId('request-reason')).toHaveText(ASKED_BECAUSE);
  await expect(page.getByTestId(`own-request-${requestId}`)).toHaveText(
    'Yours: a second operator must approve it',
  );
  await expect(page.getByTestId(`withdraw-${requestId}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const makerToken = await page.evaluate(() => sessionStorage.getItem('operator-console-token'));
  const selfApproval = await page.request.post(`/admin/api/approvals/${requestId}/approve`, {
    headers: { Authorization: `Operator ${makerToken}` },
    data: { reason: 'approving my own' },
  });
  expect(selfApproval.status()).toBe(409);
  expect(await selfApproval.json()).toEqual({
    code: 409,
    msg: 'A second, different operator must approve this request',
  });

  // Operator B (finance) opens Requests from the header's badge and finds it with who asked and why.
  await expect(requestsBadge(checker)).toHaveAttribute('title', String(waitingBefore + 1));
  await checker.getByTestId('queue-approvals').click();
  await expect(checker).toHaveURL(/#\/approvals$/);
  const row = checker.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('2500.00');
  await expect(row).toContainText(MAKER);
  await expect(row).toContainText(ASKED_BECAUSE);
  await expect(row).toContainText('Gift code');
  await checker.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-requests.png'), fullPage: true });

  // B approves it with a reason: the code is made, the queue and the badge count it no more.
  await row.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = checker.getByRole('dialog');
  await approveDialog.getByLabel('Reason').fill(APPROVED_BECAUSE);
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText('Approved and done')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(requestsBadge(checker)).toHaveAttribute('title', String(waitingBefore));
  await checker.getByRole('tab', { name: 'Approved' }).click();
  const approvedRow = checker.getByRole('row', { name: new RegExp(code) });
  await expect(approvedRow).toContainText(APPROVED_BECAUSE);
  await expect(approvedRow).toContainText(CHECKER);
  await approvedRow.getByTestId(`request-summary-${requestId}`).click();
  await expect(checker.getByTestId('request-status')).toHaveText('Approved');
  await expect(checker.getByTestId('decision-reason')).toHaveText(APPROVED_BECAUSE);
  await expect(checker.getByTestId('request-result')).toContainText(code);
  await checker.screenshot({
    path: path.join(SCREENSHOT_DIR, 'console-request-approved.png'),
    fullPage: true,
  });

  // The player redeems it in the app.
  await redeem(player, code, /Redeemed successfully: ₹2,500\.00/);
  await player.goto('/#/mine');
  await expect(player.getByTestId('profile-balance')).toContainText('₹2,500.00');

  // A large code raises an alert; B acknowledges it with a note.
  await checker.getByTestId('queue-alerts').click();
  await expect(checker).toHaveURL(/#\/alerts$/);
  const alert = checker.getByRole('row', { name: new RegExp(`Gift code ${code}`) });
  await expect(alert).toContainText('warning');
  await expect(alert).toContainText(`approved by ${CHECKER}`);
  await checker.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-alerts.png'), fullPage: true });
  await alert.getByRole('button', { name: 'Acknowledge' }).click();
  const acknowledgeDialog = checker.getByRole('dialog');
  await acknowledgeDialog.getByLabel('Note').fill('Campaign code, approved this morning');
  await acknowledgeDialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(checker.getByText('Alert acknowledged')).toBeVisible();
  await expect(alert).toHaveCount(0);
  await checker.getByRole('tab', { name: 'Acknowledged' }).click();
  await expect(checker.getByRole('row', { name: new RegExp(`Gift code ${code}`) })).toContainText(
    'Campaign code, approved this morning',
  );

  // A sees its request approved, and nothing left to withdraw.
  await page.reload();
  await expect(page.getByTestId('request-status')).toHaveText('Approved');
  await expect(page.getByTestId(`withdraw-${requestId}`)).toHaveCount(0);

  await checkerContext.close();
  await playerContext.close();
});
