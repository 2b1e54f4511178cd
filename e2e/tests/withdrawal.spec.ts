import { expect, type Page, test } from '@playwright/test';
import { registerThroughTheApp } from '../support/accounts.ts';
import { callOperatorApiWithApproval } from '../support/approvals.ts';
import { advanceServerClock, callOperatorApi } from '../support/operator.ts';
import { rechargeThroughSandbox } from '../support/wallet.ts';
import {
  CARD_COOLDOWN_SECONDS,
  fillBankCardForm,
  type IndiaBankCard,
  maskedAccountNumber,
  readUserId,
} from '../support/withdrawal.ts';

const PAYER_NUMBER = '9876500601';
const WITHDRAWER_NUMBER = '9876500602';
const PASSWORD = 'withdraw-pass-1';
const REJECT_REASON = 'The account holder name does not match the bank records';

const PAYER_CARD: IndiaBankCard = {
  holder: 'Asha Verma',
  ifsc: 'sbin0001234',
  bank: 'State Bank of India',
  accountNumber: '12345678901',
  email: 'asha@example.com',
};
const WITHDRAWER_CARD: IndiaBankCard = {
  holder: 'Ravi Kumar',
  ifsc: 'HDFC0ABC123',
  bank: 'HDFC Bank',
  accountNumber: '50100200300400',
  email: 'ravi@example.com',
};

async function expectBalance(page: Page, text: string): Promise<void> {
  await page.goto('/#/mine');
  await expect(page.getByTestId('profile-balance')).toContainText(text);
}

interface OperatorWithdrawal {
  id: number;
  user_id: number;
  status: string;
  price: string;
}

