import {
  ORDER_STATUSES,
  type OrderActionResponse,
  type OrderDto,
  type OrderListResponse,
  type OrderStatus,
  type OrderStatusFilter,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiNetworkError } from '../../../shared/api/api-errors.ts';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';

/** Orders per page of /orderList and its infinite scroll. */
export const ORDER_PAGE_SIZE = 10;

/** The header that makes a money-moving POST safe to retry (DESIGN.md "The ledger"). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface OrderPage {
  /** Orders of the tab across all pages (`page.count`). */
  count: number;
  orders: OrderDto[];
}

export interface BuyRequest {
  productId: number;
  addressId: number;
  /** The login password, sent exactly as typed. */
  password: string;
}

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function time(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Reads one order; null when its id, price or status is unreadable, so it is left out rather than shown wrong. */
export function toOrder(value: unknown): OrderDto | null {
  if (!isRecord(value)) return null;
  const { id, price, status, create_time: createTime } = value;
  if (typeof id !== 'number' || typeof price !== 'string' || !isOrderStatus(status)) return null;
  if (typeof createTime !== 'number') return null;
  const address: UnknownRecord = isRecord(value.address) ? value.address : {};
  return {
    id,
    product_id: typeof value.product_id === 'number' ? value.product_id : 0,
    product_name: text(value.product_name),
    product_image: text(value.product_image),
    price,
    address: {
      full_name: text(address.full_name),
      mobile_number: text(address.mobile_number),
      pin_code: text(address.pin_code),
      state: text(address.state),
      town_city: text(address.town_city),
      detail_address: text(address.detail_address),
    },
    status,
    create_time: createTime,
    ship_time: time(value.ship_time),
    receive_time: time(value.receive_time),
    cancel_time: time(value.cancel_time),
    cancellable: value.cancellable === true,
    can_cancel: value.can_cancel === true,
    cancel_deadline: time(value.cancel_deadline) ?? 0,
  };
}

/** GET /user/orders?status&p&p_size: one page of the player's orders of a tab, newest first. */
export async function fetchOrderPage(
  client: ApiClient,
  query: { status: OrderStatusFilter; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<OrderPage> {
  const response = await client.get<OrderListResponse>(
    '/user/orders',
    { status: query.status, p: query.page, p_size: query.pageSize },
    { signal },
  );
  const count = isRecord(response.page) ? response.page.count : undefined;
  if (typeof count !== 'number' || !Array.isArray(response.queryset)) {
    throw new ApiNetworkError('bad_response');
  }
  return {
    count,
    orders: response.queryset.map(toOrder).filter((order): order is OrderDto => order !== null),
  };
}

/**
 * POST /user/buy {product_id, address_id, password} with a fresh Idempotency-Key: each press of the buy
 * button is one purchase, and a network retry of that press is not a second one.
 */
export async function buyProduct(client: ApiClient, request: BuyRequest): Promise<OrderActionResponse> {
  return client.post<OrderActionResponse>(
    '/user/buy',
    { product_id: request.productId, address_id: request.addressId, password: request.password },
    { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
  );
}

/** POST /user/confirm_order {id}: the player received a shipped order. */
export async function confirmOrder(client: ApiClient, id: number): Promise<OrderActionResponse> {
  return client.post<OrderActionResponse>('/user/confirm_order', { id });
}

/** POST /user/cancel_order {id} with a fresh Idempotency-Key: the price goes back to the balance. */
export async function cancelOrder(client: ApiClient, id: number): Promise<OrderActionResponse> {
  return client.post<OrderActionResponse>(
    '/user/cancel_order',
    { id },
    { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } },
  );
}
