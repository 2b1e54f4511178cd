import type { OrderStatus } from '@app/shared';
import type { Kysely, Updateable } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database, ProductRow } from '../../db/schema.ts';
import { forUpdate } from '../../db/transaction.ts';
import type { PageWindow } from '../../http/pagination.ts';
import type { NewOrderRow, OrderRow, OrdersTable } from './orders.tables.ts';

/** An order with the mobile number of the user who placed it (the operator's list). */
export interface OrderWithBuyerRow extends OrderRow {
  user_mobile: string;
}

/** Which orders a list shows: one user's or everybody's, of one status or all. */
export interface OrderFilter {
  readonly userId?: number;
  readonly status?: OrderStatus;
}

/**
 * Takes one unit of an active product in stock with one conditional UPDATE, so concurrent buyers can never
 * take more than there is; answers the product as it is after the update, or undefined when nothing was
 * taken (no such active product, or none left).
 */
export async function takeOneFromStock(
  trx: Kysely<Database>,
  productId: number,
  now: number,
): Promise<ProductRow | undefined> {
  return trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', 1), updated_at: now }))
    .where('id', '=', productId)
    .where('is_active', '=', 1)
    .where('stock', '>', 0)
    .returningAll()
    .executeTakeFirst();
}

/** Puts one unit back in stock (a cancelled order), whether or not the product is still on sale. */
export async function returnOneToStock(
  trx: Kysely<Database>,
  productId: number,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', 1), updated_at: now }))
    .where('id', '=', productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether a product exists and is on sale (to tell "sold out" from "no such product"). */
export async function isProductActive(db: Kysely<Database>, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts an order and answers it. */
export async function insertOrder(trx: Kysely<Database>, order: NewOrderRow): Promise<OrderRow> {
  return trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
}

/** One order of a user; another user's order is not found. */
export async function findUserOrder(
  db: Kysely<Database>,
  userId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * One order, locked until the transaction ends on PostgreSQL (SQLite's BEGIN IMMEDIATE already holds the
 * database), scoped to a user when one is given.
 */
export async function lockOrder(
  trx: Kysely<Database>,
  dialect: DialectName,
  orderId: number,
  userId?: number,
): Promise<OrderRow | undefined> {
  let query = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return forUpdate(query, dialect).executeTakeFirst();
}

/**
 * Moves an order on from one status with a conditional UPDATE; answers the order as it is after it, or
 * undefined when the order is not (or no longer) in that status or not the user's.
 */
export async function transitionOrder(
  trx: Kysely<Database>,
  where: { orderId: number; from: OrderStatus; userId?: number },
  changes: Updateable<OrdersTable>,
): Promise<OrderRow | undefined> {
  let query = trx
    .updateTable('orders')
    .set(changes)
    .where('id', '=', where.orderId)
    .where('status', '=', where.from);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  return query.returningAll().executeTakeFirst();
}

/** Records the ledger transfer that paid an order. */
export async function setPaymentTransfer(
  trx: Kysely<Database>,
  orderId: number,
  transferId: number,
): Promise<OrderRow> {
  return trx
    .updateTable('orders')
    .set({ payment_transfer_id: transferId })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

function filteredOrders(db: Kysely<Database>, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('orders.status', '=', filter.status);
  return query;
}

/** How many orders match the filter. */
export async function countOrders(db: Kysely<Database>, filter: OrderFilter): Promise<number> {
  const row = await filteredOrders(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the orders that match the filter, newest first. */
export async function listOrders(
  db: Kysely<Database>,
  filter: OrderFilter,
  window: PageWindow,
): Promise<OrderRow[]> {
  return filteredOrders(db, filter)
    .selectAll()
    .orderBy('orders.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** One page of the orders that match the filter with each buyer's mobile, newest first. */
export async function listOrdersWithBuyer(
  db: Kysely<Database>,
  filter: OrderFilter,
  window: PageWindow,
): Promise<OrderWithBuyerRow[]> {
  return filteredOrders(db, filter)
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select('users.mobile as user_mobile')
    .orderBy('orders.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** The mobile number of a user (for the operator's view of one order). */
export async function findUserMobile(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.mobile;
}
