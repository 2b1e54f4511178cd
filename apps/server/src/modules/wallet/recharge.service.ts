import {
  type AddRechargeBody,
  type AddRechargeResponse,
  type MessageResponse,
  minorToDecimalString,
  type RechargeBySnResponse,
  type RechargeListQuery,
  type RechargeListResponse,
  type RechargeReturnBody,
  type RechargeReturnResponse,
  ResponseCode,
  ServerMessage,
  type SubmitUtrBody,
  UPI_DIALOG_ADAPTERS,
  WalletMessage,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { findKey } from '../idempotency/idempotency.repository.ts';
import {
  IDEMPOTENCY_MISMATCH_MESSAGE,
  type IdempotencyService,
  requestHash,
} from '../idempotency/idempotency.service.ts';
import { upiPaymentLink } from '../payments/manual-upi.adapter.ts';
import {
  ChannelConfigurationError,
  type CreatedOrder,
  GatewayError,
  ReturnVerificationError,
} from '../payments/payment-adapter.ts';
import { isManualAdapter } from '../payments/payment-adapters.ts';
import type { RechargeRow } from '../payments/payments.tables.ts';
import type { PaymentChannelService } from './payment-channel.service.ts';
import {
  countUserRecharges,
  findOwnRecharge,
  insertRecharge,
  listUserRecharges,
  lockRechargeBySerial,
  setRechargeUtr,
  utrExists,
} from './recharge.repository.ts';
import type { RechargeCreditor } from './recharge-crediting.service.ts';
import { newRechargeSerialNumber } from './serial-number.ts';
import { WalletAuditEvent } from './wallet-audit.ts';

/** Recharge orders one user may create per window (DESIGN.md: rate limits on recharge). */
export const RECHARGE_RATE_LIMIT = 20;
export const RECHARGE_RATE_WINDOW_MS = 10 * 60 * 1000;
/** UTR submissions one user may make per window. */
export const UTR_RATE_LIMIT = 10;
export const UTR_RATE_WINDOW_MS = 10 * 60 * 1000;

/** Which request an idempotent call answers: the client's key and the route it is scoped to. */
export interface IdempotencyScope {
  readonly key: string | undefined;
  readonly route: string;
}

export interface RechargeServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  channels: PaymentChannelService;
  creditor: RechargeCreditor;
  idempotency: IdempotencyService;
  rateLimiter: RateLimiter;
  audit: AuditLog;
  currency: string;
  logger: FastifyBaseLogger;
}

/** The player's side of recharging: orders, the recharge record, the manual UPI page and returns. */
export class RechargeService {
  constructor(private readonly dependencies: RechargeServiceDependencies) {}

