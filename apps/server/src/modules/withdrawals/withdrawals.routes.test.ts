import { needBetMessage, WithdrawalMessage } from '@app/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.ts';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { readLastOtp } from '../accounts/account-fixtures.ts';
import { INSUFFICIENT_BALANCE_MESSAGE } from '../ledger/ledger.errors.ts';
import { systemAccount } from '../ledger/ledger.kinds.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import {
  BUYER_PASSWORD,
  balanceOf,
  createBuyer,
  fundWallet,
  type TestBuyer,
} from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import {
  DEMO_MANUAL_WITHDRAWAL_KEY,
  DEMO_SANDBOX_WITHDRAWAL_KEY,
  seedDemoWithdrawalChannels,
} from './demo-withdrawal-channels.ts';
import {
  type PayoutAdapter,
  payoutAdapterFor,
  SANDBOX_FAILURE_REASON,
  sandboxPayoutAdapter,
} from './payout-adapters.ts';
import { WageringService } from './wagering.service.ts';
import {
  addCard,
  buildWithdrawalsTestApp,
  holdCount,
  indiaCardBody,
  mobileOfUser,
} from './withdrawal-fixtures.ts';
import { PAYOUT_STUCK_AFTER_MS } from './withdrawal-operator.service.ts';
import { WITHDRAWAL_ATTEMPTS_PER_USER, WITHDRAWAL_RATE_WINDOW_MS } from './withdrawals.service.ts';

const ADMIN_TOKEN = 'withdrawals-operator-admin-token-0123456789';
const DAY_MS = 24 * 60 * 60_000;

