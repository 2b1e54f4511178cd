import { randomInt } from 'node:crypto';
import { COLOUR_PERIOD_MS, periodNumberAt } from '@app/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_LEDGER_CHECKS } from './app-ledger-checks.ts';
import { transactionRetryCount } from './db/transaction.ts';
import { type ColourGameModule, createColourGameModule } from './modules/games/colour/colour.module.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import {
  addAddress,
  BUYER_PASSWORD,
  createBuyer,
  fundWallet,
  insertTestProduct,
  type TestBuyer,
} from './modules/orders/order-fixtures.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { seedDemoPaymentChannels } from './modules/wallet/demo-payment-channels.ts';
import { createRecharge } from './modules/wallet/wallet-test-fixtures.ts';
import {
  DEMO_MANUAL_WITHDRAWAL_KEY,
  seedDemoWithdrawalChannels,
} from './modules/withdrawals/demo-withdrawal-channels.ts';
import { WageringService } from './modules/withdrawals/wagering.service.ts';
import { addCard } from './modules/withdrawals/withdrawal-fixtures.ts';
import { ManualClock } from './platform/clock.ts';
import { expectLedgerClean } from './test-support/ledger-assertions.ts';
import { buildTestApp } from './test-support/test-app.ts';
import { describeEachDatabase } from './test-support/test-database.ts';
import { testSecretBox } from './test-support/test-secrets.ts';

/** 2025-03-05 00:00 IST; the first colour chain starts with the next period, 20250305002. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const DAY_MS = 24 * 60 * 60_000;
const CLIENTS = 16;
const OPERATIONS_PER_CLIENT = 12;
const FUNDED_USERS = 6;
const FUNDS_MINOR = 10_000_000;

type Player = TestBuyer & { addressId: number; cardId: number };

/**
 * Issue 13, reliability 1: every money path takes its locks in one global order (DESIGN.md "The ledger",
 * the lock-order comment of ledger.service.ts), so a mixed workload of the same few users never deadlocks.
 * Before the fix, bets (wallets, then colour_bets whose foreign key share-locks users) and transfers (users
 * FOR UPDATE, then wallets) locked in opposite orders and PostgreSQL broke dozens of deadlocks a run.
 */
describeEachDatabase('money paths under a mixed concurrent workload', (database) => {
  const clock = new ManualClock(MIDNIGHT_IST - DAY_MS - 60_000);
  let app: FastifyInstance;
  let colour: ColourGameModule;
  let productId = 0;
  const players: Player[] = [];

  beforeAll(async () => {
    const db = database().db;
    await seedDemoPaymentChannels(db, 'in', clock.now(), testSecretBox());
    await seedDemoWithdrawalChannels(db, 'in', clock.now());
    app = await buildTestApp(database(), { clock });
    const settings = new SettingsService(db, clock);
    await settings.set('bank_card.otp_required', false);
    await settings.set('withdrawal.needs_bet_factor', 0);
    await settings.set('withdrawal.daily_count', 1000);
    colour = createColourGameModule({
      database: database(),
      clock,
      ledger: new LedgerService(database(), clock),
      settings,
      market: 'in',
      logger: app.log,
      wagering: new WageringService(settings, clock),
      chainLength: 2000,
    });
    productId = (await insertTestProduct(database(), { price_minor: 100_00, stock: 100_000 })).id;
    for (let index = 0; index < FUNDED_USERS; index += 1) {
      const buyer = await createBuyer(database(), clock);
      await db
        .updateTable('users')
        .set({ is_transfer_enable: 1, is_early: 1 })
        .where('id', '=', buyer.userId)
        .execute();
      await fundWallet(database(), clock, buyer.userId, FUNDS_MINOR);
      const addressId = await addAddress(app, buyer);
      const cardId = await addCard(app, buyer);
      players.push({ ...buyer, addressId, cardId });
    }
    // Past every card's cool-down, then the chains are published and the first bettable period runs.
    clock.set(MIDNIGHT_IST + 10_000);
    await colour.engine.tick();
    clock.set(MIDNIGHT_IST + COLOUR_PERIOD_MS + 5_000);
  });
  afterAll(async () => {
    await colour?.engine.stop();
    await app?.close();
  });

  const pick = () => players[randomInt(players.length)] as Player;
  const post = (player: Player, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: player.headers, payload });

  const operations: Record<string, (player: Player) => Promise<LightMyRequestResponse>> = {
    bet: (player) =>
      post(player, '/win/add_user_guess', {
        category: ['P', 'S', 'B', 'E'][randomInt(4)],
        period: periodNumberAt(clock.now(), 'Asia/Kolkata'),
        guess_type: 'N',
        number: randomInt(10),
        contract_money: 10,
        contract_count: 1,
      }),
    transfer: (player) => {
      let receiver = pick();
      while (receiver.userId === player.userId) receiver = pick();
      return post(player, '/user/transfer_to', { user_id: String(receiver.userId), amount: '7.50' });
    },
    buy: (player) =>
      post(player, '/user/buy', {
        product_id: productId,
        address_id: player.addressId,
        password: BUYER_PASSWORD,
      }),
    withdrawal: (player) =>
      post(player, '/user/add_withdrawal', {
        amount: '150',
        bank_card_id: player.cardId,
        password: BUYER_PASSWORD,
        withdrawal_key: DEMO_MANUAL_WITHDRAWAL_KEY,
        force_login_password_valid: 'yes',
      }),
    recharge: async (player) => {
      const recharge = await createRecharge(app, player.token, '200', 'sandbox');
      return app.inject({
        method: 'POST',
        url: '/dev/sandbox/pay',
        payload: { serial_number: recharge.serial_number },
      });
    },
  };
  const kinds = Object.keys(operations);

  it(`runs bets, transfers, buys, withdrawals and recharges from ${CLIENTS} clients without a deadlock retry or a 5xx`, async () => {
    const retriesBefore = transactionRetryCount(database());
    const answers: Array<{ kind: string; status: number; body: string }> = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let index = 0; index < OPERATIONS_PER_CLIENT; index += 1) {
          // Every client runs every kind, in a rotating order, so all kinds overlap all the time.
          const kind = kinds[(client + index) % kinds.length] as string;
          const response = await (operations[kind] as (player: Player) => Promise<LightMyRequestResponse>)(
            pick(),
          );
          answers.push({ kind, status: response.statusCode, body: response.body });
        }
      }),
    );
    const failures = answers.filter((answer) => answer.status !== 200);
    expect(failures.filter((answer) => answer.status >= 500)).toEqual([]);
    // Funds are ample and limits are raised: every operation is accepted.
    expect(failures).toEqual([]);
    expect(answers).toHaveLength(CLIENTS * OPERATIONS_PER_CLIENT);
    expect(transactionRetryCount(database()) - retriesBefore).toBe(0);
    await expectLedgerClean(database(), APP_LEDGER_CHECKS);
  });
});
