import { adminColourPeriodsQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { operatorRoute } from '../../../http/operator-access.ts';
import { parseInput } from '../../../http/validation.ts';
import type { ColourOperatorService } from './colour-operator.service.ts';

/** The colour game's operator API under /admin/api (finance and content read it). */
export function registerColourOperatorRoutes(
  app: FastifyInstance,
  { operator }: { operator: ColourOperatorService },
): void {
  app.get('/admin/api/colour/periods', operatorRoute('finance', 'content'), (request) =>
    operator.listPeriods(parseInput(adminColourPeriodsQuery, request.query)),
  );
}
