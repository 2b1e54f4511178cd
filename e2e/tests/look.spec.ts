import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { openHome } from '../support/home.ts';

/** Screenshots for reviewing the look (git-ignored); one per screen and theme, at the phone viewport. */
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

async function snap(page: Page, name: string, scheme: string): Promise<void> {
  // Let entrance animations settle so the picture shows the resting look.
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${scheme}.png`) });
}

for (const [scheme, localNumber] of [
  ['light', '9876500701'],
  ['dark', '9876500702'],
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

    await page.goto('/#/win');
    await expect(page.getByTestId('colour-balance')).toBeVisible();
    await snap(page, 'win', scheme);

    await page.goto('/#/editAddress');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('full_name-error')).toHaveText('Please enter the full name.');
    await snap(page, 'form-errors', scheme);
    await context.close();
  });
}
