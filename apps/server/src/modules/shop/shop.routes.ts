import { idFromQuery, productListQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validation.ts';
import type { ShopService } from './shop.service.ts';

const productQuery = z.object({ id: idFromQuery('id') });

/** Public catalogue routes (spec 01 §7). */
export function registerShopRoutes(app: FastifyInstance, shop: ShopService): void {
  app.get('/shop/home_top', () => shop.homeTop());
  app.get('/shop/products', (request) => shop.listProducts(parseInput(productListQuery, request.query)));
  app.get('/shop/product', (request) => shop.getProduct(parseInput(productQuery, request.query).id));
}
