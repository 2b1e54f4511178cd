import { productListQuery, productQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type PublicReadAnswers, registerPublicRead } from '../../http/public-read-answers.ts';
import { CATALOGUE_CACHE_CONTROL, type ShopService } from './shop.service.ts';

/** Public catalogue routes (spec 01 §7), answered from their serialized replies (or 304). */
export function registerShopRoutes(
  app: FastifyInstance,
  shop: ShopService,
  answers: PublicReadAnswers,
): void {
  registerPublicRead(app, answers, '/shop/home_top', {
    cacheControl: CATALOGUE_CACHE_CONTROL,
    reply: () => shop.homeTopReply(),
  });
  registerPublicRead(app, answers, '/shop/products', {
    query: productListQuery,
    cacheControl: CATALOGUE_CACHE_CONTROL,
    reply: (query) => shop.productsReply(query),
  });
  registerPublicRead(app, answers, '/shop/product', {
    query: productQuery,
    cacheControl: CATALOGUE_CACHE_CONTROL,
    reply: (query) => shop.productReply(query.id),
  });
}
