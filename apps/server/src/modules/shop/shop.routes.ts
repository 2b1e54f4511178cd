import { productListQuery, productQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.ts';
import type { ShopService } from './shop.service.ts';

/** Public catalogue routes (spec 01 §7). */
export function registerShopRoutes(app: FastifyInstance, shop: ShopService): void {
  app.get('/shop/home_top', () => shop.homeTop());
  app.get('/shop/products', (request) => shop.listProducts(parseInput(productListQuery, request.query)));
  app.get('/shop/product', (request) => shop.getProduct(parseInput(productQuery, request.query).id));
}
