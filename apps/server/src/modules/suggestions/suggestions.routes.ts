import {
  addSuggestionBody,
  adminSuggestionListQuery,
  adminSuggestionParams,
  adminSuggestionReplyBody,
  suggestionListQuery,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { SuggestionsService } from './suggestions.service.ts';

/** Support tickets: the player's list and form, the operator's list, reply and close. */
export function registerSuggestionRoutes(
  app: FastifyInstance,
  suggestions: SuggestionsService,
  options: { authGuard: AuthGuard },
): void {
  const { authGuard } = options;
  app.get('/user/suggestions', { preHandler: authGuard }, (request) =>
    suggestions.list(currentUser(request).userId, parseInput(suggestionListQuery, request.query)),
  );
  app.post('/user/add_suggestion', { preHandler: authGuard }, (request) =>
    suggestions.add(currentUser(request).userId, parseInput(addSuggestionBody, request.body)),
  );
  app.get('/admin/api/suggestions', operatorRoute('support'), (request) =>
    suggestions.adminList(parseInput(adminSuggestionListQuery, request.query)),
  );
  app.post('/admin/api/suggestions/:id/reply', operatorRoute('support'), (request) => {
    const { id } = parseInput(adminSuggestionParams, request.params);
    const { reply } = parseInput(adminSuggestionReplyBody, request.body);
    return suggestions.adminResolve(id, reply, operatorActor(request));
  });
  app.post('/admin/api/suggestions/:id/close', operatorRoute('support'), (request) =>
    suggestions.adminResolve(
      parseInput(adminSuggestionParams, request.params).id,
      undefined,
      operatorActor(request),
    ),
  );
}
