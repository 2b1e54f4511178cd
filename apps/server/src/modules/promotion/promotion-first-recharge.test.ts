import type { PromotionInfoResponse } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { FakePaymentGateways } from '../../test-support/fake-payment-gateways.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser, tokenHeader } from '../accounts/account-fixtures.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { DatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import { SessionService } from '../accounts/session.service.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { seedDemoPaymentChannels } from '../wallet/demo-payment-channels.ts';
import { RECHARGE_POLL_MIN_AGE_MS } from '../wallet/recharge-poller.ts';
import { createWalletModule, type WalletModule } from '../wallet/wallet.module.ts';
import {
  configureFakeGatewayChannels,
  createRecharge,
  createWalletUser,
  deliverWebhook,
  profileBalance,
} from '../wallet/wallet-test-fixtures.ts';
import { PromotionAccrualService } from './promotion-accrual.service.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);

describeEachDatabase('first-recharge bonus (BFFR)', (database) => {
  const clock = new ManualClock(START_MS);
  let app: FastifyInstance;
  let fake: FakePaymentGateways;
  let otherInstance: WalletModule;
  let rootToken: string;
  const rCode = 'BFFRROOT';

  beforeAll(async () => {
    const { db } = database();
    fake = await FakePaymentGateways.start();
    await seedDemoPaymentChannels(db, 'in', clock.now(), testSecretBox());
    await configureFakeGatewayChannels(db, fake, clock.now());
    await createTestUser(db, { rCode });
    app = await buildTestApp(database(), { clock });
    // A second server's wallet on the same database, running the poller, with the same BFFR hook.
    const ledger = new LedgerService(database(), clock);
    const settings = new SettingsService(db, clock);
    otherInstance = createWalletModule({
      database: database(),
      clock,
      ledger,
      audit: new AuditLog(db, clock),
      rateLimiter: new DatabaseRateLimiter(db, clock),
      settings,
      logger: app.log,
      market: 'in',
      publicUrl: 'http://localhost:3000',
      secrets: testSecretBox(),
      isProduction: false,
      firstRechargeBonus: new PromotionAccrualService(database(), clock, ledger, settings),
    });
    const rootRow = await db
      .selectFrom('users')
      .select('id')
      .where('r_code', '=', rCode)
      .executeTakeFirstOrThrow();
    rootToken = await new SessionService(db, clock).create({
      userId: Number(rootRow.id),
      deviceId: null,
      ip: null,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const rootProfit = async () =>
    (
      await app.inject({ method: 'GET', url: '/user/my_promotion_info', headers: tokenHeader(rootToken) })
    ).json<PromotionInfoResponse>().profit;

  it('pays the referrer once when the webhook, the return and the poller all report the first recharge at once', async () => {
    const player = await createWalletUser(app, database().db, { rCode });
    const recharge = await createRecharge(app, player.token, '500', 'razorpay');
    const orderId = String(recharge.options?.order_id);
    const payment = fake.razorpayPay(orderId);
    const signature = fake.razorpayCheckoutSignature(orderId, payment.id);
    clock.advance(RECHARGE_POLL_MIN_AGE_MS + 1_000);
    const returnCall = () =>
      app.inject({
        method: 'POST',
        url: '/user/recharge_return',
        headers: tokenHeader(player.token),
        payload: {
          sn: recharge.serial_number,
          params: {
            razorpay_order_id: orderId,
            razorpay_payment_id: payment.id,
            razorpay_signature: signature,
          },
        },
      });
    await Promise.all([
      deliverWebhook(app, 'razorpay', fake.razorpayWebhook('payment.captured', payment.id)),
      deliverWebhook(app, 'razorpay', fake.razorpayWebhook('order.paid', payment.id)),
      returnCall(),
      returnCall(),
      otherInstance.poller.runOnce(),
      otherInstance.poller.runOnce(),
    ]);
    expect(await profileBalance(app, player.token)).toBe('500.00');
    // 5 % of 500.00, into the root's bonus account (not its wallet), once.
    expect(await rootProfit()).toBe('25.00');
    expect(await profileBalance(app, rootToken)).toBe('0.00');

    // A second recharge is not a first one: nothing more.
    const second = await createRecharge(app, player.token, '10000', 'razorpay');
    const secondPayment = fake.razorpayPay(String(second.options?.order_id));
    await deliverWebhook(app, 'razorpay', fake.razorpayWebhook('payment.captured', secondPayment.id));
    expect(await profileBalance(app, player.token)).toBe('10500.00');
    expect(await rootProfit()).toBe('25.00');
    const bonuses = await database()
      .db.selectFrom('promotion_bonuses')
      .selectAll()
      .where('type', '=', 'BFFR')
      .execute();
    expect(bonuses).toHaveLength(1);
    expect(Number(bonuses[0]?.amount_minor)).toBe(25_00);
    await expectLedgerClean(database());
  });

  it('caps the bonus at 500.00 and pays none for a referral sharing the payout account', async () => {
    const big = await createWalletUser(app, database().db, { rCode });
    const recharge = await createRecharge(app, big.token, '20000', 'razorpay');
    const payment = fake.razorpayPay(String(recharge.options?.order_id));
    await deliverWebhook(app, 'razorpay', fake.razorpayWebhook('payment.captured', payment.id));
    expect(await rootProfit()).toBe('525.00');

    const sharer = await createWalletUser(app, database().db, { rCode });
    const rootId = Number(
      (
        await database()
          .db.selectFrom('users')
          .select('id')
          .where('r_code', '=', rCode)
          .executeTakeFirstOrThrow()
      ).id,
    );
    for (const userId of [rootId, sharer.userId]) {
      await database()
        .db.insertInto('bank_cards')
        .values({
          user_id: userId,
          actual_name: 'Same Person',
          ifsc_code: 'SBIN0000001',
          bank_name: 'SBI',
          account_number: '123456789012',
          province: 'UP',
          city: 'Lucknow',
          address: 'Street 1',
          mobile_number: '9800000001',
          email: 'same@example.com',
          upi_account: '',
          withdrawable_from: 0,
          created_at: 1,
          updated_at: 1,
          deleted_at: null,
        })
        .execute();
    }
    const shared = await createRecharge(app, sharer.token, '1000', 'razorpay');
    const sharedPayment = fake.razorpayPay(String(shared.options?.order_id));
    await deliverWebhook(app, 'razorpay', fake.razorpayWebhook('payment.captured', sharedPayment.id));
    expect(await profileBalance(app, sharer.token)).toBe('1000.00');
    expect(await rootProfit()).toBe('525.00');
    await expectLedgerClean(database());
  });
});
