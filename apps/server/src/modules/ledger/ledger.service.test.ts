import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import {
  InsufficientBalanceError,
  LedgerInvariantError,
  PendingAlreadyResolvedError,
  TransferKeyConflictError,
} from './ledger.errors.ts';
import { accountCode, gatewayClearing, type LedgerKind, systemAccount, userWallet } from './ledger.kinds.ts';
import { LedgerService, type TransferRequest } from './ledger.service.ts';

const START_MS = Date.UTC(2025, 0, 1);

describe('accountCode', () => {
  it('names wallets, system accounts and gateway clearing accounts', () => {
    expect(accountCode(userWallet(42))).toBe('user:42');
    expect(accountCode(systemAccount('fee_revenue'))).toBe('system:fee_revenue');
    expect(accountCode(gatewayClearing('razorpay'))).toBe('system:gateway:razorpay');
  });

  it('refuses impossible references', () => {
    expect(() => accountCode(userWallet(0))).toThrow(/user id/);
    expect(() => accountCode(userWallet(1.5))).toThrow(/user id/);
    expect(() => accountCode(gatewayClearing('Bad Key'))).toThrow(/gateway key/);
    expect(() => accountCode({ system: 'nonexistent' as 'fee_revenue' })).toThrow(/unknown system account/);
  });
});

