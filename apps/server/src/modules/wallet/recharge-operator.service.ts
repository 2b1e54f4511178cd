import {
  type AdminRechargeListResponse,
  minorToDecimalString,
  type PaginationQuery,
  type RechargeStatus,
  ResponseCode,
  WalletMessage,
} from '@app/shared';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { type OperatorIdentity, operatorIdentity } from '../approvals/approvals.service.ts';
import type { OperatorPrincipal } from '../operators/operator-context.ts';
import { isManualAdapter, MANUAL_ADAPTERS } from '../payments/payment-adapters.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  countAwaitingOperator,
  listAwaitingOperator,
  lockRechargeBySerial,
  markRechargeUnpaid,
  recordFirstConfirmation,
} from './recharge.repository.ts';
import type { RechargeCreditor } from './recharge-crediting.service.ts';
import { WalletAuditEvent } from './wallet-audit.ts';

/** Who acted, for the audit row: the operator token until the console brings operator accounts. */
export interface OperatorContext {
  readonly operator: string;
  readonly ip: string | null;
}

export interface OperatorDecisionResponse {
  code: 200;
  msg: string;
  serial_number: string;
  status: RechargeStatus;
  /** Set when this was the first of two confirmations: the recharge still waits for the second. */
  first_confirmer?: string;
}

/** Whether a manual recharge's amount reaches the four-eyes threshold (0 turns four-eyes off). */
function needsTwoConfirmations(amountMinor: number, thresholdMinor: number): boolean {
  return thresholdMinor > 0 && amountMinor >= thresholdMinor;
}

/**
 * The operator API of manual UPI recharges: list those with a UTR, confirm or reject each. Confirming credits
 * money that only the operator's look at the bank statement vouches for, so a recharge of at least
 * `recharge.manual_four_eyes_threshold_minor` is credited only when a second, different operator confirms it
 * too (DESIGN.md §2 "Operator money controls"); the automation token never gives that second confirmation.
 */
