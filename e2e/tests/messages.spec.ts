import { expect, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { openHome } from '../support/home.ts';
import { fillPayerDialog } from '../support/wallet.ts';

const PASSWORD = 'gold-messages-1';

test('a visitor is told to log in to buy; a player sees the recharge bounds, the payment confirmation and a short balance', async ({
  page,
}) => {
  // A visitor taps Buy now: the app says why it needs an account before the login screen.
  await openHome(page);
  await page.getByTestId('product-card').last().click();
  await page.getByTestId('buy-button').click();
  await expect(page.getByText('Log in to buy')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/#\/item\?id=\d+/);
  await page.getByTestId('buy-button').click();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/login$/);

  await registerThroughTheApp(page, '9876501311', PASSWORD);

  // The channel's minimum is said under the amount before the payer dialog asks for anything.
  await page.goto('/#/recharge');
  await page.getByTestId('recharge-channel-sandbox').click();
  await page.getByTestId('recharge-amount').fill('50');
  await page.getByTestId('recharge-continue').click();
  await expect(page.getByTestId('recharge-amount-error')).toHaveText('The amount must be at least ₹100.00.');
  await expect(page.getByTestId('payer-details-form')).toHaveCount(0);
  await page.getByTestId('recharge-amount').fill('500');
  await expect(page.getByTestId('recharge-amount-error')).toHaveCount(0);
  await page.getByTestId('recharge-continue').click();
  await fillPayerDialog(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back from the gateway, the payer is told the payment went through.
  await expect(page).toHaveURL(/#\/rechargeRecord/);
  await expect(page.getByTestId('payment-result')).toContainText('Payment successful');
  await expect(page.getByTestId('recharge-status').first()).toHaveText('Success');

  // A product dearer than the balance: the buy screen says by how much and links to Recharge.
  await page.goto('/');
  await page.getByTestId('product-card').nth(1).click();
  await page.getByTestId('buy-button').click();
  await expect(page).toHaveURL(/#\/buy\?id=\d+/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹500.00');
  await expect(page.getByTestId('buy-balance-short')).toContainText('Your balance is ₹36,150.00 short');
  await page.getByTestId('buy-recharge-link').click();
  await expect(page).toHaveURL(/#\/recharge$/);
});

test('the address form says each problem under its field, in Portuguese, and keeps a short PIN code out', async ({
  page,
}) => {
  await registerThroughTheApp(page, '9876501312', PASSWORD);
  // The player switches the interface to Portuguese from the menu.
  // The home shows its daily notice on this browser's first visit; the player closes it first.
  await openHome(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('Português (Brasil)').click();
  await expect(page.getByRole('button', { name: 'Fechar' })).toBeVisible();
  await page.getByRole('button', { name: 'Fechar' }).click();

  await page.goto('/#/editAddress');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('full_name-error')).toHaveText('Informe o campo nome completo.');
  await expect(page.getByTestId('pin_code-error')).toHaveText('Informe o campo CEP.');
  await page.getByPlaceholder('Nome completo').fill('Ana Souza');
  await expect(page.getByTestId('full_name-error')).toHaveCount(0);
  await page.getByPlaceholder('Número de celular').fill('9876543210');
  await page.getByPlaceholder('CEP').fill('12');
  await page.getByPlaceholder('Estado').fill('Karnataka');
  await page.getByPlaceholder('Cidade').fill('Bengaluru');
  await page.getByPlaceholder('Rua, número e bairro').fill('12 MG Road');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // The market is India: a PIN code has six digits.
  await expect(page.getByTestId('pin_code-error')).toHaveText('O campo CEP deve ter 6 dígitos.');
  await page.getByPlaceholder('CEP').fill('560001');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).not.toHaveURL(/#\/editAddress/);
});
