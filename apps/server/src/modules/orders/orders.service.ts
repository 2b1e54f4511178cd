import {
  type BuyBody,
  cancellationDeadline,
  isInventoryTime,
  minorToDecimalString,
  type OrderActionResponse,
  type OrderDto,
  type OrderListQuery,
  type OrderListResponse,
  ResponseCode,
  ShopMessage,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { findAddress } from '../addresses/addresses.repository.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import { systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { ShopAuditEvent } from '../shop/shop-audit.ts';
import {
  countOrders,
  findUserOrder,
  insertOrder,
  isProductActive,
  listOrders,
  lockOrder,
  returnOneToStock,
  setPaymentTransfer,
  takeOneFromStock,
  transitionOrder,
} from './orders.repository.ts';
import type { OrderRow } from './orders.tables.ts';

/** The ledger reference type of an order's payment and refund; its id is the order id (relation_id). */
export const ORDER_REFERENCE_TYPE = 'order';
/** Purchase attempts (each checks the login password) a user may make per window. */
export const BUY_ATTEMPTS_PER_USER = 30;
export const BUY_RATE_WINDOW_MS = 15 * 60_000;

/** The ledger idempotency key of an order's payment: one payment per order, whatever happens. */
export const orderPaymentKey = (orderId: number): string => `order:${orderId}`;
/** The ledger idempotency key of an order's refund: at most one refund per order, whatever happens. */
export const orderRefundKey = (orderId: number): string => `order_refund:${orderId}`;

/** Checks a user's login password (AccountService in the app). */
export interface PasswordChecker {
  checkPassword(userId: number, password: string): Promise<boolean>;
}

/** The Idempotency-Key of a request and the route it is scoped to. */
export interface IdempotencyScope {
  readonly key: string | undefined;
  readonly route: string;
}

export interface OrderServiceDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  passwords: PasswordChecker;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyService;
  audit: AuditLog;
  /** The market's IANA zone: inventory hours and the weekly cancellation deadline are read in it. */
  timeZone: string;
  /** Told after a purchase or a cancellation has committed: the product's stock changed. */
  onCatalogueChanged?: () => void;
}

/** Whether the user could cancel the order at `now`: undelivered, not customised, before its deadline. */
export function canCancelOrder(row: OrderRow, now: number): boolean {
  return row.status === 'undelivered' && row.cancellable === 1 && now < row.cancel_deadline_at;
}

/** Maps an order row to the order the app reads, with whether it can be cancelled at `now`. */
export function toOrderDto(row: OrderRow, now: number): OrderDto {
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    product_image: row.product_image,
    price: minorToDecimalString(row.price_minor),
    address: {
      full_name: row.address_full_name,
      mobile_number: row.address_mobile_number,
      pin_code: row.address_pin_code,
      state: row.address_state,
      town_city: row.address_town_city,
      detail_address: row.address_detail_address,
    },
    status: row.status,
    create_time: row.created_at,
    ship_time: row.shipped_at,
    receive_time: row.received_at,
    cancel_time: row.cancelled_at,
    cancellable: row.cancellable === 1,
    can_cancel: canCancelOrder(row, now),
    cancel_deadline: row.cancel_deadline_at,
  };
}

/**
 * The user's side of the shop's orders (issue 5): buy, list, confirm receipt, cancel. Money moves only
 * through the ledger, in the same transaction as the order row, the stock and the stored idempotent answer.
 *
 * Lock order, so that concurrent operations never deadlock on PostgreSQL: an order row first (cancel), then
 * the product row (the stock UPDATE), then the ledger accounts (sorted by the ledger itself).
 */
export class OrderService {
  constructor(private readonly dependencies: OrderServiceDependencies) {}

