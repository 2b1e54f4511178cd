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
import { currentOperator, operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { replyWithCode } from '../../http/reply-with-code.ts';
import { parseInput } from '../../http/validation.ts';
import type { GiftsService } from './gifts.service.ts';

/** Gift codes and gift events: the player's calls and the operator's. */
export function registerGiftRoutes(
  app: FastifyInstance,
  services: { gifts: GiftsService; authGuard: AuthGuard },
): void {
  const { gifts, authGuard } = services;
  app.post('/mana/receive_red_packet', { preHandler: authGuard }, (request) =>
    gifts.receiveRedPacket(
      currentUser(request).userId,
      parseInput(receiveRedPacketBody, request.body),
      request.ip,
    ),
  );
  app.get('/user/gift_events', { preHandler: authGuard }, (request) =>
    gifts.events(currentUser(request).userId),
  );
  app.post('/user/join_gift_event', { preHandler: authGuard }, (request) =>
    gifts.join(currentUser(request).userId, parseInput(joinGiftEventBody, request.body).id),
  );

  app.post('/admin/api/gift-codes', operatorRoute('support'), async (request, reply) =>
    replyWithCode(
      reply,
      await gifts.createCode(
        parseInput(adminCreateGiftCodeBody, request.body),
        currentOperator(request),
        request.ip,
      ),
    ),
  );
  app.get('/admin/api/gift-codes', operatorRoute('support'), (request) =>
    gifts.listCodes(parseInput(adminGiftCodeListQuery, request.query)),
  );
  app.post('/admin/api/gift-codes/:id/disable', operatorRoute('support'), (request) =>
    gifts.disableCode(parseInput(adminGiftCodeParams, request.params).id, operatorActor(request)),
  );
  app.get('/admin/api/gift-codes/:id/claims', operatorRoute('support'), (request) =>
    gifts.claims(
      parseInput(adminGiftCodeParams, request.params).id,
      parseInput(paginationQuery, request.query),
    ),
  );
  app.get('/admin/api/gift-events', operatorRoute('support'), (request) =>
    gifts.roundsReport(parseInput(adminGiftEventListQuery, request.query)),
  );
}
