import {
  type AddRechargeResponse,
  type ChannelListResponse,
  type RechargeBySnResponse,
  type RechargeListResponse,
  ServerMessage,
  type TransactionListResponse,
  WalletMessage,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { FakePaymentGateways } from '../../test-support/fake-payment-gateways.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser, tokenHeader } from '../accounts/account-fixtures.ts';
import { adminTokenHeaders, createEnrolledOperators } from '../operators/operator-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { DEMO_UPI_ACCOUNT, seedDemoPaymentChannels } from './demo-payment-channels.ts';
import { insertChannels } from './payment-channel.repository.ts';
import { RECHARGE_RATE_LIMIT } from './recharge.service.ts';
import { WALLET_LEDGER_CHECKS } from './wallet-ledger-checks.ts';
import {
  createRecharge,
  createWalletUser,
  postRecharge,
  profileBalance,
  rechargeBody,
  rechargeRow,
  type WalletTestUser,
} from './wallet-test-fixtures.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);
const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';

describeEachDatabase('recharge API', (database) => {
  const clock = new ManualClock(START_MS);
  let app: FastifyInstance;
  let fake: FakePaymentGateways;
  const rCode = 'RECHROOT';
  /** Every webhook request the server received, with the route that answered it. */
  const webhookRequests: Array<{ url: string; route: string | undefined; statusCode: number }> = [];

  beforeAll(async () => {
    const { db } = database();
    fake = await FakePaymentGateways.start();
    await seedDemoPaymentChannels(db, 'in', clock.now(), testSecretBox());
    // A channel the operator switched off.
    await insertChannels(db, [
      {
        type: 'pay',
        key: 'switched-off',
        name: 'Switched off',
        adapter: 'mpurse',
        fixed_amounts_json: '[10000]',
        min_amount_minor: 100,
        max_amount_minor: 1_000_000,
        is_enabled: 0,
        sort_order: 99,
        settings_json: JSON.stringify({ upi_account: 'off@upi', payee_name: 'Off' }),
        created_at: clock.now(),
        updated_at: clock.now(),
      },
    ]);
    await createTestUser(db, { rCode });
    app = await buildTestApp(database(), {
      clock,
      config: { adminToken: ADMIN_TOKEN },
      extend: (built) =>
        built.addHook('onResponse', async (request, reply) => {
          if (request.url.startsWith('/webhooks/')) {
            webhookRequests.push({
              url: request.url,
              route: request.routeOptions.url,
              statusCode: reply.statusCode,
            });
          }
        }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const newUser = () => createWalletUser(app, database().db, { rCode });
  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? tokenHeader(token) : {} });
  const post = (
    url: string,
    token: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => app.inject({ method: 'POST', url, headers: { ...tokenHeader(token), ...headers }, payload });
  const countRecharges = async () =>
    Number(
      (
        await database()
          .db.selectFrom('recharges')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  describe('GET /user/channels', () => {
    it('lists the enabled, configured channels in order with their presets and bounds', async () => {
      const user = await newUser();
      await new SettingsService(database().db, clock).set(
        'recharge.contact_url',
        'https://wa.me/919800000000',
      );
      const response = await get('/user/channels?type=pay&t=1700000000000', user.token);
      expect(response.statusCode).toBe(200);
      const body = response.json<ChannelListResponse>();
      expect(body.code).toBe(200);
      expect(body.contact_url).toBe('https://wa.me/919800000000');
      // razorpay, cashfree and ka have no keys yet and the switched-off channel is off.
      expect(body.queryset.map((channel) => channel.key)).toEqual(['sandbox', 'mpurse', 'upi']);
      expect(body.queryset[0]).toEqual({
        name: 'Sandbox (test payment)',
        key: 'sandbox',
        fixed_amounts: '100,200,500,1000,2000,5000',
        adapter: 'sandbox',
        min_amount: '100.00',
        max_amount: '50000.00',
      });
      expect(JSON.stringify(body)).not.toContain('webhook_secret');
    });

    it('needs a token and type=pay', async () => {
      expect((await get('/user/channels?type=pay')).statusCode).toBe(401);
      const user = await newUser();
      // type=withdrawal is answered by the withdrawals module (issue 6).
      expect((await get('/user/channels?type=withdrawal', user.token)).statusCode).toBe(200);
      for (const url of ['/user/channels', '/user/channels?type=bogus', '/user/channels?type=']) {
        const response = await get(url, user.token);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().msg).toMatch(/^type must be one of pay/);
      }
    });
  });

  describe('POST /user/add_recharge: bad input', () => {
    let user: WalletTestUser;
    beforeAll(async () => {
      user = await newUser();
    });

    it.each([
      [rechargeBody('', 'sandbox'), 'price is required'],
      [rechargeBody(undefined, 'sandbox'), 'price is required'],
      [rechargeBody('0', 'sandbox'), 'price must be greater than 0'],
      [rechargeBody(0, 'sandbox'), 'price must be greater than 0'],
      [rechargeBody('-500', 'sandbox'), 'price must be greater than 0'],
      [rechargeBody('abc', 'sandbox'), 'price must be a number'],
      [rechargeBody('1e3', 'sandbox'), 'price must be a number'],
      [rechargeBody('500.001', 'sandbox'), 'price must have at most 2 decimals'],
      [rechargeBody(true, 'sandbox'), 'price must be a number'],
      [rechargeBody('99.99', 'sandbox'), 'price must be at least 100.00'],
      [rechargeBody('50000.01', 'sandbox'), 'price must be at most 50000.00'],
      [rechargeBody('99999999999999999', 'sandbox'), 'price is too large'],
      [rechargeBody('500', 'nope'), WalletMessage.unknownChannel],
      [rechargeBody('500', 'razorpay'), WalletMessage.unknownChannel],
      [rechargeBody('500', 'switched-off'), WalletMessage.unknownChannel],
      [rechargeBody('500', 'NOT A KEY'), 'pay_key must be a channel key'],
      [{ ...rechargeBody('500', 'sandbox'), pay_key: undefined }, 'pay_key is required'],
      [{ ...rechargeBody('500', 'sandbox'), pay_name: '  ' }, 'pay_name is required'],
      [{ ...rechargeBody('500', 'sandbox'), pay_email: 'not-an-email' }, 'pay_email must be valid'],
      [{ ...rechargeBody('500', 'sandbox'), pay_mobile: 'call me' }, 'pay_mobile must be a phone number'],
      [rechargeBody('500', 'mpurse'), ServerMessage.upiAccountEmpty],
      [rechargeBody('500', 'mpurse', { pay_upi_account: ' ' }), ServerMessage.upiAccountEmpty],
    ])('answers 400 for %j and creates nothing', async (payload, message) => {
      const before = await countRecharges();
      const response = await postRecharge(app, user.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: message });
      expect(await countRecharges()).toBe(before);
      expect(await profileBalance(app, user.token)).toBe('0.00');
    });

    it('limits how many orders one user creates per window', async () => {
      const busy = await newUser();
      for (let index = 0; index < RECHARGE_RATE_LIMIT; index += 1) {
        expect((await postRecharge(app, busy.token, rechargeBody('100', 'sandbox'))).statusCode).toBe(200);
      }
      const refused = await postRecharge(app, busy.token, rechargeBody('100', 'sandbox'));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, msg: WalletMessage.rechargeRateLimited });
      // Another user is not affected.
      expect((await postRecharge(app, user.token, rechargeBody('100', 'sandbox'))).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/user/add_recharge',
        payload: rechargeBody('500', 'sandbox'),
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('the sandbox gateway, end to end', () => {
    it('pays on the checkout page, credits once, and reports the first recharge once', async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '500', 'sandbox');
      expect(recharge).toEqual({
        code: 200,
        msg: WalletMessage.rechargeCreated,
        serial_number: expect.stringMatching(/^R\d{26}$/),
        price: '500.00',
        adapter: 'sandbox',
        pay_url: `/pay/sandbox/${recharge.serial_number}`,
      });
      const waiting = await get('/user/recharges', user.token);
      expect(waiting.json<RechargeListResponse>().queryset[0]).toMatchObject({
        status: 'Wait',
        price: '500.00',
      });

      const page = await app.inject({ method: 'GET', url: recharge.pay_url ?? '' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('₹500.00');
      expect(page.body).toContain(`action="/pay/sandbox/${recharge.serial_number}/pay"`);

      const paid = await app.inject({
        method: 'POST',
        url: `${recharge.pay_url}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(paid.statusCode).toBe(303);
      const location = String(paid.headers.location);
      expect(location).toMatch(new RegExp(`^/#/rechargeRecord\\?sn=${recharge.serial_number}&order_id=sbo_`));

      expect(await profileBalance(app, user.token)).toBe('500.00');
      const record = (await get('/user/recharges?p=1&p_size=10', user.token)).json<RechargeListResponse>();
      expect(record).toEqual({
        code: 200,
        page: { count: 1 },
        queryset: [
          {
            serial_number: recharge.serial_number,
            price: '500.00',
            status: 'Success',
            channel_name: 'Sandbox (test payment)',
            create_time: START_MS,
          },
        ],
      });
      const transactions = (await get('/user/transactions', user.token)).json<TransactionListResponse>();
      expect(transactions.queryset).toEqual([
        { type: 'RE', change_balance: '500.00', relation_id: recharge.serial_number, create_time: START_MS },
      ]);

      // The app's return with the checkout's signed parameters finds the recharge already credited.
      const query = new URLSearchParams(location.split('?')[1]);
      const returned = await post('/user/recharge_return', user.token, {
        sn: recharge.serial_number,
        params: {
          order_id: query.get('order_id') ?? '',
          payment_id: query.get('payment_id') ?? '',
          signature: query.get('signature') ?? '',
        },
      });
      expect(returned.json()).toEqual({ code: 200, status: 'Success' });

      // Pressing Pay again pays nothing more; the page says the order is paid.
      await app.inject({ method: 'POST', url: `${recharge.pay_url}/pay` });
      expect(await profileBalance(app, user.token)).toBe('500.00');
      expect((await app.inject({ method: 'GET', url: recharge.pay_url ?? '' })).body).toContain(
        'This order is paid.',
      );

      expect((await get('/user/notification', user.token)).json()).toEqual({
        code: 200,
        notify: { type: 'first_recharge', price: '500.00' },
      });
      expect((await get('/user/notification', user.token)).json()).toEqual({ code: 200 });

      const second = await createRecharge(app, user.token, '250.50', 'sandbox');
      const dev = await app.inject({
        method: 'POST',
        url: '/dev/sandbox/pay',
        payload: { serial_number: second.serial_number },
      });
      expect(dev.json()).toMatchObject({ code: 200, status: 'paid', webhook_status: 200 });
      expect(await profileBalance(app, user.token)).toBe('750.50');
      expect((await get('/user/notification', user.token)).json()).toEqual({
        code: 200,
        notify: { type: 'recharge', price: '250.50' },
      });
      expect((await get('/user/notification', user.token)).json()).toEqual({ code: 200 });
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });

    it('marks a failed payment Failed, lets the payer pay afterwards, and never undoes a success', async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '300', 'sandbox');
      const failed = await app.inject({ method: 'POST', url: `${recharge.pay_url}/fail` });
      expect(failed.statusCode).toBe(303);
      expect((await rechargeRow(database().db, recharge.serial_number)).status).toBe('Failed');
      expect(await profileBalance(app, user.token)).toBe('0.00');

      await app.inject({ method: 'POST', url: `${recharge.pay_url}/pay` });
      expect((await rechargeRow(database().db, recharge.serial_number)).status).toBe('Success');
      expect(await profileBalance(app, user.token)).toBe('300.00');

      // A late Fail after the success changes nothing.
      await app.inject({ method: 'POST', url: `${recharge.pay_url}/fail` });
      expect((await rechargeRow(database().db, recharge.serial_number)).status).toBe('Success');
      expect(await profileBalance(app, user.token)).toBe('300.00');
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });

    it("delivers the sandbox's webhook through the server's own HTTP webhook route", async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '120', 'sandbox');
      const before = webhookRequests.length;
      await app.inject({ method: 'POST', url: `${recharge.pay_url}/pay` });
      expect(webhookRequests.slice(before)).toEqual([
        { url: '/webhooks/sandbox', route: '/webhooks/:channelKey', statusCode: 200 },
      ]);
      expect(await profileBalance(app, user.token)).toBe('120.00');
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });

    it('answers 404 for an unknown checkout and an unknown dev payment', async () => {
      expect((await app.inject({ method: 'GET', url: '/pay/sandbox/R123' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/pay/sandbox/R123/pay' })).statusCode).toBe(404);
      const dev = await app.inject({
        method: 'POST',
        url: '/dev/sandbox/pay',
        payload: { serial_number: 'R123' },
      });
      expect(dev.statusCode).toBe(404);
    });
  });

  describe('Idempotency-Key on add_recharge', () => {
    it('answers a replay with the first order and the same key with another body with 422', async () => {
      const user = await newUser();
      const headers = { 'idempotency-key': 'recharge-key-1' };
      const first = await postRecharge(app, user.token, rechargeBody('500', 'sandbox'), headers);
      const before = await countRecharges();
      const replay = await postRecharge(app, user.token, rechargeBody('500.00', 'sandbox'), headers);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect(await countRecharges()).toBe(before);
      const other = await postRecharge(app, user.token, rechargeBody('600', 'sandbox'), headers);
      expect(other.statusCode).toBe(422);
      expect(await countRecharges()).toBe(before);
      const malformed = await postRecharge(app, user.token, rechargeBody('600', 'sandbox'), {
        'idempotency-key': 'not a key!',
      });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('manual UPI', () => {
    it('answers the account to pay, the QR text of the payment page, and takes a UTR once', async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '1000', 'mpurse', {
        pay_upi_account: 'payer@okbank',
      });
      expect(recharge).toMatchObject({
        code: 200,
        adapter: 'mpurse',
        upi_account: DEMO_UPI_ACCOUNT,
        price: '1000.00',
        serial_number: expect.any(String),
      });
      const page = await get(`/user/query_recharge_by_sn?sn=${recharge.serial_number}&t=1`, user.token);
      const upiLink = `upi://pay?pa=goldshop%40upi&pn=Gold%20Shop&am=1000.00&cu=INR&tn=${recharge.serial_number}`;
      expect(page.json<RechargeBySnResponse>()).toEqual({
        code: 200,
        serial_number: recharge.serial_number,
        price: '1000.00',
        create_time: START_MS,
        qr_code: upiLink,
        url: upiLink,
        status: 'Wait',
        utr_submitted: false,
      });

      const submit = (utr: unknown, token = user.token, sn = recharge.serial_number) =>
        post('/user/submit_utr_to_recharge', token, { sn, utr });
      for (const utr of ['12345678901', '1234567890123', '12345678901a', 'abcdefghijkl', '', 12345678901]) {
        const response = await submit(utr);
        expect(response.statusCode, String(utr)).toBe(400);
        expect(response.json().msg).toMatch(/^utr /);
      }
      const accepted = await submit(' 123456789012 ');
      expect(accepted.json()).toEqual({ code: 200, msg: WalletMessage.utrSubmitted });
      const row = await rechargeRow(database().db, recharge.serial_number);
      expect(row).toMatchObject({ status: 'Wait', utr: '123456789012' });
      expect(await profileBalance(app, user.token)).toBe('0.00');
      expect((await submit('123456789012')).json()).toEqual({ code: 400, msg: WalletMessage.utrUsed });
      expect((await submit('123456789099')).json()).toEqual({
        code: 400,
        msg: WalletMessage.utrAlreadySubmitted,
      });

      // The same UTR on another user's recharge is refused: a UTR is accepted once across all users.
      const other = await newUser();
      const otherRecharge = await createRecharge(app, other.token, '1000', 'mpurse', {
        pay_upi_account: 'o@okbank',
      });
      const reused = await submit('123456789012', other.token, otherRecharge.serial_number);
      expect(reused.json()).toEqual({ code: 400, msg: WalletMessage.utrUsed });
      // Another user's serial number is not found for this user.
      expect((await submit('555555555555', other.token, recharge.serial_number)).statusCode).toBe(404);
      expect(
        (await get(`/user/query_recharge_by_sn?sn=${recharge.serial_number}`, other.token)).statusCode,
      ).toBe(404);
      expect((await get('/user/query_recharge_by_sn?sn=R1', user.token)).statusCode).toBe(404);
      expect((await get('/user/query_recharge_by_sn?sn=bad-sn!', user.token)).statusCode).toBe(400);
    });

    it('refuses a UTR for a gateway recharge and answers an idempotent replay once', async () => {
      const user = await newUser();
      const sandbox = await createRecharge(app, user.token, '500', 'sandbox');
      const refused = await post('/user/submit_utr_to_recharge', user.token, {
        sn: sandbox.serial_number,
        utr: '223456789012',
      });
      expect(refused.json()).toEqual({ code: 400, msg: WalletMessage.utrNotAccepted });

      const upi = await createRecharge(app, user.token, '500', 'upi');
      expect(upi.pay_url).toBe(`/#/rechargePayment?sn=${upi.serial_number}`);
      const headers = { 'idempotency-key': 'utr-key-1' };
      const body = { sn: upi.serial_number, utr: '323456789012' };
      const first = await post('/user/submit_utr_to_recharge', user.token, body, headers);
      const replay = await post('/user/submit_utr_to_recharge', user.token, body, headers);
      expect(first.json()).toEqual({ code: 200, msg: WalletMessage.utrSubmitted });
      expect(replay.json()).toEqual(first.json());
      const mismatch = await post(
        '/user/submit_utr_to_recharge',
        user.token,
        { ...body, utr: '423456789012' },
        headers,
      );
      expect(mismatch.statusCode).toBe(422);
    });
  });

  describe('operator API', () => {
    const operator = (method: 'GET' | 'POST', url: string, token: string | null = ADMIN_TOKEN) =>
      app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        // Money actions carry the operator's reason into the audit row.
        ...(method === 'POST' ? { payload: { reason: 'UTR matched the bank statement' } } : {}),
      });

    it('refuses calls without the operator token', async () => {
      for (const token of [null, 'wrong-token', `${ADMIN_TOKEN}x`]) {
        const response = await operator('GET', '/admin/api/recharges', token);
        expect(response.statusCode).toBe(401);
      }
      const user = await newUser();
      const asPlayer = await app.inject({
        method: 'GET',
        url: '/admin/api/recharges',
        headers: { authorization: `Token ${user.token}` },
      });
      expect(asPlayer.statusCode).toBe(401);
    });

    it('lists recharges with a UTR, confirms one through the crediting function and rejects another', async () => {
      const user = await newUser();
      const confirmMe = await createRecharge(app, user.token, '700', 'mpurse', {
        pay_upi_account: 'u@okbank',
      });
      const rejectMe = await createRecharge(app, user.token, '800', 'mpurse', {
        pay_upi_account: 'u@okbank',
      });
      const noUtr = await createRecharge(app, user.token, '900', 'mpurse', { pay_upi_account: 'u@okbank' });
      await post('/user/submit_utr_to_recharge', user.token, {
        sn: confirmMe.serial_number,
        utr: '523456789012',
      });
      await post('/user/submit_utr_to_recharge', user.token, {
        sn: rejectMe.serial_number,
        utr: '623456789012',
      });

      const list = (await operator('GET', '/admin/api/recharges?p_size=100')).json();
      const serials = list.queryset.map((row: { serial_number: string }) => row.serial_number);
      expect(serials).toContain(confirmMe.serial_number);
      expect(serials).toContain(rejectMe.serial_number);
      expect(serials).not.toContain(noUtr.serial_number);
      expect(
        list.queryset.find((row: { serial_number: string }) => row.serial_number === confirmMe.serial_number),
      ).toMatchObject({
        user_id: user.userId,
        mobile: user.mobile,
        price: '700.00',
        utr: '523456789012',
        channel_key: 'mpurse',
        pay_upi_account: 'u@okbank',
      });

      const confirmed = await operator('POST', `/admin/api/recharges/${confirmMe.serial_number}/confirm`);
      expect(confirmed.json()).toEqual({
        code: 200,
        msg: WalletMessage.rechargeConfirmed,
        serial_number: confirmMe.serial_number,
        status: 'Success',
      });
      expect(await profileBalance(app, user.token)).toBe('700.00');
      const again = await operator('POST', `/admin/api/recharges/${confirmMe.serial_number}/confirm`);
      expect(again.json()).toEqual({ code: 400, msg: WalletMessage.rechargeNotAwaitingConfirmation });
      expect(await profileBalance(app, user.token)).toBe('700.00');
      // A recharge without a UTR cannot be confirmed.
      expect((await operator('POST', `/admin/api/recharges/${noUtr.serial_number}/confirm`)).statusCode).toBe(
        400,
      );

      const rejected = await app.inject({
        method: 'POST',
        url: `/admin/api/recharges/${rejectMe.serial_number}/reject`,
        headers: adminTokenHeaders(ADMIN_TOKEN),
        payload: { reason: 'No money arrived' },
      });
      expect(rejected.json()).toMatchObject({ code: 200, status: 'Failed' });
      expect(await rechargeRow(database().db, rejectMe.serial_number)).toMatchObject({
        status: 'Failed',
        failure_reason: 'rejected by operator: No money arrived',
      });
      expect(
        (await operator('POST', `/admin/api/recharges/${rejectMe.serial_number}/confirm`)).statusCode,
      ).toBe(400);
      expect((await operator('POST', '/admin/api/recharges/R404/confirm')).statusCode).toBe(404);
      expect(await profileBalance(app, user.token)).toBe('700.00');

      const audit = await database()
        .db.selectFrom('audit_log')
        .select(['event', 'detail_json'])
        .where('event', 'in', ['operator_recharge_confirmed', 'operator_recharge_rejected'])
        .where('user_id', '=', user.userId)
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.event)).toEqual([
        'operator_recharge_confirmed',
        'operator_recharge_rejected',
      ]);
      expect(JSON.parse(audit[0]?.detail_json ?? '{}')).toMatchObject({
        operator: 'admin_token',
        before: { status: 'Wait' },
        after: { status: 'Success' },
      });
      expect((await get('/user/notification', user.token)).json()).toEqual({
        code: 200,
        notify: { type: 'first_recharge', price: '700.00' },
      });
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });
  });

  describe('four-eyes on large manual recharges', () => {
    it('credits a recharge at or above the threshold only on a second, different operator’s confirmation', async () => {
      await new SettingsService(database().db, clock).set(
        'recharge.manual_four_eyes_threshold_minor',
        500_00,
      );
      const { finance, finance2 } = await createEnrolledOperators(app, database(), clock, {
        finance: { username: 'recharge-fin-a', role: 'finance' },
        finance2: { username: 'recharge-fin-b', role: 'finance' },
      });
      const user = await newUser();
      const large = await createRecharge(app, user.token, '700', 'mpurse', { pay_upi_account: 'u@okbank' });
      await post('/user/submit_utr_to_recharge', user.token, {
        sn: large.serial_number,
        utr: '723456789012',
      });
      const confirm = (headers: { authorization: string }) =>
        app.inject({
          method: 'POST',
          url: `/admin/api/recharges/${large.serial_number}/confirm`,
          headers,
          payload: { reason: 'bank statement line 42' },
        });
      const first = await confirm(finance.headers);
      expect(first.json()).toEqual({
        code: 200,
        msg: WalletMessage.rechargeFirstConfirmation,
        serial_number: large.serial_number,
        status: 'Wait',
        first_confirmer: 'recharge-fin-a',
      });
      expect(await profileBalance(app, user.token)).toBe('0.00');
      const queued = (
        await app.inject({ method: 'GET', url: '/admin/api/recharges?p_size=100', headers: finance2.headers })
      ).json();
      expect(
        queued.queryset.find((row: { serial_number: string }) => row.serial_number === large.serial_number),
      ).toMatchObject({ needs_two_confirmations: true, first_confirmer: 'recharge-fin-a' });
      expect((await confirm(finance.headers)).json()).toEqual({
        code: 409,
        msg: WalletMessage.rechargeSecondConfirmerSame,
      });
      expect((await confirm(adminTokenHeaders(ADMIN_TOKEN))).json()).toEqual({
        code: 403,
        msg: WalletMessage.rechargeTokenCannotConfirmSecond,
      });
      expect(await profileBalance(app, user.token)).toBe('0.00');
      const second = await confirm(finance2.headers);
      expect(second.json()).toMatchObject({
        code: 200,
        msg: WalletMessage.rechargeConfirmed,
        status: 'Success',
      });
      expect(await profileBalance(app, user.token)).toBe('700.00');
      expect((await confirm(finance.headers)).statusCode).toBe(400);
      await new SettingsService(database().db, clock).set(
        'recharge.manual_four_eyes_threshold_minor',
        10_000_00,
      );
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });
  });

  describe('the recharge record', () => {
    it('pages the user’s own recharges newest first', async () => {
      const user = await newUser();
      const serials: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        clock.advance(1_000);
        serials.push((await createRecharge(app, user.token, `${100 + index}`, 'sandbox')).serial_number);
      }
      const firstPage = (await get('/user/recharges?p=1&p_size=2', user.token)).json<RechargeListResponse>();
      expect(firstPage.page.count).toBe(3);
      expect(firstPage.queryset.map((row) => row.serial_number)).toEqual([serials[2], serials[1]]);
      const secondPage = (await get('/user/recharges?p=2&p_size=2', user.token)).json<RechargeListResponse>();
      expect(secondPage.queryset.map((row) => row.price)).toEqual(['100.00']);
      expect((await get('/user/recharges?p_size=101', user.token)).statusCode).toBe(400);
      const stranger = await newUser();
      expect((await get('/user/recharges', stranger.token)).json()).toEqual({
        code: 200,
        page: { count: 0 },
        queryset: [],
      });
    });
  });

  describe('add_recharge answers per adapter', () => {
    it('answers 503 and creates nothing when the gateway is down', async () => {
      const { db } = database();
      const { configureFakeGatewayChannels } = await import('./wallet-test-fixtures.ts');
      await configureFakeGatewayChannels(db, fake, clock.now());
      const user = await newUser();
      const before = await countRecharges();
      fake.failNextRequests = 1;
      const response = await postRecharge(app, user.token, rechargeBody('500', 'razorpay'));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 503, msg: WalletMessage.gatewayUnavailable });
      expect(await countRecharges()).toBe(before);
    });

    it('answers the razorpay options, the cashfree form and the ka form', async () => {
      const user = await newUser();
      const razorpay = await createRecharge(app, user.token, '500', 'razorpay');
      expect(razorpay.options).toMatchObject({
        amount: 50_000,
        currency: 'INR',
        order_id: expect.stringMatching(/^order_/),
      });
      const cashfree = await createRecharge(app, user.token, '500', 'cashfree');
      expect(cashfree).toMatchObject({
        gateway: `${fake.baseUrl}/cashfree/checkout`,
        data_dict: { payment_session_id: expect.stringMatching(/^session_/) },
      });
      const ka: AddRechargeResponse = await createRecharge(app, user.token, '500', 'ka');
      expect(ka.gateway).toBe(fake.kaGatewayUrl);
      expect(ka.data_dict).toMatchObject({ order_no: ka.serial_number, amount: '500.00' });
      const channels = (await get('/user/channels?type=pay', user.token)).json<ChannelListResponse>();
      expect(channels.queryset.map((channel) => channel.key)).toEqual([
        'sandbox',
        'mpurse',
        'upi',
        'razorpay',
        'cashfree',
        'ka',
      ]);
    });
  });
});
