import { getMarket, type MarketCode } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { AuthGuard } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { registerAddressRoutes } from '../addresses/addresses.routes.ts';
import { AddressService } from '../addresses/addresses.service.ts';
import { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { registerProductOperatorRoutes } from '../shop/product-operator.routes.ts';
import { ProductOperatorService } from '../shop/product-operator.service.ts';
import { OrderOperatorService } from './order-operator.service.ts';
import { registerOrderOperatorRoutes, registerOrderRoutes } from './orders.routes.ts';
import { OrderService, type PasswordChecker } from './orders.service.ts';

export interface ShopOrdersModuleDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditLog;
  rateLimiter: RateLimiter;
  /** Checks the login password a purchase asks for (AccountService). */
  passwords: PasswordChecker;
  /** Inventory hours and cancellation deadlines are read in this market's time zone. */
  market: MarketCode;
  /**
   * Told after each committed change of a product (an operator's edit, the stock an order took or gave
   * back), so that the public catalogue is read again. The seam for the event bus: publish the change so
   * that every other instance invalidates `PublicReadTag.catalogue` too.
   */
  onCatalogueChanged?: () => void;
}

/** The purchase side of the shop: addresses, orders, and the operator API of products and orders. */
export interface ShopOrdersModule {
  addresses: AddressService;
  orders: OrderService;
  orderOperator: OrderOperatorService;
  productOperator: ProductOperatorService;
}

/** Builds the services of addresses, orders and the shop's operator API. */
export function createShopOrdersModule(dependencies: ShopOrdersModuleDependencies): ShopOrdersModule {
  const { database, clock, ledger, audit, rateLimiter, passwords, market } = dependencies;
  return {
    addresses: new AddressService(database, clock, market),
    orders: new OrderService({
      database,
      clock,
      ledger,
      passwords,
      rateLimiter,
      idempotency: new IdempotencyService(clock),
      audit,
      timeZone: getMarket(dependencies.market).timeZone,
      ...(dependencies.onCatalogueChanged ? { onCatalogueChanged: dependencies.onCatalogueChanged } : {}),
    }),
    orderOperator: new OrderOperatorService(database, clock, audit, ledger),
    productOperator: new ProductOperatorService(database, clock, audit, dependencies.onCatalogueChanged),
  };
}

export interface ShopOrdersRegistration {
  authGuard: AuthGuard;
}

/** Registers the address and order calls of the player and the shop's operator API under /admin/api. */
export function registerShopOrdersModule(
  app: FastifyInstance,
  module: ShopOrdersModule,
  options: ShopOrdersRegistration,
): void {
  registerAddressRoutes(app, { authGuard: options.authGuard, addresses: module.addresses });
  registerOrderRoutes(app, { authGuard: options.authGuard, orders: module.orders });
  registerOrderOperatorRoutes(app, { operator: module.orderOperator });
  registerProductOperatorRoutes(app, { products: module.productOperator });
}