export class RechargeOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly creditor: RechargeCreditor,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  /** GET /admin/api/recharges: manual recharges with a UTR that wait for a decision, oldest first. */
  async listAwaiting(query: PaginationQuery): Promise<AdminRechargeListResponse> {
    const { db } = this.database;
    const [count, rows, thresholdMinor] = await Promise.all([
      countAwaitingOperator(db, MANUAL_ADAPTERS),
      listAwaitingOperator(db, MANUAL_ADAPTERS, pageWindow(query)),
      this.settings.get('recharge.manual_four_eyes_threshold_minor'),
    ]);
    return pageResponse(
      count,
      rows.map((row) => ({
        serial_number: row.serial_number,
        user_id: Number(row.user_id),
        mobile: row.mobile,
        price: minorToDecimalString(row.amount_minor),
        status: row.status,
        channel_key: row.channel_key,
        channel_name: row.channel_name,
        utr: row.utr,
        pay_name: row.pay_name,
        pay_upi_account: row.pay_upi_account,
        create_time: row.created_at,
        utr_submit_time: row.utr_submitted_at,
        needs_two_confirmations: needsTwoConfirmations(row.amount_minor, thresholdMinor),
        first_confirmer: row.first_confirmed_by,
      })),
    );
  }

  /**
   * Confirms that the UTR's money arrived: credits the recharge through the crediting function. The reason
   * (what the operator checked, such as the bank statement line) goes into the audit row. At or above the
   * four-eyes threshold the first confirmation is only recorded, and the same operator (or the automation
   * token) confirming again is refused.
   */
  async confirm(
    serialNumber: string,
    reason: string,
    operator: OperatorPrincipal,
    ip: string | null,
  ): Promise<OperatorDecisionResponse> {
    const confirmer = operatorIdentity(operator);
    return runInTransaction(this.database, async (trx) => {
      const recharge = await lockRechargeBySerial(trx, this.database.dialect, serialNumber);
      if (!recharge) throw notFound(WalletMessage.rechargeNotFound);
      if (!isManualAdapter(recharge.adapter) || recharge.status !== 'Wait' || recharge.utr === null) {
        throw badRequest(WalletMessage.rechargeNotAwaitingConfirmation);
      }
      const thresholdMinor = await this.settings.get('recharge.manual_four_eyes_threshold_minor', trx);
      const detail = {
        operator: confirmer.name,
        serial_number: recharge.serial_number,
        utr: recharge.utr,
        amount_minor: recharge.amount_minor,
        reason,
      };
      if (needsTwoConfirmations(recharge.amount_minor, thresholdMinor)) {
        if (recharge.first_confirmed_by_key === null) {
          return this.recordFirst(trx, recharge, confirmer, detail, thresholdMinor, ip);
        }
        this.assertSecondConfirmer(recharge.first_confirmed_by_key, confirmer);
      }
      await this.creditor.creditConfirmedTransfer(trx, recharge);
      await this.audit.record(
        WalletAuditEvent.operatorRechargeConfirmed,
        {
          userId: recharge.user_id,
          ip,
          detail: {
            ...detail,
            ...(recharge.first_confirmed_by === null ? {} : { first_confirmer: recharge.first_confirmed_by }),
            before: { status: recharge.status },
            after: { status: 'Success' },
          },
        },
        trx,
      );
      return {
        code: 200,
        msg: WalletMessage.rechargeConfirmed,
        serial_number: recharge.serial_number,
        status: 'Success',
      };
    });
  }

  private async recordFirst(
    trx: Kysely<Database>,
    recharge: { id: number; user_id: number; serial_number: string; status: RechargeStatus },
    confirmer: OperatorIdentity,
    detail: Record<string, unknown>,
    thresholdMinor: number,
    ip: string | null,
  ): Promise<OperatorDecisionResponse> {
    const recorded = await recordFirstConfirmation(trx, recharge.id, {
      key: confirmer.key,
      name: confirmer.name,
      now: this.clock.now(),
    });
    if (!recorded)
      throw new Error(`invariant: recharge ${recharge.id} got a first confirmation twice under its lock`);
    await this.audit.record(
      WalletAuditEvent.operatorRechargeFirstConfirmation,
      { userId: recharge.user_id, ip, detail: { ...detail, threshold_minor: thresholdMinor } },
      trx,
    );
    return {
      code: 200,
      msg: WalletMessage.rechargeFirstConfirmation,
      serial_number: recharge.serial_number,
      status: recharge.status,
      first_confirmer: confirmer.name,
    };
  }

  /** The second confirmation must come from another person's account. */
  private assertSecondConfirmer(firstKey: string, confirmer: OperatorIdentity): void {
    if (confirmer.isAutomationToken) {
      throw new AppError(ResponseCode.forbidden, WalletMessage.rechargeTokenCannotConfirmSecond);
    }
    if (confirmer.key === firstKey) {
      throw new AppError(ResponseCode.conflict, WalletMessage.rechargeSecondConfirmerSame);
    }
  }

  /** Rejects a waiting manual recharge (no money arrived); it becomes Failed and its UTR stays used. */
  async reject(
    serialNumber: string,
    reason: string | undefined,
    context: OperatorContext,
  ): Promise<OperatorDecisionResponse> {
    return runInTransaction(this.database, async (trx) => {
      const recharge = await lockRechargeBySerial(trx, this.database.dialect, serialNumber);
      if (!recharge) throw notFound(WalletMessage.rechargeNotFound);
      if (!isManualAdapter(recharge.adapter) || recharge.status !== 'Wait') {
        throw badRequest(WalletMessage.rechargeNotAwaitingConfirmation);
      }
      const failureReason = `rejected by operator${reason ? `: ${reason}` : ''}`;
      await markRechargeUnpaid(trx, recharge.id, {
        from: ['Wait'],
        to: 'Failed',
        reason: failureReason.slice(0, 500),
        now: this.clock.now(),
      });
      await this.audit.record(
        WalletAuditEvent.operatorRechargeRejected,
        {
          userId: recharge.user_id,
          ip: context.ip,
          detail: {
            operator: context.operator,
            serial_number: recharge.serial_number,
            utr: recharge.utr,
            reason: reason ?? null,
            before: { status: recharge.status },
            after: { status: 'Failed' },
          },
        },
        trx,
      );
      return {
        code: 200,
        msg: WalletMessage.rechargeRejected,
        serial_number: recharge.serial_number,
        status: 'Failed',
      };
    });
  }
}
