import { expect, type Page } from '@playwright/test';

/**
 * Opens the home screen in a fresh browser context and closes the daily notice, which the demo server's
 * notice makes appear on a browser's first visit of the day.
 */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const notice = page.getByTestId('notice-text');
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
}
