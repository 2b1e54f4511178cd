import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { approveAsSecondOperator, createOperator, type PendingRequest } from '../support/approvals.ts';
import { firstConsoleLogin } from '../support/console.ts';
import { gradientPng } from '../support/images.ts';
import { callOperatorApi } from '../support/operator.ts';

// The console is a desktop application.
test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

/** Console lists load after a login and a page change; on a shared, loaded machine that can take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');
/** Keys the operator types; distinctive so their absence from every answer can be checked. */
const KEY_SECRET = `rzp_secret_${Date.now()}_Q7w`;
const WEBHOOK_SECRET = `whsec_${Date.now()}_Zk4p`;

let originalBanners: unknown;

test.beforeAll(async ({ request }) => {
  originalBanners = (await callOperatorApi(request, 'GET', '/content')).banners;
});
// The suite shares one server: the home banners go back to what they were for the specs after this one.
test.afterAll(async ({ request }) => {
  await callOperatorApi(request, 'PUT', '/content/banners', { banners: originalBanners });
});

/**
 * How far the server's clock runs ahead (other specs move it on), read from the time of the newest audit row
 * rather than by moving the clock, so TOTP codes are computed at the server's time.
 */
async function serverOffsetMs(request: APIRequestContext): Promise<number> {
  const audit = await callOperatorApi(request, 'GET', '/audit?p=1&p_size=1');
  const [newest] = audit.queryset as Array<{ created_at: number }>;
  expect(newest).toBeDefined();
  return (newest?.created_at ?? Date.now()) - Date.now();
}

test('finance sets a gateway key and sees it only as set; content uploads a banner the player home then shows', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const request = page.request;
  await createOperator(request, 'e2e.finance', 'finance');
  await createOperator(request, 'e2e.content', 'content');
  const offset = await serverOffsetMs(request);

  // Finance: the Razorpay channel's keys are written, never read back.
  await firstConsoleLogin(page, 'e2e.finance', offset);
  await page.getByRole('menuitem', { name: 'Channels' }).click();
  await expect(page.getByTestId('secret-razorpay-key_secret')).toContainText('not set');
  await page.getByTestId('edit-channel-razorpay').click();
  await page.getByLabel('Key id').fill('rzp_test_E2E0001');
  await page.getByLabel('Key secret').fill(KEY_SECRET);
  await page.getByLabel('Webhook secret').fill(WEBHOOK_SECRET);
  await page.getByLabel('Reason').fill('Live Razorpay account opened today');
  await page.getByRole('button', { name: 'Save' }).click();
  // Keys change where money goes: they are set only when a second finance operator approves.
  const sent = page.getByTestId('approval-requested');
  await expect(sent).toContainText('Sent for approval');
  await expect(page.getByText('Razorpay saved')).toHaveCount(0);
  await expect(page.getByTestId('secret-razorpay-key_secret')).toContainText('not set');
  const requestId = Number(
    /#\/approvals\/(\d+)$/.exec(
      (await sent.getByTestId('approval-requested-link').getAttribute('href')) ?? '',
    )?.[1],
  );
  const pending = await callOperatorApi(request, 'GET', `/approvals/${requestId}`);
  expect(JSON.stringify(pending)).not.toContain(KEY_SECRET);
  await approveAsSecondOperator(request, pending.entry as PendingRequest, 'Keys match the gateway dashboard');
  const reloaded = page.waitForResponse(
    (response) =>
      response.url().endsWith('/admin/api/payment-channels') && response.request().method() === 'GET',
  );
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await page.getByRole('menuitem', { name: 'Channels' }).click();
  const listText = await (await reloaded).text();
  expect(listText).not.toContain(KEY_SECRET);
  expect(listText).not.toContain(WEBHOOK_SECRET);
  await expect(page.getByTestId('secret-razorpay-key_secret')).toHaveText(
    `key_secret: set (ends …${KEY_SECRET.slice(-4)})`,
  );
  await expect(page.getByTestId('secret-razorpay-webhook_secret')).toContainText(
    `set (ends …${WEBHOOK_SECRET.slice(-4)})`,
  );
  // The drawer is destroyed once its close animation ends; the page is read after that.
  await expect(page.getByLabel('Key secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(KEY_SECRET);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-channels.png'), fullPage: true });

  // Opened again, the form holds no key: only whether one is set.
  await page.getByTestId('edit-channel-razorpay').click();
  await expect(page.getByLabel('Key secret')).toHaveValue('');
  await expect(page.getByTestId('secret-state-key_secret')).toContainText(
    `Currently set (ends …${KEY_SECRET.slice(-4)})`,
  );
  await page.keyboard.press('Escape');
  // The audit log shows the change without the key.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  const auditRow = page.getByRole('row', { name: /operator_payment_channel_changed/ }).first();
  await expect(auditRow).toContainText('"secrets.key_secret":"set"');
  await expect(auditRow).not.toContainText(KEY_SECRET);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // Content: the first banner is replaced by an uploaded image.
  await firstConsoleLogin(page, 'e2e.content', offset);
  await page.getByRole('menuitem', { name: 'Banners & notices' }).click();
  const firstBanner = page.getByTestId('banner-row-0');
  await firstBanner.locator('input[type=file]').setInputFiles({
    name: 'festival-banner.png',
    mimeType: 'image/png',
    buffer: gradientPng(1200, 500, [212, 160, 23], [140, 30, 60]),
  });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  const imageInput = page.getByLabel('Banner 1 image');
  await expect(imageInput).toHaveValue(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);
  const bannerUrl = await imageInput.inputValue();
  await page.getByRole('button', { name: 'Save banners' }).click();
  await expect(page.getByText('Banners saved')).toBeVisible();

  // A support contact that is not what its type says is refused before it is sent.
  await page.getByRole('button', { name: 'Add contact' }).click();
  await page.getByPlaceholder('help@example.com').last().fill('not-an-address');
  await page.getByRole('button', { name: 'Save contacts' }).click();
  await expect(page.getByText('Email must be an email address')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-content.png'), fullPage: true });

  // The player's home shows the new banner at once.
  const playerContext = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const player = await playerContext.newPage();
  await player.goto('/');
  const shown = player.getByTestId('banner-carousel').locator(`img[src="${bannerUrl}"]`).first();
  await expect(shown).toBeVisible();
  expect(await shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
  await playerContext.close();
});
