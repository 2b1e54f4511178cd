import { productListQuery, productQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { answerCached, PUBLIC_READ_ROUTE_OPTIONS } from '../../http/cached-reply.ts';
import { parsePolledQuery } from '../../http/validation.ts';
import { CATALOGUE_CACHE_CONTROL, type ShopService } from './shop.service.ts';

/** Public catalogue routes (spec 01 §7), answered from their serialized replies (or 304). */
export function registerShopRoutes(app: FastifyInstance, shop: ShopService): void {
  app.get('/shop/home_top', PUBLIC_READ_ROUTE_OPTIONS, (request, reply) =>
    answerCached(request, reply, shop.homeTopReply(), CATALOGUE_CACHE_CONTROL),
  );
  app.get('/shop/products', PUBLIC_READ_ROUTE_OPTIONS, (request, reply) =>
    answerCached(
      request,
      reply,
      shop.productsReply(parsePolledQuery(productListQuery, request)),
      CATALOGUE_CACHE_CONTROL,
    ),
  );
  app.get('/shop/product', PUBLIC_READ_ROUTE_OPTIONS, (request, reply) =>
    answerCached(
      request,
      reply,
      shop.productReply(parsePolledQuery(productQuery, request).id),
      CATALOGUE_CACHE_CONTROL,
    ),
  );
}
