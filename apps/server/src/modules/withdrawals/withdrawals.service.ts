import type { PaginationQuery } from '@app/shared';
import {
  type AddWithdrawalBody,
  type AddWithdrawalResponse,
  cardCoolingDownMessage,
  getMarket,
  type MarketCode,
  maskAccountNumber,
  minorToDecimalString,
  needBetMessage,
  ResponseCode,
  type WithdrawalDto,
  type WithdrawalListResponse,
  WithdrawalMessage,
  withdrawalFee,
  zonedDateTime,
  zonedWallTimeToEpoch,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PasswordChecker } from '../orders/orders.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findBankCard } from './bank-cards.repository.ts';
import type { WageringService } from './wagering.service.ts';
import { WithdrawalAuditEvent } from './withdrawal-audit.ts';
import type { WithdrawalChannelService } from './withdrawal-channels.service.ts';
import {
  countWithdrawals,
  countWithdrawalsSince,
  insertWithdrawal,
  listWithdrawals,
  updateWithdrawal,
} from './withdrawals.repository.ts';
import type { WithdrawalRow } from './withdrawals.tables.ts';

/** The ledger reference type of a withdrawal's hold, post, void and fee; its id is the withdrawal id. */
export const WITHDRAWAL_REFERENCE_TYPE = 'withdrawal';
/** Withdrawal requests (each checks the login password) a user may make per window, by default. */
export const WITHDRAWAL_ATTEMPTS_PER_USER = 30;
export const WITHDRAWAL_RATE_WINDOW_MS = 15 * 60_000;

/** Ledger idempotency keys: one hold, at most one resolution (post or void) and one fee per withdrawal. */
export const withdrawalHoldKey = (id: number): string => `withdrawal:${id}:hold`;
export const withdrawalPostKey = (id: number): string => `withdrawal:${id}:post`;
export const withdrawalVoidKey = (id: number): string => `withdrawal:${id}:void`;
export const withdrawalFeeKey = (id: number): string => `withdrawal:${id}:fee`;
/** The reference the payout adapter receives: unique per withdrawal, so a resent payout pays once. */
export const payoutReference = (id: number): string => `WD${id}`;

/** The Idempotency-Key of a request and the route it is scoped to. */
export interface IdempotencyScope {
  readonly key: string | undefined;
  readonly route: string;
}

/** Maps a withdrawal row to the record the app shows (spec 02 §3), with the account number masked. */
export function toWithdrawalDto(row: WithdrawalRow): WithdrawalDto {
  return {
    id: row.id,
    price: minorToDecimalString(row.amount_minor),
    fee: minorToDecimalString(row.fee_minor),
    actual_price: minorToDecimalString(row.actual_minor),
    status: row.status,
    payout_status: row.payout_status,
    fail_reason: row.fail_reason,
    create_time: row.created_at,
    channel_name: row.channel_name,
    bank_name: row.bank_name,
    account_number: maskAccountNumber(row.account_number),
  };
}

export interface WithdrawalServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  wagering: WageringService;
  channels: WithdrawalChannelService;
  passwords: PasswordChecker;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyService;
  audit: AuditLog;
  /** The market's day (for the daily count) starts at midnight in its time zone. */
  market: MarketCode;
  /**
   * Requests a user may make per WITHDRAWAL_RATE_WINDOW_MS; WITHDRAWAL_ATTEMPTS_PER_USER unless given.
   * Tests that race many requests of one user at the database raise it so none stops at the limit.
   */
  attemptsPerUser?: number;
}

/**
 * The user's side of withdrawals (spec 02 "Withdrawal", issue 6): request and record. A request holds the
 * whole amount in the ledger (wallet → payout clearing, shown as WD) in the same transaction as the
 * withdrawal row and the stored idempotent answer; the operator's decision later posts or voids the hold.
 *
 * Lock order: the user's row first, then the ledger accounts. The user's row is what makes the checks hold
 * under concurrency: the daily count, and needs_bet, since every change that grows needs_bet (a credited
 * recharge, a transfer received) locks the same row first, before any money moves.
 * So a withdrawal and a recharge credit of one user take turns: either the credit committed first and the
 * withdrawal sees its needs_bet, or the credit waits until the withdrawal committed, and its money was not
 * in the balance that was held.
 */