describeEachDatabase('bank cards and withdrawals', (database) => {
  let app: FastifyInstance;
  // 06:30 UTC is noon in India: the market day does not roll over while a test advances a few hours.
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  let settings: SettingsService;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    settings = new SettingsService(database().db, clock);
    await seedDemoWithdrawalChannels(database().db, 'in', clock.now());
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    await expectLedgerClean(database());
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    buyer: TestBuyer | null,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...(buyer ? buyer.headers : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const operator = (url: string, payload?: Record<string, unknown>) =>
    app.inject({
      method: url.startsWith('GET ') ? 'GET' : 'POST',
      url: url.replace(/^(GET|POST) /, ''),
      headers: adminTokenHeaders(ADMIN_TOKEN),
      // Money actions carry the operator's reason into the audit row.
      payload: payload ?? { reason: 'checked against the player history' },
    });
  const withdrawBody = (cardId: number, overrides: Record<string, unknown> = {}) => ({
    amount: '500.00',
    bank_card_id: cardId,
    password: BUYER_PASSWORD,
    withdrawal_key: DEMO_MANUAL_WITHDRAWAL_KEY,
    force_login_password_valid: 'yes',
    ...overrides,
  });
  const withdraw = (
    buyer: TestBuyer,
    cardId: number,
    overrides: Record<string, unknown> = {},
    headers = {},
  ) => call('POST', '/user/add_withdrawal', buyer, withdrawBody(cardId, overrides), headers);

  /** A user with a card past its cool-down and the given balance, with codes not required. */
  async function readyUser(balanceMinor: number): Promise<{ buyer: TestBuyer; cardId: number }> {
    await settings.set('bank_card.otp_required', false);
    const buyer = await createBuyer(database(), clock);
    const cardId = await addCard(app, buyer);
    clock.advance(DAY_MS + 1);
    if (balanceMinor > 0) await fundWallet(database(), clock, buyer.userId, balanceMinor);
    return { buyer, cardId };
  }
  const expectRefused = (response: LightMyRequestResponse, status: number, msg: string | RegExp) => {
    expect(response.statusCode).toBe(status);
    if (typeof msg === 'string') expect(response.json()).toEqual({ code: status, msg });
    else expect(response.json().msg).toMatch(msg);
  };

  describe('bank cards', () => {
    it('answers 401 on every call without a live session', async () => {
      for (const [method, url] of [
        ['GET', '/user/bank_cards'],
        ['GET', '/user/bank_card?id=1'],
        ['POST', '/user/edit_bank_card'],
        ['PUT', '/user/delete_bank_card'],
        ['POST', '/user/add_withdrawal'],
        ['GET', '/user/withdrawals'],
        ['GET', '/user/channels?type=withdrawal'],
      ] as const) {
        expect((await call(method, url, null, method === 'GET' ? undefined : {})).statusCode).toBe(401);
      }
    });

    it('needs an edit_bankcard code by default, uses it once, and masks the number in the list', async () => {
      await settings.set('bank_card.otp_required', true);
      const buyer = await createBuyer(database(), clock);
      const list = await call('GET', '/user/bank_cards', buyer);
      expect(list.json()).toEqual({ code: 200, otp_required: true, queryset: [] });
      expectRefused(
        await call('POST', '/user/edit_bank_card', buyer, indiaCardBody()),
        400,
        WithdrawalMessage.verifyCodeRequired,
      );
      const mobile = await mobileOfUser(database(), buyer.userId);
      const sent = await call('POST', '/user/send_verify_code', buyer, {
        mobile_number: mobile,
        verify_type: 'edit_bankcard',
      });
      expect(sent.statusCode).toBe(200);
      const code = await readLastOtp(app, mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(
        (await call('POST', '/user/edit_bank_card', buyer, indiaCardBody({ verify_code: wrong }))).statusCode,
      ).toBe(400);
      const saved = await call('POST', '/user/edit_bank_card', buyer, indiaCardBody({ verify_code: code }));
      expect(saved.statusCode).toBe(200);
      expect(saved.json().entry).toMatchObject({
        account_number: '123456789012',
        ifsc_code: 'SBIN0001234',
        mobile_number: '+919876543210',
        withdrawable_from: clock.now() + DAY_MS,
      });
      // The code is single use.
      expect(
        (await call('POST', '/user/edit_bank_card', buyer, indiaCardBody({ verify_code: code }))).statusCode,
      ).toBe(400);
      const after = (await call('GET', '/user/bank_cards', buyer)).json();
      expect(after.queryset).toHaveLength(1);
      expect(after.queryset[0].account_number).toBe('********9012');
      const one = await call('GET', `/user/bank_card?id=${after.queryset[0].id}`, buyer);
      expect(one.json().entry.account_number).toBe('123456789012');
      const audit = await database()
        .db.selectFrom('audit_log')
        .select('event')
        .where('user_id', '=', buyer.userId)
        .where('event', '=', 'bank_card_added')
        .execute();
      expect(audit).toHaveLength(1);
    });

    it('answers 404 for another user’s card on read, edit, delete and withdrawal, and changes nothing', async () => {
      const { buyer: owner, cardId } = await readyUser(100_000);
      const stranger = await createBuyer(database(), clock);
      await fundWallet(database(), clock, stranger.userId, 100_000);
      expect((await call('GET', `/user/bank_card?id=${cardId}`, stranger)).statusCode).toBe(404);
      expect(
        (
          await call(
            'POST',
            '/user/edit_bank_card',
            stranger,
            indiaCardBody({ id: cardId, actual_name: 'Thief' }),
          )
        ).statusCode,
      ).toBe(404);
      expect((await call('PUT', '/user/delete_bank_card', stranger, { id: cardId })).statusCode).toBe(404);
      expectRefused(await withdraw(stranger, cardId), 404, WithdrawalMessage.cardNotFound);
      expect(await balanceOf(database(), clock, stranger.userId)).toBe(100_000);
      expect((await call('GET', `/user/bank_card?id=${cardId}`, owner)).json().entry.actual_name).toBe(
        'Asha Rao',
      );
    });

    it.each([
      [{ ifsc_code: '' }, 'ifsc_code is required'],
      [{ ifsc_code: 'SBIN1001234' }, 'ifsc_code must be 4 letters, 0, then 6 letters or digits'],
      [{ email: '' }, 'email is required'],
      [{ email: 'not-an-email' }, 'email must be valid'],
      [{ actual_name: ' ' }, 'actual_name is required'],
      [{ account_number: '12' }, 'account_number must be 4 to 34 letters or digits'],
      [{ province: undefined }, 'province is required'],
      [{ mobile_number: 'call me' }, 'mobile_number must be a phone number of 6 to 15 digits'],
    ])('refuses %j with 400 and stores nothing', async (overrides, message) => {
      await settings.set('bank_card.otp_required', false);
      const buyer = await createBuyer(database(), clock);
      expectRefused(
        await call('POST', '/user/edit_bank_card', buyer, indiaCardBody(overrides)),
        400,
        message,
      );
      expect((await call('GET', '/user/bank_cards', buyer)).json().queryset).toEqual([]);
    });

    it('upper-cases the IFSC, restarts the cool-down on edit, and deletes once', async () => {
      const { buyer, cardId } = await readyUser(0);
      const edited = await call(
        'POST',
        '/user/edit_bank_card',
        buyer,
        indiaCardBody({ id: cardId, ifsc_code: 'hdfc0000123' }),
      );
      expect(edited.json().entry).toMatchObject({ id: cardId, ifsc_code: 'HDFC0000123' });
      expect(edited.json().entry.withdrawable_from).toBe(clock.now() + DAY_MS);
      expect((await call('PUT', '/user/delete_bank_card', buyer, { id: cardId })).statusCode).toBe(200);
      expect((await call('PUT', '/user/delete_bank_card', buyer, { id: cardId })).statusCode).toBe(404);
      expect((await call('GET', `/user/bank_card?id=${cardId}`, buyer)).statusCode).toBe(404);
    });
  });

  describe('withdrawal', () => {
    it('lists the withdrawal channels with needs_bet and the bank list', async () => {
      const { buyer } = await readyUser(0);
      const response = await call('GET', '/user/channels?type=withdrawal&t=1', buyer);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        code: 200,
        needs_bet: '0.00',
        contact_url: '',
        min_amount: '100.00',
        max_amount: '50000.00',
      });
      expect(body.queryset.map((channel: { key: string }) => channel.key)).toEqual([
        DEMO_MANUAL_WITHDRAWAL_KEY,
        DEMO_SANDBOX_WITHDRAWAL_KEY,
      ]);
      expect(body.queryset[0]).toEqual({
        name: 'Bank transfer',
        key: DEMO_MANUAL_WITHDRAWAL_KEY,
        bank_code_group_id: null,
        bank_codes: [],
      });
      expect(body.queryset[1].bank_code_group_id).toEqual(expect.any(Number));
      expect(body.queryset[1].bank_codes[0]).toEqual({
        id: expect.any(Number),
        code: 'SBIN',
        name: 'State Bank of India',
      });
      // The pay channels still answer on the same call.
      expect((await call('GET', '/user/channels?type=pay', buyer)).statusCode).toBe(200);
    });

    it('holds the whole amount (comma accepted), with the fee, and shows WD once', async () => {
      const { buyer, cardId } = await readyUser(2_000_00);
      const response = await withdraw(buyer, cardId, { amount: '1234,56' });
      expect(response.statusCode).toBe(200);
      expect(response.json().entry).toMatchObject({
        price: '1234.56',
        fee: '24.69',
        actual_price: '1209.87',
        status: 'Wait',
        payout_status: 'Wait',
        fail_reason: '',
        account_number: '********9012',
      });
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(2_000_00 - 1234_56);
      const records = (await call('GET', '/user/withdrawals?p=1&p_size=10', buyer)).json();
      expect(records.page.count).toBe(1);
      expect(records.queryset[0]).toMatchObject({ price: '1234.56', status: 'Wait' });
      const transactions = (await call('GET', '/user/transactions?p=1&p_size=10', buyer)).json().queryset;
      expect(transactions.filter((row: { type: string }) => row.type === 'WD')).toHaveLength(1);
    });

    it('refuses a card in its cool-down with the time it ends, then accepts it', async () => {
      await settings.set('bank_card.otp_required', false);
      const buyer = await createBuyer(database(), clock);
      const cardId = await addCard(app, buyer);
      await fundWallet(database(), clock, buyer.userId, 1_000_00);
      expectRefused(
        await withdraw(buyer, cardId),
        400,
        /can receive withdrawals from \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
      );
      expect(await holdCount(database(), buyer.userId)).toBe(0);
      clock.advance(DAY_MS);
      expect((await withdraw(buyer, cardId)).statusCode).toBe(200);
    });

    it('refuses a wrong password and holds nothing', async () => {
      const { buyer, cardId } = await readyUser(1_000_00);
      expectRefused(
        await withdraw(buyer, cardId, { password: 'wrong-password' }),
        400,
        WithdrawalMessage.passwordIncorrect,
      );
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(1_000_00);
      expect(await holdCount(database(), buyer.userId)).toBe(0);
    });

    it.each([
      ['', 'amount is required'],
      ['0', 'amount must be greater than 0'],
      ['-5', 'amount must be greater than 0'],
      ['abc', 'amount must be a number'],
      ['1.234', 'amount must have at most 2 decimals'],
      ['99.99', WithdrawalMessage.belowMinimum],
      ['50000.01', WithdrawalMessage.aboveMaximum],
      ['1500', 'Insufficient balance'],
    ])('refuses the amount %j with 400 and holds nothing', async (amount, message) => {
      const { buyer, cardId } = await readyUser(1_000_00);
      expectRefused(await withdraw(buyer, cardId, { amount }), 400, message);
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(1_000_00);
      expect(await holdCount(database(), buyer.userId)).toBe(0);
    });

    it('refuses while needs_bet is above 0, and settled bets bring it down, never below 0', async () => {
      const { buyer, cardId } = await readyUser(1_000_00);
      const wagering = new WageringService(settings, clock);
      await runInTransaction(database(), (trx) => wagering.add(trx, buyer.userId, 300_00));
      expectRefused(await withdraw(buyer, cardId), 400, needBetMessage(300_00));
      expect(needBetMessage(300_00)).toBe('Need to bet 300.00 to be able to withdraw');
      expect((await call('GET', '/user/channels?type=withdrawal', buyer)).json().needs_bet).toBe('300.00');
      expect(
        await runInTransaction(database(), (trx) => wagering.reduceForBet(trx, buyer.userId, 100_00)),
      ).toBe(200_00);
      expect(
        await runInTransaction(database(), (trx) => wagering.reduceForBet(trx, buyer.userId, 500_00)),
      ).toBe(0);
      expect((await withdraw(buyer, cardId)).statusCode).toBe(200);
    });

    it('grows needs_bet by recharge × factor (rounded half up to the minor unit)', async () => {
      const { buyer } = await readyUser(0);
      const wagering = new WageringService(settings, clock);
      await settings.set('withdrawal.needs_bet_factor', 1.5);
      await runInTransaction(database(), (trx) => wagering.addForRecharge(trx, buyer.userId, 333));
      expect(await wagering.needsBetMinor(database().db, buyer.userId)).toBe(500);
      await settings.set('withdrawal.needs_bet_factor', 1);
    });

    it('allows the configured number of withdrawals a day; rejected ones do not count', async () => {
      const { buyer, cardId } = await readyUser(10_000_00);
      await settings.set('withdrawal.daily_count', 2);
      const first = await withdraw(buyer, cardId);
      expect((await withdraw(buyer, cardId)).statusCode).toBe(200);
      expectRefused(await withdraw(buyer, cardId), 400, WithdrawalMessage.dailyLimit);
      await operator(`POST /admin/api/withdrawals/${first.json().entry.id}/reject`, {
        reason: 'Wrong account',
      });
      expect((await withdraw(buyer, cardId)).statusCode).toBe(200);
      await settings.set('withdrawal.daily_count', 3);
    });

    it('needs a bank of the channel’s list for a channel with a bank code group', async () => {
      const { buyer, cardId } = await readyUser(1_000_00);
      const sandbox = { withdrawal_key: DEMO_SANDBOX_WITHDRAWAL_KEY };
      expectRefused(await withdraw(buyer, cardId, sandbox), 400, WithdrawalMessage.bankCodeRequired);
      expectRefused(
        await withdraw(buyer, cardId, { ...sandbox, bank_code: 'NOPE' }),
        400,
        WithdrawalMessage.unknownBankCode,
      );
      expectRefused(
        await withdraw(buyer, cardId, { withdrawal_key: 'missing' }),
        400,
        WithdrawalMessage.unknownChannel,
      );
      expect((await withdraw(buyer, cardId, { ...sandbox, bank_code: 'HDFC' })).statusCode).toBe(200);
    });

    it('replays an Idempotency-Key without holding twice', async () => {
      const { buyer, cardId } = await readyUser(1_000_00);
      const headers = { 'idempotency-key': `wd-${buyer.userId}` };
      const first = await withdraw(buyer, cardId, {}, headers);
      const second = await withdraw(buyer, cardId, {}, headers);
      expect(second.json()).toEqual(first.json());
      expect(await holdCount(database(), buyer.userId)).toBe(1);
      expect((await withdraw(buyer, cardId, { amount: '600' }, headers)).statusCode).toBe(422);
    });

    it('holds exactly one of 100 parallel withdrawals of a balance that covers one', async () => {
      // The production limit (WITHDRAWAL_ATTEMPTS_PER_USER) would answer 429 to all but 30 before they reach
      // the database; this app lets all 100 race to the hold.
      const race = await buildWithdrawalsTestApp(database(), { clock, withdrawalAttemptsPerUser: 1000 });
      try {
        const { buyer, cardId } = await readyUser(600_00);
        const responses = await Promise.all(
          Array.from({ length: 100 }, () =>
            race.app.inject({
              method: 'POST',
              url: '/user/add_withdrawal',
              headers: buyer.headers,
              payload: withdrawBody(cardId),
            }),
          ),
        );
        const held = responses.filter((response) => response.statusCode === 200);
        expect(held).toHaveLength(1);
        // Every other one went as far as the ledger's balance check: none stopped at the rate limit.
        for (const response of responses) {
          if (response.statusCode !== 200) {
            expect(response.json()).toEqual({ code: 400, msg: INSUFFICIENT_BALANCE_MESSAGE });
          }
        }
        expect(await holdCount(database(), buyer.userId)).toBe(1);
        expect(await balanceOf(database(), clock, buyer.userId)).toBe(100_00);
      } finally {
        await race.app.close();
      }
    });

    it(`answers 429 from the ${WITHDRAWAL_ATTEMPTS_PER_USER + 1}th request of a user in a window by default`, async () => {
      const { buyer, cardId } = await readyUser(1_000_00);
      for (let attempt = 1; attempt <= WITHDRAWAL_ATTEMPTS_PER_USER; attempt += 1) {
        expectRefused(
          await withdraw(buyer, cardId, { password: 'wrong-password' }),
          400,
          WithdrawalMessage.passwordIncorrect,
        );
      }
      const limited = await withdraw(buyer, cardId);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 429, msg: WithdrawalMessage.rateLimited });
      expect(await holdCount(database(), buyer.userId)).toBe(0);
      clock.advance(WITHDRAWAL_RATE_WINDOW_MS);
      expect((await withdraw(buyer, cardId)).statusCode).toBe(200);
    });
  });

  describe('operator', () => {
    const auditCount = async (withdrawalId: number, event: string) => {
      const rows = await database()
        .db.selectFrom('audit_log')
        .select('detail_json')
        .where('event', '=', event)
        .execute();
      return rows.filter((row) => JSON.parse(row.detail_json).withdrawal_id === withdrawalId).length;
    };
    const ledgerAccount = (name: 'payout_clearing' | 'fee_revenue') =>
      new LedgerService(database(), clock).findAccount(database().db, systemAccount(name));

    it('refuses calls without the token', async () => {
      const response = await app.inject({ method: 'GET', url: '/admin/api/withdrawals' });
      expect(response.statusCode).toBe(401);
    });

    it('rejects: exactly the amount returns, WDR is listed, the reason shows; only once', async () => {
      const { buyer, cardId } = await readyUser(800_00);
      const id = (await withdraw(buyer, cardId, { amount: '500' })).json().entry.id;
      const pending = (await operator('GET /admin/api/withdrawals?status=pending&p_size=100')).json();
      expect(pending.queryset.map((row: { id: number }) => row.id)).toContain(id);
      const rejected = await operator(`POST /admin/api/withdrawals/${id}/reject`, {
        reason: 'Name does not match',
      });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().entry).toMatchObject({ status: 'Reject', fail_reason: 'Name does not match' });
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(800_00);
      const types = (await call('GET', '/user/transactions', buyer))
        .json()
        .queryset.map((row: { type: string }) => row.type);
      expect(types.filter((type: string) => type === 'WDR')).toHaveLength(1);
      const record = (await call('GET', '/user/withdrawals', buyer)).json().queryset[0];
      expect(record).toMatchObject({ status: 'Reject', fail_reason: 'Name does not match' });
      expectRefused(
        await operator(`POST /admin/api/withdrawals/${id}/reject`, { reason: 'again' }),
        400,
        WithdrawalMessage.notWaiting,
      );
      expectRefused(
        await operator(`POST /admin/api/withdrawals/${id}/approve`),
        400,
        WithdrawalMessage.notWaiting,
      );
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(800_00);
    });

    it('manual: approve leaves it Processing, mark paid posts the hold and the fee', async () => {
      const { buyer, cardId } = await readyUser(2_000_00);
      const clearingBefore = await ledgerAccount('payout_clearing');
      const feeBefore = await ledgerAccount('fee_revenue');
      const id = (await withdraw(buyer, cardId, { amount: '1500' })).json().entry.id;
      const approved = await operator(`POST /admin/api/withdrawals/${id}/approve`);
      expect(approved.json().entry).toMatchObject({ status: 'Wait', payout_status: 'Processing' });
      const paid = await operator(`POST /admin/api/withdrawals/${id}/mark_paid`);
      expect(paid.json().entry).toMatchObject({ status: 'Success', payout_status: 'Success', fee: '30.00' });
      expectRefused(
        await operator(`POST /admin/api/withdrawals/${id}/mark_paid`),
        400,
        WithdrawalMessage.notProcessing,
      );
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(500_00);
      const clearingAfter = await ledgerAccount('payout_clearing');
      const feeAfter = await ledgerAccount('fee_revenue');
      expect((feeAfter?.creditsPostedMinor ?? 0) - (feeBefore?.creditsPostedMinor ?? 0)).toBe(30_00);
      const net = (account: typeof clearingAfter) =>
        (account?.creditsPostedMinor ?? 0) - (account?.debitsPostedMinor ?? 0);
      expect(net(clearingAfter) - net(clearingBefore)).toBe(1470_00);
      const types = (await call('GET', '/user/transactions', buyer))
        .json()
        .queryset.map((row: { type: string }) => row.type);
      expect(types.filter((type: string) => type === 'WD')).toHaveLength(1);
      expect(types).not.toContain('WDR');
    });

    it('sandbox: pays at once, and an amount ending in .13 fails and is refunded', async () => {
      const { buyer, cardId } = await readyUser(3_000_00);
      const sandbox = { withdrawal_key: DEMO_SANDBOX_WITHDRAWAL_KEY, bank_code: 'SBIN' };
      const good = (await withdraw(buyer, cardId, { ...sandbox, amount: '1000' })).json().entry.id;
      const bad = (await withdraw(buyer, cardId, { ...sandbox, amount: '1000.13' })).json().entry.id;
      const paid = await operator(`POST /admin/api/withdrawals/${good}/approve`);
      expect(paid.json().entry).toMatchObject({ status: 'Success', payout_status: 'Success' });
      const failed = await operator(`POST /admin/api/withdrawals/${bad}/approve`);
      expect(failed.json().entry).toMatchObject({
        status: 'Reject',
        payout_status: 'Failed',
        fail_reason: SANDBOX_FAILURE_REASON,
      });
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(2_000_00);
      const mark = await operator(`POST /admin/api/withdrawals/${good}/mark_paid`);
      expect(mark.statusCode).toBe(400);
    });

    it('sandbox: of 10 racing approvals exactly one pays, the others are refused, and it is paid once', async () => {
      const { buyer, cardId } = await readyUser(1_000_00);
      const sandbox = { withdrawal_key: DEMO_SANDBOX_WITHDRAWAL_KEY, bank_code: 'SBIN' };
      const id = (await withdraw(buyer, cardId, { ...sandbox, amount: '500' })).json().entry.id;
      const racing = await Promise.all(
        Array.from({ length: 10 }, () => operator(`POST /admin/api/withdrawals/${id}/approve`)),
      );
      const won = racing.filter((response) => response.statusCode === 200);
      expect(won).toHaveLength(1);
      expect(won[0]?.json().entry).toMatchObject({ id, status: 'Success', payout_status: 'Success' });
      // Refused while the winner waits for the bank (in progress) or once it has settled (not waiting).
      const refusals = [WithdrawalMessage.payoutInProgress, WithdrawalMessage.notWaiting];
      for (const response of racing.filter((each) => each.statusCode !== 200)) {
        expect(response.statusCode).toBe(400);
        expect(refusals).toContain(response.json().msg);
      }
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(500_00);
      expect(await auditCount(id, 'operator_withdrawal_approved')).toBe(1);
      expect(await auditCount(id, 'withdrawal_payout_succeeded')).toBe(1);
    });

    it('sandbox: a payout stuck in Processing is refused while recent, then sent again once and settled', async () => {
      // The bank call of the first approval never answers: the server stopped after the approval committed.
      const sent: string[] = [];
      let bankReachable = false;
      const flakyBank: PayoutAdapter = {
        name: 'sandbox',
        send: async (request) => {
          sent.push(request.reference);
          if (!bankReachable) throw new Error('connection reset before the bank answered');
          return sandboxPayoutAdapter.send(request);
        },
        fetchStatus: (request) => sandboxPayoutAdapter.fetchStatus(request),
      };
      const crashing = await buildWithdrawalsTestApp(database(), {
        clock,
        adminToken: ADMIN_TOKEN,
        payoutAdapters: (name) => (name === 'sandbox' ? flakyBank : payoutAdapterFor(name)),
      });
      try {
        const { buyer, cardId } = await readyUser(3_000_00);
        const sandbox = { withdrawal_key: DEMO_SANDBOX_WITHDRAWAL_KEY, bank_code: 'SBIN' };
        const paidId = (await withdraw(buyer, cardId, { ...sandbox, amount: '1000' })).json().entry.id;
        const failedId = (await withdraw(buyer, cardId, { ...sandbox, amount: '1000.13' })).json().entry.id;
        const approveOn = (target: FastifyInstance, id: number) =>
          target.inject({
            method: 'POST',
            url: `/admin/api/withdrawals/${id}/approve`,
            headers: adminTokenHeaders(ADMIN_TOKEN),
            payload: { reason: 'checked' },
          });
        for (const id of [paidId, failedId]) {
          expect((await approveOn(crashing.app, id)).statusCode).toBe(500);
          const stuck = (await operator('GET /admin/api/withdrawals?status=pending&p_size=100'))
            .json()
            .queryset.find((row: { id: number }) => row.id === id);
          expect(stuck).toMatchObject({ status: 'Wait', payout_status: 'Processing' });
          // A moment later the approval may still be waiting for its bank: a second one is refused.
          clock.advance(PAYOUT_STUCK_AFTER_MS - 1);
          expectRefused(
            await operator(`POST /admin/api/withdrawals/${id}/approve`),
            400,
            WithdrawalMessage.payoutInProgress,
          );
        }
        expect(await balanceOf(database(), clock, buyer.userId)).toBe(3_000_00 - 2000_13);

        clock.advance(1);
        bankReachable = true;
        const paid = await approveOn(crashing.app, paidId);
        expect(paid.statusCode).toBe(200);
        expect(paid.json().entry).toMatchObject({
          status: 'Success',
          payout_status: 'Success',
          fee: '20.00',
        });
        const failed = await approveOn(crashing.app, failedId);
        expect(failed.json().entry).toMatchObject({
          status: 'Reject',
          payout_status: 'Failed',
          fail_reason: SANDBOX_FAILURE_REASON,
        });
        // Each payout went to the bank twice under its one reference, and was settled once.
        expect(sent).toEqual([`WD${paidId}`, `WD${failedId}`, `WD${paidId}`, `WD${failedId}`]);
        expect(await balanceOf(database(), clock, buyer.userId)).toBe(3_000_00 - 1000_00);
        expect(await auditCount(paidId, 'withdrawal_payout_succeeded')).toBe(1);
        expect(await auditCount(failedId, 'withdrawal_payout_failed')).toBe(1);
        const resends = await database()
          .db.selectFrom('audit_log')
          .select('detail_json')
          .where('event', '=', 'operator_withdrawal_approved')
          .where('user_id', '=', buyer.userId)
          .orderBy('id')
          .execute();
        expect(resends.map((row) => JSON.parse(row.detail_json).resend)).toEqual([false, false, true, true]);
        expectRefused(
          await operator(`POST /admin/api/withdrawals/${paidId}/approve`),
          400,
          WithdrawalMessage.notWaiting,
        );
      } finally {
        await crashing.app.close();
      }
    });

    it('manual: a second approval is refused; there is nothing to send again', async () => {
      const { buyer, cardId } = await readyUser(1_000_00);
      const id = (await withdraw(buyer, cardId)).json().entry.id;
      expect((await operator(`POST /admin/api/withdrawals/${id}/approve`)).statusCode).toBe(200);
      clock.advance(PAYOUT_STUCK_AFTER_MS);
      expectRefused(
        await operator(`POST /admin/api/withdrawals/${id}/approve`),
        400,
        WithdrawalMessage.notWaiting,
      );
      expect((await operator(`POST /admin/api/withdrawals/${id}/mark_paid`)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown withdrawal', async () => {
      expect((await operator('POST /admin/api/withdrawals/999999/approve')).statusCode).toBe(404);
    });
  });
});
