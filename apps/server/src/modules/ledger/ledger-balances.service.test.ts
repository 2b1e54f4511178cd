import { expect, it } from 'vitest';
import { runInTransaction } from '../../db/transaction.ts';
import { ManualClock } from '../../platform/clock.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { gatewayClearing, systemAccount, userWallet } from './ledger.kinds.ts';
import { LedgerService } from './ledger.service.ts';
import { balancesMinor, MAX_BALANCE_READ_USERS } from './ledger-balances.service.ts';

const START_MS = Date.UTC(2025, 0, 1);

describeEachDatabase('balancesMinor', (database) => {
  const clock = new ManualClock(START_MS);
  const ledger = () => new LedgerService(database(), clock);
  let keySequence = 0;
  const newKey = (label: string) => {
    keySequence += 1;
    return `balances-test:${label}:${keySequence}`;
  };
  const recharge = (userId: number, amountMinor: number) => {
    const key = newKey('recharge');
    return runInTransaction(database(), (trx) =>
      ledger().transfer(trx, {
        debit: gatewayClearing('sandbox'),
        credit: userWallet(userId),
        amountMinor,
        kind: 'recharge',
        reference: { type: 'recharge', id: key },
        idempotencyKey: key,
      }),
    );
  };
  const holdWithdrawal = (userId: number, amountMinor: number) => {
    const key = newKey('withdrawal');
    return runInTransaction(database(), (trx) =>
      ledger().hold(trx, {
        debit: userWallet(userId),
        credit: systemAccount('payout_clearing'),
        amountMinor,
        kind: 'withdrawal',
        reference: { type: 'withdrawal', id: key },
        idempotencyKey: `${key}:hold`,
      }),
    );
  };

  it('answers every user the same balance as balanceMinor, in one read, pending holds included', async () => {
    await recharge(2_001, 10_000);
    await recharge(2_002, 7_500);
    await holdWithdrawal(2_002, 2_500);
    await recharge(2_003, 300);
    await runInTransaction(database(), (trx) => ledger().ensureUserWallet(trx, 2_004));
    const userIds = [2_001, 2_002, 2_003, 2_004, 2_005];
    const balances = await balancesMinor(database().db, [...userIds, 2_001]);
    expect([...balances.entries()]).toEqual([
      [2_001, 10_000],
      [2_002, 5_000],
      [2_003, 300],
      [2_004, 0],
      [2_005, 0],
    ]);
    for (const userId of userIds) {
      expect(balances.get(userId)).toBe(await ledger().balanceMinor(database().db, userId));
    }
  });

  it('answers an empty map for no users and refuses more than its bound', async () => {
    expect((await balancesMinor(database().db, [])).size).toBe(0);
    const tooMany = Array.from({ length: MAX_BALANCE_READ_USERS + 1 }, (_, index) => index + 1);
    await expect(balancesMinor(database().db, tooMany)).rejects.toThrow(/at most 1000 users/);
  });
});
