import {
  adminCreateProductBody,
  adminProductListQuery,
  adminProductParams,
  adminUpdateProductBody,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { ProductOperatorService } from './product-operator.service.ts';

/** The operator API of products under /admin/api (role content). */
export function registerProductOperatorRoutes(
  app: FastifyInstance,
  { products }: { products: ProductOperatorService },
): void {
  app.get('/admin/api/products', operatorRoute('content'), (request) =>
    products.list(parseInput(adminProductListQuery, request.query)),
  );
  app.get('/admin/api/products/:id', operatorRoute('content'), (request) =>
    products.get(parseInput(adminProductParams, request.params).id),
  );
  app.post('/admin/api/products', operatorRoute('content'), (request) =>
    products.create(parseInput(adminCreateProductBody, request.body), operatorActor(request)),
  );
  app.put('/admin/api/products/:id', operatorRoute('content'), (request) => {
    const { id } = parseInput(adminProductParams, request.params);
    const body = parseInput(adminUpdateProductBody, request.body);
    return products.update(id, body, operatorActor(request));
  });
}
