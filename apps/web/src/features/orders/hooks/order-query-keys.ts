import type { OrderStatusFilter } from '@app/shared';

/** TanStack Query keys of the player's orders. */
export const orderQueryKeys = {
  /** Every tab's list: a purchase, confirmation or cancellation changes several of them. */
  all: ['user', 'orders'] as const,
  list: (status: OrderStatusFilter) => ['user', 'orders', status] as const,
};