export class WithdrawalService {
  private readonly attemptsPerUser: number;

  constructor(private readonly dependencies: WithdrawalServiceDependencies) {
    const attempts = dependencies.attemptsPerUser ?? WITHDRAWAL_ATTEMPTS_PER_USER;
    if (!Number.isSafeInteger(attempts) || attempts < 1) {
      throw new Error(`attemptsPerUser must be a positive whole number, got ${attempts}`);
    }
    this.attemptsPerUser = attempts;
  }

  /**
   * POST /user/add_withdrawal. Outside the transaction: rate limit, login password (slow hashing must not
   * hold the write lock), channel, bank and amount bounds. Inside: the card (the user's, past its
   * cool-down), needs_bet, the daily count, the row and the hold; any refusal rolls all of it back.
   */
  async request(
    userId: number,
    body: AddWithdrawalBody,
    scope: IdempotencyScope,
    ip: string | null,
  ): Promise<AddWithdrawalResponse> {
    const { database, clock, ledger, settings, wagering, channels, passwords, idempotency, audit } =
      this.dependencies;
    await this.enforceRate(userId, ip);
    if (!(await passwords.checkPassword(userId, body.password))) {
      await audit.record(WithdrawalAuditEvent.withdrawalPasswordFailed, {
        userId,
        ip,
        detail: { amount_minor: body.amount, bank_card_id: body.bank_card_id },
      });
      throw badRequest(WithdrawalMessage.passwordIncorrect);
    }
    const channel = await channels.findOffered(body.withdrawal_key);
    if (!channel) throw badRequest(WithdrawalMessage.unknownChannel);
    let bankCode = '';
    if (channel.bank_code_group_id !== null) {
      if (body.bank_code === undefined) throw badRequest(WithdrawalMessage.bankCodeRequired);
      const bank = await channels.findBank(Number(channel.bank_code_group_id), body.bank_code);
      if (!bank) throw badRequest(WithdrawalMessage.unknownBankCode);
      bankCode = bank.code;
    }
    const limits = await settings.getMany([
      'withdrawal.min_amount_minor',
      'withdrawal.max_amount_minor',
      'withdrawal.daily_count',
    ]);
    const amountMinor = body.amount;
    if (amountMinor < limits['withdrawal.min_amount_minor']) throw badRequest(WithdrawalMessage.belowMinimum);
    const maxMinor = limits['withdrawal.max_amount_minor'];
    if (maxMinor > 0 && amountMinor > maxMinor) throw badRequest(WithdrawalMessage.aboveMaximum);
    // The fee rule (spec 02 §9, shared with the app's preview): a flat 30.00 below 1000.00; from 1000.00 up,
    // 2 % of the amount rounded half up to the minor unit (1000.25 → 20.005 → 20.01, 1000.24 → 20.0048 →
    // 20.00). It is computed once here, in integers, and stored with the withdrawal: later rule changes never
    // alter a withdrawal already requested.
    const { feeMinor, actualMinor } = withdrawalFee(amountMinor);
    if (actualMinor <= 0) throw badRequest(WithdrawalMessage.notAboveFee);

    // The password is left out of the stored request: only what the withdrawal depends on identifies it.
    const requestBody = {
      amount: amountMinor,
      bank_card_id: body.bank_card_id,
      withdrawal_key: channel.key,
      bank_code: bankCode,
    };
    const result = await runInTransaction(database, (trx) =>
      idempotency.withIdempotency(
        trx,
        { userId, route: scope.route, key: scope.key, requestBody },
        async (): Promise<AddWithdrawalResponse> => {
          const now = clock.now();
          // Locked before needs_bet is read: see the lock order in the class comment.
          await lockUserRow(trx, database.dialect, userId);
          const card = await findBankCard(trx, userId, body.bank_card_id);
          if (!card) throw notFound(WithdrawalMessage.cardNotFound);
          if (card.withdrawable_from > now) throw badRequest(cardCoolingDownMessage(card.withdrawable_from));
          const needsBetMinor = await wagering.needsBetMinor(trx, userId);
          if (needsBetMinor > 0) throw badRequest(needBetMessage(needsBetMinor));
          const dailyCount = limits['withdrawal.daily_count'];
          if ((await countWithdrawalsSince(trx, userId, this.startOfMarketDay(now))) >= dailyCount) {
            throw badRequest(WithdrawalMessage.dailyLimit);
          }
          const inserted = await insertWithdrawal(trx, {
            user_id: userId,
            bank_card_id: card.id,
            channel_id: channel.id,
            channel_key: channel.key,
            channel_name: channel.name,
            payout_adapter: channel.adapter,
            bank_code: bankCode,
            actual_name: card.actual_name,
            ifsc_code: card.ifsc_code,
            bank_name: card.bank_name,
            account_number: card.account_number,
            upi_account: card.upi_account,
            amount_minor: amountMinor,
            fee_minor: feeMinor,
            actual_minor: actualMinor,
            status: 'Wait',
            payout_status: 'Wait',
            fail_reason: '',
            payout_reference: '',
            hold_transfer_id: null,
            settle_transfer_id: null,
            fee_transfer_id: null,
            created_at: now,
            decided_at: null,
            updated_at: now,
          });
          // An InsufficientBalanceError here (400) rolls the row back with everything else.
          const hold = await ledger.hold(trx, {
            debit: userWallet(userId),
            credit: systemAccount('payout_clearing'),
            amountMinor,
            kind: 'withdrawal',
            reference: { type: WITHDRAWAL_REFERENCE_TYPE, id: inserted.id },
            idempotencyKey: withdrawalHoldKey(inserted.id),
          });
          const withdrawal = await updateWithdrawal(trx, inserted.id, {
            hold_transfer_id: hold.id,
            payout_reference: payoutReference(inserted.id),
          });
          await audit.record(
            WithdrawalAuditEvent.withdrawalRequested,
            {
              userId,
              ip,
              detail: {
                withdrawal_id: withdrawal.id,
                amount_minor: amountMinor,
                fee_minor: feeMinor,
                bank_card_id: card.id,
                channel: channel.key,
                ledger_transfer_id: hold.id,
              },
            },
            trx,
          );
          return { code: 200, msg: WithdrawalMessage.withdrawalCreated, entry: toWithdrawalDto(withdrawal) };
        },
      ),
    );
    return result.body;
  }