test('bank card with OTP, the needs_bet refusal, a withdrawal held, rejected by the operator and refunded', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The withdrawer registers on their own phone.
  const withdrawerPhone = await browser.newContext();
  const withdrawer = await withdrawerPhone.newPage();
  await registerThroughTheApp(withdrawer, WITHDRAWER_NUMBER, PASSWORD);
  const withdrawerId = await readUserId(withdrawer);

  // The payer recharges through the sandbox gateway: a credited recharge adds its amount to needs_bet.
  await registerThroughTheApp(page, PAYER_NUMBER, PASSWORD);
  await rechargeThroughSandbox(page, 1500);
  await page.goto('/#/mine');
  await page.getByTestId('profile-entry-withdrawal').click();
  await expect(page).toHaveURL(/#\/withdrawal$/);
  await expect(page.getByTestId('withdrawal-needs-bet')).toHaveText(
    'Need to bet ₹1,500.00 to be able to withdraw',
  );

  // The payer adds a card from the withdrawal form (spec 02: /editBankcard), with the OTP, and comes back.
  await page.getByTestId('withdrawal-add-card').click();
  await expect(page).toHaveURL(/#\/editBankcard$/);
  await fillBankCardForm(page, PAYER_CARD, `+91${PAYER_NUMBER}`);
  await expect(page).toHaveURL(/#\/withdrawal$/);
  const payerCard = page.getByTestId('withdrawal-card-option');
  await expect(payerCard).toHaveCount(1);
  await expect(payerCard.getByTestId('bank-card-account')).toHaveText(
    maskedAccountNumber(PAYER_CARD.accountNumber),
  );
  await expect(payerCard.getByTestId('bank-card-cooling-down')).toBeVisible();

  // The withdrawer adds a card from the profile menu: list, Add, the form with the OTP, back to the list.
  await withdrawer.goto('/#/mine');
  await withdrawer.getByTestId('profile-entry-bankCards').click();
  await expect(withdrawer).toHaveURL(/#\/bankCardList$/);
  await expect(withdrawer.getByTestId('bank-card-list-empty')).toBeVisible();
  await withdrawer.getByTestId('bank-card-add').click();
  await expect(withdrawer).toHaveURL(/#\/editBankCard$/);
  await fillBankCardForm(withdrawer, WITHDRAWER_CARD, `+91${WITHDRAWER_NUMBER}`);
  await expect(withdrawer).toHaveURL(/#\/bankCardList$/);
  const withdrawerCard = withdrawer.getByTestId('bank-card-item');
  await expect(withdrawerCard).toHaveCount(1);
  await expect(withdrawerCard.getByTestId('bank-card-account')).toHaveText(
    maskedAccountNumber(WITHDRAWER_CARD.accountNumber),
  );
  await expect(withdrawerCard).toContainText('HDFC Bank');
  // A new card waits out its cool-down before it can receive a withdrawal, and the list says until when.
  await expect(withdrawerCard.getByTestId('bank-card-cooling-down')).toContainText(
    'Can receive withdrawals from',
  );

  // A day passes on the server's clock: both cards are past their cool-down.
  await advanceServerClock(page.request, CARD_COOLDOWN_SECONDS);

  // The payer's withdrawal is refused while the requirement remains, and nothing is held.
  await page.reload();
  await page.getByTestId('withdrawal-amount').fill('1000');
  await page.getByPlaceholder('Password').fill(PASSWORD);
  await page.getByTestId('withdrawal-submit').click();
  await expect(page.getByRole('alert')).toContainText('Need to bet ₹1,500.00 to be able to withdraw');
  await expectBalance(page, '₹1,500.00');

  // The operator turns the wagering requirement off for new recharges (a transfer would carry the payer's
  // requirement along, and betting it away is the colour game's test); the withdrawer recharges 1200 and
  // owes nothing. The setting is restored at once.
  // Turning it off loosens a money control: a second operator approves it.
  await callOperatorApiWithApproval(withdrawer.request, 'PUT', '/settings/withdrawal.needs_bet_factor', {
    value: 0,
    reason: 'The withdrawal test recharges without a wagering requirement',
  });
  await rechargeThroughSandbox(withdrawer, 1200);
  await callOperatorApiWithApproval(withdrawer.request, 'PUT', '/settings/withdrawal.needs_bet_factor', {
    value: 1,
    reason: 'Back to the default after the withdrawal test',
  });

  // The withdrawer withdraws 1000 through the sandbox payout channel to a chosen bank.
  await expectBalance(withdrawer, '₹1,200.00');
  await withdrawer.getByTestId('profile-entry-withdrawal').click();
  await expect(withdrawer.getByTestId('withdrawal-card-option')).toHaveCount(1);
  await expect(withdrawer.getByTestId('withdrawal-needs-bet')).toHaveCount(0);
  await withdrawer.getByTestId('withdrawal-amount').fill('1000');
  await expect(withdrawer.getByTestId('withdrawal-fee')).toHaveText('₹20.00');
  await expect(withdrawer.getByTestId('withdrawal-actual')).toHaveText('₹980.00');
  await withdrawer.getByTestId('withdrawal-channel-sandbox_payout').click();
  await expect(withdrawer.getByTestId('withdrawal-submit')).toBeDisabled();
  await withdrawer.getByTestId('withdrawal-bank').selectOption({ label: 'State Bank of India' });

  // A wrong login password is refused and holds nothing.
  await withdrawer.getByPlaceholder('Password').fill('not-my-password');
  await withdrawer.getByTestId('withdrawal-submit').click();
  await expect(withdrawer.getByRole('alert')).toContainText('Password is incorrect');
  await expect(withdrawer.getByTestId('wallet-balance')).toHaveText('₹1,200.00');

  await withdrawer.getByPlaceholder('Password').fill(PASSWORD);
  await withdrawer.getByTestId('withdrawal-submit').click();
  await expect(withdrawer.getByText('Your withdrawal request has been submitted.')).toBeVisible();
  await withdrawer.getByRole('button', { name: 'OK' }).click();
  // The whole amount is held at once.
  await expect(withdrawer.getByTestId('wallet-balance')).toHaveText('₹200.00');

  // The record shows it pending.
  await withdrawer.getByTestId('withdrawal-record-link').click();
  await expect(withdrawer).toHaveURL(/#\/withdrawalRecord$/);
  const row = withdrawer.getByTestId('withdrawal-record-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('withdrawal-record-price')).toHaveText('₹1,000.00');
  await expect(row.getByTestId('withdrawal-record-fee')).toHaveText('₹20.00');
  await expect(row.getByTestId('withdrawal-record-actual')).toHaveText('₹980.00');
  await expect(row.getByTestId('withdrawal-record-status')).toHaveText('Waiting');
  await expect(row.getByTestId('withdrawal-record-payout-status')).toHaveText('Not sent');
  await expect(row.getByTestId('withdrawal-record-fail-reason')).toHaveCount(0);
  await expect(row).toContainText(maskedAccountNumber(WITHDRAWER_CARD.accountNumber));

  // The operator finds it in the pending queue and rejects it.
  const pending = (await callOperatorApi(withdrawer.request, 'GET', '/withdrawals?status=pending&p_size=100'))
    .queryset as OperatorWithdrawal[];
  const held = pending.filter((withdrawal) => withdrawal.user_id === withdrawerId);
  expect(held).toHaveLength(1);
  expect(held[0]?.price).toBe('1000.00');
  await callOperatorApi(withdrawer.request, 'POST', `/withdrawals/${held[0]?.id}/reject`, {
    reason: REJECT_REASON,
  });

  // The record shows the refusal and its reason; the whole amount is back; WDR in the transactions.
  await withdrawer.reload();
  await expect(row.getByTestId('withdrawal-record-status')).toHaveText('Rejected');
  await expect(row.getByTestId('withdrawal-record-fail-reason')).toHaveText(`Reason: ${REJECT_REASON}`);
  await expectBalance(withdrawer, '₹1,200.00');
  await withdrawer.goto('/#/transactionList');
  const refund = withdrawer.getByTestId('transaction-row').first();
  await expect(refund).toHaveAttribute('data-type', 'WDR');
  await expect(refund.getByTestId('transaction-type')).toHaveText('Withdrawal rejected');
  await expect(refund.getByTestId('transaction-amount')).toHaveText('+₹1,000.00');
  await expect(withdrawer.getByTestId('transaction-row').nth(1)).toHaveAttribute('data-type', 'WD');

  await withdrawerPhone.close();
});
