import { expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.ts';
import { systemClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { runRandomLedgerWorkload, sumOfWalletsMinor } from '../../test-support/ledger-workload.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { InsufficientBalanceError, PendingAlreadyResolvedError } from './ledger.errors.ts';
import { gatewayClearing, systemAccount, userWallet } from './ledger.kinds.ts';
import { LedgerService } from './ledger.service.ts';

/** How many requests race for the same money. */
const RACERS = 100;

/**
 * On SQLite the racers share one connection and BEGIN IMMEDIATE serialises them; on PostgreSQL the pool
 * of 20 connections runs them truly at once, so the row locks and the conditional debit do the work.
 */
describeEachDatabase('ledger under concurrency', (database) => {
  const ledger = () => new LedgerService(database(), systemClock);

  const fund = (userId: number, amountMinor: number) =>
    runInTransaction(database(), (trx) =>
      ledger().transfer(trx, {
        debit: gatewayClearing('sandbox'),
        credit: userWallet(userId),
        amountMinor,
        kind: 'recharge',
        reference: { type: 'recharge', id: `fund-${userId}` },
        idempotencyKey: `fund:${userId}`,
      }),
    );

  it(`lets exactly one of ${RACERS} parallel debits through when the balance covers one`, async () => {
    const userId = 9_001;
    await fund(userId, 1_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: RACERS }, (_unused, index) =>
        runInTransaction(database(), (trx) =>
          ledger().transfer(trx, {
            debit: userWallet(userId),
            credit: systemAccount('shop_revenue'),
            amountMinor: 1_000,
            kind: 'order',
            reference: { type: 'order', id: index },
            idempotencyKey: `race:order:${index}`,
          }),
        ),
      ),
    );
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(RACERS - 1);
    for (const outcome of rejected) expect(outcome.reason).toBeInstanceOf(InsufficientBalanceError);
    expect(await ledger().balanceMinor(database().db, userId)).toBe(0);
    await expectLedgerClean(database());
  });

  it(`lets exactly one of ${RACERS} parallel holds through, and resolves the hold once`, async () => {
    const userId = 9_002;
    await fund(userId, 2_500);
    const holds = await Promise.allSettled(
      Array.from({ length: RACERS }, (_unused, index) =>
        runInTransaction(database(), (trx) =>
          ledger().hold(trx, {
            debit: userWallet(userId),
            credit: systemAccount('payout_clearing'),
            amountMinor: 2_000,
            kind: 'withdrawal',
            reference: { type: 'withdrawal', id: index },
            idempotencyKey: `race:hold:${index}`,
          }),
        ),
      ),
    );
    const held = holds.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(held).toHaveLength(1);
    const [hold] = held;
    if (!hold) throw new Error('no hold');
    expect(await ledger().balanceMinor(database().db, userId)).toBe(500);

    const resolutions = await Promise.allSettled(
      Array.from({ length: RACERS }, (_unused, index) =>
        runInTransaction(database(), (trx) =>
          index % 2 === 0
            ? ledger().postPending(trx, { pendingId: hold.id, idempotencyKey: `race:post:${index}` })
            : ledger().voidPending(trx, { pendingId: hold.id, idempotencyKey: `race:void:${index}` }),
        ),
      ),
    );
    const resolved = resolutions.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    expect(resolved).toHaveLength(1);
    for (const outcome of resolutions) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(PendingAlreadyResolvedError);
    }
    const expected = resolved[0]?.status === 'post_pending' ? 500 : 2_500;
    expect(await ledger().balanceMinor(database().db, userId)).toBe(expected);
    await expectLedgerClean(database());
  });

  it('keeps every invariant through 16 clients of random traffic, and loses no money', async () => {
    const userIds = Array.from({ length: 8 }, (_unused, index) => 9_100 + index);
    const result = await runRandomLedgerWorkload({
      database: database(),
      ledger: ledger(),
      clients: 16,
      operationsPerClient: 40,
      userIds,
      keyPrefix: 'workload',
    });
    expect(result.succeeded + result.refused).toBeLessThanOrEqual(result.operations);
    expect(result.succeeded).toBeGreaterThan(result.operations / 3);
    expect(await sumOfWalletsMinor(database(), userIds)).toBe(result.moneyInMinor - result.moneyOutMinor);
    await expectLedgerClean(database());
  });
});
