import {
  addUserGuessBody,
  colourChainsQuery,
  colourFairnessQuery,
  colourHistoryQuery,
  colourListQuery,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../../http/auth-guard.ts';
import { type PublicReadAnswers, registerPublicRead } from '../../../http/public-read-answers.ts';
import { requireEarlyAccess } from '../../../http/user-access-guard.ts';
import { parseInput } from '../../../http/validation.ts';
import { idempotencyRoute, readIdempotencyKey } from '../../idempotency/idempotency.header.ts';
import type { ColourGameService } from './colour-game.service.ts';
import { COLOUR_HISTORY_CACHE_CONTROL, type ColourHistoryService } from './colour-history.service.ts';

/**
 * The colour game calls of spec 02 §7 "Guess games", plus GET /win/fairness (issue 7) and the published
 * chain commitments, GET /win/fairness/chains (DESIGN.md §3 "Fairness"). Every authenticated call is a
 * game screen's and needs early access (spec 02 §6); the public history and the fairness answers do not.
 */
export function registerColourRoutes(
  app: FastifyInstance,
  {
    authGuard,
    game,
    history,
    publicReadAnswers,
  }: {
    authGuard: AuthGuard;
    game: ColourGameService;
    history: ColourHistoryService;
    publicReadAnswers: PublicReadAnswers;
  },
): void {
  const gameGuards = [authGuard, requireEarlyAccess];
  app.post('/win/add_user_guess', { preHandler: gameGuards }, (request) => {
    const body = parseInput(addUserGuessBody, request.body);
    return game.addGuess(currentUser(request).userId, body, {
      key: readIdempotencyKey(request),
      route: idempotencyRoute(request),
    });
  });
  app.get('/win/next_period_info', { preHandler: gameGuards }, (request) =>
    game.nextPeriodInfo(currentUser(request).userId),
  );
  // The same for everyone: answered from the serialized reply of this second, or 304.
  registerPublicRead(app, publicReadAnswers, '/win/next_period_info_noauth', {
    query: colourHistoryQuery,
    cacheControl: COLOUR_HISTORY_CACHE_CONTROL,
    reply: (query) => history.reply(query.category),
  });
  app.get('/win/guesses', { preHandler: gameGuards }, (request) =>
    game.guesses(parseInput(colourListQuery, request.query)),
  );
  app.get('/win/my_guesses', { preHandler: gameGuards }, (request) =>
    game.myGuesses(currentUser(request).userId, parseInput(colourListQuery, request.query)),
  );
  app.get('/win/fairness', (request) => {
    const query = parseInput(colourFairnessQuery, request.query);
    return game.fairness(query.category, query.period);
  });
  app.get('/win/fairness/chains', (request) =>
    game.chainCommitments(parseInput(colourChainsQuery, request.query).category),
  );
}
