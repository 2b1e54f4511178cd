import { aviatorRoundDetailQuery, aviatorUserRecordsQuery, paginationQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../../http/auth-guard.ts';
import { operatorRoute } from '../../../http/operator-access.ts';
import { requireEarlyAccess } from '../../../http/user-access-guard.ts';
import { parseInput } from '../../../http/validation.ts';
import type { AviatorGameService } from './aviator-game.service.ts';

/** The crash game's calls of spec 02 §7 "Aviator" and the operator's round list. */
export function registerAviatorRoutes(
  app: FastifyInstance,
  { authGuard, game }: { authGuard: AuthGuard; game: AviatorGameService },
): void {
  // Early-access players only (spec 02 §6), from the flag read with the session.
  const playerGuards = [authGuard, requireEarlyAccess];
  app.get('/aviator/user_records', { preHandler: playerGuards }, (request) =>
    game.userRecords(currentUser(request).userId, parseInput(aviatorUserRecordsQuery, request.query)),
  );
  app.get('/aviator/round_detail', { preHandler: playerGuards }, (request) =>
    game.roundDetail(parseInput(aviatorRoundDetailQuery, request.query).period),
  );
  app.get('/admin/api/aviator/rounds', operatorRoute('finance', 'content'), (request) =>
    game.operatorRounds(parseInput(paginationQuery, request.query)),
  );
}
