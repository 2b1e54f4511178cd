import {
  type AdminWithdrawalDto,
  type AdminWithdrawalListQuery,
  type AdminWithdrawalListResponse,
  type AdminWithdrawalResponse,
  OperatorMessage,
  ResponseCode,
  WithdrawalMessage,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { LedgerInvariantError } from '../ledger/ledger.errors.ts';
import { systemAccount } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  type PayoutAdapterResolver,
  type PayoutRequest,
  type PayoutResult,
  POLLABLE_PAYOUT_ADAPTERS,
  payoutAdapterFor,
} from './payout-adapters.ts';
import { WithdrawalAuditEvent } from './withdrawal-audit.ts';
import {
  countWithdrawals,
  findWithdrawal,
  listStuckPayouts,
  listWithdrawals,
  lockWithdrawal,
  touchProcessingWithdrawal,
  updateWithdrawal,
  type WithdrawalFilter,
} from './withdrawals.repository.ts';
import {
  toWithdrawalDto,
  WITHDRAWAL_REFERENCE_TYPE,
  withdrawalFeeKey,
  withdrawalPostKey,
  withdrawalVoidKey,
} from './withdrawals.service.ts';
import type { WithdrawalRow } from './withdrawals.tables.ts';

/** Who acted and from where, for the audit row. */
export interface OperatorActor {
  readonly operator: string;
  readonly ip: string | null;
}

/**
 * A payout approved (Processing) this long ago without the bank's answer is taken as stuck (the server
 * stopped between the approval and the answer, or the bank call failed): only then may an operator approve
 * it again, and only then does the payout reconciler ask the bank about it. Younger, its approval is taken as
 * still waiting for the bank, and a second approval is refused with WithdrawalMessage.payoutInProgress.
 */
export const PAYOUT_STUCK_AFTER_MS = 60_000;

/** Who the audit rows of the payout reconciler name as the operator. */
export const PAYOUT_RECONCILER_ACTOR: OperatorActor = { operator: 'payout_reconciler', ip: null };

/**
 * What reconciling one payout did: paid or failed (this call settled it), pending (the bank has not decided;
 * asked again later), or skipped (not stuck any more: settled meanwhile, or approved again recently).
 */
export type PayoutReconcileOutcome = 'paid' | 'failed' | 'pending' | 'skipped';

/** The adapters whose payouts are sent through a bank's API (and so may be resent and asked about). */
function isPollable(row: WithdrawalRow): boolean {
  return POLLABLE_PAYOUT_ADAPTERS.includes(row.payout_adapter);
}

/** What the adapter is asked to pay: the credited amount to the withdrawal's copy of the card. */
function payoutRequestOf(row: WithdrawalRow): PayoutRequest {
  return {
    reference: row.payout_reference,
    amountMinor: row.amount_minor,
    actualMinor: row.actual_minor,
    actualName: row.actual_name,
    accountNumber: row.account_number,
    ifscCode: row.ifsc_code,
    upiAccount: row.upi_account,
    bankCode: row.bank_code,
  };
}

/** A withdrawal as the operator sees it: full destination and payout details. */
export function toAdminWithdrawalDto(row: WithdrawalRow, fourEyesThresholdMinor = 0): AdminWithdrawalDto {
  return {
    ...toWithdrawalDto(row),
    account_number: row.account_number,
    user_id: Number(row.user_id),
    channel_key: row.channel_key,
    payout_adapter: row.payout_adapter,
    bank_code: row.bank_code,
    actual_name: row.actual_name,
    ifsc_code: row.ifsc_code,
    upi_account: row.upi_account,
    payout_reference: row.payout_reference,
    first_approver: row.first_approver,
    needs_two_approvals: needsTwoApprovals(row, fourEyesThresholdMinor),
  };
}

/** Whether a withdrawal's amount reaches the four-eyes threshold (0 turns four-eyes off). */
function needsTwoApprovals(row: WithdrawalRow, thresholdMinor: number): boolean {
  return thresholdMinor > 0 && row.amount_minor >= thresholdMinor;
}

function snapshot(row: WithdrawalRow): Record<string, unknown> {
  return {
    status: row.status,
    payout_status: row.payout_status,
    fail_reason: row.fail_reason,
    first_approver: row.first_approver,
  };
}

