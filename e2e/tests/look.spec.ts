import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { bettingNotYetOpen, waitForBettingToOpen } from '../support/colour.ts';
import { openHome } from '../support/home.ts';
import { advanceServerClock } from '../support/operator.ts';

/** Screenshots for reviewing the look (git-ignored); one per screen and theme, at the phone viewport. */
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

/** Ends the period the screen counts down on the server's test clock, and refreshes as a player does. */
async function endThePeriod(page: Page): Promise<void> {
  const text = (await page.getByTestId('colour-countdown').textContent()) ?? '';
  const [minutes = 0, seconds = 0] = text.split(':').map(Number);
  await advanceServerClock(page.request, minutes * 60 + seconds + 3);
  // The engine draws on its next tick: refresh until the new period's countdown shows.
  await expect
    .poll(
      async () => {
        await page.getByTestId('colour-refresh').click();
        return page
          .getByTestId('colour-countdown')
          .textContent({ timeout: 2000 })
          .catch(() => '');
      },
      { timeout: 20_000 },
    )
    .toMatch(/^0[23]:\d{2}$/);
}

async function snap(page: Page, name: string, scheme: string): Promise<void> {
  // Let entrance animations settle so the picture shows the resting look.
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${scheme}.png`) });
}

for (const [scheme, localNumber] of [
  ['light', '9876501301'],
  ['dark', '9876501302'],
] as const) {
  test(`the brand look in ${scheme} mode: home, Mine, /win and a form with errors`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openHome(page);
    await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', scheme);
    await snap(page, 'home', scheme);

    await registerThroughTheApp(page, localNumber, 'gold-look-12');
    await expect(page.getByTestId('profile-balance')).toBeVisible();
    await snap(page, 'mine', scheme);
    // Support contacts open the phone's own apps.
    await expect(page.getByTestId('support-email')).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByTestId('support-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\//);

    await page.goto('/#/win');
    await expect(page.getByTestId('colour-balance')).toBeVisible();
    // A server started less than a period ago says when betting opens; the test clock gets there.
    if (await bettingNotYetOpen(page)) await waitForBettingToOpen(page);
    await expect(page.getByTestId('countdown-ring')).toBeVisible();
    // Two periods end: the newest result is revealed as a ball beside the countdown ring.
    await endThePeriod(page);
    await endThePeriod(page);
    await expect(page.getByTestId('latest-result-ball')).toHaveText(/^\d$/);
    await snap(page, 'win', scheme);

    await page.goto('/#/editAddress');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('full_name-error')).toHaveText('Please enter the full name.');
    await snap(page, 'form-errors', scheme);

    // An error banner sits under the toolbar: the screen's title and Back stay visible.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/#/login');
    await page.getByPlaceholder('Mobile number').click();
    await page.getByPlaceholder('Mobile number').pressSequentially(localNumber);
    await page.getByPlaceholder('Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('Incorrect mobile number or password');
    const toolbar = await page.locator('header').first().boundingBox();
    const bannerBox = await banner.boundingBox();
    expect(bannerBox && toolbar && bannerBox.y >= toolbar.y + toolbar.height).toBe(true);
    await snap(page, 'error-banner', scheme);
    await context.close();
  });
}
