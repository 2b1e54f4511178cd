import {
  minorToDecimalString,
  type TransactionDto,
  type TransactionListQuery,
  type TransactionListResponse,
  type TransactionType,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { PlannedRead, PlannedWrite } from '../../db/combined-statements.ts';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { type PageWindow, pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  InsufficientBalanceError,
  LedgerInvariantError,
  PendingAlreadyResolvedError,
  TransferKeyConflictError,
} from './ledger.errors.ts';
import {
  accountCode,
  isBalanceGuardedAccount,
  isLedgerKind,
  type LedgerAccountRef,
  type LedgerKind,
  ledgerKindRule,
  type SystemAccountName,
} from './ledger.kinds.ts';
import {
  applyCounterDelta,
  type CounterDelta,
  countBalanceChanges,
  findAccountByCode,
  findResolutionOf,
  findTransferById,
  findTransferByKey,
  type HistoryRow,
  insertAccountIfMissing,
  insertTransferUnlessKeyExists,
  listBalanceChanges,
  lockAccountsByCode,
  lockAccountsById,
} from './ledger.repository.ts';
import type { LedgerAccountRow, LedgerTransferRow, LedgerTransferStatus } from './ledger.tables.ts';
import {
  type BulkTransferRow,
  creditPostedStatement,
  debitAccountsIfAvailableStatement,
  insertPostedTransfersStatement,
  lockAccountsByCodesStatement,
} from './ledger-bulk-debit.repository.ts';

/** Longest idempotency key the ledger stores (callers compose them, such as 'withdrawal:42:hold'). */
export const MAX_TRANSFER_KEY_LENGTH = 200;
/** Longest business reference type, such as 'order' or 'colour_bet'. */
export const MAX_REFERENCE_TYPE_LENGTH = 40;
/** Longest business reference id, such as a row id or a recharge serial number. */
export const MAX_REFERENCE_ID_LENGTH = 100;

/** Bound of the per-process memory of existing account codes (a hint, emptied when full). */
const KNOWN_ACCOUNT_CODES_LIMIT = 100_000;

/** The business row a movement belongs to; its id is shown to the user as relation_id. */
export interface LedgerReference {
  readonly type: string;
  readonly id: string | number;
}

/** A movement between two accounts: posted at once by `transfer`, reserved by `hold`. */
export interface TransferRequest {
  readonly debit: LedgerAccountRef;
  readonly credit: LedgerAccountRef;
  readonly amountMinor: number;
  readonly kind: LedgerKind;
  readonly reference: LedgerReference;
  /** Unique per movement; the same key with the same parameters returns the first transfer. */
  readonly idempotencyKey: string;
}

/** Posts (all or part of) or voids a pending transfer. */
export interface ResolvePendingRequest {
  readonly pendingId: number;
  readonly idempotencyKey: string;
}

export interface PostPendingRequest extends ResolvePendingRequest {
  /** How much becomes final, at most the held amount; the rest goes back. Defaults to all of it. */
  readonly amountMinor?: number;
}

export interface LedgerTransfer {
  readonly id: number;
  readonly debitAccountId: number;
  readonly creditAccountId: number;
  readonly amountMinor: number;
  readonly kind: string;
  readonly status: LedgerTransferStatus;
  readonly pendingId: number | null;
  readonly reference: { readonly type: string; readonly id: string };
  readonly idempotencyKey: string;
  readonly createdAt: number;
}

export interface LedgerAccount {
  readonly id: number;
  readonly code: string;
  readonly kind: LedgerAccountRow['kind'];
  readonly userId: number | null;
  readonly debitsPostedMinor: number;
  readonly creditsPostedMinor: number;
  readonly debitsPendingMinor: number;
  readonly creditsPendingMinor: number;
}

/** One line of a user's transaction list: how and why the shown balance changed. */
export interface LedgerHistoryEntry {
  readonly transferId: number;
  readonly type: TransactionType;
  /** Signed: negative when the balance went down. */
  readonly changeMinor: number;
  readonly relationId: string;
  readonly createdAt: number;
}

export interface LedgerHistoryPage {
  readonly count: number;
  readonly entries: LedgerHistoryEntry[];
}

/** Most debits one planTransferMany call takes (a batch of bets is far smaller; the limit guards against misuse). */
export const MAX_BULK_DEBITS = 5_000;

/** The wallets of a bulk debit and the account they pay, locked for the rest of the caller's transaction. */
export interface WalletDebitLock {
  /** The system account every debit of the batch pays. */
  readonly credit: LedgerAccountRow;
  /** Each user's wallet with what it could spend when it was locked; a user without a wallet is absent. */
  readonly wallets: ReadonlyMap<number, { readonly accountId: number; readonly availableMinor: number }>;
}

/** One movement of a bulk debit: from the user's wallet to the locked system account. */
export interface WalletDebit {
  readonly userId: number;
  readonly amountMinor: number;
  readonly reference: LedgerReference;
  readonly idempotencyKey: string;
}

/** The fields of a transfer row that must match when its idempotency key is replayed. */
type TransferIdentity = Pick<
  LedgerTransferRow,
  | 'debit_account_id'
  | 'credit_account_id'
  | 'amount_minor'
  | 'kind'
  | 'status'
  | 'pending_id'
  | 'reference_type'
  | 'reference_id'
>;

function toLedgerTransfer(row: LedgerTransferRow): LedgerTransfer {
  return {
    id: row.id,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amountMinor: row.amount_minor,
    kind: row.kind,
    status: row.status,
    pendingId: row.pending_id,
    reference: { type: row.reference_type, id: row.reference_id },
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at,
  };
}

function toLedgerAccount(row: LedgerAccountRow): LedgerAccount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    userId: row.user_id,
    debitsPostedMinor: row.debits_posted,
    creditsPostedMinor: row.credits_posted,
    debitsPendingMinor: row.debits_pending,
    creditsPendingMinor: row.credits_pending,
  };
}