  /**
   * POST /user/add_recharge: validates the amount against the channel, creates the gateway's order (an
   * outside effect, so before the transaction), then stores the recharge and its answer under the
   * Idempotency-Key in one transaction. A replayed key answers the first order without creating another.
   */
  async create(userId: number, body: AddRechargeBody, scope: IdempotencyScope): Promise<AddRechargeResponse> {
    const { database, clock, channels, idempotency, rateLimiter, logger } = this.dependencies;
    // A replay answers the first order even if the channel changed since.
    const replay = await this.storedAnswer<AddRechargeResponse>(userId, scope, body);
    if (replay) return replay;
    const channel = await channels.findOffered(body.pay_key);
    if (!channel) throw badRequest(WalletMessage.unknownChannel);
    if (body.price < channel.min_amount_minor) {
      throw badRequest(`price must be at least ${minorToDecimalString(channel.min_amount_minor)}`);
    }
    if (body.price > channel.max_amount_minor) {
      throw badRequest(`price must be at most ${minorToDecimalString(channel.max_amount_minor)}`);
    }
    if (UPI_DIALOG_ADAPTERS.includes(channel.adapter) && body.pay_upi_account === undefined) {
      throw badRequest(ServerMessage.upiAccountEmpty);
    }
    const limit = await rateLimiter.hit(`recharge:${userId}`, RECHARGE_RATE_LIMIT, RECHARGE_RATE_WINDOW_MS);
    if (!limit.allowed) throw tooManyRequests(WalletMessage.rechargeRateLimited);

    const serialNumber = newRechargeSerialNumber(clock.now());
    let order: CreatedOrder;
    try {
      order = await channels.adapterFor(channel).createOrder({
        serialNumber,
        userId,
        amountMinor: body.price,
        payer: {
          name: body.pay_name,
          mobile: body.pay_mobile,
          email: body.pay_email,
          upiAccount: body.pay_upi_account,
        },
      });
    } catch (error) {
      if (error instanceof GatewayError || error instanceof ChannelConfigurationError) {
        logger.error({ err: error, channel: channel.key }, 'the gateway could not create an order');
        throw new AppError(ResponseCode.unavailable, WalletMessage.gatewayUnavailable);
      }
      throw error;
    }
    const result = await runInTransaction(database, (trx) =>
      idempotency.withIdempotency(
        trx,
        { userId, route: scope.route, key: scope.key, requestBody: body },
        async (): Promise<AddRechargeResponse> => {
          const now = clock.now();
          await insertRecharge(trx, {
            serial_number: serialNumber,
            user_id: userId,
            channel_id: channel.id,
            channel_key: channel.key,
            adapter: channel.adapter,
            amount_minor: body.price,
            status: 'Wait',
            gateway_order_id: order.gatewayOrderId,
            gateway_payment_id: null,
            utr: null,
            utr_submitted_at: null,
            pay_name: body.pay_name,
            pay_mobile: body.pay_mobile,
            pay_email: body.pay_email,
            pay_upi_account: body.pay_upi_account ?? null,
            pay_url: order.payUrl,
            payee_upi_account: order.payeeUpiAccount,
            payee_name: order.payeeName,
            failure_reason: null,
            notified_at: null,
            created_at: now,
            updated_at: now,
            credited_at: null,
          });
          return {
            code: 200,
            msg: WalletMessage.rechargeCreated,
            serial_number: serialNumber,
            price: minorToDecimalString(body.price),
            adapter: channel.adapter,
            ...order.answer,
          };
        },
      ),
    );
    return result.body;
  }

  /** GET /user/recharges: the user's recharge record, newest first. */
  async list(userId: number, query: RechargeListQuery): Promise<RechargeListResponse> {
    const { db } = this.dependencies.database;
    const [count, rows] = await Promise.all([
      countUserRecharges(db, userId),
      listUserRecharges(db, userId, pageWindow(query)),
    ]);
    return pageResponse(
      count,
      rows.map((row) => ({
        serial_number: row.serial_number,
        price: minorToDecimalString(row.amount_minor),
        status: row.status,
        channel_name: row.channel_name,
        create_time: row.created_at,
      })),
    );
  }

  /** GET /user/query_recharge_by_sn: the payment page's data for one of the user's own recharges. */
  async bySerialNumber(userId: number, serialNumber: string): Promise<RechargeBySnResponse> {
    const recharge = await findOwnRecharge(this.dependencies.database.db, userId, serialNumber);
    if (!recharge) throw notFound(WalletMessage.rechargeNotFound);
    const upiLink = recharge.payee_upi_account
      ? upiPaymentLink({
          payeeUpiAccount: recharge.payee_upi_account,
          payeeName: recharge.payee_name,
          amountMinor: recharge.amount_minor,
          currency: this.dependencies.currency,
          serialNumber: recharge.serial_number,
        })
      : '';
    return {
      code: 200,
      serial_number: recharge.serial_number,
      price: minorToDecimalString(recharge.amount_minor),
      create_time: recharge.created_at,
      qr_code: upiLink,
      // The payment page opens the UPI link on a phone; a pay_url order without an account opens its URL.
      url: upiLink || (recharge.adapter === 'pay_url' ? (recharge.pay_url ?? '') : ''),
      status: recharge.status,
      utr_submitted: recharge.utr !== null,
    };
  }

