import { randomInt } from 'node:crypto';
import type { AppDatabase } from '../db/dialect.ts';
import { runInTransaction } from '../db/transaction.ts';
import { InsufficientBalanceError, PendingAlreadyResolvedError } from '../modules/ledger/ledger.errors.ts';
import { gatewayClearing, systemAccount, userWallet } from '../modules/ledger/ledger.kinds.ts';
import type { LedgerService } from '../modules/ledger/ledger.service.ts';

/** The largest amount one random operation moves. */
const MAX_RANDOM_AMOUNT_MINOR = 10_000;

export interface RandomWorkloadOptions {
  readonly database: AppDatabase;
  readonly ledger: LedgerService;
  /** Concurrent clients, each running its operations one after another. */
  readonly clients: number;
  readonly operationsPerClient: number;
  /** The wallets the clients move money between (few wallets means many collisions). */
  readonly userIds: readonly number[];
  /** Prefix of every idempotency key, so several workloads can share one database. */
  readonly keyPrefix: string;
}

export interface RandomWorkloadResult {
  /** Money that entered user wallets from system accounts (recharges, refunds, released holds). */
  readonly moneyInMinor: number;
  /** Money that left user wallets for system accounts (orders, withdrawals held). */
  readonly moneyOutMinor: number;
  readonly succeeded: number;
  /** Operations the ledger refused as it should: a balance too small, a hold already resolved. */
  readonly refused: number;
  readonly operations: number;
  /** Transactions run again after a deadlock, a serialization failure or a busy database. */
  readonly retries: number;
}

interface OpenHold {
  readonly id: number;
  readonly amountMinor: number;
}

/**
 * Random concurrent money traffic of every shape the ledger supports (recharges, orders, refunds,
 * user-to-user transfers, withdrawal holds posted in full, in part or voided, by whichever client gets
 * there first), each operation in its own transaction. It tallies the money that crossed the boundary of
 * the user wallets, so a caller can compare the wallets' sum with money in minus money out. Refusals the
 * ledger owes its callers are counted; any other failure is thrown.
 */
export async function runRandomLedgerWorkload(options: RandomWorkloadOptions): Promise<RandomWorkloadResult> {
  const { database, ledger, userIds, keyPrefix } = options;
  const openHolds: OpenHold[] = [];
  let moneyInMinor = 0;
  let moneyOutMinor = 0;
  let succeeded = 0;
  let refused = 0;
  let sequence = 0;
  let retries = 0;
  const retryOptions = {
    onRetry: () => {
      retries += 1;
    },
  };
  const pickUser = () => userIds[randomInt(userIds.length)] as number;
  const amount = () => randomInt(1, MAX_RANDOM_AMOUNT_MINOR + 1);

  const operation = async (): Promise<void> => {
    sequence += 1;
    const key = `${keyPrefix}:${sequence}`;
    const reference = { type: 'workload', id: sequence };
    const choice = randomInt(100);
    const userId = pickUser();
    if (choice < 25) {
      const amountMinor = amount();
      await runInTransaction(
        database,
        (trx) =>
          ledger.transfer(trx, {
            debit: gatewayClearing('workload'),
            credit: userWallet(userId),
            amountMinor,
            kind: 'recharge',
            reference,
            idempotencyKey: key,
          }),
        retryOptions,
      );
      moneyInMinor += amountMinor;
    } else if (choice < 40) {
      const amountMinor = amount();
      await runInTransaction(
        database,
        (trx) =>
          ledger.transfer(trx, {
            debit: userWallet(userId),
            credit: systemAccount('shop_revenue'),
            amountMinor,
            kind: 'order',
            reference,
            idempotencyKey: key,
          }),
        retryOptions,
      );
      moneyOutMinor += amountMinor;
    } else if (choice < 45) {
      const amountMinor = randomInt(1, 500);
      await runInTransaction(
        database,
        (trx) =>
          ledger.transfer(trx, {
            debit: systemAccount('shop_revenue'),
            credit: userWallet(userId),
            amountMinor,
            kind: 'order_refund',
            reference,
            idempotencyKey: key,
          }),
        retryOptions,
      );
      moneyInMinor += amountMinor;
    } else if (choice < 65) {
      const receiver = pickUser();
      if (receiver === userId) return;
      await runInTransaction(
        database,
        (trx) =>
          ledger.transfer(trx, {
            debit: userWallet(userId),
            credit: userWallet(receiver),
            amountMinor: amount(),
            kind: 'user_transfer',
            reference,
            idempotencyKey: key,
          }),
        retryOptions,
      );
    } else if (choice < 80) {
      const amountMinor = amount();
      const hold = await runInTransaction(
        database,
        (trx) =>
          ledger.hold(trx, {
            debit: userWallet(userId),
            credit: systemAccount('payout_clearing'),
            amountMinor,
            kind: 'withdrawal',
            reference,
            idempotencyKey: key,
          }),
        retryOptions,
      );
      moneyOutMinor += amountMinor;
      openHolds.push({ id: hold.id, amountMinor });
    } else {
      // Clients pick any open hold, so two of them sometimes race to resolve the same one.
      const hold = openHolds[randomInt(Math.max(openHolds.length, 1))];
      if (!hold) return;
      const outcome = randomInt(3);
      const postedMinor = outcome === 0 ? hold.amountMinor : randomInt(1, hold.amountMinor + 1);
      await runInTransaction(
        database,
        (trx) =>
          outcome === 2
            ? ledger.voidPending(trx, { pendingId: hold.id, idempotencyKey: key })
            : ledger.postPending(trx, { pendingId: hold.id, idempotencyKey: key, amountMinor: postedMinor }),
        retryOptions,
      );
      const index = openHolds.indexOf(hold);
      if (index >= 0) openHolds.splice(index, 1);
      moneyInMinor += outcome === 2 ? hold.amountMinor : hold.amountMinor - postedMinor;
    }
    succeeded += 1;
  };

  const client = async (): Promise<void> => {
    for (let index = 0; index < options.operationsPerClient; index += 1) {
      try {
        await operation();
      } catch (error) {
        if (error instanceof InsufficientBalanceError || error instanceof PendingAlreadyResolvedError) {
          refused += 1;
          continue;
        }
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  return {
    moneyInMinor,
    moneyOutMinor,
    succeeded,
    refused,
    operations: options.clients * options.operationsPerClient,
    retries,
  };
}

/** The sum of the shown balances of the given users' wallets. */
export async function sumOfWalletsMinor(database: AppDatabase, userIds: readonly number[]): Promise<number> {
  const row = await database.db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<number>(eb.ref('credits_posted')).as('credits'))
    .select((eb) => eb.fn.sum<number>(eb.ref('debits_posted')).as('debits'))
    .select((eb) => eb.fn.sum<number>(eb.ref('debits_pending')).as('pending'))
    .where(
      'code',
      'in',
      userIds.map((userId) => `user:${userId}`),
    )
    .executeTakeFirstOrThrow();
  return Number(row.credits ?? 0) - Number(row.debits ?? 0) - Number(row.pending ?? 0);
}
