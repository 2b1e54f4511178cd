import type { PaymentAdapterName } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockUserRow } from '../accounts/accounts.repository.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { LedgerInvariantError } from '../ledger/ledger.errors.ts';
import { gatewayClearing, type LedgerAccountRef, systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PaymentReport, VerifiedWebhook } from '../payments/payment-adapter.ts';
import { isManualAdapter } from '../payments/payment-adapters.ts';
import type { RechargeRow } from '../payments/payments.tables.ts';
import {
  findOtherRechargeOfPayment,
  hasOtherCreditedRecharge,
  insertWebhookEvent,
  lockRechargeByGatewayOrder,
  lockRechargeById,
  markRechargeCredited,
  markRechargeUnpaid,
  recordWebhookOutcome,
} from './recharge.repository.ts';
import { WalletAuditEvent } from './wallet-audit.ts';

/** Who reported a payment: the gateway's webhook, the payer's return, the poller, or an operator. */
export type SettlementSource = 'webhook' | 'return' | 'poll' | 'operator';

/**
 * What a settlement did. Only `credited` moved money; every other outcome left the wallet alone:
 * already_credited (the same payment again), duplicate_payment (a second payment of a credited order),
 * payment_mismatch (amount or currency differ from the order), payment_reused (the payment credited
 * another order), failed (a waiting order failed), ignored (nothing to do, such as a failure after a
 * success), pending, duplicate_event (a webhook delivered again), unknown_order.
 */
export type SettlementOutcome =
  | 'credited'
  | 'already_credited'
  | 'duplicate_payment'
  | 'payment_mismatch'
  | 'payment_reused'
  | 'failed'
  | 'ignored'
  | 'pending'
  | 'duplicate_event'
  | 'unknown_order';

/** The ledger reference of a recharge's credit: the recharge's serial number (shown as relation_id). */
export const RECHARGE_REFERENCE_TYPE = 'recharge';

/** The ledger idempotency key of a recharge's credit: one credit per recharge, whatever calls it. */
export function rechargeCreditKey(rechargeId: number): string {
  return `recharge:${rechargeId}:credit`;
}

/** Where the money of a recharge comes from: the gateway's clearing account, or manual UPI clearing. */
export function rechargeSourceAccount(
  recharge: Pick<RechargeRow, 'adapter' | 'channel_key'>,
): LedgerAccountRef {
  return isManualAdapter(recharge.adapter)
    ? systemAccount('manual_upi_clearing')
    : gatewayClearing(recharge.channel_key);
}

export interface RechargeCreditorDependencies {
  database: AppDatabase;
  ledger: LedgerService;
  audit: AuditLog;
  clock: Clock;
  /** The market's currency: a payment in another one is never credited. */
  currency: string;
  logger: FastifyBaseLogger;
  /** Grows the user's needs_bet with each credited recharge, in the crediting transaction. */
  wagering?: RechargeWageringRequirement;
  /** The promotion's first-recharge bonus (BFFR), awarded in the crediting transaction of a first recharge. */
  firstRechargeBonus?: FirstRechargeBonus;
}

/**
 * The promotion module's BFFR hook: called once, under the user's lock, for the recharge that is the user's
 * first credited one; it pays the level-1 referrer at most once per referred player.
 */
export interface FirstRechargeBonus {
  awardFirstRechargeBonus(
    trx: Kysely<Database>,
    recharge: { userId: number; amountMinor: number; serialNumber: string },
  ): Promise<number>;
}

/** needs_bet of the withdrawals module: a credited recharge adds its amount × the configured factor. */
export interface RechargeWageringRequirement {
  addForRecharge(trx: Kysely<Database>, userId: number, amountMinor: number): Promise<number>;
}

