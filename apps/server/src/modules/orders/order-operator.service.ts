import {
  type AdminOrderDto,
  type AdminOrderListResponse,
  type AdminOrderResponse,
  OperatorMessage,
  type OrderListQuery,
  ShopMessage,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { systemAccount, userWallet } from '../ledger/ledger.kinds.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type OperatorContext, ShopAuditEvent } from '../shop/shop-audit.ts';
import {
  countOrders,
  findUserMobile,
  listOrdersWithBuyer,
  lockOrder,
  returnOneToStock,
  transitionOrder,
} from './orders.repository.ts';
import { ORDER_REFERENCE_TYPE, orderRefundKey, toOrderDto } from './orders.service.ts';
import type { OrderRow } from './orders.tables.ts';

/** An order as the operator sees it. */
function toAdminOrderDto(row: OrderRow, mobile: string, now: number): AdminOrderDto {
  return { ...toOrderDto(row, now), user_id: row.user_id, user_mobile: mobile };
}

/** The operator API of orders (DESIGN.md "Operator API"): list every user's orders, ship them. */
export class OrderOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly ledger: LedgerService,
  ) {}

  /** GET /admin/api/orders: orders of one status (or all), newest first, with each buyer's mobile. */
  async list(query: OrderListQuery): Promise<AdminOrderListResponse> {
    const { db } = this.database;
    const filter = query.status === 'all' ? {} : { status: query.status };
    const [count, rows] = await Promise.all([
      countOrders(db, filter),
      listOrdersWithBuyer(db, filter, pageWindow(query)),
    ]);
    const now = this.clock.now();
    return pageResponse(
      count,
      rows.map((row) => toAdminOrderDto(row, row.user_mobile, now)),
    );
  }

  /** POST /admin/api/orders/:id/ship: an undelivered order is on its way (→ unreceived); one audit row. */
  async ship(orderId: number, context: OperatorContext): Promise<AdminOrderResponse> {
    return runInTransaction(this.database, async (trx) => {
      const now = this.clock.now();
      const before = await lockOrder(trx, this.database.dialect, orderId);
      if (!before) throw notFound(ShopMessage.orderNotFound);
      if (before.status !== 'undelivered') throw badRequest(ShopMessage.orderNotShippable);
      const after = await transitionOrder(
        trx,
        { orderId, from: 'undelivered' },
        { status: 'unreceived', shipped_at: now, updated_at: now },
      );
      if (!after) throw new Error(`order ${orderId} changed while it was locked for shipping`);
      await this.audit.record(
        ShopAuditEvent.operatorOrderShipped,
        {
          userId: after.user_id,
          ip: context.ip,
          detail: {
            operator: context.operator,
            order_id: orderId,
            before: { status: before.status, shipped_at: before.shipped_at },
            after: { status: after.status, shipped_at: after.shipped_at },
          },
        },
        trx,
      );
      const mobile = await findUserMobile(trx, after.user_id);
      return { code: 200, msg: ShopMessage.orderShipped, entry: toAdminOrderDto(after, mobile, now) };
    });
  }

  /**
   * POST /admin/api/orders/:id/refund {reason}: an order not yet shipped is cancelled by the operator, in one
   * transaction: one unit back to stock and the full price back to the wallet (ORDR), with the refund's
   * ledger key of the player's own cancellation, so an order is refunded at most once whoever asks.
   */
  async refund(orderId: number, reason: string, context: OperatorContext): Promise<AdminOrderResponse> {
    return runInTransaction(this.database, async (trx) => {
      const now = this.clock.now();
      const before = await lockOrder(trx, this.database.dialect, orderId);
      if (!before) throw notFound(ShopMessage.orderNotFound);
      if (before.status !== 'undelivered') throw badRequest(ShopMessage.orderNotUndelivered);
      // The product row is locked before the ledger accounts, in the same order as a purchase.
      await returnOneToStock(trx, before.product_id, now);
      const refund = await this.ledger.transfer(trx, {
        debit: systemAccount('shop_revenue'),
        credit: userWallet(before.user_id),
        amountMinor: before.price_minor,
        kind: 'order_refund',
        reference: { type: ORDER_REFERENCE_TYPE, id: before.id },
        idempotencyKey: orderRefundKey(before.id),
      });
      const after = await transitionOrder(
        trx,
        { orderId, from: 'undelivered' },
        { status: 'cancelled', cancelled_at: now, refund_transfer_id: refund.id, updated_at: now },
      );
      if (!after) throw new Error(`order ${orderId} changed while it was locked for a refund`);
      await this.audit.record(
        ShopAuditEvent.operatorOrderRefunded,
        {
          userId: after.user_id,
          ip: context.ip,
          detail: {
            operator: context.operator,
            order_id: orderId,
            reason,
            refund_minor: before.price_minor,
            ledger_transfer_id: refund.id,
            before: { status: before.status },
            after: { status: after.status },
          },
        },
        trx,
      );
      const mobile = await findUserMobile(trx, after.user_id);
      return { code: 200, msg: OperatorMessage.orderRefunded, entry: toAdminOrderDto(after, mobile, now) };
    });
  }
}