/**
 * The operator's side of withdrawals (issue 6), with exactly-once rules: each decision is one transaction
 * that locks the withdrawal row and moves it on only from the state it expects, and the ledger resolves a
 * hold at most once (its unique keys and its own check say so too). Approval marks the payout Processing
 * and commits before the payout adapter is called, so no database lock is held across the bank call; the
 * adapter's answer is then applied in a second transaction that does nothing if another one got there
 * first. Of several approvals racing, one sends the payout; the others are refused (notWaiting once it is
 * settled, payoutInProgress while its answer is awaited). A payout left Processing longer than
 * PAYOUT_STUCK_AFTER_MS (a crash between the two transactions) may be approved again, and the payout
 * reconciler asks the bank about it (`reconcilePayout`): the bank sees the same reference and pays once.
 *
 * Success: the hold is posted in full (the user sees WD once, as when it was requested), then the fee goes
 * from payout clearing to fee revenue, leaving the credited amount (actual_price) in payout clearing for
 * the bank. Reject: the hold is voided, the whole amount returns to the wallet (WDR).
 */
export class WithdrawalOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly ledger: LedgerService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly payoutAdapters: PayoutAdapterResolver = payoutAdapterFor,
  ) {}

  private fourEyesThreshold(): Promise<number> {
    return this.settings.get('withdrawal.four_eyes_threshold_minor');
  }

  /** GET /admin/api/withdrawals: pending ones oldest first (the queue), other filters newest first. */
  async list(query: AdminWithdrawalListQuery): Promise<AdminWithdrawalListResponse> {
    const db = this.database.db;
    const filter: WithdrawalFilter =
      query.status === 'all' ? {} : { status: query.status === 'pending' ? 'Wait' : query.status };
    const order = query.status === 'pending' ? 'asc' : 'desc';
    const [count, rows, threshold] = await Promise.all([
      countWithdrawals(db, filter),
      listWithdrawals(db, filter, pageWindow(query), order),
      this.fourEyesThreshold(),
    ]);
    return pageResponse(
      count,
      rows.map((row) => toAdminWithdrawalDto(row, threshold)),
    );
  }

  /**
   * POST /admin/api/withdrawals/:id/approve: sends the payout through the channel's adapter. manual leaves
   * it Processing until the operator marks it paid; sandbox settles at once (paid, or failed and refunded).
   * A payout of a bank adapter stuck in Processing (see PAYOUT_STUCK_AFTER_MS) is sent again.
   *
   * Four-eyes: a withdrawal at or above `withdrawal.four_eyes_threshold_minor` is only sent on the approval
   * of a second operator; the first approval is recorded (first_approver) and sends nothing, and the same
   * operator approving again is refused (409).
   */
  async approve(id: number, reason: string, actor: OperatorActor): Promise<AdminWithdrawalResponse> {
    const threshold = await this.fourEyesThreshold();
    const decision = await runInTransaction(this.database, async (trx) => {
      const row = await this.lockOrFail(trx, id);
      const now = this.clock.now();
      if (row.status !== 'Wait') throw badRequest(WithdrawalMessage.notWaiting);
      const resend = row.payout_status === 'Processing';
      if (resend) {
        // A manual payout approved once waits for mark_paid; there is nothing to send again.
        if (!isPollable(row)) throw badRequest(WithdrawalMessage.notWaiting);
        if (now - row.updated_at < PAYOUT_STUCK_AFTER_MS)
          throw badRequest(WithdrawalMessage.payoutInProgress);
      } else if (row.payout_status !== 'Wait') {
        throw badRequest(WithdrawalMessage.notWaiting);
      } else if (needsTwoApprovals(row, threshold)) {
        if (row.first_approver === null) {
          const after = await updateWithdrawal(trx, id, {
            first_approver: actor.operator,
            first_approved_at: now,
            updated_at: now,
          });
          await this.record(trx, WithdrawalAuditEvent.operatorWithdrawalFirstApproval, row, after, actor, {
            reason,
            threshold_minor: threshold,
          });
          return { sent: false as const, row: after };
        }
        if (row.first_approver === actor.operator) {
          throw new AppError(ResponseCode.conflict, OperatorMessage.secondApproverSame);
        }
      }
      const after = await updateWithdrawal(trx, id, { payout_status: 'Processing', updated_at: now });
      await this.record(trx, WithdrawalAuditEvent.operatorWithdrawalApproved, row, after, actor, {
        resend,
        reason,
        ...(row.first_approver === null ? {} : { first_approver: row.first_approver }),
      });
      return { sent: true as const, row: after };
    });
    if (!decision.sent) {
      return {
        code: 200,
        msg: OperatorMessage.secondApprovalNeeded,
        entry: toAdminWithdrawalDto(decision.row, threshold),
      };
    }
    const approved = decision.row;
    const result = await this.payoutAdapters(approved.payout_adapter).send(payoutRequestOf(approved));
    const { row } = await this.applyPayoutResult(id, result, actor, { source: 'approval' });
    return { code: 200, msg: WithdrawalMessage.approved, entry: toAdminWithdrawalDto(row, threshold) };
  }

  /** The ids of payouts stuck in Processing (see PAYOUT_STUCK_AFTER_MS), longest stuck first. */
  async listStuckPayouts(limit: number): Promise<number[]> {
    return listStuckPayouts(this.database.db, {
      adapters: POLLABLE_PAYOUT_ADAPTERS,
      processingBefore: this.clock.now() - PAYOUT_STUCK_AFTER_MS,
      limit,
    });
  }

  /**
   * Settles a payout stuck in Processing from what its bank says, with the rules of an approval: asks the
   * adapter about the payout's reference; a payout the bank never received is sent again (the reference
   * makes it pay once); a paid or failed answer is applied exactly once (the row is locked and must still
   * be Processing, and the ledger's keys allow one post or void of the hold); a pending one is left
   * Processing and asked about again after PAYOUT_STUCK_AFTER_MS. The bank is called outside any
   * transaction, as in an approval.
   */
  async reconcilePayout(id: number): Promise<PayoutReconcileOutcome> {
    const row = await findWithdrawal(this.database.db, id);
    if (!row || !this.isStuck(row)) return 'skipped';
    const adapter = this.payoutAdapters(row.payout_adapter);
    const request = payoutRequestOf(row);
    let report = await adapter.fetchStatus(request);
    const resent = report.outcome === 'not_found';
    if (report.outcome === 'not_found') report = await adapter.send(request);
    if (report.outcome === 'manual') {
      throw new Error(`payout adapter ${row.payout_adapter} of withdrawal ${id} has no bank to ask`);
    }
    if (report.outcome === 'pending') {
      await touchProcessingWithdrawal(this.database.db, id, this.clock.now());
      return 'pending';
    }
    const { applied } = await this.applyPayoutResult(id, report, PAYOUT_RECONCILER_ACTOR, {
      source: 'reconciler',
      resent,
    });
    return applied ? report.outcome : 'skipped';
  }

  /** Moves a payout the reconciler could not settle to the back of its queue (after a failed bank call). */
  async postponeReconciliation(id: number): Promise<void> {
    await touchProcessingWithdrawal(this.database.db, id, this.clock.now());
  }

  /** POST /admin/api/withdrawals/:id/mark_paid: the operator paid a manual withdrawal by hand. */
  async markPaid(id: number, reason: string, actor: OperatorActor): Promise<AdminWithdrawalResponse> {
    const row = await runInTransaction(this.database, async (trx) => {
      const locked = await this.lockOrFail(trx, id);
      if (locked.payout_adapter !== 'manual') throw badRequest(WithdrawalMessage.notManual);
      if (locked.status !== 'Wait' || locked.payout_status !== 'Processing') {
        throw badRequest(WithdrawalMessage.notProcessing);
      }
      const after = await this.settleSuccess(trx, locked);
      await this.record(trx, WithdrawalAuditEvent.operatorWithdrawalPaid, locked, after, actor, { reason });
      return after;
    });
    return {
      code: 200,
      msg: WithdrawalMessage.paid,
      entry: toAdminWithdrawalDto(row, await this.fourEyesThreshold()),
    };
  }

  /**
   * POST /admin/api/withdrawals/:id/reject {reason}: a withdrawal not yet sent, or a manual one approved but
   * not paid, is refused: its hold is voided and the whole amount is back in the balance.
   */
  async reject(id: number, reason: string, actor: OperatorActor): Promise<AdminWithdrawalResponse> {
    const row = await runInTransaction(this.database, async (trx) => {
      const locked = await this.lockOrFail(trx, id);
      const rejectable =
        locked.status === 'Wait' &&
        (locked.payout_status === 'Wait' ||
          (locked.payout_status === 'Processing' && locked.payout_adapter === 'manual'));
      if (!rejectable) throw badRequest(WithdrawalMessage.notWaiting);
      const after = await this.settleReject(
        trx,
        locked,
        reason,
        locked.payout_status === 'Wait' ? 'Wait' : 'Failed',
      );
      await this.record(trx, WithdrawalAuditEvent.operatorWithdrawalRejected, locked, after, actor, {
        reason,
      });
      return after;
    });
    return {
      code: 200,
      msg: WithdrawalMessage.rejected,
      entry: toAdminWithdrawalDto(row, await this.fourEyesThreshold()),
    };
  }

  /**
   * Applies a payout adapter's answer to a withdrawal still Processing; a settled one is left alone.
   * Answers the row as it is now and whether this call settled it.
   */
  private async applyPayoutResult(
    id: number,
    result: PayoutResult,
    actor: OperatorActor,
    extra: Record<string, unknown>,
  ): Promise<{ row: WithdrawalRow; applied: boolean }> {
    return runInTransaction(this.database, async (trx) => {
      const row = await this.lockOrFail(trx, id);
      if (result.outcome === 'manual' || row.status !== 'Wait' || row.payout_status !== 'Processing')
        return { row, applied: false };
      if (result.outcome === 'paid') {
        const after = await this.settleSuccess(trx, row);
        await this.record(trx, WithdrawalAuditEvent.withdrawalPayoutSucceeded, row, after, actor, {
          ...extra,
          provider_reference: result.providerReference,
        });
        return { row: after, applied: true };
      }
      const after = await this.settleReject(trx, row, result.reason, 'Failed');
      await this.record(trx, WithdrawalAuditEvent.withdrawalPayoutFailed, row, after, actor, {
        ...extra,
        reason: result.reason,
      });
      return { row: after, applied: true };
    });
  }

  private isStuck(row: WithdrawalRow): boolean {
    return (
      row.status === 'Wait' &&
      row.payout_status === 'Processing' &&
      isPollable(row) &&
      this.clock.now() - row.updated_at >= PAYOUT_STUCK_AFTER_MS
    );
  }

  /** Posts the hold in full and moves the fee to fee revenue; the row becomes Success. */
  private async settleSuccess(trx: Kysely<Database>, row: WithdrawalRow): Promise<WithdrawalRow> {
    const holdId = this.holdOf(row);
    const post = await this.ledger.postPending(trx, {
      pendingId: holdId,
      idempotencyKey: withdrawalPostKey(row.id),
    });
    let feeTransferId: number | null = null;
    if (row.fee_minor > 0) {
      const fee = await this.ledger.transfer(trx, {
        debit: systemAccount('payout_clearing'),
        credit: systemAccount('fee_revenue'),
        amountMinor: row.fee_minor,
        kind: 'fee',
        reference: { type: WITHDRAWAL_REFERENCE_TYPE, id: row.id },
        idempotencyKey: withdrawalFeeKey(row.id),
      });
      feeTransferId = fee.id;
    }
    const now = this.clock.now();
    return updateWithdrawal(trx, row.id, {
      status: 'Success',
      payout_status: 'Success',
      settle_transfer_id: post.id,
      fee_transfer_id: feeTransferId,
      decided_at: now,
      updated_at: now,
    });
  }

  /** Voids the hold (the amount returns, WDR); the row becomes Reject with the reason shown to the user. */
  private async settleReject(
    trx: Kysely<Database>,
    row: WithdrawalRow,
    reason: string,
    payoutStatus: 'Wait' | 'Failed',
  ): Promise<WithdrawalRow> {
    const voided = await this.ledger.voidPending(trx, {
      pendingId: this.holdOf(row),
      idempotencyKey: withdrawalVoidKey(row.id),
    });
    const now = this.clock.now();
    return updateWithdrawal(trx, row.id, {
      status: 'Reject',
      payout_status: payoutStatus,
      fail_reason: reason,
      settle_transfer_id: voided.id,
      decided_at: now,
      updated_at: now,
    });
  }

  private holdOf(row: WithdrawalRow): number {
    if (row.hold_transfer_id === null) throw new LedgerInvariantError(`withdrawal ${row.id} has no hold`);
    return Number(row.hold_transfer_id);
  }

  private async lockOrFail(trx: Kysely<Database>, id: number): Promise<WithdrawalRow> {
    const row = await lockWithdrawal(trx, this.database.dialect, id);
    if (!row) throw notFound(WithdrawalMessage.withdrawalNotFound);
    return row;
  }

  private async record(
    trx: Kysely<Database>,
    event: string,
    before: WithdrawalRow,
    after: WithdrawalRow,
    actor: OperatorActor,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    await this.audit.record(
      event,
      {
        userId: Number(before.user_id),
        ip: actor.ip,
        detail: {
          operator: actor.operator,
          withdrawal_id: before.id,
          amount_minor: before.amount_minor,
          before: snapshot(before),
          after: snapshot(after),
          ...extra,
        },
      },
      trx,
    );
  }
}