/**
 * The one crediting function (DESIGN.md §4): webhooks, client returns, the poller and operators all
 * settle recharges here. Each settlement is one transaction that locks the recharge row, so reports of
 * one recharge take turns; a recharge is credited at most once (its status, the unique gateway payment id
 * per adapter, the unique webhook event id per provider and the ledger's unique key all say so), only for
 * the exact amount and currency of its order, and only ever moves forward: a failure never undoes a
 * success, while a verified payment still moves a failed or expired order on to Success.
 *
 * Lock order of a credit: the recharge row, the user's row, then the ledger accounts (and last the user's
 * needs_bet row). The user's row is the one a withdrawal locks before it checks needs_bet and holds money
 * (WageringService's locking rule), so a credit and a withdrawal of one user take turns and the withdrawal
 * never holds recharged money without seeing the requirement that came with it.
 */
export class RechargeCreditor {
  constructor(private readonly dependencies: RechargeCreditorDependencies) {}

  /** Settles what a verified webhook reports; a redelivered event (same provider and id) does nothing. */
  async settleWebhook(
    channel: { key: string; adapter: PaymentAdapterName },
    webhook: VerifiedWebhook,
  ): Promise<SettlementOutcome> {
    const { database, clock } = this.dependencies;
    return runInTransaction(database, async (trx) => {
      const eventRowId = await insertWebhookEvent(trx, {
        provider: channel.key,
        eventId: webhook.eventId,
        now: clock.now(),
      });
      if (eventRowId === undefined) return 'duplicate_event';
      const report = webhook.report;
      if (!report?.gatewayOrderId) {
        await recordWebhookOutcome(trx, eventRowId, 'ignored', null);
        return 'ignored';
      }
      const recharge = await lockRechargeByGatewayOrder(trx, database.dialect, {
        adapter: channel.adapter,
        channelKey: channel.key,
        gatewayOrderId: report.gatewayOrderId,
      });
      if (!recharge) {
        this.dependencies.logger.warn(
          { channel: channel.key, gatewayOrderId: report.gatewayOrderId, eventId: webhook.eventId },
          'webhook for an order this server does not know',
        );
        await recordWebhookOutcome(trx, eventRowId, 'unknown_order', null);
        return 'unknown_order';
      }
      const outcome = await this.apply(trx, recharge, report, 'webhook');
      await recordWebhookOutcome(trx, eventRowId, outcome, recharge.id);
      return outcome;
    });
  }

  /** Settles what a client return or the poller learnt about a known recharge. */
  async settleReport(
    rechargeId: number,
    report: PaymentReport,
    source: Exclude<SettlementSource, 'webhook' | 'operator'>,
  ): Promise<SettlementOutcome> {
    const { database } = this.dependencies;
    return runInTransaction(database, async (trx) => {
      const recharge = await lockRechargeById(trx, database.dialect, rechargeId);
      if (!recharge) return 'unknown_order';
      // A report about another order is never applied to this one.
      if (report.outcome !== 'pending' && report.gatewayOrderId !== recharge.gateway_order_id)
        return 'ignored';
      return this.apply(trx, recharge, report, source);
    });
  }

  /**
   * Credits a manual UPI recharge an operator confirmed, inside the operator's transaction (the caller
   * locked the row and checked that it waits with a UTR).
   */
  async creditConfirmedTransfer(trx: Kysely<Database>, recharge: RechargeRow): Promise<void> {
    if (!isManualAdapter(recharge.adapter) || recharge.status !== 'Wait' || recharge.utr === null) {
      throw new LedgerInvariantError(`recharge ${recharge.serial_number} is not a waiting manual transfer`);
    }
    await this.credit(trx, recharge, null, 'operator');
  }