  /** GET /user/withdrawals: the user's withdrawals, newest first. */
  async list(userId: number, query: PaginationQuery): Promise<WithdrawalListResponse> {
    const { database } = this.dependencies;
    const [count, rows] = await Promise.all([
      countWithdrawals(database.db, { userId }),
      listWithdrawals(database.db, { userId }, pageWindow(query)),
    ]);
    return pageResponse(count, rows.map(toWithdrawalDto));
  }

  private startOfMarketDay(now: number): number {
    const { timeZone } = getMarket(this.dependencies.market);
    const today = zonedDateTime(now, timeZone);
    return zonedWallTimeToEpoch(today, 0, timeZone);
  }

  private async enforceRate(userId: number, ip: string | null): Promise<void> {
    const { rateLimiter, audit } = this.dependencies;
    const decision = await rateLimiter.hit(
      `withdrawal:user:${userId}`,
      this.attemptsPerUser,
      WITHDRAWAL_RATE_WINDOW_MS,
    );
    if (decision.allowed) return;
    await audit.record(WithdrawalAuditEvent.withdrawalRateLimited, {
      userId,
      ip,
      detail: { hits: decision.hits },
    });
    throw new AppError(ResponseCode.tooManyRequests, WithdrawalMessage.rateLimited, {
      retry_after_seconds: Math.ceil(decision.retryAfterMs / 1000),
    });
  }
}
