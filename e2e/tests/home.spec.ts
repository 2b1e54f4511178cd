import { expect, test } from '@playwright/test';
import { openHome } from '../support/home.ts';

/** The demo catalogue has 32 products and the home loads them 10 at a time. */
const DEMO_PRODUCT_COUNT = 32;
const PAGE_SIZE = 10;

test('the home shows the notice once, banners and real products with rupee prices', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('notice-text')).toContainText('Inventory time is 01:30-05:30');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('banner-carousel')).toBeVisible();
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(PAGE_SIZE);
  await expect(cards.first()).toContainText('Gold bar 1 g');
  await expect(cards.first().getByTestId('product-price')).toHaveText('₹7,480.00');
  const firstImage = cards.first().locator('img');
  await expect(firstImage).toHaveAttribute('src', /\/media\/products\/.+\.webp$/);
  await expect
    .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The notice shows once a day: a reload does not show it again.
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('notice-text')).toBeHidden();
});

test("before any script runs the page paints the home's toolbar and first banner, which the app then replaces", async ({
  page,
}) => {
  // Without the app's scripts: only the page and its stylesheets.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  const bootBanner = page.locator('.boot-shell .boot-banner img');
  await expect(bootBanner).toHaveAttribute('src', /\/media\/banners\/.+\.webp$/);
  await expect
    .poll(() => bootBanner.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const bootTop = await bootBanner.evaluate((img) => img.getBoundingClientRect().top);

  // With them: the first render replaces the boot shell, and the carousel's banner sits where it was.
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByTestId('banner-carousel')).toBeVisible();
  await expect(page.locator('.boot-shell')).toHaveCount(0);
  const appTop = await page
    .getByTestId('banner-carousel')
    .locator('img')
    .first()
    .evaluate((img) => img.getBoundingClientRect().top);
  expect(appTop).toBe(bootTop);
});

test('scrolling down loads more products until the catalogue ends', async ({ page }) => {
  await openHome(page);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(PAGE_SIZE);
  for (let loaded = PAGE_SIZE; loaded < DEMO_PRODUCT_COUNT; loaded = await cards.count()) {
    await page.mouse.wheel(0, 5_000);
    await expect.poll(() => cards.count()).toBeGreaterThan(loaded);
  }
  await expect(cards).toHaveCount(DEMO_PRODUCT_COUNT);
  await expect(page.getByText('No more products')).toBeVisible();
  // Sold-out products stay visible with their badge.
  await expect(page.getByTestId('sold-out-badge')).toHaveCount(2);
});

test('dark theme and language are switched from the menu and survive a reload', async ({ page }) => {
  await openHome(page);
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-prefers-color-scheme', 'dark');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(html).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await page.getByTestId('language-pt-BR').click();
  await expect(page.getByTestId('tab-games')).toContainText('Jogos');
  await page.getByRole('button', { name: 'Fechar' }).click();

  await page.reload();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(html).toHaveAttribute('data-prefers-color-scheme', 'dark');
  await expect(page.getByTestId('tab-games')).toContainText('Jogos');
  await expect(page.getByTestId('sold-out-badge').first()).toHaveText('Esgotado');

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('tab-games')).toContainText('Games');
});

test('the home shows the maintenance message when the server cannot be reached', async ({ page }) => {
  // The page for `/` normally carries the home's content, so the app needs no call to show it. Here it
  // comes without those data blocks (as the dev server or an older copy sends it), and the calls fail.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="shop-home-[a-z]+">.*?<\/script>/gs,
        '',
      );
      // The text above is decoded: the page goes back uncompressed, with its other headers.
      const headers = response.headers();
      delete headers['content-encoding'];
      delete headers['content-length'];
      delete headers.etag;
      await route.fulfill({ status: response.status(), headers, body });
    },
  );
  await page.route('**/shop/**', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page.getByTestId('maintenance-text')).toHaveText(
    'The app is closed for maintenance, please wait a period of time',
  );
  await page.unroute('**/shop/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('maintenance-text')).toBeHidden();
});
