import { ResponseCode } from '@app/shared';
import { AppError } from '../../http/app-error.ts';

/** The message a player sees when a debit is larger than the balance. */
export const INSUFFICIENT_BALANCE_MESSAGE = 'Insufficient balance';

/**
 * A user wallet does not hold enough for a debit or a hold. It is thrown before the ledger writes anything,
 * so a caller may catch it and carry on in the same transaction; left uncaught it answers 400.
 */
export class InsufficientBalanceError extends AppError {
  constructor() {
    super(ResponseCode.badRequest, INSUFFICIENT_BALANCE_MESSAGE);
    this.name = 'InsufficientBalanceError';
  }
}

/**
 * A call that the ledger must refuse because it would break an invariant: a bad amount, a wallet on a side
 * its kind does not allow, a hold resolved twice, a key reused for another movement. These are bugs of the
 * caller, so they are not AppErrors: they answer 500 and are logged.
 */
export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(`Ledger invariant violated: ${message}`);
    this.name = 'LedgerInvariantError';
  }
}

/** A pending transfer was already posted or voided by another request. */
export class PendingAlreadyResolvedError extends LedgerInvariantError {
  constructor(
    readonly pendingId: number,
    readonly resolvedBy: number,
  ) {
    super(`pending transfer ${pendingId} was already resolved by transfer ${resolvedBy}`);
    this.name = 'PendingAlreadyResolvedError';
  }
}

/** An idempotency key came back with parameters other than those of the transfer it first created. */
export class TransferKeyConflictError extends LedgerInvariantError {
  constructor(
    readonly idempotencyKey: string,
    readonly differences: readonly string[],
  ) {
    super(`idempotency key ${JSON.stringify(idempotencyKey)} was used with other ${differences.join(', ')}`);
    this.name = 'TransferKeyConflictError';
  }
}
