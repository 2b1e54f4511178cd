import fc from 'fast-check';
import { expect, it } from 'vitest';
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
import {
  accountCode,
  gatewayClearing,
  type LedgerAccountRef,
  type LedgerKind,
  userWallet,
} from './ledger.kinds.ts';
import { LedgerService, type TransferRequest } from './ledger.service.ts';

/** Sequences per database and steps per sequence: enough to hit every rule, small enough to stay fast. */
const RUNS = 30;
const MAX_STEPS = 40;
/** Three user wallets and two system accounts take part in each sequence. */
const USER_SLOTS = 3;
const ACCOUNT_SLOTS = 5;
const MAX_AMOUNT = 5_000;

type Operation =
  | { type: 'transfer'; from: number; to: number; amount: number }
  | { type: 'hold'; from: number; to: number; amount: number }
  | { type: 'post'; hold: number; amount: number | null }
  | { type: 'void'; hold: number }
  | { type: 'replay'; movement: number; tamper: boolean };

const slot = fc.integer({ min: 0, max: ACCOUNT_SLOTS - 1 });
const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      from: slot,
      to: slot,
      amount: fc.integer({ min: 1, max: MAX_AMOUNT }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('hold' as const),
      from: slot,
      to: slot,
      amount: fc.integer({ min: 1, max: MAX_AMOUNT }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('post' as const),
      hold: fc.nat(),
      // Sometimes more than any hold holds, to see the ledger refuse it.
      amount: fc.option(fc.integer({ min: 1, max: MAX_AMOUNT + 100 }), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('void' as const), hold: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('replay' as const), movement: fc.nat(), tamper: fc.boolean() }),
  },
);

interface ModelAccount {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}

interface ModelHold {
  id: number;
  from: number;
  to: number;
  amount: number;
  resolved: boolean;
}

/** What the model expects of a step: success, or the class of error the ledger must throw. */
type Expectation = 'ok' | (abstract new (...args: never[]) => Error);

/** The kind that fits a pair of account types; a wallet-to-wallet hold has none, and the ledger must say so. */
function kindFor(fromIsUser: boolean, toIsUser: boolean): LedgerKind {
  if (fromIsUser && toIsUser) return 'user_transfer';
  if (fromIsUser) return 'order';
  if (toIsUser) return 'recharge';
  return 'settlement';
}