describeEachDatabase('LedgerService', (database) => {
  const clock = new ManualClock(START_MS);
  let nextUserId = 1_000;
  const newUser = () => {
    nextUserId += 1;
    return nextUserId;
  };
  let keySequence = 0;
  const newKey = (label: string) => {
    keySequence += 1;
    return `test:${label}:${keySequence}`;
  };
  const ledger = () => new LedgerService(database(), clock);
  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    runInTransaction(database(), work);

  const rechargeRequest = (
    userId: number,
    amountMinor: number,
    key = newKey('recharge'),
  ): TransferRequest => ({
    debit: gatewayClearing('sandbox'),
    credit: userWallet(userId),
    amountMinor,
    kind: 'recharge',
    reference: { type: 'recharge', id: key },
    idempotencyKey: key,
  });
  const recharge = (userId: number, amountMinor: number) =>
    inTransaction((trx) => ledger().transfer(trx, rechargeRequest(userId, amountMinor)));
  const withdrawalRequest = (
    userId: number,
    amountMinor: number,
    id = newKey('withdrawal'),
  ): TransferRequest => ({
    debit: userWallet(userId),
    credit: systemAccount('payout_clearing'),
    amountMinor,
    kind: 'withdrawal',
    reference: { type: 'withdrawal', id },
    idempotencyKey: `${id}:hold`,
  });
  const balance = (userId: number) => ledger().balanceMinor(database().db, userId);
  const transferCount = async () => {
    const row = await database()
      .db.selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const account = async (code: string) =>
    database()
      .db.selectFrom('ledger_accounts')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow();

  afterEach(async () => {
    await expectLedgerClean(database());
  });

  describe('transfer', () => {
    it('credits a wallet created on demand and lets the gateway clearing account go negative', async () => {
      const userId = newUser();
      expect(await balance(userId)).toBe(0);
      const transfer = await recharge(userId, 10_000);
      expect(transfer).toMatchObject({
        amountMinor: 10_000,
        kind: 'recharge',
        status: 'posted',
        pendingId: null,
      });
      expect(transfer.createdAt).toBe(START_MS);
      expect(await balance(userId)).toBe(10_000);
      const wallet = await account(`user:${userId}`);
      expect(wallet).toMatchObject({
        kind: 'user_wallet',
        user_id: userId,
        credits_posted: 10_000,
        debits_posted: 0,
      });
      const clearing = await account('system:gateway:sandbox');
      expect(clearing.kind).toBe('system');
      expect(clearing.debits_posted - clearing.credits_posted).toBeGreaterThanOrEqual(10_000);
    });

    it('moves money between two users and debits down to exactly zero', async () => {
      const sender = newUser();
      const receiver = newUser();
      await recharge(sender, 5_000);
      await inTransaction((trx) =>
        ledger().transfer(trx, {
          debit: userWallet(sender),
          credit: userWallet(receiver),
          amountMinor: 5_000,
          kind: 'user_transfer',
          reference: { type: 'user_transfer', id: 7 },
          idempotencyKey: newKey('p2p'),
        }),
      );
      expect(await balance(sender)).toBe(0);
      expect(await balance(receiver)).toBe(5_000);
    });

    it('refuses a debit beyond the balance before writing anything, so the caller can carry on', async () => {
      const userId = newUser();
      await recharge(userId, 999);
      const before = await transferCount();
      const outcome = await inTransaction(async (trx) => {
        try {
          await ledger().transfer(trx, {
            debit: userWallet(userId),
            credit: systemAccount('shop_revenue'),
            amountMinor: 1_000,
            kind: 'order',
            reference: { type: 'order', id: 1 },
            idempotencyKey: newKey('order'),
          });
          return 'paid';
        } catch (error) {
          expect(error).toBeInstanceOf(InsufficientBalanceError);
          expect(error).toMatchObject({ code: 400, message: 'Insufficient balance' });
          return 'refused';
        }
      });
      expect(outcome).toBe('refused');
      expect(await transferCount()).toBe(before);
      expect(await balance(userId)).toBe(999);
    });

    it('answers the first transfer when a key is replayed with the same parameters, even once spent', async () => {
      const userId = newUser();
      await recharge(userId, 3_000);
      const request: TransferRequest = {
        debit: userWallet(userId),
        credit: systemAccount('shop_revenue'),
        amountMinor: 3_000,
        kind: 'order',
        reference: { type: 'order', id: 99 },
        idempotencyKey: newKey('order'),
      };
      const first = await inTransaction((trx) => ledger().transfer(trx, request));
      const count = await transferCount();
      const again = await inTransaction((trx) => ledger().transfer(trx, request));
      expect(again).toEqual(first);
      expect(await transferCount()).toBe(count);
      expect(await balance(userId)).toBe(0);
    });

    it('throws when a key comes back with other parameters, and moves nothing', async () => {
      const userId = newUser();
      const request = rechargeRequest(userId, 2_000);
      await inTransaction((trx) => ledger().transfer(trx, request));
      const count = await transferCount();
      await expect(
        inTransaction((trx) => ledger().transfer(trx, { ...request, amountMinor: 2_001 })),
      ).rejects.toBeInstanceOf(TransferKeyConflictError);
      await expect(
        inTransaction((trx) => ledger().transfer(trx, { ...request, credit: userWallet(newUser()) })),
      ).rejects.toThrow(/credit_account_id/);
      expect(await transferCount()).toBe(count);
      expect(await balance(userId)).toBe(2_000);
    });

    it.each([
      ['zero', 0],
      ['negative', -5],
      ['fractional', 1.5],
      ['not a number', Number.NaN],
      ['beyond the safe range', Number.MAX_SAFE_INTEGER + 2],
    ])('refuses an amount that is %s', async (_label, amountMinor) => {
      const userId = newUser();
      await expect(
        inTransaction((trx) => ledger().transfer(trx, rechargeRequest(userId, amountMinor))),
      ).rejects.toBeInstanceOf(LedgerInvariantError);
    });

    it('refuses a movement from an account to itself', async () => {
      const userId = newUser();
      await expect(
        inTransaction((trx) =>
          ledger().transfer(trx, {
            ...rechargeRequest(userId, 100),
            kind: 'user_transfer',
            debit: userWallet(userId),
          }),
        ),
      ).rejects.toThrow(/cannot pay itself/);
    });

    it.each<[string, LedgerKind, 'debit' | 'credit']>([
      ['an order crediting a wallet', 'order', 'credit'],
      ['a recharge debiting a wallet', 'recharge', 'debit'],
      ['a fee touching a wallet', 'fee', 'debit'],
    ])('refuses %s, which the transaction list could not label', async (_label, kind, side) => {
      const userId = newUser();
      await recharge(userId, 1_000);
      const wallet = userWallet(userId);
      const other = systemAccount('fee_revenue');
      await expect(
        inTransaction((trx) =>
          ledger().transfer(trx, {
            debit: side === 'debit' ? wallet : other,
            credit: side === 'credit' ? wallet : other,
            amountMinor: 100,
            kind,
            reference: { type: 'test', id: 1 },
            idempotencyKey: newKey('label'),
          }),
        ),
      ).rejects.toThrow(/cannot (debit|credit) a user wallet/);
    });

    it('refuses unknown kinds, malformed keys and references, and writes outside a transaction', async () => {
      const userId = newUser();
      const base = rechargeRequest(userId, 100);
      await expect(
        inTransaction((trx) => ledger().transfer(trx, { ...base, kind: 'bonus' as LedgerKind })),
      ).rejects.toThrow(/unknown transfer kind/);
      await expect(
        inTransaction((trx) => ledger().transfer(trx, { ...base, idempotencyKey: '' })),
      ).rejects.toThrow(/idempotency key/);
      await expect(
        inTransaction((trx) => ledger().transfer(trx, { ...base, reference: { type: '', id: 1 } })),
      ).rejects.toThrow(/reference type/);
      await expect(
        inTransaction((trx) =>
          ledger().transfer(trx, { ...base, reference: { type: 'x', id: 'y'.repeat(101) } }),
        ),
      ).rejects.toThrow(/reference id/);
      await expect(ledger().transfer(database().db, base)).rejects.toThrow(/inside runInTransaction/);
      expect(await balance(userId)).toBe(0);
    });

    it('commits nothing when the caller’s transaction fails after the movement', async () => {
      const userId = newUser();
      await expect(
        inTransaction(async (trx) => {
          await ledger().transfer(trx, rechargeRequest(userId, 4_000));
          throw new Error('the business row could not be written');
        }),
      ).rejects.toThrow('business row');
      expect(await balance(userId)).toBe(0);
    });
  });

  describe('holds', () => {
    it('reserves money: the balance drops now, the credit waits', async () => {
      const userId = newUser();
      await recharge(userId, 10_000);
      const payoutBefore = await account('system:payout_clearing');
      const hold = await inTransaction((trx) => ledger().hold(trx, withdrawalRequest(userId, 6_000)));
      expect(hold.status).toBe('pending');
      expect(await balance(userId)).toBe(4_000);
      const wallet = await account(`user:${userId}`);
      expect(wallet).toMatchObject({ credits_posted: 10_000, debits_posted: 0, debits_pending: 6_000 });
      const payout = await account('system:payout_clearing');
      expect(payout.credits_pending - payoutBefore.credits_pending).toBe(6_000);
      expect(payout.credits_posted).toBe(payoutBefore.credits_posted);
      await expect(
        inTransaction((trx) => ledger().hold(trx, withdrawalRequest(userId, 4_001))),
      ).rejects.toBeInstanceOf(InsufficientBalanceError);
    });

    it('posts a hold in full exactly once', async () => {
      const userId = newUser();
      await recharge(userId, 10_000);
      const hold = await inTransaction((trx) => ledger().hold(trx, withdrawalRequest(userId, 6_000)));
      const key = newKey('post');
      const post = await inTransaction((trx) =>
        ledger().postPending(trx, { pendingId: hold.id, idempotencyKey: key }),
      );
      expect(post).toMatchObject({
        status: 'post_pending',
        pendingId: hold.id,
        amountMinor: 6_000,
        kind: 'withdrawal',
      });
      expect(await balance(userId)).toBe(4_000);
      expect(await account(`user:${userId}`)).toMatchObject({ debits_posted: 6_000, debits_pending: 0 });
      const replay = await inTransaction((trx) =>
        ledger().postPending(trx, { pendingId: hold.id, idempotencyKey: key }),
      );
      expect(replay).toEqual(post);
      await expect(
        inTransaction((trx) =>
          ledger().voidPending(trx, { pendingId: hold.id, idempotencyKey: newKey('void') }),
        ),
      ).rejects.toBeInstanceOf(PendingAlreadyResolvedError);
      await expect(
        inTransaction((trx) =>
          ledger().postPending(trx, { pendingId: hold.id, idempotencyKey: newKey('post') }),
        ),
      ).rejects.toBeInstanceOf(PendingAlreadyResolvedError);
    });

    it('posts part of a hold and gives the rest back', async () => {
      const userId = newUser();
      await recharge(userId, 10_000);
      const hold = await inTransaction((trx) => ledger().hold(trx, withdrawalRequest(userId, 6_000)));
      await inTransaction((trx) =>
        ledger().postPending(trx, { pendingId: hold.id, idempotencyKey: newKey('post'), amountMinor: 2_500 }),
      );
      expect(await balance(userId)).toBe(7_500);
      expect(await account(`user:${userId}`)).toMatchObject({ debits_posted: 2_500, debits_pending: 0 });
    });

    it('voids a hold: all of it comes back, once', async () => {
      const userId = newUser();
      await recharge(userId, 10_000);
      const hold = await inTransaction((trx) => ledger().hold(trx, withdrawalRequest(userId, 6_000)));
      const voided = await inTransaction((trx) =>
        ledger().voidPending(trx, { pendingId: hold.id, idempotencyKey: newKey('void') }),
      );
      expect(voided).toMatchObject({ status: 'void_pending', amountMinor: 6_000, pendingId: hold.id });
      expect(await balance(userId)).toBe(10_000);
      await expect(
        inTransaction((trx) =>
          ledger().voidPending(trx, { pendingId: hold.id, idempotencyKey: newKey('void') }),
        ),
      ).rejects.toBeInstanceOf(PendingAlreadyResolvedError);
    });

    it('refuses to post more than was held, to resolve a posted transfer, or to hold with a kind that cannot', async () => {
      const userId = newUser();
      const credited = await recharge(userId, 10_000);
      const hold = await inTransaction((trx) => ledger().hold(trx, withdrawalRequest(userId, 1_000)));
      await expect(
        inTransaction((trx) =>
          ledger().postPending(trx, {
            pendingId: hold.id,
            idempotencyKey: newKey('post'),
            amountMinor: 1_001,
          }),
        ),
      ).rejects.toThrow(/cannot post 1001/);
      await expect(
        inTransaction((trx) =>
          ledger().voidPending(trx, { pendingId: credited.id, idempotencyKey: newKey('void') }),
        ),
      ).rejects.toThrow(/not a pending transfer/);
      await expect(
        inTransaction((trx) =>
          ledger().voidPending(trx, { pendingId: 987_654_321, idempotencyKey: newKey('void') }),
        ),
      ).rejects.toThrow(/not a pending transfer/);
      await expect(
        inTransaction((trx) =>
          ledger().hold(trx, {
            debit: userWallet(userId),
            credit: userWallet(newUser()),
            amountMinor: 100,
            kind: 'user_transfer',
            reference: { type: 'user_transfer', id: 1 },
            idempotencyKey: newKey('hold'),
          }),
        ),
      ).rejects.toThrow(/cannot hold money/);
      expect(await balance(userId)).toBe(9_000);
    });

    it('holds a credit to a wallet without making it spendable until posted', async () => {
      const userId = newUser();
      const hold = await inTransaction((trx) =>
        ledger().hold(trx, { ...rechargeRequest(userId, 700), kind: 'recharge' }),
      );
      expect(await balance(userId)).toBe(0);
      await inTransaction((trx) =>
        ledger().postPending(trx, { pendingId: hold.id, idempotencyKey: newKey('post') }),
      );
      expect(await balance(userId)).toBe(700);
    });
  });

  describe('history', () => {
    it('lists every balance change newest first with the spec types, signs and relation ids', async () => {
      const userId = newUser();
      const friend = newUser();
      clock.set(START_MS + 1_000);
      await inTransaction((trx) =>
        ledger().transfer(trx, {
          ...rechargeRequest(userId, 10_000),
          reference: { type: 'recharge', id: 'SN1' },
        }),
      );
      clock.set(START_MS + 2_000);
      const withdrawal = await inTransaction((trx) =>
        ledger().hold(trx, withdrawalRequest(userId, 3_000, 'w-1')),
      );
      clock.set(START_MS + 3_000);
      await inTransaction((trx) =>
        ledger().voidPending(trx, { pendingId: withdrawal.id, idempotencyKey: newKey('reject') }),
      );
      clock.set(START_MS + 4_000);
      const second = await inTransaction((trx) =>
        ledger().hold(trx, withdrawalRequest(userId, 2_000, 'w-2')),
      );
      clock.set(START_MS + 5_000);
      await inTransaction((trx) =>
        ledger().postPending(trx, {
          pendingId: second.id,
          idempotencyKey: newKey('pay'),
          amountMinor: 1_500,
        }),
      );
      clock.set(START_MS + 6_000);
      await inTransaction((trx) =>
        ledger().transfer(trx, {
          debit: userWallet(userId),
          credit: userWallet(friend),
          amountMinor: 1_234,
          kind: 'user_transfer',
          reference: { type: 'user_transfer', id: friend },
          idempotencyKey: newKey('p2p'),
        }),
      );
      clock.set(START_MS + 7_000);
      const third = await inTransaction((trx) => ledger().hold(trx, withdrawalRequest(userId, 100, 'w-3')));
      await inTransaction((trx) =>
        ledger().postPending(trx, { pendingId: third.id, idempotencyKey: newKey('pay') }),
      );

      const page = await ledger().history(database().db, userId, { limit: 100, offset: 0 });
      const lines = page.entries.map((entry) => [
        entry.type,
        entry.changeMinor,
        entry.relationId,
        entry.createdAt,
      ]);
      expect(lines).toEqual([
        ['WD', -100, 'w-3', START_MS + 7_000],
        ['Transfer out', -1_234, String(friend), START_MS + 6_000],
        ['WDR', 500, 'w-2', START_MS + 5_000],
        ['WD', -2_000, 'w-2', START_MS + 4_000],
        ['WDR', 3_000, 'w-1', START_MS + 3_000],
        ['WD', -3_000, 'w-1', START_MS + 2_000],
        ['RE', 10_000, 'SN1', START_MS + 1_000],
      ]);
      expect(page.count).toBe(7);
      // The changes add up to the balance: the list is a faithful view of the wallet.
      expect(page.entries.reduce((sum, entry) => sum + entry.changeMinor, 0)).toBe(await balance(userId));

      const friendPage = await ledger().history(database().db, friend, { limit: 10, offset: 0 });
      expect(friendPage.entries.map((entry) => [entry.type, entry.changeMinor])).toEqual([
        ['Transfer in', 1_234],
      ]);

      const laterPage = await ledger().history(database().db, userId, { limit: 3, offset: 3 });
      expect(laterPage.count).toBe(7);
      expect(laterPage.entries.map((entry) => entry.relationId)).toEqual(['w-2', 'w-1', 'w-1']);

      const dto = await ledger().transactionsPage(userId, { p: 1, p_size: 2 });
      expect(dto).toEqual({
        code: 200,
        page: { count: 7 },
        queryset: [
          { type: 'WD', change_balance: '-1.00', relation_id: 'w-3', create_time: START_MS + 7_000 },
          {
            type: 'Transfer out',
            change_balance: '-12.34',
            relation_id: String(friend),
            create_time: START_MS + 6_000,
          },
        ],
      });
    });

    it('answers an empty page for a user without a wallet', async () => {
      const page = await ledger().history(database().db, newUser(), { limit: 10, offset: 0 });
      expect(page).toEqual({ count: 0, entries: [] });
    });
  });

  describe('accounts', () => {
    it('creates a wallet once however often it is ensured', async () => {
      const userId = newUser();
      const first = await ledger().ensureUserWallet(database().db, userId);
      const second = await inTransaction((trx) => ledger().ensureUserWallet(trx, userId));
      expect(second).toEqual(first);
      expect(first).toMatchObject({
        code: `user:${userId}`,
        kind: 'user_wallet',
        userId,
        creditsPostedMinor: 0,
      });
      expect(await ledger().findAccount(database().db, userWallet(userId))).toEqual(first);
      expect(await ledger().findAccount(database().db, userWallet(newUser()))).toBeUndefined();
    });

    it('has the operator accounts of the design from the start', async () => {
      const rows = await database()
        .db.selectFrom('ledger_accounts')
        .select('code')
        .where('kind', '=', 'system')
        .where('code', 'not like', 'system:gateway:%')
        .orderBy('code')
        .execute();
      expect(rows.map((row) => row.code)).toEqual([
        'system:external_games',
        'system:fee_revenue',
        'system:game_escrow',
        'system:game_house',
        'system:gift_expense',
        'system:manual_upi_clearing',
        'system:operator_adjustments',
        'system:payout_clearing',
        'system:promotion_expense',
        'system:shop_revenue',
      ]);
    });

    it('lets the database itself refuse a wallet below zero', async () => {
      const userId = newUser();
      await recharge(userId, 100);
      await expect(
        database()
          .db.updateTable('ledger_accounts')
          .set({ debits_posted: 101 })
          .where('code', '=', `user:${userId}`)
          .execute(),
      ).rejects.toThrow(/check|constraint/i);
      expect(await balance(userId)).toBe(100);
    });
  });
});
