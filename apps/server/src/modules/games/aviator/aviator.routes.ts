import { aviatorRoundDetailQuery, aviatorUserRecordsQuery, paginationQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../../http/auth-guard.ts';
import { operatorRoute } from '../../../http/operator-access.ts';
import { parseInput } from '../../../http/validation.ts';
import type { AviatorGameService } from './aviator-game.service.ts';

/** The crash game's calls of spec 02 §7 "Aviator" and the operator's round list. */
export function registerAviatorRoutes(
  app: FastifyInstance,
  { authGuard, game }: { authGuard: AuthGuard; game: AviatorGameService },
): void {
  app.get('/aviator/user_records', { preHandler: authGuard }, (request) =>
    game.userRecords(currentUser(request).userId, parseInput(aviatorUserRecordsQuery, request.query)),
  );
  app.get('/aviator/round_detail', { preHandler: authGuard }, (request) =>
    game.roundDetail(currentUser(request).userId, parseInput(aviatorRoundDetailQuery, request.query).period),
  );
  app.get('/admin/api/aviator/rounds', operatorRoute('finance', 'content'), (request) =>
    game.operatorRounds(parseInput(paginationQuery, request.query)),
  );
}
