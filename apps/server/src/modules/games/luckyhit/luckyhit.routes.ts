import { adminLuckyHitRoundsQuery, luckyHitRoundDetailQuery, luckyHitUserRecordsQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../../http/auth-guard.ts';
import { operatorRoute } from '../../../http/operator-access.ts';
import { requireEarlyAccess } from '../../../http/user-access-guard.ts';
import { parseInput } from '../../../http/validation.ts';
import type { LuckyHitGameService } from './luckyhit-game.service.ts';

/**
 * Lucky Hit's HTTP calls (spec 02 §7 "Lucky Hit"): the player's records, a dealt round's detail for the
 * Verify action, and the operator's list of settled rounds. Bets travel over the socket (cmd 3015).
 */
export function registerLuckyHitRoutes(
  app: FastifyInstance,
  { authGuard, game }: { authGuard: AuthGuard; game: LuckyHitGameService },
): void {
  // Early-access players only (spec 02 §6), from the flag read with the session.
  const playerGuards = [authGuard, requireEarlyAccess];
  app.get('/luckyhit/user_records', { preHandler: playerGuards }, (request) =>
    game.userRecords(currentUser(request).userId, parseInput(luckyHitUserRecordsQuery, request.query)),
  );
  app.get('/luckyhit/round_detail', { preHandler: playerGuards }, (request) =>
    game.roundDetail(parseInput(luckyHitRoundDetailQuery, request.query).period),
  );
  app.get('/admin/api/luckyhit/rounds', operatorRoute('finance', 'content'), (request) =>
    game.operatorRounds(parseInput(adminLuckyHitRoundsQuery, request.query)),
  );
}
