import { expect, type Page } from '@playwright/test';
import { readLastOtp } from './accounts.ts';

/** A new or edited card cannot receive a withdrawal for this long (the default of withdrawal.card_cooldown_hours). */
export const CARD_COOLDOWN_SECONDS = 24 * 60 * 60;

/** What a person types into the India card form (spec 01 §3 "Bank card"). */
export interface IndiaBankCard {
  holder: string;
  ifsc: string;
  bank: string;
  accountNumber: string;
  email: string;
}

/** The account number as lists show it: all but the last four characters masked. */
export function maskedAccountNumber(accountNumber: string): string {
  return `${'*'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}`;
}

/** The user ID the profile screen shows. */
export async function readUserId(page: Page): Promise<number> {
  await page.goto('/#/mine');
  const text = (await page.getByTestId('profile-user-id').textContent()) ?? '';
  const userId = Number(text.replace(/\D/g, ''));
  expect(userId).toBeGreaterThan(0);
  return userId;
}

/**
 * Fills the card form that is open (/editBankCard) the way a person does, asks for the edit_bankcard code
 * (the server sends it to the account's own number), types it and saves. The app goes back afterwards.
 */
export async function fillBankCardForm(
  page: Page,
  card: IndiaBankCard,
  accountMobile: string,
): Promise<void> {
  await page.getByLabel('Account holder name').fill(card.holder);
  await page.getByLabel('IFSC code').fill(card.ifsc);
  await page.getByLabel('Bank name').fill(card.bank);
  await page.getByLabel('Account number').fill(card.accountNumber);
  await page.getByLabel('State / Province').fill('Maharashtra');
  await page.getByLabel('City', { exact: true }).fill('Pune');
  await page.getByLabel('Address', { exact: true }).fill('12 MG Road');
  await page.getByLabel('Mobile number').fill(accountMobile);
  await page.getByLabel('Email', { exact: true }).fill(card.email);
  // The code field shows because the server says otp_required (on by default).
  await expect(page.getByTestId('bank-card-code-to')).toContainText(accountMobile);
  await page.getByRole('button', { name: 'OTP' }).click();
  await expect(page.getByRole('button', { name: /^Wait \d+s$/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await readLastOtp(page.request, accountMobile));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bank card saved')).toBeVisible();
}
