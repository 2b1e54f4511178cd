import type { OrderStatus } from '@app/shared';
import type { Generated, Insertable, Selectable } from 'kysely';

/** Tables of migration 0005-orders that hold shop orders. */
export interface OrdersTables {
  orders: OrdersTable;
}

/**
 * One bought product. The product_* and address_* columns are copies taken at purchase. The times say
 * when each step happened; cancel_deadline_at is the first Saturday 01:30 market time after created_at.
 * payment_transfer_id is the ledger transfer that paid it, refund_transfer_id the one that refunded it.
 */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  product_name: string;
  product_image: string;
  price_minor: number;
  /** 0 for a customised product, which cannot be cancelled. */
  cancellable: number;
  address_full_name: string;
  address_mobile_number: string;
  address_pin_code: string;
  address_state: string;
  address_town_city: string;
  address_detail_address: string;
  status: OrderStatus;
  payment_transfer_id: number | null;
  refund_transfer_id: number | null;
  cancel_deadline_at: number;
  created_at: number;
  shipped_at: number | null;
  received_at: number | null;
  cancelled_at: number | null;
  updated_at: number;
}

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
