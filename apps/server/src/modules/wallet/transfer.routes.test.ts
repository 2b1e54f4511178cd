import { type TransactionListResponse, WalletMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser, tokenHeader } from '../accounts/account-fixtures.ts';
import { INSUFFICIENT_BALANCE_MESSAGE } from '../ledger/ledger.errors.ts';
import { seedDemoPaymentChannels } from './demo-payment-channels.ts';
import { WALLET_LEDGER_CHECKS } from './wallet-ledger-checks.ts';
import {
  createWalletUser,
  fundThroughSandbox,
  profileBalance,
  type WalletTestUser,
} from './wallet-test-fixtures.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);
/** Parallel transfers in the concurrency test, and the balance that covers exactly one of them. */
const PARALLEL_TRANSFERS = 100;

describeEachDatabase('POST /user/transfer_to', (database) => {
  const clock = new ManualClock(START_MS);
  let app: FastifyInstance;
  const rCode = 'XFERROOT';

  beforeAll(async () => {
    await seedDemoPaymentChannels(database().db, 'in', clock.now(), testSecretBox());
    await createTestUser(database().db, { rCode });
    app = await buildTestApp(database(), { clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const newUser = (transferEnabled = true) =>
    createWalletUser(app, database().db, { rCode, transferEnabled });
  const transfer = (
    sender: WalletTestUser,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/user/transfer_to',
      headers: { ...tokenHeader(sender.token), ...headers },
      payload,
    });

  it('moves money from the sender to the receiver as one ledger transfer', async () => {
    const sender = await newUser();
    const receiver = await newUser(false);
    await fundThroughSandbox(app, sender.token, '500');
    const response = await transfer(sender, { user_id: String(receiver.userId), amount: '120.50' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: WalletMessage.transferCompleted });
    expect(await profileBalance(app, sender.token)).toBe('379.50');
    expect(await profileBalance(app, receiver.token)).toBe('120.50');
    const list = async (user: WalletTestUser) =>
      (
        await app.inject({ method: 'GET', url: '/user/transactions', headers: tokenHeader(user.token) })
      ).json<TransactionListResponse>().queryset;
    expect((await list(sender))[0]).toEqual({
      type: 'Transfer out',
      change_balance: '-120.50',
      relation_id: `${sender.userId}-${receiver.userId}`,
      create_time: START_MS,
    });
    expect(await list(receiver)).toEqual([
      {
        type: 'Transfer in',
        change_balance: '120.50',
        relation_id: `${sender.userId}-${receiver.userId}`,
        create_time: START_MS,
      },
    ]);
    await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
  });

  it('refuses a sender without transfers enabled, oneself, unknown users, bad amounts and overdrafts', async () => {
    const sender = await newUser();
    const disabled = await newUser(false);
    const receiver = await newUser();
    await fundThroughSandbox(app, sender.token, '100');
    await fundThroughSandbox(app, disabled.token, '100');
    const cases: Array<[WalletTestUser, Record<string, unknown>, string]> = [
      [disabled, { user_id: receiver.userId, amount: '10' }, WalletMessage.transferDisabled],
      [sender, { user_id: sender.userId, amount: '10' }, WalletMessage.transferToSelf],
      [sender, { user_id: 2_000_000_000, amount: '10' }, WalletMessage.transferUnknownUser],
      [sender, { user_id: receiver.userId, amount: '100.01' }, INSUFFICIENT_BALANCE_MESSAGE],
      [sender, { user_id: receiver.userId, amount: '' }, 'amount is required'],
      [sender, { user_id: receiver.userId, amount: '0' }, 'amount must be greater than 0'],
      [sender, { user_id: receiver.userId, amount: '-5' }, 'amount must be greater than 0'],
      [sender, { user_id: receiver.userId, amount: 'ten' }, 'amount must be a number'],
      [sender, { user_id: receiver.userId, amount: '1.001' }, 'amount must have at most 2 decimals'],
      [sender, { user_id: 'abc', amount: '10' }, 'user_id must be a positive whole number'],
      [sender, { amount: '10' }, 'user_id is required'],
    ];
    for (const [from, payload, message] of cases) {
      const response = await transfer(from, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: message });
    }
    expect(await profileBalance(app, sender.token)).toBe('100.00');
    expect(await profileBalance(app, disabled.token)).toBe('100.00');
    expect(await profileBalance(app, receiver.token)).toBe('0.00');
    const exact = await transfer(sender, { user_id: receiver.userId, amount: 100 });
    expect(exact.statusCode).toBe(200);
    expect(await profileBalance(app, sender.token)).toBe('0.00');
    expect(
      (await app.inject({ method: 'POST', url: '/user/transfer_to', payload: { user_id: 1, amount: '1' } }))
        .statusCode,
    ).toBe(401);
  });

  it('honours the Idempotency-Key: a replay moves nothing, another body with the key answers 422', async () => {
    const sender = await newUser();
    const receiver = await newUser();
    await fundThroughSandbox(app, sender.token, '100');
    const headers = { 'idempotency-key': 'transfer-1' };
    const first = await transfer(sender, { user_id: receiver.userId, amount: '30' }, headers);
    const replay = await transfer(sender, { user_id: String(receiver.userId), amount: '30.00' }, headers);
    expect(first.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await profileBalance(app, sender.token)).toBe('70.00');
    const other = await transfer(sender, { user_id: receiver.userId, amount: '31' }, headers);
    expect(other.statusCode).toBe(422);
    expect(await profileBalance(app, sender.token)).toBe('70.00');
    expect(await profileBalance(app, receiver.token)).toBe('30.00');
  });

  describe('concurrency', () => {
    it(`lets exactly one of ${PARALLEL_TRANSFERS} parallel transfers of a balance that covers one succeed`, async () => {
      const sender = await newUser();
      const receivers = [await newUser(), await newUser(), await newUser()];
      await fundThroughSandbox(app, sender.token, '100');
      const responses = await Promise.all(
        Array.from({ length: PARALLEL_TRANSFERS }, (_, index) =>
          transfer(sender, { user_id: receivers[index % receivers.length]?.userId, amount: '60' }),
        ),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 400)).toHaveLength(PARALLEL_TRANSFERS - 1);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) {
        expect(response.json().msg).toBe(INSUFFICIENT_BALANCE_MESSAGE);
      }
      expect(await profileBalance(app, sender.token)).toBe('40.00');
      const received = await Promise.all(receivers.map((receiver) => profileBalance(app, receiver.token)));
      expect(received.sort()).toEqual(['0.00', '0.00', '60.00']);
      await expectLedgerClean(database(), WALLET_LEDGER_CHECKS);
    });
  });
});