/** What the owner of an account can spend: credits_posted − debits_posted − debits_pending. */
export function availableMinor(
  account: Pick<LedgerAccountRow, 'credits_posted' | 'debits_posted' | 'debits_pending'>,
): number {
  return account.credits_posted - account.debits_posted - account.debits_pending;
}

function assertAmount(amountMinor: number, what = 'amount'): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new LedgerInvariantError(
      `${what} must be a positive safe integer of minor units, got ${amountMinor}`,
    );
  }
  return amountMinor;
}

function assertKey(idempotencyKey: string): string {
  if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_TRANSFER_KEY_LENGTH) {
    throw new LedgerInvariantError(`idempotency key must have 1-${MAX_TRANSFER_KEY_LENGTH} characters`);
  }
  return idempotencyKey;
}

function assertKind(kind: string): LedgerKind {
  if (!isLedgerKind(kind)) throw new LedgerInvariantError(`unknown transfer kind ${JSON.stringify(kind)}`);
  return kind;
}

function normaliseReference(reference: LedgerReference): { type: string; id: string } {
  const id = String(reference.id);
  if (reference.type.length === 0 || reference.type.length > MAX_REFERENCE_TYPE_LENGTH) {
    throw new LedgerInvariantError(`reference type must have 1-${MAX_REFERENCE_TYPE_LENGTH} characters`);
  }
  if (id.length === 0 || id.length > MAX_REFERENCE_ID_LENGTH) {
    throw new LedgerInvariantError(`reference id must have 1-${MAX_REFERENCE_ID_LENGTH} characters`);
  }
  return { type: reference.type, id };
}

function assertInsideTransaction(db: Kysely<Database>): void {
  // A movement's row and its counters must commit with the caller's business row, never on their own.
  if (!db.isTransaction) throw new LedgerInvariantError('ledger writes must run inside runInTransaction');
}

/** Refuses a user wallet on a side that the kind cannot label, so every list line has a type. */
function assertSidesAllowed(
  kind: LedgerKind,
  debit: LedgerAccountRow,
  credit: LedgerAccountRow,
  status: LedgerTransferStatus,
): void {
  const rule = ledgerKindRule(kind);
  if (debit.kind === 'user_wallet' && rule.userDebit === undefined) {
    throw new LedgerInvariantError(`a ${kind} transfer cannot debit a user wallet (${debit.code})`);
  }
  if (credit.kind === 'user_wallet' && rule.userCredit === undefined) {
    throw new LedgerInvariantError(`a ${kind} transfer cannot credit a user wallet (${credit.code})`);
  }
  if (status === 'pending' && debit.kind === 'user_wallet' && rule.userRelease === undefined) {
    throw new LedgerInvariantError(`a ${kind} transfer cannot hold money of a user wallet (${debit.code})`);
  }
}

