import { dashboardQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { operatorActor, operatorRoute, signedInOperatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The dashboard (finance reads it), the queue counts of the menu (every operator) and the ledger check. */
export function registerDashboardRoutes(
  app: FastifyInstance,
  { dashboard }: { dashboard: DashboardService },
): void {
  app.get('/admin/api/dashboard', operatorRoute('finance'), (request) =>
    dashboard.dashboard(parseInput(dashboardQuery, request.query)),
  );
  app.get('/admin/api/queues', signedInOperatorRoute, async () => ({
    code: 200,
    queues: await dashboard.queueStatus(),
  }));
  app.post('/admin/api/ledger/check', operatorRoute('finance'), (request) =>
    dashboard.runLedgerCheck(operatorActor(request)),
  );
}
