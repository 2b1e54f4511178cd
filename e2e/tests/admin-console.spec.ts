import { expect, test } from '@playwright/test';
import {
  approveAsSecondOperator,
  callOperatorApiWithApproval,
  createOperator,
  type PendingRequest,
} from '../support/approvals.ts';
import {
  CONSOLE_PASSWORD,
  callPlayerApi,
  firstConsoleLogin,
  registerPlayer,
  totpCode,
} from '../support/console.ts';
import { callOperatorApi } from '../support/operator.ts';
import { CARD_COOLDOWN_SECONDS } from '../support/withdrawal.ts';

// The console is a desktop application.
test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

const PLAYER_PASSWORD = 'player-password-1';
/** The server's default of withdrawal.needs_bet_factor (settings.definitions.ts). */
const NEEDS_BET_FACTOR_DEFAULT = 1;

// The suite shares one server: the settings this spec relaxes go back to their defaults for the specs after it.
test.afterAll(async ({ request }) => {
  await callOperatorApiWithApproval(request, 'PUT', '/settings/bank_card.otp_required', {
    value: true,
    reason: 'Back to the default after the console test',
  });
  await callOperatorApiWithApproval(request, 'PUT', '/settings/withdrawal.needs_bet_factor', {
    value: NEEDS_BET_FACTOR_DEFAULT,
    reason: 'Back to the default after the console test',
  });
});

