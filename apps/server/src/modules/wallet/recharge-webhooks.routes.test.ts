import { createHmac } from 'node:crypto';
import { WalletMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { FAKE_RAZORPAY, FakePaymentGateways } from '../../test-support/fake-payment-gateways.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser, tokenHeader } from '../accounts/account-fixtures.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { DatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { signedSandboxWebhook } from '../payments/sandbox-gateway.ts';
import { insertSandboxPayment } from '../payments/sandbox-payments.repository.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { seedDemoPaymentChannels } from './demo-payment-channels.ts';
import { listWebhookEvents } from './recharge.repository.ts';
import { RECHARGE_EXPIRY_MS, RECHARGE_POLL_MIN_AGE_MS } from './recharge-poller.ts';
import { createWalletModule, type WalletModule } from './wallet.module.ts';
import { WALLET_LEDGER_CHECKS } from './wallet-ledger-checks.ts';
import {
  configureFakeGatewayChannels,
  createRecharge,
  createWalletUser,
  deliverWebhook,
  profileBalance,
  rechargeRow,
  sandboxSecret,
} from './wallet-test-fixtures.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);

describeEachDatabase('gateway webhooks, client returns and the poller', (database) => {
  const clock = new ManualClock(START_MS);
  let app: FastifyInstance;
  let fake: FakePaymentGateways;
  let wallet: WalletModule;
  const rCode = 'HOOKROOT';

  beforeAll(async () => {
    const { db } = database();
    fake = await FakePaymentGateways.start();
    await seedDemoPaymentChannels(db, 'in', clock.now(), testSecretBox());
    await configureFakeGatewayChannels(db, fake, clock.now());
    await createTestUser(db, { rCode });
    app = await buildTestApp(database(), { clock });
    // A second instance of the wallet on the same database, as another server would run the poller.
    wallet = createWalletModule({
      database: database(),
      clock,
      ledger: new LedgerService(database(), clock),
      audit: new AuditLog(db, clock),
      rateLimiter: new DatabaseRateLimiter(db, clock),
      settings: new SettingsService(db, clock),
      logger: app.log,
      market: 'in',
      publicUrl: 'http://localhost:3000',
      secrets: testSecretBox(),
      isProduction: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const newUser = () => createWalletUser(app, database().db, { rCode });
  const status = async (serialNumber: string) => (await rechargeRow(database().db, serialNumber)).status;

  describe('razorpay', () => {
    it('credits a captured payment once, however often its webhook comes, and refuses tampering', async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '500', 'razorpay');
      const orderId = String(recharge.options?.order_id);
      const payment = fake.razorpayPay(orderId);
      const delivery = fake.razorpayWebhook('payment.captured', payment.id, 'evt_rzp_1');

      const tampered = Buffer.from(delivery.rawBody.toString().replace('"amount":50000', '"amount":90000'));
      const refused = await deliverWebhook(app, 'razorpay', { rawBody: tampered, headers: delivery.headers });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 400, msg: 'Invalid webhook' });
      const { 'x-razorpay-signature': _signature, ...unsigned } = delivery.headers;
      expect(
        (await deliverWebhook(app, 'razorpay', { rawBody: delivery.rawBody, headers: unsigned })).statusCode,
      ).toBe(400);
      expect(await status(recharge.serial_number)).toBe('Wait');

      const first = await deliverWebhook(app, 'razorpay', delivery);
      expect(first.json()).toEqual({ code: 200, outcome: 'credited' });
      const again = await deliverWebhook(app, 'razorpay', delivery);
      expect(again.json()).toEqual({ code: 200, outcome: 'duplicate_event' });
      // order.paid names the same payment under another event id: recognised, not credited again.
      const orderPaid = await deliverWebhook(app, 'razorpay', fake.razorpayWebhook('order.paid', payment.id));
      expect(orderPaid.json()).toEqual({ code: 200, outcome: 'already_credited' });
      expect(await profileBalance(app, user.token)).toBe('500.00');
      expect(await rechargeRow(database().db, recharge.serial_number)).toMatchObject({
        status: 'Success',
        gateway_payment_id: payment.id,
        is_first_recharge: 1,
      });

      // A failure reported after the success never undoes it.
      const declined = fake.razorpayPay(orderId, { status: 'failed' });
      const late = await deliverWebhook(app, 'razorpay', fake.razorpayWebhook('payment.failed', declined.id));
      expect(late.json()).toEqual({ code: 200, outcome: 'ignored' });
      expect(await status(recharge.serial_number)).toBe('Success');

      // A second real payment of the credited order is not credited and is left for the operator.
      const twice = fake.razorpayPay(orderId);
      const duplicate = await deliverWebhook(
        app,
        'razorpay',
        fake.razorpayWebhook('payment.captured', twice.id),
      );
      expect(duplicate.json()).toEqual({ code: 200, outcome: 'duplicate_payment' });
      expect(await profileBalance(app, user.token)).toBe('500.00');
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });

    it('credits through the widget’s verified return and refuses a forged one', async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '800', 'razorpay');
      const orderId = String(recharge.options?.order_id);
      const payment = fake.razorpayPay(orderId);
      const signature = fake.razorpayCheckoutSignature(orderId, payment.id);
      const returnCall = (params: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/user/recharge_return',
          headers: tokenHeader(user.token),
          payload: { sn: recharge.serial_number, params },
        });
      const forged = await returnCall({
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: signature.replace(/.$/, signature.endsWith('a') ? 'b' : 'a'),
      });
      expect(forged.json()).toEqual({ code: 400, msg: WalletMessage.returnNotVerified });
      expect(await status(recharge.serial_number)).toBe('Wait');
      const verified = await returnCall({
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: signature,
      });
      expect(verified.json()).toEqual({ code: 200, status: 'Success' });
      expect(await profileBalance(app, user.token)).toBe('800.00');
      // The webhook that follows finds the payment already credited.
      const webhook = await deliverWebhook(
        app,
        'razorpay',
        fake.razorpayWebhook('payment.captured', payment.id),
      );
      expect(webhook.json()).toEqual({ code: 200, outcome: 'already_credited' });
      expect(await profileBalance(app, user.token)).toBe('800.00');

      const stranger = await newUser();
      const foreign = await app.inject({
        method: 'POST',
        url: '/user/recharge_return',
        headers: tokenHeader(stranger.token),
        payload: { sn: recharge.serial_number, params: {} },
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('acknowledges a signed webhook for an order it does not know without crediting anything', async () => {
      const recharge = await createRecharge(app, (await newUser()).token, '500', 'razorpay');
      const payment = fake.razorpayPay(String(recharge.options?.order_id));
      const delivery = fake.razorpayWebhook('payment.captured', payment.id);
      const event = JSON.parse(delivery.rawBody.toString());
      event.payload.payment.entity.order_id = 'order_unknown';
      const rawBody = Buffer.from(JSON.stringify(event));
      const answer = await deliverWebhook(app, 'razorpay', {
        rawBody,
        headers: {
          ...delivery.headers,
          'x-razorpay-signature': createHmac('sha256', FAKE_RAZORPAY.webhookSecret)
            .update(rawBody)
            .digest('hex'),
          'x-razorpay-event-id': 'evt_unknown',
        },
      });
      expect(answer.json()).toEqual({ code: 200, outcome: 'unknown_order' });
      expect(await listWebhookEvents(database().db, 'razorpay', 50)).toContainEqual({
        event_id: 'evt_unknown',
        outcome: 'unknown_order',
        recharge_id: null,
      });
      expect(await status(recharge.serial_number)).toBe('Wait');
      expect((await deliverWebhook(app, 'no-such-channel', delivery)).statusCode).toBe(404);
      // Manual channels take no webhooks at all.
      expect((await deliverWebhook(app, 'mpurse', delivery)).statusCode).toBe(400);
    });
  });

  describe('cashfree and ka', () => {
    it('credits a cashfree payment from its webhook, and refuses one of another amount', async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '250.50', 'cashfree');
      const short = fake.cashfreePay(recharge.serial_number, { amount: 25.05 });
      const mismatch = await deliverWebhook(app, 'cashfree', fake.cashfreeWebhook(short));
      expect(mismatch.json()).toEqual({ code: 200, outcome: 'payment_mismatch' });
      expect(await status(recharge.serial_number)).toBe('Wait');
      expect(await profileBalance(app, user.token)).toBe('0.00');
      const audit = await database()
        .db.selectFrom('audit_log')
        .select('detail_json')
        .where('event', '=', 'recharge_payment_mismatch')
        .where('user_id', '=', user.userId)
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.detail_json ?? '{}')).toMatchObject({
        serial_number: recharge.serial_number,
        order_amount_minor: 25_050,
        paid_amount_minor: 2_505,
      });

      const full = fake.cashfreePay(recharge.serial_number);
      const credited = await deliverWebhook(app, 'cashfree', fake.cashfreeWebhook(full));
      expect(credited.json()).toEqual({ code: 200, outcome: 'credited' });
      expect(await profileBalance(app, user.token)).toBe('250.50');
      const tampered = fake.cashfreeWebhook(full);
      const bytes = Buffer.from(tampered.rawBody);
      bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 0x01;
      expect(
        (await deliverWebhook(app, 'cashfree', { rawBody: bytes, headers: tampered.headers })).statusCode,
      ).toBe(400);
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });

    it('credits a ka notification posted as a form', async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '300', 'ka');
      const fields = fake.kaPay(recharge.serial_number, '300.00');
      const tampered = await deliverWebhook(app, 'ka', fake.kaWebhook({ ...fields, amount: '3000.00' }));
      expect(tampered.statusCode).toBe(400);
      const answer = await deliverWebhook(app, 'ka', fake.kaWebhook(fields));
      expect(answer.json()).toEqual({ code: 200, outcome: 'credited' });
      expect((await deliverWebhook(app, 'ka', fake.kaWebhook(fields))).json()).toEqual({
        code: 200,
        outcome: 'duplicate_event',
      });
      expect(await profileBalance(app, user.token)).toBe('300.00');
    });
  });

  describe('the poller', () => {
    it('credits paid orders whose webhook never came, and expires the old unpaid ones', async () => {
      const user = await newUser();
      const razorpay = await createRecharge(app, user.token, '600', 'razorpay');
      const cashfree = await createRecharge(app, user.token, '700', 'cashfree');
      const sandbox = await createRecharge(app, user.token, '400', 'sandbox');
      const unpaid = await createRecharge(app, user.token, '900', 'razorpay');
      const manual = await createRecharge(app, user.token, '500', 'mpurse', { pay_upi_account: 'p@okbank' });
      fake.razorpayPay(String(razorpay.options?.order_id));
      fake.cashfreePay(cashfree.serial_number);
      // The sandbox records a payment whose webhook is lost on the way.
      await insertSandboxPayment(database().db, {
        order_id: `sbo_${sandbox.serial_number}`,
        payment_id: 'sbp_lost_webhook',
        amount_minor: 40_000,
        status: 'paid',
        created_at: clock.now(),
      });

      // Orders younger than the minimum age are left to their webhooks.
      const early = await wallet.poller.runOnce();
      expect(early.outcomes.credited ?? 0).toBe(0);

      clock.advance(RECHARGE_POLL_MIN_AGE_MS + 1_000);
      const report = await wallet.poller.runOnce();
      expect(report.errors).toBe(0);
      // Other tests' orders that were paid at the gateway are credited by the same round.
      expect(report.outcomes.credited).toBeGreaterThanOrEqual(3);
      expect(report.outcomes.pending).toBeGreaterThanOrEqual(1);
      expect(await status(razorpay.serial_number)).toBe('Success');
      expect(await status(cashfree.serial_number)).toBe('Success');
      expect(await status(sandbox.serial_number)).toBe('Success');
      expect(await status(unpaid.serial_number)).toBe('Wait');
      expect(await profileBalance(app, user.token)).toBe('1700.00');

      // A gateway outage is logged and retried on a later round.
      fake.failNextRequests = 100;
      const outage = await wallet.poller.runOnce();
      expect(outage.errors).toBeGreaterThan(0);
      fake.failNextRequests = 0;

      clock.advance(RECHARGE_EXPIRY_MS);
      const expiry = await wallet.poller.runOnce();
      expect(expiry.expired).toBeGreaterThanOrEqual(1);
      expect(await status(unpaid.serial_number)).toBe('Cancelled');
      // Manual UPI orders wait for their UTR and the operator; they never expire.
      expect(await status(manual.serial_number)).toBe('Wait');

      // A payment that arrives after expiry is still the payer's money: it moves the order on to Success.
      const late = fake.razorpayPay(String(unpaid.options?.order_id));
      const answer = await deliverWebhook(app, 'razorpay', fake.razorpayWebhook('payment.captured', late.id));
      expect(answer.json()).toEqual({ code: 200, outcome: 'credited' });
      expect(await profileBalance(app, user.token)).toBe('2600.00');
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });
  });

  describe('sandbox webhooks over HTTP', () => {
    it('credits a signed sandbox webhook posted to /webhooks/sandbox and refuses a flipped byte', async () => {
      const user = await newUser();
      const recharge = await createRecharge(app, user.token, '150', 'sandbox');
      const secret = await sandboxSecret(database().db);
      const event = {
        id: 'evt_http_1',
        type: 'payment.paid' as const,
        created_at: clock.now(),
        data: {
          order_id: `sbo_${recharge.serial_number}`,
          payment_id: 'sbp_http_1',
          amount_minor: 15_000,
          currency: 'INR',
        },
      };
      const delivery = signedSandboxWebhook(secret, event);
      const flipped = Buffer.from(delivery.rawBody);
      flipped[5] = (flipped[5] ?? 0) ^ 0x01;
      const refused = await deliverWebhook(app, 'sandbox', { rawBody: flipped, headers: delivery.headers });
      expect(refused.statusCode).toBe(400);
      expect(await status(recharge.serial_number)).toBe('Wait');
      const wrongCurrency = signedSandboxWebhook(secret, {
        ...event,
        id: 'evt_http_2',
        data: { ...event.data, currency: 'USD' },
      });
      expect((await deliverWebhook(app, 'sandbox', wrongCurrency)).json()).toEqual({
        code: 200,
        outcome: 'payment_mismatch',
      });
      expect((await deliverWebhook(app, 'sandbox', delivery)).json()).toEqual({
        code: 200,
        outcome: 'credited',
      });
      expect(await profileBalance(app, user.token)).toBe('150.00');
      // An empty or non-JSON body is refused too, never a 500.
      const empty = await app.inject({ method: 'POST', url: '/webhooks/sandbox' });
      expect(empty.statusCode).toBe(400);
      const text = await app.inject({
        method: 'POST',
        url: '/webhooks/sandbox',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.statusCode).toBe(400);
    });
  });
});
