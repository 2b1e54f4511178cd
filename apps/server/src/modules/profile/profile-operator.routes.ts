import {
  type MarketCode,
  operatorReasonBody,
  operatorUserFlagsBody,
  operatorUserListQuery,
  operatorUserParams,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { ProfileOperatorService } from './profile-operator.service.ts';

export interface ProfileOperatorRouteServices {
  operator: ProfileOperatorService;
  /** The market whose mobile prefix the `mobile` filter is normalised with, as login does. */
  market: MarketCode;
}

/**
 * GET /admin/api/users, GET /admin/api/users/:id and PUT /admin/api/users/:id/flags (support; finance reads):
 * the operator finds accounts and grants or withdraws early access, transfers and the gift entry.
 */
export function registerProfileOperatorRoutes(
  app: FastifyInstance,
  { operator, market }: ProfileOperatorRouteServices,
): void {
  const listQuery = operatorUserListQuery(market);
  app.get('/admin/api/users', operatorRoute('support', 'finance'), (request) =>
    operator.list(parseInput(listQuery, request.query)),
  );
  app.get('/admin/api/users/:id', operatorRoute('support', 'finance'), (request) =>
    operator.get(parseInput(operatorUserParams, request.params).id),
  );
  app.put('/admin/api/users/:id/flags', operatorRoute('support'), (request) => {
    const { id } = parseInput(operatorUserParams, request.params);
    const flags = parseInput(operatorUserFlagsBody, request.body);
    return operator.changeFlags(id, flags, operatorActor(request));
  });
  app.post('/admin/api/users/:id/suspend', operatorRoute('support'), (request) => {
    const { id } = parseInput(operatorUserParams, request.params);
    const { reason } = parseInput(operatorReasonBody, request.body);
    return operator.suspend(id, reason, operatorActor(request));
  });
  app.post('/admin/api/users/:id/unsuspend', operatorRoute('support'), (request) => {
    const { id } = parseInput(operatorUserParams, request.params);
    const { reason } = parseInput(operatorReasonBody, request.body);
    return operator.unsuspend(id, reason, operatorActor(request));
  });
}
