import {
  adminCreateGiftCodeBody,
  adminGiftCodeListQuery,
  adminGiftCodeParams,
  adminGiftEventListQuery,
  joinGiftEventBody,
  paginationQuery,
  receiveRedPacketBody,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import type { OperatorGuard } from '../../http/operator-guard.ts';
import { parseInput } from '../../http/validation.ts';
import { ADMIN_TOKEN_ACTOR } from '../shop/shop-audit.ts';
import type { GiftsService } from './gifts.service.ts';

/** Gift codes and gift events: the player's calls and the operator's. */
export function registerGiftRoutes(
  app: FastifyInstance,
  services: { gifts: GiftsService; authGuard: AuthGuard; operatorGuard: OperatorGuard },
): void {
  const { gifts, authGuard, operatorGuard } = services;
  app.post('/mana/receive_red_packet', { preHandler: authGuard }, (request) =>
    gifts.receiveRedPacket(currentUser(request).userId, parseInput(receiveRedPacketBody, request.body)),
  );
  app.get('/user/gift_events', { preHandler: authGuard }, (request) =>
    gifts.events(currentUser(request).userId),
  );
  app.post('/user/join_gift_event', { preHandler: authGuard }, (request) =>
    gifts.join(currentUser(request).userId, parseInput(joinGiftEventBody, request.body).id),
  );

  const operator = (ip: string) => ({ operator: ADMIN_TOKEN_ACTOR, ip });
  app.post('/admin/api/gift-codes', { preHandler: operatorGuard }, (request) =>
    gifts.createCode(parseInput(adminCreateGiftCodeBody, request.body), operator(request.ip)),
  );
  app.get('/admin/api/gift-codes', { preHandler: operatorGuard }, (request) =>
    gifts.listCodes(parseInput(adminGiftCodeListQuery, request.query)),
  );
  app.post('/admin/api/gift-codes/:id/disable', { preHandler: operatorGuard }, (request) =>
    gifts.disableCode(parseInput(adminGiftCodeParams, request.params).id, operator(request.ip)),
  );
  app.get('/admin/api/gift-codes/:id/claims', { preHandler: operatorGuard }, (request) =>
    gifts.claims(
      parseInput(adminGiftCodeParams, request.params).id,
      parseInput(paginationQuery, request.query),
    ),
  );
  app.get('/admin/api/gift-events', { preHandler: operatorGuard }, (request) =>
    gifts.roundsReport(parseInput(adminGiftEventListQuery, request.query)),
  );
}
