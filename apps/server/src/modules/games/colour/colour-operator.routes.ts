import { adminColourPeriodsQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { OperatorGuard } from '../../../http/operator-guard.ts';
import { parseInput } from '../../../http/validation.ts';
import type { ColourOperatorService } from './colour-operator.service.ts';

/** The colour game's operator API under /admin/api (Bearer ADMIN_TOKEN). */
export function registerColourOperatorRoutes(
  app: FastifyInstance,
  { operatorGuard, operator }: { operatorGuard: OperatorGuard; operator: ColourOperatorService },
): void {
  app.get('/admin/api/colour/periods', { preHandler: operatorGuard }, (request) =>
    operator.listPeriods(parseInput(adminColourPeriodsQuery, request.query)),
  );
}