/** The first transfer of a replayed key, provided the replay asks for exactly the same movement. */
function replayed(existing: LedgerTransferRow, expected: TransferIdentity): LedgerTransfer {
  const differences = (Object.keys(expected) as Array<keyof TransferIdentity>).filter(
    (field) => existing[field] !== expected[field],
  );
  if (differences.length > 0) throw new TransferKeyConflictError(existing.idempotency_key, differences);
  return toLedgerTransfer(existing);
}

/** A history row as a list line, with the type its kind gives the user's side. */
function toHistoryEntry(row: HistoryRow, accountId: number): LedgerHistoryEntry {
  const rule = ledgerKindRule(assertKind(row.kind));
  const isDebit = row.debit_account_id === accountId;
  let type: TransactionType | undefined;
  let changeMinor: number;
  if (!isDebit) {
    type = rule.userCredit;
    changeMinor = row.amount_minor;
  } else if (row.status === 'posted' || row.status === 'pending') {
    type = rule.userDebit;
    changeMinor = -row.amount_minor;
  } else if (row.status === 'void_pending') {
    type = rule.userRelease;
    changeMinor = row.amount_minor;
  } else {
    // A partly posted hold gives back what was held and not taken.
    type = rule.userRelease;
    changeMinor = (row.pending_amount_minor ?? row.amount_minor) - row.amount_minor;
  }
  if (type === undefined) {
    throw new LedgerInvariantError(`transfer ${row.id} of kind ${row.kind} has no label for a user wallet`);
  }
  return {
    transferId: row.id,
    type,
    changeMinor,
    relationId: row.reference_id,
    createdAt: row.created_at,
  };
}

/** Maps a history entry to the spec's transaction entity. */
export function toTransactionDto(entry: LedgerHistoryEntry): TransactionDto {
  return {
    type: entry.type,
    change_balance: minorToDecimalString(entry.changeMinor),
    relation_id: entry.relationId,
    create_time: entry.createdAt,
  };
}

/**
 * THE GLOBAL LOCK ORDER of every money path on PostgreSQL (issue 13; SQLite's BEGIN IMMEDIATE runs one
 * writer at a time and needs none). Every transaction that moves money takes its row locks in this order,
 * each step in ascending id order, and never goes back to an earlier step:
 *
 *   1. the idempotency claim of the request (its own row, one per user, route and key);
 *   2. the business row being decided: a colour period FOR SHARE (its settlement FOR UPDATE), a product,
 *      a recharge or a withdrawal FOR UPDATE;
 *   3. users rows FOR NO KEY UPDATE (lockUserRow, lockOperatorUser), never FOR UPDATE;
 *   4. ledger accounts (wallets and system accounts alike) FOR UPDATE, then their counters;
 *   5. wagering requirements, then the inserted child rows (ledger transfers, colour bets, orders …).
 *
 * Step 5's inserts make PostgreSQL take FOR KEY SHARE on the referenced users and ledger_accounts rows. That
 * lock does not conflict with FOR NO KEY UPDATE or with an UPDATE that leaves the key alone, which is why
 * users are never locked FOR UPDATE: a transfer holding its users FOR UPDATE and waiting for a wallet, while
 * a bet batch holding that wallet waited to insert a bet referencing the user, deadlocked in opposite
 * orders. The mixed-workload test `money-paths.lock-order.test.ts` asserts that no transaction needs a
 * deadlock retry.
 *
 * The only code that writes money (DESIGN.md "The ledger"). Every write takes the caller's transaction
 * (from runInTransaction), so a business row and its money commit together or not at all. Each movement
 * locks its two accounts in ascending id order (PostgreSQL; SQLite holds the whole database), checks the
 * wallet's balance before writing anything, appends the transfer row, then moves the counters, the
 * wallet's debit as a conditional UPDATE backed by a CHECK constraint.
 */