  /** Applies one report to a locked recharge. */
  private async apply(
    trx: Kysely<Database>,
    recharge: RechargeRow,
    report: PaymentReport,
    source: SettlementSource,
  ): Promise<SettlementOutcome> {
    const { audit, clock, currency } = this.dependencies;
    if (report.outcome === 'pending') return 'pending';
    if (report.outcome === 'failed') {
      const moved = await markRechargeUnpaid(trx, recharge.id, {
        from: ['Wait'],
        to: 'Failed',
        reason: report.reason.slice(0, 500),
        now: clock.now(),
      });
      return moved ? 'failed' : 'ignored';
    }
    const detail = {
      serial_number: recharge.serial_number,
      channel: recharge.channel_key,
      source,
      gateway_order_id: recharge.gateway_order_id,
      gateway_payment_id: report.gatewayPaymentId,
      order_amount_minor: recharge.amount_minor,
      paid_amount_minor: report.amountMinor,
      paid_currency: report.currency ?? null,
    };
    if (recharge.status === 'Success') {
      if (recharge.gateway_payment_id === report.gatewayPaymentId) return 'already_credited';
      this.dependencies.logger.error(detail, 'a second payment arrived for a credited recharge');
      await audit.record(
        WalletAuditEvent.rechargeDuplicatePayment,
        { userId: recharge.user_id, detail },
        trx,
      );
      return 'duplicate_payment';
    }
    if (
      report.amountMinor !== recharge.amount_minor ||
      (report.currency !== undefined && report.currency !== currency)
    ) {
      this.dependencies.logger.error(detail, 'a payment does not match its order; not credited');
      await audit.record(WalletAuditEvent.rechargePaymentMismatch, { userId: recharge.user_id, detail }, trx);
      return 'payment_mismatch';
    }
    const otherSerial = await findOtherRechargeOfPayment(
      trx,
      recharge.adapter,
      report.gatewayPaymentId,
      recharge.id,
    );
    if (otherSerial !== undefined) {
      this.dependencies.logger.error({ ...detail, other_serial_number: otherSerial }, 'a payment was reused');
      await audit.record(
        WalletAuditEvent.rechargePaymentReused,
        { userId: recharge.user_id, detail: { ...detail, other_serial_number: otherSerial } },
        trx,
      );
      return 'payment_reused';
    }
    await this.credit(trx, recharge, report.gatewayPaymentId, source);
    return 'credited';
  }

  /** Moves the money and marks the recharge credited, in the caller's transaction. */
  private async credit(
    trx: Kysely<Database>,
    recharge: RechargeRow,
    gatewayPaymentId: string | null,
    source: SettlementSource,
  ): Promise<void> {
    const { database, ledger, audit, clock } = this.dependencies;
    // Before any money moves, as the lock order in the class comment says.
    if (!(await lockUserRow(trx, database.dialect, recharge.user_id))) {
      throw new LedgerInvariantError(`recharge ${recharge.serial_number} belongs to no user`);
    }
    await ledger.transfer(trx, {
      debit: rechargeSourceAccount(recharge),
      credit: userWallet(recharge.user_id),
      amountMinor: recharge.amount_minor,
      kind: 'recharge',
      reference: { type: RECHARGE_REFERENCE_TYPE, id: recharge.serial_number },
      idempotencyKey: rechargeCreditKey(recharge.id),
    });
    // The user's row (and the wallet) stay locked until commit, so a concurrent credit of another recharge
    // of this user waits and then sees this one: exactly one recharge per user is the first.
    const isFirstRecharge = !(await hasOtherCreditedRecharge(trx, recharge.user_id, recharge.id));
    const needsBetAddedMinor =
      (await this.dependencies.wagering?.addForRecharge(trx, recharge.user_id, recharge.amount_minor)) ?? 0;
    const firstRechargeBonusMinor = isFirstRecharge
      ? ((await this.dependencies.firstRechargeBonus?.awardFirstRechargeBonus(trx, {
          userId: recharge.user_id,
          amountMinor: recharge.amount_minor,
          serialNumber: recharge.serial_number,
        })) ?? 0)
      : 0;
    const now = clock.now();
    if (!(await markRechargeCredited(trx, recharge.id, { gatewayPaymentId, isFirstRecharge, now }))) {
      throw new LedgerInvariantError(`recharge ${recharge.serial_number} was credited while locked`);
    }
    await audit.record(
      WalletAuditEvent.rechargeCredited,
      {
        userId: recharge.user_id,
        detail: {
          serial_number: recharge.serial_number,
          channel: recharge.channel_key,
          amount_minor: recharge.amount_minor,
          gateway_payment_id: gatewayPaymentId,
          utr: recharge.utr,
          first_recharge: isFirstRecharge,
          needs_bet_added_minor: needsBetAddedMinor,
          first_recharge_bonus_minor: firstRechargeBonusMinor,
          source,
        },
      },
      trx,
    );
  }
}
