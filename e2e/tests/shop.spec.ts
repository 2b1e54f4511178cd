import { expect, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { openHome } from '../support/home.ts';
import { leaveInventoryHours } from '../support/shop.ts';
import { rechargeThroughSandbox } from '../support/wallet.ts';

const LOCAL_NUMBER = '9876500301';
const PASSWORD = 'shop-pass-1';
const PRODUCT = 'Gold bar 1 g 999.9';

test('search, open a product, buy it with a new address, see it undelivered, cancel it and get the refund', async ({
  page,
}) => {
  await leaveInventoryHours(page.request);
  await registerThroughTheApp(page, LOCAL_NUMBER, PASSWORD);
  await rechargeThroughSandbox(page, 10_000);

  // Search from the home screen's search entry.
  await openHome(page);
  await page.getByTestId('search-entry').click();
  await expect(page).toHaveURL(/#\/search/);
  const keyword = page.getByRole('searchbox', { name: 'Search products' });
  await keyword.fill('gold bar 1 g');
  await keyword.press('Enter');
  await page.getByText(PRODUCT, { exact: true }).first().click();

  // The product page: name, price, the specification parsed from k=v pairs, Buy now.
  await expect(page).toHaveURL(/#\/item\?id=\d+/);
  await expect(page.getByTestId('product-name')).toHaveText(PRODUCT);
  await expect(page.getByTestId('product-price')).toHaveText('₹7,480.00');
  await expect(page.getByTestId('spec-table')).toContainText('Purity');
  await expect(page.getByTestId('spec-table')).toContainText('999.9');
  await page.getByTestId('buy-button').click();

  // No address yet: add one from the buy screen and come back to it.
  await expect(page).toHaveURL(/#\/buy\?id=\d+/);
  await expect(page.getByText('You have no delivery address yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Add a new address' }).click();
  await expect(page).toHaveURL(/#\/editAddress/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/#\/editAddress/);
  await page.getByPlaceholder('Full name').fill('Asha Verma');
  await page.getByPlaceholder('Mobile number').fill('9876543210');
  await page.getByPlaceholder('PIN code').fill('560001');
  await page.getByPlaceholder('State').fill('Karnataka');
  await page.getByPlaceholder('Town / City').fill('Bengaluru');
  await page.getByPlaceholder('House number, street and area').fill('12 MG Road, Ashok Nagar');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/#\/buy\?id=\d+/);
  await expect(page.getByTestId('address-option')).toHaveCount(1);
  await expect(page.getByTestId('address-option')).toContainText('Asha Verma');

  // A wrong password is refused and nothing is bought.
  await page.getByPlaceholder('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByText('Password is incorrect')).toBeVisible();

  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByText('Your buy is successful completed.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  // The order waits under Undelivered; the balance paid for it.
  await expect(page).toHaveURL(/#\/orderList/);
  const order = page.getByTestId('order-item').first();
  await expect(order).toHaveAttribute('data-status', 'undelivered');
  await expect(order).toContainText(PRODUCT);
  await page.goto('/#/mine');
  await expect(page.getByTestId('profile-balance')).toContainText('₹2,520.00');

  // Cancel it: the money comes back and the refund shows in the transactions.
  await page.getByTestId('profile-entry-orders').click();
  await page.getByRole('tab', { name: 'Undelivered' }).click();
  await page.getByTestId('order-item').first().getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order cancelled, the money has been refunded to your balance')).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByTestId('order-item').first()).toHaveAttribute('data-status', 'cancelled');

  await page.goto('/#/transactionList');
  const refund = page.getByTestId('transaction-row').first();
  await expect(refund).toHaveAttribute('data-type', 'ORDR');
  await expect(refund.getByTestId('transaction-amount')).toHaveText('+₹7,480.00');
  await page.goto('/#/mine');
  await expect(page.getByTestId('profile-balance')).toContainText('₹10,000.00');

  // The address book has the address with its actions.
  await page.getByTestId('profile-entry-addresses').click();
  await expect(page.getByTestId('address-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Address actions' }).click();
  await expect(page.getByTestId('address-sheet').getByRole('button', { name: 'Edit' })).toBeVisible();
});
