import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser, tokenHeader } from '../accounts/account-fixtures.ts';
import type { WebhookRequest } from '../payments/payment-adapter.ts';
import { sandboxReturnSignature } from '../payments/sandbox.adapter.ts';
import { signedSandboxWebhook } from '../payments/sandbox-gateway.ts';
import { insertSandboxPayment } from '../payments/sandbox-payments.repository.ts';
import { seedDemoPaymentChannels } from './demo-payment-channels.ts';
import { findChannelByKey } from './payment-channel.repository.ts';
import { insertRecharge } from './recharge.repository.ts';
import { WALLET_LEDGER_CHECKS } from './wallet-ledger-checks.ts';
import {
  createWalletUser,
  deliverWebhook,
  profileBalance,
  rechargeRow,
  sandboxSecret,
  type WalletTestUser,
} from './wallet-test-fixtures.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);
/** The figures of issue 4: 1,000 payments, each webhook delivered 3 times, with concurrent client returns. */
const PAYMENTS = 1_000;
const DELIVERIES_PER_PAYMENT = 3;
const PAYERS = 10;
/** Requests in flight at once. */
const CONCURRENCY = 32;
/** Amounts cycle through these (minor units), so the sum is checkable and not all payments look alike. */
const AMOUNTS_MINOR = [10_000, 25_050, 50_000, 99_999, 100_001];

/** Fisher-Yates with the cryptographic generator (the house forbids Math.random). */
function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}

