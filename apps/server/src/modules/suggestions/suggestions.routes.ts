import {
  addSuggestionBody,
  adminSuggestionListQuery,
  adminSuggestionParams,
  adminSuggestionReplyBody,
  suggestionListQuery,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { createAuditedOperatorGuard } from '../../http/operator-guard.ts';
import { parseInput } from '../../http/validation.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import { ADMIN_TOKEN_ACTOR } from '../shop/shop-audit.ts';
import type { SuggestionsService } from './suggestions.service.ts';

/** Support tickets: the player's list and form, the operator's list, reply and close. */
export function registerSuggestionRoutes(
  app: FastifyInstance,
  suggestions: SuggestionsService,
  options: { authGuard: AuthGuard; audit: AuditLog; adminToken: string | undefined },
): void {
  const { authGuard } = options;
  const operatorGuard = createAuditedOperatorGuard(options.adminToken, options.audit);
  app.get('/user/suggestions', { preHandler: authGuard }, (request) =>
    suggestions.list(currentUser(request).userId, parseInput(suggestionListQuery, request.query)),
  );
  app.post('/user/add_suggestion', { preHandler: authGuard }, (request) =>
    suggestions.add(currentUser(request).userId, parseInput(addSuggestionBody, request.body)),
  );
  app.get('/admin/api/suggestions', { preHandler: operatorGuard }, (request) =>
    suggestions.adminList(parseInput(adminSuggestionListQuery, request.query)),
  );
  app.post('/admin/api/suggestions/:id/reply', { preHandler: operatorGuard }, (request) => {
    const { id } = parseInput(adminSuggestionParams, request.params);
    const { reply } = parseInput(adminSuggestionReplyBody, request.body);
    return suggestions.adminResolve(id, reply, { operator: ADMIN_TOKEN_ACTOR, ip: request.ip });
  });
  app.post('/admin/api/suggestions/:id/close', { preHandler: operatorGuard }, (request) =>
    suggestions.adminResolve(parseInput(adminSuggestionParams, request.params).id, undefined, {
      operator: ADMIN_TOKEN_ACTOR,
      ip: request.ip,
    }),
  );
}