test('an operator logs in with TOTP, confirms a UTR, approves and pays a withdrawal, edits a product and sees the dashboard', async ({
  page,
}) => {
  const request = page.request;
  // The player's side, prepared through the player API: a card (no code needed here), a manual UPI recharge
  // with its UTR, and the card's cool-down waited out on the server's test clock. Both settings loosen a money
  // control, so a second operator approves them.
  await callOperatorApiWithApproval(request, 'PUT', '/settings/bank_card.otp_required', {
    value: false,
    reason: 'The console test adds a card without a code',
  });
  await callOperatorApiWithApproval(request, 'PUT', '/settings/withdrawal.needs_bet_factor', {
    value: 0,
    reason: 'The console test withdraws a recharge without wagering it',
  });
  const mobile = `+9197${String(Date.now()).slice(-8)}`;
  const player = await registerPlayer(request, mobile, PLAYER_PASSWORD);
  const card = await callPlayerApi(request, player, 'POST', '/user/edit_bank_card', {
    actual_name: 'Asha Rao',
    ifsc_code: 'SBIN0001234',
    bank_name: 'State Bank of India',
    account_number: '123456789012',
    province: 'Karnataka',
    city: 'Bengaluru',
    address: '12 MG Road',
    mobile_number: mobile,
    email: 'asha@example.com',
    upi_account: '',
  });
  const recharge = await callPlayerApi(request, player, 'POST', '/user/add_recharge', {
    price: '1200',
    pay_key: 'mpurse',
    pay_name: 'Asha Rao',
    pay_mobile: mobile.slice(3),
    pay_email: 'asha@example.com',
    pay_upi_account: 'asha@okbank',
  });
  const utr = String(Date.now()).slice(-12).padStart(12, '4');
  await callPlayerApi(request, player, 'POST', '/user/submit_utr_to_recharge', {
    sn: recharge.serial_number,
    utr,
  });
  const ticketText = `My recharge ${recharge.serial_number} has not arrived yet`;
  await callPlayerApi(request, player, 'POST', '/user/add_suggestion', {
    type: 'RP',
    whats_app: mobile.slice(3),
    description: ticketText,
    out_id: recharge.serial_number,
  });
  const advanced = await request.post('/dev/clock/advance', { data: { seconds: CARD_COOLDOWN_SECONDS } });
  expect(advanced.status()).toBe(200);
  // The server's clock now runs a day ahead; TOTP codes are computed at its time, as its checks are.
  const serverOffsetMs = ((await advanced.json()) as { now: number }).now - Date.now();
  // The settings this test loosens are approved by a second operator first; on a loaded machine all of it
  // takes a few minutes.
  test.setTimeout(240_000);

  // Log in with TOTP: enrolment at the first login, then a fresh code from the app at the next one.
  await createOperator(request, 'e2e.owner', 'owner');
  const secret = await firstConsoleLogin(page, 'e2e.owner', serverOffsetMs);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Username').fill('e2e.owner');
  await page.getByLabel('Password').fill(CONSOLE_PASSWORD);
  // The enrolment's code is spent; the code of a later 30-second step (on the server's clock) logs in.
  const later = await request.post('/dev/clock/advance', { data: { seconds: 31 } });
  const laterOffsetMs = ((await later.json()) as { now: number }).now - Date.now();
  await page.getByLabel('Authenticator code').fill(await totpCode(secret, laterOffsetMs));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('operator-identity')).toContainText('e2e.owner (owner)');

  // The dashboard draws its charts (echarts, loaded with the dashboard only).
  await expect(page.getByText('Ledger health')).toBeVisible();
  await expect(page.getByTestId('chart-money').locator('canvas').first()).toBeVisible();

  // Confirm the UTR from the manual UPI queue.
  await expect(page.getByTestId('queue-manual_recharges')).toContainText('1');
  await page.getByTestId('queue-manual_recharges').click();
  const rechargeRow = page.getByRole('row', { name: new RegExp(utr) });
  await expect(rechargeRow).toBeVisible();
  await rechargeRow.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('Reason').fill('UTR matched the bank statement');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Recharge confirmed').first()).toBeVisible();
  await expect(rechargeRow).toHaveCount(0);

  // The player withdraws to the manual bank channel; the operator approves, then records the payment.
  const withdrawal = await callPlayerApi(request, player, 'POST', '/user/add_withdrawal', {
    amount: '500',
    bank_card_id: (card.entry as { id: number }).id,
    password: PLAYER_PASSWORD,
    withdrawal_key: 'bank_transfer',
    force_login_password_valid: 'yes',
  });
  const withdrawalId = (withdrawal.entry as { id: number }).id;
  await page.getByTestId('queue-withdrawals').click();
  const withdrawalRow = page.getByRole('row', { name: new RegExp(`^${withdrawalId}\\b`) });
  await expect(withdrawalRow).toBeVisible();
  await withdrawalRow.getByRole('button', { name: 'Approve' }).click();
  await page.getByLabel('Reason').fill('KYC checked');
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(withdrawalRow.getByText('Processing')).toBeVisible();
  await withdrawalRow.getByRole('button', { name: 'Mark paid' }).click();
  await page.getByLabel('Reason').fill('NEFT reference 4711');
  await page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
  await expect(withdrawalRow).toHaveCount(0);
  const paid = await callOperatorApi(request, 'GET', '/withdrawals?status=Success');
  expect((paid.queryset as Array<{ id: number }>).map((row) => row.id)).toContain(withdrawalId);

  // Edit a product's stock.
  await page.getByRole('menuitem', { name: 'Products' }).click();
  const firstProduct = page.getByRole('row').nth(1);
  const productName = (await firstProduct.getByRole('cell').nth(2).textContent())?.trim() ?? '';
  await firstProduct.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Stock').fill('77');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(productName) }).getByRole('cell', { name: '77', exact: true }),
  ).toBeVisible();

  // Answer the player's ticket from the tickets queue; the player reads the reply.
  await page.getByTestId('queue-tickets').click();
  const ticketRow = page.getByRole('row', { name: new RegExp(ticketText) });
  await expect(ticketRow).toBeVisible();
  await ticketRow.getByRole('button', { name: 'Reply' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('Reply')
    .fill('The recharge is confirmed, please check your wallet');
  await page.getByRole('dialog').getByRole('button', { name: 'Reply' }).click();
  await expect(ticketRow).toHaveCount(0);
  const answered = await callPlayerApi(request, player, 'GET', '/user/suggestions?status=Completed');
  expect(answered.queryset).toContainEqual(
    expect.objectContaining({
      content: ticketText,
      reply: 'The recharge is confirmed, please check your wallet',
    }),
  );

  // Create a gift code from its form; it is listed with nothing claimed yet.
  const giftCode = `E2E${String(Date.now()).slice(-6)}`;
  await page.getByRole('menuitem', { name: 'Gift codes' }).click();
  await page.getByRole('button', { name: 'New gift code' }).click();
  const giftForm = page.getByRole('dialog', { name: 'New gift code' });
  await giftForm.getByRole('textbox', { name: /Code$/ }).fill(giftCode);
  await giftForm.getByLabel('Total').fill('100');
  await giftForm.getByLabel('Packets').fill('4');
  await giftForm.getByLabel('Expires').fill(`${new Date().getFullYear() + 1}-01-01 12:00:00`);
  // Enter takes the typed date and sends the form (the date picker's panel would otherwise cover the button).
  await giftForm.getByLabel('Expires').press('Enter');
  await expect(page.getByText(`Gift code ${giftCode} created`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(giftCode) })).toContainText('0 (0.00)');

  // The read-only reports of the newer games and the game launcher open.
  for (const title of [
    'Crash game rounds',
    'Lucky Hit rounds',
    'Gift event rounds',
    'Game providers',
    'Games',
  ]) {
    await page.getByRole('menuitem', { name: title }).click();
    await expect(page.getByText(title, { exact: true }).last()).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
  }

  // Save a game provider from its form: a new provider is a request until a second operator approves it,
  // and only then is it listed.
  await page.getByRole('menuitem', { name: 'Game providers' }).click();
  await page.getByRole('button', { name: 'Save provider' }).click();
  const providerForm = page.getByRole('dialog', { name: 'Save provider' });
  await providerForm.getByLabel('Key').fill('e2e-provider');
  await providerForm.getByLabel('Name').fill('E2E Provider');
  await providerForm.getByLabel('Signing secret').fill('an-e2e-signing-secret-1234');
  await providerForm.getByLabel('Launch URL').fill('https://games.example.com/launch');
  await providerForm.getByLabel(/Max multiplier/).fill('49.00');
  await providerForm.getByLabel('Daily net payout cap').fill('100000');
  await providerForm.getByLabel(/Reason/).fill('New games partner signed this week');
  await providerForm.getByRole('button', { name: 'Save' }).click();
  const sent = page.getByTestId('approval-requested');
  await expect(sent).toContainText('Sent for approval');
  await expect(page.getByRole('row', { name: /e2e-provider.*E2E Provider/ })).toHaveCount(0);
  const requestId = Number(
    /#\/approvals\/(\d+)$/.exec(
      (await sent.getByTestId('approval-requested-link').getAttribute('href')) ?? '',
    )?.[1],
  );
  const pending = await callOperatorApi(request, 'GET', `/approvals/${requestId}`);
  expect(JSON.stringify(pending)).not.toContain('an-e2e-signing-secret-1234');
  await approveAsSecondOperator(request, pending.entry as PendingRequest, 'Partner contract checked');
  await page.getByRole('menuitem', { name: 'Games' }).click();
  await page.getByRole('menuitem', { name: 'Game providers' }).click();
  await expect(page.getByRole('row', { name: /e2e-provider.*E2E Provider/ })).toBeVisible();

  // Every action is in the audit log with the operator's name.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page.getByRole('row', { name: /operator_withdrawal_paid.*e2e\.owner/ })).toBeVisible();
});