/** Runs the tasks with at most `limit` in flight; answers their results in task order. */
async function runPool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describeEachDatabase(
  '1,000 sandbox payments, each webhook delivered 3 times, with client returns',
  (database) => {
    const clock = new ManualClock(START_MS);
    let app: FastifyInstance;
    let payers: WalletTestUser[];
    let secret: string;
    let channelId: number;
    const rCode = 'LOADROOT';

    beforeAll(async () => {
      const { db } = database();
      await seedDemoPaymentChannels(db, 'in', clock.now(), testSecretBox());
      await createTestUser(db, { rCode });
      app = await buildTestApp(database(), { clock });
      payers = [];
      for (let index = 0; index < PAYERS; index += 1) payers.push(await createWalletUser(app, db, { rCode }));
      secret = await sandboxSecret(db);
      channelId = (await findChannelByKey(db, 'sandbox'))?.id ?? 0;
    });
    afterAll(async () => {
      await app?.close();
    });

    /** A waiting sandbox recharge of the payer, written as add_recharge writes it. */
    const waitingRecharge = async (
      index: number,
      payer: WalletTestUser,
      amountMinor: number,
    ): Promise<string> => {
      const serialNumber = `RLOAD${String(index).padStart(6, '0')}`;
      await insertRecharge(database().db, {
        serial_number: serialNumber,
        user_id: payer.userId,
        channel_id: channelId,
        channel_key: 'sandbox',
        adapter: 'sandbox',
        amount_minor: amountMinor,
        status: 'Wait',
        gateway_order_id: `sbo_${serialNumber}`,
        gateway_payment_id: null,
        utr: null,
        utr_submitted_at: null,
        pay_name: 'Load Payer',
        pay_mobile: '9812345678',
        pay_email: 'load@example.com',
        pay_upi_account: null,
        pay_url: null,
        payee_upi_account: null,
        payee_name: null,
        failure_reason: null,
        notified_at: null,
        created_at: clock.now(),
        updated_at: clock.now(),
        credited_at: null,
      });
      return serialNumber;
    };

    /** The sandbox takes the payment in its books and signs the webhook it sends. */
    const payAtSandbox = async (
      serialNumber: string,
      amountMinor: number,
      eventId: string,
    ): Promise<WebhookRequest> => {
      const paymentId = `sbp_${serialNumber}`;
      await insertSandboxPayment(database().db, {
        order_id: `sbo_${serialNumber}`,
        payment_id: paymentId,
        amount_minor: amountMinor,
        status: 'paid',
        created_at: clock.now(),
      });
      return signedSandboxWebhook(secret, {
        id: eventId,
        type: 'payment.paid',
        created_at: clock.now(),
        data: {
          order_id: `sbo_${serialNumber}`,
          payment_id: paymentId,
          amount_minor: amountMinor,
          currency: 'INR',
        },
      });
    };

    it('credits exactly 1,000 times and keeps the ledger clean', async () => {
      const { db } = database();
      const expectedPerPayer = new Map<number, number>();
      const tasks: Array<() => Promise<{ kind: 'webhook' | 'return'; response: LightMyRequestResponse }>> =
        [];
      for (let index = 0; index < PAYMENTS; index += 1) {
        const payer = payers[index % PAYERS] as WalletTestUser;
        const amountMinor = AMOUNTS_MINOR[index % AMOUNTS_MINOR.length] as number;
        expectedPerPayer.set(payer.userId, (expectedPerPayer.get(payer.userId) ?? 0) + amountMinor);
        const serialNumber = await waitingRecharge(index, payer, amountMinor);
        const delivery = await payAtSandbox(serialNumber, amountMinor, `evt_load_${index}`);
        for (let copy = 0; copy < DELIVERIES_PER_PAYMENT; copy += 1) {
          tasks.push(async () => ({
            kind: 'webhook',
            response: await deliverWebhook(app, 'sandbox', delivery),
          }));
        }
        const orderId = `sbo_${serialNumber}`;
        const paymentId = `sbp_${serialNumber}`;
        tasks.push(async () => ({
          kind: 'return',
          response: await app.inject({
            method: 'POST',
            url: '/user/recharge_return',
            headers: tokenHeader(payer.token),
            payload: {
              sn: serialNumber,
              params: {
                order_id: orderId,
                payment_id: paymentId,
                signature: sandboxReturnSignature(secret, orderId, paymentId),
              },
            },
          }),
        }));
      }

      const results = await runPool(shuffle(tasks), CONCURRENCY);
      const webhookAnswers = results
        .filter((result) => result.kind === 'webhook')
        .map((result) => result.response);
      const returnAnswers = results
        .filter((result) => result.kind === 'return')
        .map((result) => result.response);
      expect(webhookAnswers).toHaveLength(PAYMENTS * DELIVERIES_PER_PAYMENT);
      expect(webhookAnswers.every((response) => response.statusCode === 200)).toBe(true);
      expect(returnAnswers.every((response) => response.statusCode === 200)).toBe(true);
      expect(returnAnswers.every((response) => response.json().status === 'Success')).toBe(true);
      const outcomes = new Map<string, number>();
      for (const response of webhookAnswers) {
        const outcome = response.json().outcome as string;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      // Each event is processed once; its other two deliveries are recognised as duplicates.
      expect(outcomes.get('duplicate_event')).toBe(PAYMENTS * (DELIVERIES_PER_PAYMENT - 1));
      // The first delivery credits unless the client return got there first.
      expect((outcomes.get('credited') ?? 0) + (outcomes.get('already_credited') ?? 0)).toBe(PAYMENTS);

      const credited = await db
        .selectFrom('recharges')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'Success')
        .where('serial_number', 'like', 'RLOAD%')
        .executeTakeFirstOrThrow();
      expect(Number(credited.count)).toBe(PAYMENTS);
      const credits = await db
        .selectFrom('ledger_transfers')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount_minor').as('total')])
        .where('kind', '=', 'recharge')
        .where('reference_id', 'like', 'RLOAD%')
        .executeTakeFirstOrThrow();
      const expectedTotal = [...expectedPerPayer.values()].reduce((sum, value) => sum + value, 0);
      expect(Number(credits.count)).toBe(PAYMENTS);
      expect(Number(credits.total)).toBe(expectedTotal);
      const events = await db
        .selectFrom('webhook_events')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('event_id', 'like', 'evt_load_%')
        .executeTakeFirstOrThrow();
      expect(Number(events.count)).toBe(PAYMENTS);
      for (const payer of payers) {
        const expected = expectedPerPayer.get(payer.userId) ?? 0;
        expect(await profileBalance(app, payer.token)).toBe((expected / 100).toFixed(2));
      }
      // Exactly one first recharge per payer.
      const firsts = await db
        .selectFrom('recharges')
        .select('user_id')
        .where('is_first_recharge', '=', 1)
        .where('serial_number', 'like', 'RLOAD%')
        .execute();
      expect(firsts.map((row) => Number(row.user_id)).sort()).toEqual(
        payers.map((payer) => payer.userId).sort(),
      );
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    }, 300_000);

    it('answers 400 to a delivery with one flipped byte and credits nothing', async () => {
      const payer = payers[0] as WalletTestUser;
      const before = await profileBalance(app, payer.token);
      const serialNumber = await waitingRecharge(PAYMENTS + 1, payer, 10_000);
      const delivery = await payAtSandbox(serialNumber, 10_000, 'evt_flipped');
      for (const position of [0, Math.floor(delivery.rawBody.length / 2), delivery.rawBody.length - 1]) {
        const rawBody = Buffer.from(delivery.rawBody);
        rawBody[position] = (rawBody[position] ?? 0) ^ 0x01;
        const response = await deliverWebhook(app, 'sandbox', { rawBody, headers: delivery.headers });
        expect(response.statusCode).toBe(400);
      }
      expect((await rechargeRow(database().db, serialNumber)).status).toBe('Wait');
      expect(await profileBalance(app, payer.token)).toBe(before);
      // The untouched delivery is still good: the refusals did not burn its event id.
      expect((await deliverWebhook(app, 'sandbox', delivery)).json()).toEqual({
        code: 200,
        outcome: 'credited',
      });
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });
  },
);