  /**
   * POST /user/submit_utr_to_recharge: stores the UTR of a waiting manual recharge. A UTR is accepted
   * once across all users; the recharge stays Wait until an operator confirms it.
   */
  async submitUtr(
    userId: number,
    body: SubmitUtrBody,
    scope: IdempotencyScope,
    ip: string | null,
  ): Promise<MessageResponse> {
    const { database, clock, idempotency, rateLimiter, audit } = this.dependencies;
    const limit = await rateLimiter.hit(`utr:${userId}`, UTR_RATE_LIMIT, UTR_RATE_WINDOW_MS);
    if (!limit.allowed) throw tooManyRequests(WalletMessage.rechargeRateLimited);
    const result = await runInTransaction(database, (trx) =>
      idempotency.withIdempotency(
        trx,
        { userId, route: scope.route, key: scope.key, requestBody: body },
        async (): Promise<MessageResponse> => {
          const recharge = await lockRechargeBySerial(trx, database.dialect, body.sn, userId);
          if (!recharge) throw notFound(WalletMessage.rechargeNotFound);
          if (!isManualAdapter(recharge.adapter)) throw badRequest(WalletMessage.utrNotAccepted);
          if (recharge.status !== 'Wait') throw badRequest(WalletMessage.rechargeNotWaiting);
          if (await utrExists(trx, body.utr)) throw badRequest(WalletMessage.utrUsed);
          if (recharge.utr !== null) throw badRequest(WalletMessage.utrAlreadySubmitted);
          const stored = await setRechargeUtr(trx, recharge.id, body.utr, clock.now());
          if (stored === 'taken') throw badRequest(WalletMessage.utrUsed);
          if (stored === 'not_waiting') throw badRequest(WalletMessage.rechargeNotWaiting);
          await audit.record(
            WalletAuditEvent.rechargeUtrSubmitted,
            { userId, ip, detail: { serial_number: recharge.serial_number, utr: body.utr } },
            trx,
          );
          return { code: 200, msg: WalletMessage.utrSubmitted };
        },
      ),
    );
    return result.body;
  }

  /**
   * POST /user/recharge_return: verifies what the gateway handed the browser and settles it through the
   * crediting function. A forged return answers 400 and changes nothing.
   */
  async clientReturn(userId: number, body: RechargeReturnBody): Promise<RechargeReturnResponse> {
    const { database, channels, creditor, logger } = this.dependencies;
    const recharge = await findOwnRecharge(database.db, userId, body.sn);
    if (!recharge) throw notFound(WalletMessage.rechargeNotFound);
    if (recharge.status === 'Success' || isManualAdapter(recharge.adapter)) {
      return { code: 200, status: recharge.status };
    }
    const channel = await channels.findById(recharge.channel_id);
    if (!channel) throw notFound(WalletMessage.rechargeNotFound);
    try {
      const report = await channels.adapterFor(channel).verifyReturn(orderRef(recharge), body.params);
      await creditor.settleReport(recharge.id, report, 'return');
    } catch (error) {
      if (error instanceof ReturnVerificationError) {
        logger.warn({ err: error, serial_number: recharge.serial_number }, 'a client return did not verify');
        throw badRequest(WalletMessage.returnNotVerified);
      }
      if (error instanceof GatewayError || error instanceof ChannelConfigurationError) {
        logger.error(
          { err: error, serial_number: recharge.serial_number },
          'a client return could not be checked',
        );
        throw new AppError(ResponseCode.unavailable, WalletMessage.gatewayUnavailable);
      }
      throw error;
    }
    const current = await findOwnRecharge(database.db, userId, body.sn);
    return { code: 200, status: current?.status ?? recharge.status };
  }

  /** The stored answer of an Idempotency-Key already used, so a replay creates no second gateway order. */
  private async storedAnswer<T>(
    userId: number,
    scope: IdempotencyScope,
    body: unknown,
  ): Promise<T | undefined> {
    if (scope.key === undefined) return undefined;
    const existing = await findKey(this.dependencies.database.db, userId, scope.route, scope.key);
    if (!existing) return undefined;
    if (existing.request_hash !== requestHash(body)) {
      throw new AppError(ResponseCode.idempotencyMismatch, IDEMPOTENCY_MISMATCH_MESSAGE);
    }
    return existing.response_json === null ? undefined : (JSON.parse(existing.response_json) as T);
  }
}

/** The order facts an adapter needs. */
export function orderRef(recharge: RechargeRow) {
  return {
    serialNumber: recharge.serial_number,
    gatewayOrderId: recharge.gateway_order_id,
    amountMinor: recharge.amount_minor,
  };
}