export class LedgerService {
  /**
   * Codes of accounts this process has seen, so the common movement skips the "create if missing" step.
   * Only a hint: an account missing despite it is created on the slow path.
   */
  private readonly knownAccountCodes = new Set<string>();

  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
  ) {}

  /** Moves money at once from `debit` to `credit`; a user wallet short of the amount throws InsufficientBalanceError. */
  async transfer(trx: Kysely<Database>, request: TransferRequest): Promise<LedgerTransfer> {
    return this.move(trx, request, 'posted');
  }

  /** Reserves money (a pending transfer): the debited wallet's balance drops now, the credit waits for a post. */
  async hold(trx: Kysely<Database>, request: TransferRequest): Promise<LedgerTransfer> {
    return this.move(trx, request, 'pending');
  }

  /** Makes a hold final, in full or in part (the rest returns to the debited account); at most once per hold. */
  async postPending(trx: Kysely<Database>, request: PostPendingRequest): Promise<LedgerTransfer> {
    return this.resolve(trx, request, 'post_pending', request.amountMinor);
  }

  /** Cancels a hold: all of it returns to the debited account; at most once per hold. */
  async voidPending(trx: Kysely<Database>, request: ResolvePendingRequest): Promise<LedgerTransfer> {
    return this.resolve(trx, request, 'void_pending', undefined);
  }

  /** The balance shown to the user: credits_posted − debits_posted − debits_pending (0 without a wallet). */
  async balanceMinor(db: Kysely<Database>, userId: number): Promise<number> {
    const account = await findAccountByCode(db, accountCode({ userId }));
    return account ? availableMinor(account) : 0;
  }

  /** The account behind a reference, or undefined when it has not been created yet. */
  async findAccount(db: Kysely<Database>, ref: LedgerAccountRef): Promise<LedgerAccount | undefined> {
    const row = await findAccountByCode(db, accountCode(ref));
    return row ? toLedgerAccount(row) : undefined;
  }

  /** Creates the user's wallet if it does not exist yet, and answers it. */
  async ensureUserWallet(db: Kysely<Database>, userId: number): Promise<LedgerAccount> {
    const code = accountCode({ userId });
    await this.createAccount(db, code, { userId });
    const row = await findAccountByCode(db, code);
    if (!row) throw new LedgerInvariantError(`wallet ${code} vanished right after it was created`);
    return toLedgerAccount(row);
  }

  /** One page of the user's balance changes, newest first. */
  async history(db: Kysely<Database>, userId: number, window: PageWindow): Promise<LedgerHistoryPage> {
    const account = await findAccountByCode(db, accountCode({ userId }));
    if (!account) return { count: 0, entries: [] };
    const count = await countBalanceChanges(db, account.id);
    const rows = await listBalanceChanges(db, account.id, window);
    return { count, entries: rows.map((row) => toHistoryEntry(row, account.id)) };
  }

  /** GET /user/transactions: the user's history in the spec's shape. */
  async transactionsPage(userId: number, query: TransactionListQuery): Promise<TransactionListResponse> {
    const page = await this.history(this.database.db, userId, pageWindow(query));
    return pageResponse(page.count, page.entries.map(toTransactionDto));
  }

  /**
   * Plans locking the users' wallets and one system account in ascending id order (the order of every
   * ledger movement) for a later planTransferMany, answering what each wallet can spend; the caller sends it
   * with `readTogether` inside its transaction. Missing wallets are not created: a user without one has
   * nothing to spend, and a refused debit must leave nothing behind.
   */
  planWalletDebitLock(
    userIds: readonly number[],
    credit: SystemAccountName,
  ): PlannedRead<LedgerAccountRow, WalletDebitLock> {
    const creditCode = accountCode({ system: credit });
    const distinct = [...new Set(userIds)];
    if (distinct.length > MAX_BULK_DEBITS) {
      throw new LedgerInvariantError(
        `cannot lock ${distinct.length} wallets at once (at most ${MAX_BULK_DEBITS})`,
      );
    }
    return {
      statement: lockAccountsByCodesStatement(this.database.dialect, [
        creditCode,
        ...distinct.map((userId) => accountCode({ userId })),
      ]),
      locks: true,
      settle: (rows) => {
        const creditRow = rows.find((row) => row.code === creditCode);
        if (!creditRow) throw new LedgerInvariantError(`system account ${creditCode} is missing`);
        const wallets = new Map<number, { accountId: number; availableMinor: number }>();
        for (const row of rows) {
          if (row.kind !== 'user_wallet' || row.user_id === null) continue;
          wallets.set(row.user_id, { accountId: row.id, availableMinor: availableMinor(row) });
        }
        return { credit: creditRow, wallets };
      },
    };
  }

  /**
   * Plans many wallet debits to the locked system account at once, for the caller to send with
   * `writeTogether` in the transaction that holds `lock`: one append-only posted transfer per debit in one
   * INSERT, each wallet's debits_posted raised by the sum of its debits in one conditional UPDATE (the same
   * available-balance condition as `transfer`), the system account credited once. The three statements
   * touch different rows and do not read each other's. The caller must have decided every debit against the
   * balances of `lock`; a wallet that is short anyway fails the whole transaction with a
   * LedgerInvariantError. Answers the writes, how many transfers they post and their total.
   */
  planTransferMany(
    lock: WalletDebitLock,
    request: { readonly kind: LedgerKind; readonly debits: readonly WalletDebit[] },
  ): { writes: PlannedWrite[]; count: number; totalMinor: number } {
    const kind = assertKind(request.kind);
    if (ledgerKindRule(kind).userDebit === undefined) {
      throw new LedgerInvariantError(`a ${kind} transfer cannot debit a user wallet`);
    }
    if (request.debits.length === 0) return { writes: [], count: 0, totalMinor: 0 };
    if (request.debits.length > MAX_BULK_DEBITS) {
      throw new LedgerInvariantError(
        `cannot post ${request.debits.length} debits at once (at most ${MAX_BULK_DEBITS})`,
      );
    }
    const createdAt = this.clock.now();
    const keys = new Set<string>();
    const perWallet = new Map<number, number>();
    const rows: BulkTransferRow[] = [];
    let totalMinor = 0;
    for (const debit of request.debits) {
      const amountMinor = assertAmount(debit.amountMinor);
      const idempotencyKey = assertKey(debit.idempotencyKey);
      if (keys.has(idempotencyKey))
        throw new LedgerInvariantError(`key ${idempotencyKey} appears twice in one bulk debit`);
      keys.add(idempotencyKey);
      const reference = normaliseReference(debit.reference);
      const wallet = lock.wallets.get(debit.userId);
      if (!wallet)
        throw new LedgerInvariantError(`wallet of user ${debit.userId} was not locked for this debit`);
      if (wallet.accountId === lock.credit.id)
        throw new LedgerInvariantError(`account ${wallet.accountId} cannot pay itself in a bulk debit`);
      const walletTotal = (perWallet.get(wallet.accountId) ?? 0) + amountMinor;
      if (walletTotal > wallet.availableMinor) {
        throw new LedgerInvariantError(
          `bulk debit takes ${walletTotal} from wallet ${wallet.accountId}, which had ${wallet.availableMinor}`,
        );
      }
      perWallet.set(wallet.accountId, walletTotal);
      totalMinor += amountMinor;
      rows.push({
        debit_account_id: wallet.accountId,
        credit_account_id: lock.credit.id,
        amount_minor: amountMinor,
        kind,
        reference_type: reference.type,
        reference_id: reference.id,
        idempotency_key: idempotencyKey,
        created_at: createdAt,
      });
    }
    if (!Number.isSafeInteger(totalMinor))
      throw new LedgerInvariantError(`bulk debit total ${totalMinor} is unsafe`);
    const { dialect } = this.database;
    const writes: PlannedWrite[] = [
      {
        statement: insertPostedTransfersStatement(dialect, rows),
        settle: (inserted) => {
          if (inserted !== rows.length) {
            throw new LedgerInvariantError(`bulk debit inserted ${inserted} of ${rows.length} transfers`);
          }
        },
      },
      {
        statement: debitAccountsIfAvailableStatement(
          dialect,
          [...perWallet].map(([accountId, amountMinor]) => ({
            account_id: accountId,
            amount_minor: amountMinor,
          })),
        ),
        settle: (debited) => {
          if (debited !== perWallet.size) {
            throw new LedgerInvariantError(
              `bulk debit moved ${debited} of ${perWallet.size} wallets: one was short`,
            );
          }
        },
      },
      {
        statement: creditPostedStatement(lock.credit.id, totalMinor),
        settle: (credited) => {
          if (credited !== 1) {
            throw new LedgerInvariantError(
              `account ${lock.credit.id} vanished while its counters were moved`,
            );
          }
        },
      },
    ];
    return { writes, count: rows.length, totalMinor };
  }

  private async move(
    trx: Kysely<Database>,
    request: TransferRequest,
    status: 'posted' | 'pending',
  ): Promise<LedgerTransfer> {
    assertInsideTransaction(trx);
    const amountMinor = assertAmount(request.amountMinor);
    const kind = assertKind(request.kind);
    const idempotencyKey = assertKey(request.idempotencyKey);
    const reference = normaliseReference(request.reference);
    const debitCode = accountCode(request.debit);
    const creditCode = accountCode(request.credit);
    if (debitCode === creditCode) throw new LedgerInvariantError(`${debitCode} cannot pay itself`);

    const accounts = await this.lockAccounts(trx, [
      { code: debitCode, ref: request.debit },
      { code: creditCode, ref: request.credit },
    ]);
    const debit = accounts.get(debitCode);
    const credit = accounts.get(creditCode);
    if (!debit || !credit) throw new LedgerInvariantError(`accounts ${debitCode}, ${creditCode} not found`);
    assertSidesAllowed(kind, debit, credit, status);

    const identity: TransferIdentity = {
      debit_account_id: debit.id,
      credit_account_id: credit.id,
      amount_minor: amountMinor,
      kind,
      status,
      pending_id: null,
      reference_type: reference.type,
      reference_id: reference.id,
    };
    const isWalletDebit = isBalanceGuardedAccount(debit);
    if (isWalletDebit && availableMinor(debit) < amountMinor) {
      // A replay of a movement that already happened must answer it even though the money is now spent.
      const existing = await findTransferByKey(trx, idempotencyKey);
      if (existing) return replayed(existing, identity);
      throw new InsufficientBalanceError();
    }
    const inserted = await insertTransferUnlessKeyExists(trx, {
      ...identity,
      idempotency_key: idempotencyKey,
      created_at: this.clock.now(),
    });
    if (!inserted) return replayed(await this.transferByKey(trx, idempotencyKey), identity);

    const debitDelta: CounterDelta =
      status === 'posted' ? { debitsPosted: amountMinor } : { debitsPending: amountMinor };
    const creditDelta: CounterDelta =
      status === 'posted' ? { creditsPosted: amountMinor } : { creditsPending: amountMinor };
    const debited = await applyCounterDelta(
      trx,
      debit.id,
      debitDelta,
      isWalletDebit ? amountMinor : undefined,
    );
    // The wallet is locked and was checked above, so a failed conditional update means a broken lock.
    if (!debited) throw new LedgerInvariantError(`conditional debit of locked wallet ${debit.code} failed`);
    await this.applyOrFail(trx, credit.id, creditDelta);
    return toLedgerTransfer(inserted);
  }

  private async resolve(
    trx: Kysely<Database>,
    request: ResolvePendingRequest,
    status: 'post_pending' | 'void_pending',
    requestedAmountMinor: number | undefined,
  ): Promise<LedgerTransfer> {
    assertInsideTransaction(trx);
    const idempotencyKey = assertKey(request.idempotencyKey);
    const pending = await findTransferById(trx, request.pendingId);
    if (pending?.status !== 'pending') {
      throw new LedgerInvariantError(`transfer ${request.pendingId} is not a pending transfer`);
    }
    const amountMinor =
      requestedAmountMinor === undefined ? pending.amount_minor : assertAmount(requestedAmountMinor);
    if (amountMinor > pending.amount_minor) {
      throw new LedgerInvariantError(
        `cannot post ${amountMinor} of pending transfer ${pending.id} holding ${pending.amount_minor}`,
      );
    }
    // Locking both accounts first makes concurrent resolutions of one hold take turns, so the second
    // one sees the first one's row below.
    await lockAccountsById(trx, this.database.dialect, [pending.debit_account_id, pending.credit_account_id]);
    const identity: TransferIdentity = {
      debit_account_id: pending.debit_account_id,
      credit_account_id: pending.credit_account_id,
      amount_minor: amountMinor,
      kind: pending.kind,
      status,
      pending_id: pending.id,
      reference_type: pending.reference_type,
      reference_id: pending.reference_id,
    };
    const resolution = await findResolutionOf(trx, pending.id);
    if (resolution) {
      if (resolution.idempotency_key === idempotencyKey) return replayed(resolution, identity);
      throw new PendingAlreadyResolvedError(pending.id, resolution.id);
    }
    const inserted = await insertTransferUnlessKeyExists(trx, {
      ...identity,
      idempotency_key: idempotencyKey,
      created_at: this.clock.now(),
    });
    if (!inserted) return replayed(await this.transferByKey(trx, idempotencyKey), identity);

    const postedMinor = status === 'post_pending' ? amountMinor : 0;
    await this.applyOrFail(trx, pending.debit_account_id, {
      debitsPending: -pending.amount_minor,
      debitsPosted: postedMinor,
    });
    await this.applyOrFail(trx, pending.credit_account_id, {
      creditsPending: -pending.amount_minor,
      creditsPosted: postedMinor,
    });
    return toLedgerTransfer(inserted);
  }

  /**
   * Answers the accounts by code, locked in ascending id order. User wallets and gateway clearing accounts
   * are created when missing (the operator's fixed accounts come from the migration), in code order and
   * before any lock is taken: a transaction that held one account's lock while it waited for a concurrent
   * creator of the other could deadlock with it (two first recharges of one user, say).
   */
  private async lockAccounts(
    trx: Kysely<Database>,
    wanted: ReadonlyArray<{ code: string; ref: LedgerAccountRef }>,
  ): Promise<Map<string, LedgerAccountRow>> {
    const unknown = wanted
      .filter(({ code, ref }) => !('system' in ref) && !this.knownAccountCodes.has(code))
      .sort((left, right) => (left.code < right.code ? -1 : 1));
    for (const { code, ref } of unknown) {
      // Only an account that existed before this call is remembered: one created here is not committed
      // yet, and other transactions cannot see it until it is.
      if (!(await this.createAccount(trx, code, ref))) this.rememberAccountCode(code);
    }
    const codes = wanted.map((account) => account.code);
    let rows = await lockAccountsByCode(trx, this.database.dialect, codes);
    if (rows.length < codes.length) {
      // A remembered account can be missing when the transaction that created it rolled back.
      const found = new Set(rows.map((row) => row.code));
      for (const { code, ref } of wanted) {
        if (found.has(code)) continue;
        this.knownAccountCodes.delete(code);
        await this.createAccount(trx, code, ref);
      }
      rows = await lockAccountsByCode(trx, this.database.dialect, codes);
    }
    return new Map(rows.map((row) => [row.code, row]));
  }

  /** Creates a wallet or gateway clearing account; answers whether it was missing. */
  private async createAccount(trx: Kysely<Database>, code: string, ref: LedgerAccountRef): Promise<boolean> {
    if ('system' in ref) throw new LedgerInvariantError(`system account ${code} is missing`);
    // A bonus account is a 'system' row without user_id: the wallet holds the user's unique user_id.
    return insertAccountIfMissing(trx, {
      code,
      kind: 'userId' in ref ? 'user_wallet' : 'system',
      userId: 'userId' in ref ? ref.userId : null,
      createdAt: this.clock.now(),
    });
  }

  private rememberAccountCode(code: string): void {
    if (this.knownAccountCodes.size >= KNOWN_ACCOUNT_CODES_LIMIT) this.knownAccountCodes.clear();
    this.knownAccountCodes.add(code);
  }

  private async transferByKey(trx: Kysely<Database>, idempotencyKey: string): Promise<LedgerTransferRow> {
    const existing = await findTransferByKey(trx, idempotencyKey);
    if (!existing)
      throw new LedgerInvariantError(`key ${idempotencyKey} conflicted but no transfer holds it`);
    return existing;
  }

  private async applyOrFail(trx: Kysely<Database>, accountId: number, delta: CounterDelta): Promise<void> {
    if (!(await applyCounterDelta(trx, accountId, delta))) {
      throw new LedgerInvariantError(`account ${accountId} vanished while its counters were moved`);
    }
  }
}
