import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { callOperatorApi } from '../support/operator.ts';
import { fillPayerDialog, rechargeThroughSandbox } from '../support/wallet.ts';

const PAYER_NUMBER = '9876500201';
const RECIPIENT_NUMBER = '9876500202';
const PASSWORD = 'wallet-pass-1';
/** A 12-digit UTR as a bank shows it after a UPI transfer. */
const UTR = '412345678901';

async function expectBalance(page: Page, text: string): Promise<void> {
  await page.goto('/#/mine');
  await expect(page.getByTestId('profile-balance')).toContainText(text);
}

test('recharge through the sandbox gateway, see the record, the balance and the transaction', async ({
  page,
}) => {
  await registerThroughTheApp(page, PAYER_NUMBER, PASSWORD);
  await expect(page.getByTestId('profile-balance')).toContainText('₹0.00');

  // A failed payment on the gateway credits nothing.
  await page.goto('/#/recharge');
  await page.getByTestId('recharge-channel-sandbox').click();
  await page.getByTestId('recharge-amount').fill('250');
  await page.getByTestId('recharge-continue').click();
  await fillPayerDialog(page);
  await page.getByRole('button', { name: 'Fail', exact: true }).click();
  await expect(page).toHaveURL(/#\/rechargeRecord/);
  await expect(page.getByTestId('recharge-record-row')).toHaveCount(1);
  await expect(page.getByTestId('recharge-status').first()).not.toHaveText('Success');

  await rechargeThroughSandbox(page, 500);
  const paidRow = page.getByTestId('recharge-record-row').first();
  await expect(paidRow.getByTestId('recharge-record-price')).toContainText('500.00');
  await expect(paidRow.getByTestId('recharge-record-channel')).toContainText('Sandbox');

  await expectBalance(page, '₹500.00');
  await page.goto('/#/transactionList');
  const credit = page.getByTestId('transaction-row').first();
  await expect(credit).toHaveAttribute('data-type', 'RE');
  await expect(credit.getByTestId('transaction-amount')).toHaveText('+₹500.00');
});

test('manual UPI: pay outside the app, submit the UTR, credited when the operator confirms', async ({
  page,
}) => {
  await registerThroughTheApp(page, '9876500203', PASSWORD);
  await page.goto('/#/recharge');
  await page.getByTestId('recharge-channel-mpurse').click();
  await page.getByTestId('recharge-amount').fill('300');
  await page.getByTestId('recharge-continue').click();
  await fillPayerDialog(page);

  await expect(page).toHaveURL(/#\/transferPayment/);
  await expect(page.getByTestId('transfer-payment-amount')).toContainText('300.00');
  await expect(page.getByTestId('transfer-payment-account')).not.toBeEmpty();
  const serialNumber = (await page.getByTestId('transfer-payment-sn').textContent())?.trim() ?? '';
  expect(serialNumber).not.toBe('');
  await page.getByTestId('enter-utr').click();

  await expect(page).toHaveURL(/#\/rechargePayment/);
  await expect(page.getByTestId('upi-qr-code')).toBeVisible();
  await page.getByTestId('utr-input').fill('12345');
  await page.getByTestId('utr-submit').click();
  await expect(page.getByTestId('utr-error')).toHaveText('The UTR must be 12 digits');
  await page.getByTestId('utr-input').fill(UTR);
  await page.getByTestId('utr-submit').click();
  await expect(
    page.getByText(
      'UTR number has been submitted successfully. We are still processing your payment, please try again later.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('recharge-payment-utr-received')).toBeVisible();

  await page.goto('/#/rechargeRecord');
  await expect(page.getByTestId('recharge-status').first()).toHaveText('Waiting');
  await expectBalance(page, '₹0.00');

  // The operator sees the UTR against the bank statement and confirms the payment.
  const awaiting = await callOperatorApi(page.request, 'GET', '/recharges');
  expect(JSON.stringify(awaiting)).toContain(serialNumber);
  await callOperatorApi(page.request, 'POST', `/recharges/${serialNumber}/confirm`, {
    reason: 'UTR matched the bank statement',
  });

  await page.goto('/#/rechargeRecord');
  await expect(page.getByTestId('recharge-status').first()).toHaveText('Success');
  await expectBalance(page, '₹300.00');
});

test('transfer to another user after confirming; both balances change', async ({ page, browser }) => {
  // The recipient registers on their own phone and reads their user ID from the profile.
  const recipientPhone = await browser.newContext();
  const recipient = await recipientPhone.newPage();
  await registerThroughTheApp(recipient, RECIPIENT_NUMBER, PASSWORD);
  const recipientId = ((await recipient.getByTestId('profile-user-id').textContent()) ?? '').replace(
    /\D/g,
    '',
  );
  expect(recipientId).not.toBe('');

  await registerThroughTheApp(page, '9876500204', PASSWORD);
  await rechargeThroughSandbox(page, 400);

  await page.goto('/#/mine');
  await page.getByTestId('profile-entry-transfer').click();
  await expect(page).toHaveURL(/#\/transfer$/);
  await page.getByTestId('transfer-user-id').fill(recipientId);
  await page.getByTestId('transfer-amount').fill('150');
  await page.getByTestId('transfer-confirm').click();
  await expect(page.getByText('Confirm transfer')).toBeVisible();
  await expect(page.getByTestId('transfer-confirm-text')).toContainText(recipientId);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The transfer has been successfully completed.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await expectBalance(page, '₹250.00');
  await recipient.reload();
  await expect(recipient.getByTestId('profile-balance')).toContainText('₹150.00');
  await recipient.goto('/#/transactionList');
  await expect(recipient.getByTestId('transaction-amount').first()).toHaveText('+₹150.00');
  await recipientPhone.close();
});
