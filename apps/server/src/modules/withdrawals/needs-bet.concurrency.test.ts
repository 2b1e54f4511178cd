import { setTimeout as sleep } from 'node:timers/promises';
import { getMarket, needBetMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { INSUFFICIENT_BALANCE_MESSAGE } from '../ledger/ledger.errors.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { BUYER_PASSWORD, balanceOf, createBuyer, type TestBuyer } from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { seedDemoPaymentChannels } from '../wallet/demo-payment-channels.ts';
import { RechargeCreditor } from '../wallet/recharge-crediting.service.ts';
import { TransferService } from '../wallet/transfer.service.ts';
import { createRecharge, fundThroughSandbox, rechargeRow } from '../wallet/wallet-test-fixtures.ts';
import { DEMO_MANUAL_WITHDRAWAL_KEY, seedDemoWithdrawalChannels } from './demo-withdrawal-channels.ts';
import { WageringService } from './wagering.service.ts';
import { addCard, holdCount } from './withdrawal-fixtures.ts';

const DAY_MS = 24 * 60 * 60_000;
/** How long a test waits for a request to reach the lock it must wait on before it gives up. */
const BLOCKED_WAIT_LIMIT_MS = 10_000;

/** A promise with its resolve function, to stop a transaction at a chosen point and let it go on later. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The PostgreSQL backend running a transaction (null on SQLite, which has one writer and no backends). */
async function backendOf(database: AppDatabase, trx: Kysely<Database>): Promise<number | null> {
  if (database.dialect !== 'postgres') return null;
  const result = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
  return Number(result.rows[0]?.pid);
}

/**
 * Waits until another session is blocked by the given backend's locks, that is until the request under
 * test has gone as far as it can while the paused transaction holds its locks. On SQLite nothing can run
 * beside the paused transaction (it holds the only write lock, and the only connection), so a short pause
 * is all there is to wait for.
 */
async function untilSomeoneWaitsOn(database: AppDatabase, pid: number | null): Promise<void> {
  if (pid === null) {
    await sleep(50);
    return;
  }
  const deadline = Date.now() + BLOCKED_WAIT_LIMIT_MS;
  while (Date.now() < deadline) {
    const result = await sql<{ waiting: number }>`
      select count(*) as waiting from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))
    `.execute(database.db);
    if (Number(result.rows[0]?.waiting) > 0) return;
    await sleep(5);
  }
  throw new Error(`nothing came to wait on backend ${pid} within ${BLOCKED_WAIT_LIMIT_MS} ms`);
}

/**
 * Issue: needs_bet must hold under concurrency. A recharge credit (or a transfer in) grows needs_bet in the
 * transaction that brings the money; a withdrawal racing it must either see that requirement or not see the
 * money, never hold the money while the requirement that came with it is above 0.
 */
describeEachDatabase('needs_bet under concurrent credits and withdrawals', (database) => {
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  let app: FastifyInstance;
  let settings: SettingsService;
  let wagering: WageringService;

  beforeAll(async () => {
    await seedDemoPaymentChannels(database().db, 'in', clock.now(), testSecretBox());
    await seedDemoWithdrawalChannels(database().db, 'in', clock.now());
    app = await buildTestApp(database(), { clock });
    settings = new SettingsService(database().db, clock);
    wagering = new WageringService(settings, clock);
    await settings.set('bank_card.otp_required', false);
    await settings.set('withdrawal.needs_bet_factor', 1);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    await expectLedgerClean(database());
  });

  /**
   * A user with a card past its cool-down and no money, who once had a requirement and wagered it all: the
   * needs_bet row exists at 0, as it does for every returning player. (A first requirement inserts the row,
   * whose foreign key makes PostgreSQL lock the user's row in share mode, which would hide the race.)
   */
  async function readyUser(): Promise<{ buyer: TestBuyer; cardId: number }> {
    const buyer = await createBuyer(database(), clock);
    const cardId = await addCard(app, buyer);
    await runInTransaction(database(), async (trx) => {
      await wagering.add(trx, buyer.userId, 100_00);
      await wagering.reduceForBet(trx, buyer.userId, 100_00);
    });
    clock.advance(DAY_MS + 1);
    return { buyer, cardId };
  }
  const withdraw = (buyer: TestBuyer, cardId: number, amount: string) =>
    app.inject({
      method: 'POST',
      url: '/user/add_withdrawal',
      headers: buyer.headers,
      payload: {
        amount,
        bank_card_id: cardId,
        password: BUYER_PASSWORD,
        withdrawal_key: DEMO_MANUAL_WITHDRAWAL_KEY,
        force_login_password_valid: 'yes',
      },
    });
  const needsBetOf = (userId: number) => wagering.needsBetMinor(database().db, userId);

  it('a withdrawal that starts while a recharge credit is committing waits for it and sees its needs_bet', async () => {
    const { buyer, cardId } = await readyUser();
    const recharge = await createRecharge(app, buyer.token, '500', 'sandbox');
    const row = await rechargeRow(database().db, recharge.serial_number);
    if (row.gateway_order_id === null) throw new Error('a sandbox recharge has a gateway order');

    // The real crediting function, stopped right after it credited the money and grew needs_bet, before it
    // commits: the moment an unlocked needs_bet check would read 0 and then wait for the wallet.
    const creditPaused = deferred<number | null>();
    const resume = deferred<void>();
    const creditor = new RechargeCreditor({
      database: database(),
      ledger: new LedgerService(database(), clock),
      audit: new AuditLog(database().db, clock),
      clock,
      currency: getMarket('in').currency,
      logger: app.log,
      wagering: {
        addForRecharge: async (trx, userId, amountMinor) => {
          const added = await wagering.addForRecharge(trx, userId, amountMinor);
          creditPaused.resolve(await backendOf(database(), trx));
          await resume.promise;
          return added;
        },
      },
    });
    const credit = creditor.settleReport(
      row.id,
      {
        outcome: 'paid',
        gatewayOrderId: row.gateway_order_id,
        gatewayPaymentId: `pay-race-${row.id}`,
        amountMinor: 500_00,
        currency: getMarket('in').currency,
      },
      'poll',
    );
    const creditBackend = await creditPaused.promise;
    const withdrawal = withdraw(buyer, cardId, '500');
    await untilSomeoneWaitsOn(database(), creditBackend);
    resume.resolve();

    expect(await credit).toBe('credited');
    const response = await withdrawal;
    expect(response.json()).toEqual({ code: 400, msg: needBetMessage(500_00) });
    expect(await holdCount(database(), buyer.userId)).toBe(0);
    expect(await balanceOf(database(), clock, buyer.userId)).toBe(500_00);
    expect(await needsBetOf(buyer.userId)).toBe(500_00);
  });

  it('a withdrawal that starts while a transfer in is committing waits for it and sees the carried needs_bet', async () => {
    const sender = await createBuyer(database(), clock);
    await database()
      .db.updateTable('users')
      .set({ is_transfer_enable: 1 })
      .where('id', '=', sender.userId)
      .execute();
    await fundThroughSandbox(app, sender.token, '800');
    const { buyer: receiver, cardId } = await readyUser();

    const transferPaused = deferred<number | null>();
    const resume = deferred<void>();
    const transfers = new TransferService({
      database: database(),
      ledger: new LedgerService(database(), clock),
      idempotency: new IdempotencyService(clock),
      audit: new AuditLog(database().db, clock),
      wagering: {
        carryWithTransfer: async (trx, senderId, receiverId, amountMinor) => {
          const carried = await wagering.carryWithTransfer(trx, senderId, receiverId, amountMinor);
          transferPaused.resolve(await backendOf(database(), trx));
          await resume.promise;
          return carried;
        },
      },
    });
    const transfer = transfers.transfer(
      sender.userId,
      { user_id: receiver.userId, amount: 600_00 },
      { key: undefined, route: 'POST /user/transfer_to' },
      null,
    );
    const transferBackend = await transferPaused.promise;
    const withdrawal = withdraw(receiver, cardId, '600');
    await untilSomeoneWaitsOn(database(), transferBackend);
    resume.resolve();

    expect((await transfer).code).toBe(200);
    expect((await withdrawal).json()).toEqual({ code: 400, msg: needBetMessage(600_00) });
    expect(await holdCount(database(), receiver.userId)).toBe(0);
    expect(await balanceOf(database(), clock, receiver.userId)).toBe(600_00);
    expect(await needsBetOf(receiver.userId)).toBe(600_00);
    expect(await needsBetOf(sender.userId)).toBe(200_00);
  });

  it('of many withdrawals racing recharge credits, none holds recharged money whose needs_bet is above 0', async () => {
    const users: Array<{ buyer: TestBuyer; cardId: number }> = [];
    // One at a time: createBuyer numbers its users and is not made to be called in parallel.
    for (let index = 0; index < 8; index += 1) users.push(await readyUser());
    const serials = await Promise.all(
      users.map(
        async ({ buyer }) => (await createRecharge(app, buyer.token, '300', 'sandbox')).serial_number,
      ),
    );
    // Each user's only money is the recharge, whose needs_bet equals it: no withdrawal may be held. The
    // withdrawals of each user are spread around the credit so that some run before, during and after it.
    const results = await Promise.all(
      users.flatMap(({ buyer, cardId }, index) => [
        withdraw(buyer, cardId, '200'),
        app.inject({
          method: 'POST',
          url: '/dev/sandbox/pay',
          payload: { serial_number: serials[index] },
        }),
        withdraw(buyer, cardId, '200'),
        withdraw(buyer, cardId, '100'),
      ]),
    );
    const refusals = new Set([needBetMessage(300_00), INSUFFICIENT_BALANCE_MESSAGE]);
    for (const [index, response] of results.entries()) {
      if (index % 4 === 1) {
        expect(response.statusCode).toBe(200);
        continue;
      }
      expect(response.statusCode).toBe(400);
      expect(refusals.has(response.json().msg)).toBe(true);
    }
    for (const { buyer } of users) {
      expect(await holdCount(database(), buyer.userId)).toBe(0);
      expect(await balanceOf(database(), clock, buyer.userId)).toBe(300_00);
      expect(await needsBetOf(buyer.userId)).toBe(300_00);
    }
  });
});