  /**
   * POST /user/buy: the login password; then, in one transaction, a refusal during the daily inventory
   * time (a replay of an earlier purchase with its Idempotency-Key gets its first answer instead), the buyer's address, one unit of stock taken by a conditional UPDATE, the order with its
   * copies of product and address, and the price moved from the buyer's wallet to shop revenue. Any
   * failure (unknown address, sold out, insufficient balance) rolls all of it back.
   */
  async buy(
    userId: number,
    body: BuyBody,
    scope: IdempotencyScope,
    ip: string | null,
  ): Promise<OrderActionResponse> {
    const { database, clock, ledger, passwords, idempotency, audit, timeZone } = this.dependencies;
    // Without an Idempotency-Key nothing can be a replay, so the inventory time is refused before the slow
    // password check; with one, a replay of a purchase made before 01:30 still gets its first answer.
    if (scope.key === undefined && isInventoryTime(clock.now(), timeZone)) {
      throw badRequest(ShopMessage.inventoryTime);
    }
    await this.enforceBuyRate(userId, ip);
    // The password is checked before the transaction: hashing is slow, and must not hold the write lock.
    if (!(await passwords.checkPassword(userId, body.password))) {
      await audit.record(ShopAuditEvent.buyPasswordFailed, {
        userId,
        ip,
        detail: { product_id: body.product_id },
      });
      throw badRequest(ShopMessage.passwordIncorrect);
    }
    // The password is left out of the stored request: only what the purchase depends on identifies it.
    const requestBody = { product_id: body.product_id, address_id: body.address_id };
    const result = await runInTransaction(database, (trx) =>
      idempotency.withIdempotency(
        trx,
        { userId, route: scope.route, key: scope.key, requestBody },
        async (): Promise<OrderActionResponse> => {
          const now = clock.now();
          if (isInventoryTime(now, timeZone)) throw badRequest(ShopMessage.inventoryTime);
          const address = await findAddress(trx, userId, body.address_id);
          if (!address) throw notFound(ShopMessage.addressNotFound);
          const product = await takeOneFromStock(trx, body.product_id, now);
          if (!product) {
            if (await isProductActive(trx, body.product_id)) throw badRequest(ShopMessage.soldOut);
            throw notFound(ShopMessage.productNotFound);
          }
          const order = await insertOrder(trx, {
            user_id: userId,
            product_id: product.id,
            product_name: product.name,
            product_image: product.main_image,
            price_minor: product.price_minor,
            cancellable: product.cancellable === 1 ? 1 : 0,
            address_full_name: address.full_name,
            address_mobile_number: address.mobile_number,
            address_pin_code: address.pin_code,
            address_state: address.state,
            address_town_city: address.town_city,
            address_detail_address: address.detail_address,
            status: 'undelivered',
            payment_transfer_id: null,
            refund_transfer_id: null,
            cancel_deadline_at: cancellationDeadline(now, timeZone),
            created_at: now,
            shipped_at: null,
            received_at: null,
            cancelled_at: null,
            updated_at: now,
          });
          // An InsufficientBalanceError here rolls back the stock and the order with everything else.
          const payment = await ledger.transfer(trx, {
            debit: userWallet(userId),
            credit: systemAccount('shop_revenue'),
            amountMinor: product.price_minor,
            kind: 'order',
            reference: { type: ORDER_REFERENCE_TYPE, id: order.id },
            idempotencyKey: orderPaymentKey(order.id),
          });
          const paid = await setPaymentTransfer(trx, order.id, payment.id);
          await audit.record(
            ShopAuditEvent.orderPlaced,
            {
              userId,
              ip,
              detail: {
                order_id: paid.id,
                product_id: paid.product_id,
                price_minor: paid.price_minor,
                ledger_transfer_id: payment.id,
              },
            },
            trx,
          );
          return { code: 200, msg: ShopMessage.buySucceeded, entry: toOrderDto(paid, now) };
        },
      ),
    );
    this.dependencies.onCatalogueChanged?.();
    return result.body;
  }

  /** GET /user/orders: the user's orders of one status (or all), newest first. */
  async list(userId: number, query: OrderListQuery): Promise<OrderListResponse> {
    const { database, clock } = this.dependencies;
    const filter = { userId, ...(query.status === 'all' ? {} : { status: query.status }) };
    const [count, rows] = await Promise.all([
      countOrders(database.db, filter),
      listOrders(database.db, filter, pageWindow(query)),
    ]);
    const now = clock.now();
    return pageResponse(
      count,
      rows.map((row) => toOrderDto(row, now)),
    );
  }

