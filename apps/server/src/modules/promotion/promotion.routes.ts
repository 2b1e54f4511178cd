import {
  addProfitTransferBody,
  adminProfitTransferListQuery,
  adminProfitTransferParams,
  adminProfitTransferRefuseBody,
  profitTransferListQuery,
  promotionLevelQuery,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { PromotionService } from './promotion.service.ts';

/** The player's promotion calls (spec 02 §7) and the operator's profit-transfer calls. */
export function registerPromotionRoutes(
  app: FastifyInstance,
  services: { promotion: PromotionService; authGuard: AuthGuard },
): void {
  const { promotion, authGuard } = services;
  app.get('/user/my_promotion_info', { preHandler: authGuard }, (request) =>
    promotion.info(currentUser(request).userId),
  );
  app.get('/user/profit_transactions', { preHandler: authGuard }, (request) =>
    promotion.bonuses(currentUser(request).userId, parseInput(promotionLevelQuery, request.query)),
  );
  app.get('/user/promotion_users', { preHandler: authGuard }, (request) =>
    promotion.referredUsers(currentUser(request).userId, parseInput(promotionLevelQuery, request.query)),
  );
  app.get('/user/profit_transfers', { preHandler: authGuard }, (request) =>
    promotion.profitTransfers(
      currentUser(request).userId,
      parseInput(profitTransferListQuery, request.query),
    ),
  );
  app.post('/user/add_profit_transfer', { preHandler: authGuard }, (request) =>
    promotion.apply(currentUser(request).userId, parseInput(addProfitTransferBody, request.body)),
  );

  app.get('/admin/api/profit-transfers', operatorRoute('finance'), (request) =>
    promotion.adminList(parseInput(adminProfitTransferListQuery, request.query)),
  );
  app.post('/admin/api/profit-transfers/:id/complete', operatorRoute('finance'), (request) =>
    promotion.adminComplete(parseInput(adminProfitTransferParams, request.params).id, operatorActor(request)),
  );
  app.post('/admin/api/profit-transfers/:id/refuse', operatorRoute('finance'), (request) => {
    const { id } = parseInput(adminProfitTransferParams, request.params);
    const { reason } = parseInput(adminProfitTransferRefuseBody, request.body);
    return promotion.adminRefuse(id, reason, operatorActor(request));
  });
}