describeEachDatabase('ledger against a model', (database) => {
  it(`agrees with a simple model over ${RUNS} random sequences, invariants checked after every step`, async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 1));
    const ledger = new LedgerService(database(), clock);
    let sequence = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArbitrary, { minLength: 1, maxLength: MAX_STEPS, size: 'max' }),
        async (operations) => {
          sequence += 1;
          // Fresh accounts for every sequence: new user ids and new gateway clearing accounts.
          const refs: LedgerAccountRef[] = [
            ...Array.from({ length: USER_SLOTS }, (_unused, index) => userWallet(sequence * 10 + index + 1)),
            gatewayClearing(`model-${sequence}-a`),
            gatewayClearing(`model-${sequence}-b`),
          ];
          const isUser = (index: number) => index < USER_SLOTS;
          const model: ModelAccount[] = refs.map(() => ({
            debitsPosted: 0,
            creditsPosted: 0,
            debitsPending: 0,
            creditsPending: 0,
          }));
          const available = (index: number) => {
            const account = model[index] as ModelAccount;
            return account.creditsPosted - account.debitsPosted - account.debitsPending;
          };
          const holds: ModelHold[] = [];
          const movements: Array<{ request: TransferRequest; id: number; type: 'transfer' | 'hold' }> = [];
          let keySequence = 0;
          const newKey = () => {
            keySequence += 1;
            return `model:${sequence}:${keySequence}`;
          };

          for (const operation of operations) {
            let expectation: Expectation = 'ok';
            let action: (trx: Parameters<Parameters<typeof runInTransaction>[1]>[0]) => Promise<unknown>;
            let apply: (result: unknown) => void = () => {};

            if (operation.type === 'transfer' || operation.type === 'hold') {
              const { from, to, amount } = operation;
              const request: TransferRequest = {
                debit: refs[from] as LedgerAccountRef,
                credit: refs[to] as LedgerAccountRef,
                amountMinor: amount,
                kind: kindFor(isUser(from), isUser(to)),
                reference: { type: 'model', id: keySequence },
                idempotencyKey: newKey(),
              };
              const isHold = operation.type === 'hold';
              if (from === to || (isHold && isUser(from) && isUser(to))) expectation = LedgerInvariantError;
              else if (isUser(from) && available(from) < amount) expectation = InsufficientBalanceError;
              action = (trx) => (isHold ? ledger.hold(trx, request) : ledger.transfer(trx, request));
              apply = (result) => {
                const id = (result as { id: number }).id;
                const debit = model[from] as ModelAccount;
                const credit = model[to] as ModelAccount;
                if (isHold) {
                  debit.debitsPending += amount;
                  credit.creditsPending += amount;
                  holds.push({ id, from, to, amount, resolved: false });
                } else {
                  debit.debitsPosted += amount;
                  credit.creditsPosted += amount;
                }
                movements.push({ request, id, type: operation.type });
              };
            } else if (operation.type === 'post' || operation.type === 'void') {
              const hold = holds[operation.hold % Math.max(holds.length, 1)];
              if (!hold) continue;
              const isPost = operation.type === 'post';
              const amount = isPost && operation.amount !== null ? operation.amount : hold.amount;
              // Arguments are checked before the hold's state: an oversized post is refused for its size.
              if (amount > hold.amount) expectation = LedgerInvariantError;
              else if (hold.resolved) expectation = PendingAlreadyResolvedError;
              const idempotencyKey = newKey();
              action = (trx) =>
                isPost
                  ? ledger.postPending(trx, {
                      pendingId: hold.id,
                      idempotencyKey,
                      ...(operation.type === 'post' && operation.amount !== null
                        ? { amountMinor: amount }
                        : {}),
                    })
                  : ledger.voidPending(trx, { pendingId: hold.id, idempotencyKey });
              apply = () => {
                const debit = model[hold.from] as ModelAccount;
                const credit = model[hold.to] as ModelAccount;
                debit.debitsPending -= hold.amount;
                credit.creditsPending -= hold.amount;
                const posted = isPost ? amount : 0;
                debit.debitsPosted += posted;
                credit.creditsPosted += posted;
                hold.resolved = true;
              };
            } else {
              const movement = movements[operation.movement % Math.max(movements.length, 1)];
              if (!movement) continue;
              const request = operation.tamper
                ? { ...movement.request, amountMinor: movement.request.amountMinor + 1 }
                : movement.request;
              if (operation.tamper) expectation = TransferKeyConflictError;
              action = (trx) =>
                movement.type === 'hold' ? ledger.hold(trx, request) : ledger.transfer(trx, request);
              apply = (result) => expect((result as { id: number }).id).toBe(movement.id);
            }

            clock.advance(1_000);
            const outcome = await runInTransaction(database(), action).then(
              (value) => ({ ok: true as const, value }),
              (error: unknown) => ({ ok: false as const, error }),
            );
            if (expectation === 'ok') {
              if (!outcome.ok) throw outcome.error;
              apply(outcome.value);
            } else {
              expect(outcome.ok, `${JSON.stringify(operation)} should have failed`).toBe(false);
              if (!outcome.ok) expect(outcome.error).toBeInstanceOf(expectation);
            }

            // Invariants after every step: the counters are the model's, no wallet is negative, the shown
            // balance is the model's, and the whole ledger passes its check.
            const rows = await database()
              .db.selectFrom('ledger_accounts')
              .select(['code', 'debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
              .where('code', 'in', refs.map(accountCode))
              .execute();
            const byCode = new Map(rows.map((row) => [row.code, row]));
            refs.forEach((ref, index) => {
              const row = byCode.get(accountCode(ref));
              const expected = model[index] as ModelAccount;
              expect({
                debitsPosted: row?.debits_posted ?? 0,
                creditsPosted: row?.credits_posted ?? 0,
                debitsPending: row?.debits_pending ?? 0,
                creditsPending: row?.credits_pending ?? 0,
              }).toEqual(expected);
              if (isUser(index)) expect(available(index)).toBeGreaterThanOrEqual(0);
            });
            for (let index = 0; index < USER_SLOTS; index += 1) {
              const ref = refs[index] as { userId: number };
              expect(await ledger.balanceMinor(database().db, ref.userId)).toBe(available(index));
            }
            await expectLedgerClean(database());
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
