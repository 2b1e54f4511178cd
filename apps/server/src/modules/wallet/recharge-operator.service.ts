import {
  type AdminRechargeListResponse,
  minorToDecimalString,
  type PaginationQuery,
  type RechargeStatus,
  WalletMessage,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { isManualAdapter, MANUAL_ADAPTERS } from '../payments/payment-adapters.ts';
import {
  countAwaitingOperator,
  listAwaitingOperator,
  lockRechargeBySerial,
  markRechargeUnpaid,
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
}

/** The operator API of manual UPI recharges: list those with a UTR, confirm or reject each. */
export class RechargeOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly creditor: RechargeCreditor,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** GET /admin/api/recharges: manual recharges with a UTR that wait for a decision, oldest first. */
  async listAwaiting(query: PaginationQuery): Promise<AdminRechargeListResponse> {
    const { db } = this.database;
    const [count, rows] = await Promise.all([
      countAwaitingOperator(db, MANUAL_ADAPTERS),
      listAwaitingOperator(db, MANUAL_ADAPTERS, pageWindow(query)),
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
      })),
    );
  }

  /**
   * Confirms that the UTR's money arrived: credits the recharge through the crediting function. The reason
   * (what the operator checked, such as the bank statement line) goes into the audit row.
   */
  async confirm(
    serialNumber: string,
    reason: string,
    context: OperatorContext,
  ): Promise<OperatorDecisionResponse> {
    return runInTransaction(this.database, async (trx) => {
      const recharge = await lockRechargeBySerial(trx, this.database.dialect, serialNumber);
      if (!recharge) throw notFound(WalletMessage.rechargeNotFound);
      if (!isManualAdapter(recharge.adapter) || recharge.status !== 'Wait' || recharge.utr === null) {
        throw badRequest(WalletMessage.rechargeNotAwaitingConfirmation);
      }
      await this.creditor.creditConfirmedTransfer(trx, recharge);
      await this.audit.record(
        WalletAuditEvent.operatorRechargeConfirmed,
        {
          userId: recharge.user_id,
          ip: context.ip,
          detail: {
            operator: context.operator,
            serial_number: recharge.serial_number,
            utr: recharge.utr,
            amount_minor: recharge.amount_minor,
            reason,
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
