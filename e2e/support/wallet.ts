import { expect, type Page } from '@playwright/test';

/** Payer details a person types into the recharge dialog. */
const PAYER = {
  name: 'Asha Verma',
  mobile: '9876543210',
  email: 'asha@example.com',
  upiAccount: 'asha@okbank',
};

/** Fills every payer field the recharge dialog shows (the UPI dialog has one more) and confirms it. */
export async function fillPayerDialog(page: Page): Promise<void> {
  const form = page.getByTestId('payer-details-form');
  await expect(form).toBeVisible();
  for (const [field, value] of Object.entries(PAYER)) {
    const input = form.getByTestId(`payer-${field}`);
    if ((await input.count()) > 0) await input.fill(value);
  }
  await page.getByTestId('payer-submit').click();
}

/**
 * Recharges the signed-in user through the Sandbox channel the way a person does: /recharge, choose
 * Sandbox, type the amount, fill the payer dialog, pay on the gateway's checkout page, land on the record.
 */
export async function rechargeThroughSandbox(page: Page, amountRupees: number): Promise<void> {
  await page.goto('/#/recharge');
  // Choosing a channel resets the amount (spec 01 §4), so a person chooses it first.
  await page.getByTestId('recharge-channel-sandbox').click();
  await page.getByTestId('recharge-amount').fill(String(amountRupees));
  await page.getByTestId('recharge-continue').click();
  await fillPayerDialog(page);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/#\/rechargeRecord/);
  await expect(page.getByTestId('recharge-status').first()).toHaveText('Success');
}
