import {
  adminOrderListQuery,
  adminOrderParams,
  buyBody,
  operatorReasonBody,
  orderIdBody,
  orderListQuery,
} from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import { idempotencyRoute, readIdempotencyKey } from '../idempotency/idempotency.header.ts';
import type { OrderOperatorService } from './order-operator.service.ts';
import type { IdempotencyScope, OrderService } from './orders.service.ts';

/** The Idempotency-Key of a request and the route it is scoped to. */
function idempotencyScope(request: FastifyRequest): IdempotencyScope {
  return { key: readIdempotencyKey(request), route: idempotencyRoute(request) };
}

/** The user's purchase and order calls (spec 01 §7 POST /user/buy; the order calls of issue 5). */
export function registerOrderRoutes(
  app: FastifyInstance,
  { authGuard, orders }: { authGuard: AuthGuard; orders: OrderService },
): void {
  app.post('/user/buy', { preHandler: authGuard }, (request) => {
    const body = parseInput(buyBody, request.body);
    return orders.buy(currentUser(request).userId, body, idempotencyScope(request), request.ip);
  });
  app.get('/user/orders', { preHandler: authGuard }, (request) =>
    orders.list(currentUser(request).userId, parseInput(orderListQuery, request.query)),
  );
  app.post('/user/confirm_order', { preHandler: authGuard }, (request) => {
    const { id } = parseInput(orderIdBody, request.body);
    return orders.confirm(currentUser(request).userId, id, request.ip);
  });
  app.post('/user/cancel_order', { preHandler: authGuard }, (request) => {
    const { id } = parseInput(orderIdBody, request.body);
    return orders.cancel(currentUser(request).userId, id, idempotencyScope(request), request.ip);
  });
}

/** The operator API of orders under /admin/api (role support). */
export function registerOrderOperatorRoutes(
  app: FastifyInstance,
  { operator }: { operator: OrderOperatorService },
): void {
  app.get('/admin/api/orders', operatorRoute('support'), (request) =>
    operator.list(parseInput(adminOrderListQuery, request.query)),
  );
  app.post('/admin/api/orders/:id/ship', operatorRoute('support'), (request) => {
    const { id } = parseInput(adminOrderParams, request.params);
    return operator.ship(id, operatorActor(request));
  });
  app.post('/admin/api/orders/:id/refund', operatorRoute('support', 'finance'), (request) => {
    const { id } = parseInput(adminOrderParams, request.params);
    const { reason } = parseInput(operatorReasonBody, request.body);
    return operator.refund(id, reason, operatorActor(request));
  });
}
