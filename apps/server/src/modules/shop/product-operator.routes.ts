import {
  adminCreateProductBody,
  adminProductListQuery,
  adminProductParams,
  adminUpdateProductBody,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { OperatorGuard } from '../../http/operator-guard.ts';
import { parseInput } from '../../http/validation.ts';
import type { ProductOperatorService } from './product-operator.service.ts';
import { ADMIN_TOKEN_ACTOR } from './shop-audit.ts';

/** The operator API of products under /admin/api (Bearer ADMIN_TOKEN). */
export function registerProductOperatorRoutes(
  app: FastifyInstance,
  { operatorGuard, products }: { operatorGuard: OperatorGuard; products: ProductOperatorService },
): void {
  app.get('/admin/api/products', { preHandler: operatorGuard }, (request) =>
    products.list(parseInput(adminProductListQuery, request.query)),
  );
  app.get('/admin/api/products/:id', { preHandler: operatorGuard }, (request) =>
    products.get(parseInput(adminProductParams, request.params).id),
  );
  app.post('/admin/api/products', { preHandler: operatorGuard }, (request) =>
    products.create(parseInput(adminCreateProductBody, request.body), {
      operator: ADMIN_TOKEN_ACTOR,
      ip: request.ip,
    }),
  );
  app.put('/admin/api/products/:id', { preHandler: operatorGuard }, (request) => {
    const { id } = parseInput(adminProductParams, request.params);
    const body = parseInput(adminUpdateProductBody, request.body);
    return products.update(id, body, { operator: ADMIN_TOKEN_ACTOR, ip: request.ip });
  });
}
