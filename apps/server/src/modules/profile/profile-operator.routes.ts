import {
  type MarketCode,
  operatorUserFlagsBody,
  operatorUserListQuery,
  operatorUserParams,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { OperatorGuard } from '../../http/operator-guard.ts';
import { parseInput } from '../../http/validation.ts';
import { ADMIN_TOKEN_ACTOR } from '../shop/shop-audit.ts';
import type { ProfileOperatorService } from './profile-operator.service.ts';

export interface ProfileOperatorRouteServices {
  operatorGuard: OperatorGuard;
  operator: ProfileOperatorService;
  /** The market whose mobile prefix the `mobile` filter is normalised with, as login does. */
  market: MarketCode;
}

/**
 * GET /admin/api/users, GET /admin/api/users/:id and PUT /admin/api/users/:id/flags (Bearer ADMIN_TOKEN):
 * the operator finds accounts and grants or withdraws early access, transfers and the gift entry.
 */
export function registerProfileOperatorRoutes(
  app: FastifyInstance,
  { operatorGuard, operator, market }: ProfileOperatorRouteServices,
): void {
  const listQuery = operatorUserListQuery(market);
  app.get('/admin/api/users', { preHandler: operatorGuard }, (request) =>
    operator.list(parseInput(listQuery, request.query)),
  );
  app.get('/admin/api/users/:id', { preHandler: operatorGuard }, (request) =>
    operator.get(parseInput(operatorUserParams, request.params).id),
  );
  app.put('/admin/api/users/:id/flags', { preHandler: operatorGuard }, (request) => {
    const { id } = parseInput(operatorUserParams, request.params);
    const flags = parseInput(operatorUserFlagsBody, request.body);
    return operator.changeFlags(id, flags, { operator: ADMIN_TOKEN_ACTOR, ip: request.ip });
  });
}