  /** POST /user/confirm_order: the user received a shipped order (unreceived → success). */
  async confirm(userId: number, orderId: number, ip: string | null): Promise<OrderActionResponse> {
    const { database, clock, audit } = this.dependencies;
    return runInTransaction(database, async (trx) => {
      const now = clock.now();
      const confirmed = await transitionOrder(
        trx,
        { orderId, userId, from: 'unreceived' },
        { status: 'success', received_at: now, updated_at: now },
      );
      if (!confirmed) {
        if (!(await findUserOrder(trx, userId, orderId))) throw notFound(ShopMessage.orderNotFound);
        throw badRequest(ShopMessage.orderNotUnreceived);
      }
      await audit.record(ShopAuditEvent.orderConfirmed, { userId, ip, detail: { order_id: orderId } }, trx);
      return { code: 200, msg: ShopMessage.orderConfirmed, entry: toOrderDto(confirmed, now) };
    });
  }

  /**
   * POST /user/cancel_order: an undelivered order of a product that is not customised, before its weekly
   * deadline (the first Saturday 01:30 market time after it was placed). In one transaction the order
   * becomes cancelled, its unit goes back to stock and its full price back to the wallet (ORDR).
   */
  async cancel(
    userId: number,
    orderId: number,
    scope: IdempotencyScope,
    ip: string | null,
  ): Promise<OrderActionResponse> {
    const { database, clock, ledger, idempotency, audit } = this.dependencies;
    const result = await runInTransaction(database, (trx) =>
      idempotency.withIdempotency(
        trx,
        { userId, route: scope.route, key: scope.key, requestBody: { id: orderId } },
        async (): Promise<OrderActionResponse> => {
          const now = clock.now();
          const order = await lockOrder(trx, database.dialect, orderId, userId);
          if (!order) throw notFound(ShopMessage.orderNotFound);
          if (order.status !== 'undelivered') throw badRequest(ShopMessage.orderNotUndelivered);
          if (order.cancellable !== 1) throw badRequest(ShopMessage.orderNotCancellable);
          if (now >= order.cancel_deadline_at) throw badRequest(ShopMessage.cancelDeadlinePassed);
          // The product row is locked before the ledger accounts, in the same order as a purchase.
          await returnOneToStock(trx, order.product_id, now);
          const refund = await ledger.transfer(trx, {
            debit: systemAccount('shop_revenue'),
            credit: userWallet(userId),
            amountMinor: order.price_minor,
            kind: 'order_refund',
            reference: { type: ORDER_REFERENCE_TYPE, id: order.id },
            idempotencyKey: orderRefundKey(order.id),
          });
          const cancelled = await transitionOrder(
            trx,
            { orderId, userId, from: 'undelivered' },
            { status: 'cancelled', cancelled_at: now, refund_transfer_id: refund.id, updated_at: now },
          );
          // The row is locked (or the database is), so it cannot have moved on since it was read.
          if (!cancelled) throw new Error(`order ${orderId} changed while it was locked for cancelling`);
          await audit.record(
            ShopAuditEvent.orderCancelled,
            {
              userId,
              ip,
              detail: { order_id: orderId, refund_minor: order.price_minor, ledger_transfer_id: refund.id },
            },
            trx,
          );
          return { code: 200, msg: ShopMessage.orderCancelled, entry: toOrderDto(cancelled, now) };
        },
      ),
    );
    this.dependencies.onCatalogueChanged?.();
    return result.body;
  }

  private async enforceBuyRate(userId: number, ip: string | null): Promise<void> {
    const { rateLimiter, audit } = this.dependencies;
    const decision = await rateLimiter.hit(`buy:user:${userId}`, BUY_ATTEMPTS_PER_USER, BUY_RATE_WINDOW_MS);
    if (decision.allowed) return;
    await audit.record(ShopAuditEvent.buyRateLimited, { userId, ip, detail: { hits: decision.hits } });
    throw new AppError(ResponseCode.tooManyRequests, ShopMessage.buyRateLimited, {
      retry_after_seconds: Math.ceil(decision.retryAfterMs / 1000),
    });
  }
}
