import { afterEach, describe, expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { gatewayClearing, userWallet } from '../ledger/ledger.kinds.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import {
  canonicalJson,
  IDEMPOTENCY_KEY_RETENTION_MS,
  IDEMPOTENCY_MISMATCH_MESSAGE,
  IdempotencyService,
  type IdempotentRequest,
  requestHash,
} from './idempotency.service.ts';

describe('canonicalJson', () => {
  it('gives equal text for equal values whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(requestHash({ amount: 100, user_id: 2 })).toBe(requestHash({ user_id: 2, amount: 100 }));
    expect(requestHash({ amount: 100 })).not.toBe(requestHash({ amount: 101 }));
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]));
  });
});

describeEachDatabase('IdempotencyService', (database) => {
  const clock = new ManualClock(Date.UTC(2025, 5, 1));
  const idempotency = new IdempotencyService(clock);
  let userSequence = 500;
  const newUser = () => {
    userSequence += 1;
    return userSequence;
  };
  let operationSequence = 0;

  afterEach(async () => {
    await expectLedgerClean(database());
  });

  /**
   * A money-moving operation as a route would run it: one transaction holding the key, the ledger transfer
   * and the stored answer. It credits the user and answers the new balance.
   */
  const creditOperation = (request: IdempotentRequest, amountMinor: number, calls: { count: number }) =>
    runInTransaction(database(), (trx) =>
      idempotency.withIdempotency(trx, request, async () => {
        calls.count += 1;
        operationSequence += 1;
        const ledger = new LedgerService(database(), clock);
        await ledger.transfer(trx, {
          debit: gatewayClearing('sandbox'),
          credit: userWallet(request.userId),
          amountMinor,
          kind: 'recharge',
          reference: { type: 'recharge', id: operationSequence },
          idempotencyKey: `idempotency-test:${operationSequence}`,
        });
        return { code: 200, balance_minor: await ledger.balanceMinor(trx, request.userId) };
      }),
    );
  const balance = (userId: number) =>
    new LedgerService(database(), clock).balanceMinor(database().db, userId);
  const storedKeys = async (userId: number) =>
    database().db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).execute();

  it('runs every request when no key is sent, and stores nothing', async () => {
    const userId = newUser();
    const calls = { count: 0 };
    const request = { userId, route: 'POST /test/credit', key: undefined, requestBody: { amount: '1.00' } };
    await creditOperation(request, 100, calls);
    const second = await creditOperation(request, 100, calls);
    expect(calls.count).toBe(2);
    expect(second).toEqual({ body: { code: 200, balance_minor: 200 }, statusCode: 200, replayed: false });
    expect(await storedKeys(userId)).toEqual([]);
  });

  it('answers a replay with the first answer and moves the money once', async () => {
    const userId = newUser();
    const calls = { count: 0 };
    const request = { userId, route: 'POST /test/credit', key: 'key-1', requestBody: { amount: 5, to: 'x' } };
    const first = await creditOperation(request, 500, calls);
    const replay = await creditOperation({ ...request, requestBody: { to: 'x', amount: 5 } }, 500, calls);
    expect(first).toEqual({ body: { code: 200, balance_minor: 500 }, statusCode: 200, replayed: false });
    expect(replay).toEqual({ ...first, replayed: true });
    expect(calls.count).toBe(1);
    expect(await balance(userId)).toBe(500);
    const [stored] = await storedKeys(userId);
    expect(stored).toMatchObject({ key: 'key-1', route: 'POST /test/credit', status_code: 200 });
    expect(stored?.created_at).toBe(clock.now());
  });

  it('answers 422 when the key comes back with another request, and moves nothing', async () => {
    const userId = newUser();
    const calls = { count: 0 };
    const request = { userId, route: 'POST /test/credit', key: 'key-2', requestBody: { amount: 5 } };
    await creditOperation(request, 500, calls);
    const attempt = creditOperation({ ...request, requestBody: { amount: 6 } }, 600, calls);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 422, message: IDEMPOTENCY_MISMATCH_MESSAGE });
    expect(calls.count).toBe(1);
    expect(await balance(userId)).toBe(500);
  });

  it('scopes a key to its user and its route', async () => {
    const first = newUser();
    const second = newUser();
    const calls = { count: 0 };
    const body = { amount: 1 };
    await creditOperation({ userId: first, route: 'POST /a', key: 'same', requestBody: body }, 100, calls);
    await creditOperation({ userId: second, route: 'POST /a', key: 'same', requestBody: body }, 100, calls);
    await creditOperation({ userId: first, route: 'POST /b', key: 'same', requestBody: body }, 100, calls);
    expect(calls.count).toBe(3);
    expect(await balance(first)).toBe(200);
    expect(await balance(second)).toBe(100);
  });

  it('forgets the key of a failed request, so retrying it runs it again', async () => {
    const userId = newUser();
    const request = { userId, route: 'POST /test/fail', key: 'key-3', requestBody: {} };
    await expect(
      runInTransaction(database(), (trx) =>
        idempotency.withIdempotency(trx, request, async () => {
          throw new AppError(400, 'Insufficient balance');
        }),
      ),
    ).rejects.toThrow('Insufficient balance');
    expect(await storedKeys(userId)).toEqual([]);
    const calls = { count: 0 };
    const retried = await creditOperation(request, 100, calls);
    expect(retried.replayed).toBe(false);
    expect(calls.count).toBe(1);
  });

  it('runs a burst of concurrent requests with one key exactly once', async () => {
    const userId = newUser();
    const calls = { count: 0 };
    const request = { userId, route: 'POST /test/credit', key: 'burst', requestBody: { amount: 7 } };
    const results = await Promise.all(Array.from({ length: 10 }, () => creditOperation(request, 700, calls)));
    expect(calls.count).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => JSON.stringify(result.body)))).toEqual(
      new Set([JSON.stringify({ code: 200, balance_minor: 700 })]),
    );
    expect(await balance(userId)).toBe(700);
  });

  it('refuses to remember a key outside the operation’s transaction', async () => {
    await expect(
      idempotency.withIdempotency(
        database().db,
        { userId: newUser(), route: 'POST /x', key: 'k', requestBody: {} },
        async () => 1,
      ),
    ).rejects.toThrow(/inside the operation transaction/);
  });

  it('keeps keys for the retention period and prunes them after it', async () => {
    const userId = newUser();
    const calls = { count: 0 };
    const old = { userId, route: 'POST /test/credit', key: 'old', requestBody: {} };
    await creditOperation(old, 100, calls);
    clock.advance(IDEMPOTENCY_KEY_RETENTION_MS - 1);
    await creditOperation({ ...old, key: 'recent' }, 100, calls);
    expect(await idempotency.pruneExpired(database().db)).toBe(0);
    clock.advance(2);
    expect(await idempotency.pruneExpired(database().db)).toBeGreaterThanOrEqual(1);
    expect((await storedKeys(userId)).map((row) => row.key)).toEqual(['recent']);
    // Once forgotten, the key is new again.
    const again = await creditOperation(old, 100, calls);
    expect(again.replayed).toBe(false);
    expect(calls.count).toBe(3);
  });
});
