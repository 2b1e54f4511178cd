import {
  type AdminWithdrawalDto,
  type AdminWithdrawalListQuery,
  type AdminWithdrawalListResponse,
  type AdminWithdrawalResponse,
  WithdrawalMessage,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { LedgerInvariantError } from '../ledger/ledger.errors.ts';
import { systemAccount } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type PayoutResult, payoutAdapterFor } from './payout-adapters.ts';
import { WithdrawalAuditEvent } from './withdrawal-audit.ts';
import {
  countWithdrawals,
  listWithdrawals,
  lockWithdrawal,
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

/** A withdrawal as the operator sees it: full destination and payout details. */
export function toAdminWithdrawalDto(row: WithdrawalRow): AdminWithdrawalDto {
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
  };
}

function snapshot(row: WithdrawalRow): Record<string, unknown> {
  return { status: row.status, payout_status: row.payout_status, fail_reason: row.fail_reason };
}

/**
 * The operator's side of withdrawals (issue 6), with exactly-once rules: each decision is one transaction
 * that locks the withdrawal row and moves it on only from the state it expects, and the ledger resolves a
 * hold at most once (its unique keys and its own check say so too). Approval marks the payout Processing
 * and commits before the payout adapter is called, so no database lock is held across the bank call; the
 * adapter's answer is then applied in a second transaction that does nothing if another one got there
 * first. A sandbox approval left Processing (a crash between the two) may be approved again: the bank
 * sees the same reference and answers the same way.
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
  ) {}

  /** GET /admin/api/withdrawals: pending ones oldest first (the queue), other filters newest first. */
  async list(query: AdminWithdrawalListQuery): Promise<AdminWithdrawalListResponse> {
    const db = this.database.db;
    const filter: WithdrawalFilter =
      query.status === 'all' ? {} : { status: query.status === 'pending' ? 'Wait' : query.status };
    const order = query.status === 'pending' ? 'asc' : 'desc';
    const [count, rows] = await Promise.all([
      countWithdrawals(db, filter),
      listWithdrawals(db, filter, pageWindow(query), order),
    ]);
    return pageResponse(count, rows.map(toAdminWithdrawalDto));
  }

  /**
   * POST /admin/api/withdrawals/:id/approve: sends the payout through the channel's adapter. manual leaves
   * it Processing until the operator marks it paid; sandbox settles at once (paid, or failed and refunded).
   */
  async approve(id: number, actor: OperatorActor): Promise<AdminWithdrawalResponse> {
    const approved = await runInTransaction(this.database, async (trx) => {
      const row = await this.lockOrFail(trx, id);
      const resend =
        row.status === 'Wait' && row.payout_status === 'Processing' && row.payout_adapter === 'sandbox';
      if (!resend && (row.status !== 'Wait' || row.payout_status !== 'Wait')) {
        throw badRequest(WithdrawalMessage.notWaiting);
      }
      const now = this.clock.now();
      const after = await updateWithdrawal(trx, id, { payout_status: 'Processing', updated_at: now });
      await this.record(trx, WithdrawalAuditEvent.operatorWithdrawalApproved, row, after, actor, { resend });
      return after;
    });
    const result = await payoutAdapterFor(approved.payout_adapter).send({
      reference: approved.payout_reference,
      amountMinor: approved.amount_minor,
      actualMinor: approved.actual_minor,
      actualName: approved.actual_name,
      accountNumber: approved.account_number,
      ifscCode: approved.ifsc_code,
      upiAccount: approved.upi_account,
      bankCode: approved.bank_code,
    });
    const settled = await this.applyPayoutResult(id, result, actor);
    return { code: 200, msg: WithdrawalMessage.approved, entry: toAdminWithdrawalDto(settled) };
  }

  /** POST /admin/api/withdrawals/:id/mark_paid: the operator paid a manual withdrawal by hand. */
  async markPaid(id: number, actor: OperatorActor): Promise<AdminWithdrawalResponse> {
    const row = await runInTransaction(this.database, async (trx) => {
      const locked = await this.lockOrFail(trx, id);
      if (locked.payout_adapter !== 'manual') throw badRequest(WithdrawalMessage.notManual);
      if (locked.status !== 'Wait' || locked.payout_status !== 'Processing') {
        throw badRequest(WithdrawalMessage.notProcessing);
      }
      const after = await this.settleSuccess(trx, locked);
      await this.record(trx, WithdrawalAuditEvent.operatorWithdrawalPaid, locked, after, actor);
      return after;
    });
    return { code: 200, msg: WithdrawalMessage.paid, entry: toAdminWithdrawalDto(row) };
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
    return { code: 200, msg: WithdrawalMessage.rejected, entry: toAdminWithdrawalDto(row) };
  }

  /** Applies a payout adapter's answer to a withdrawal still Processing; a settled one is left alone. */
  private async applyPayoutResult(
    id: number,
    result: PayoutResult,
    actor: OperatorActor,
  ): Promise<WithdrawalRow> {
    return runInTransaction(this.database, async (trx) => {
      const row = await this.lockOrFail(trx, id);
      if (result.outcome === 'manual' || row.status !== 'Wait' || row.payout_status !== 'Processing')
        return row;
      if (result.outcome === 'paid') {
        const after = await this.settleSuccess(trx, row);
        await this.record(trx, WithdrawalAuditEvent.withdrawalPayoutSucceeded, row, after, actor, {
          provider_reference: result.providerReference,
        });
        return after;
      }
      const after = await this.settleReject(trx, row, result.reason, 'Failed');
      await this.record(trx, WithdrawalAuditEvent.withdrawalPayoutFailed, row, after, actor, {
        reason: result.reason,
      });
      return after;
    });
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
