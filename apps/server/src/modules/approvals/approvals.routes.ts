import {
  alertListQuery,
  alertParams,
  approvalListQuery,
  approvalParams,
  operatorReasonBody,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { currentOperator, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { AlertService } from './alerts.service.ts';
import type { ApprovalService } from './approvals.service.ts';

/**
 * The approval queue and the alert list under /admin/api. Every operator role reaches the queue (owner and
 * auditor included by operatorRoute's rules); whether one may decide a given request is the request's own
 * rule (ApprovalService), since each kind names its approver roles.
 */
export function registerApprovalRoutes(
  app: FastifyInstance,
  { approvals, alerts }: { approvals: ApprovalService; alerts: AlertService },
): void {
  const anyRole = operatorRoute('finance', 'support', 'content');
  app.get('/admin/api/approvals', anyRole, (request) =>
    approvals.list(parseInput(approvalListQuery, request.query), currentOperator(request)),
  );
  app.get('/admin/api/approvals/:id', anyRole, (request) =>
    approvals.get(parseInput(approvalParams, request.params).id, currentOperator(request)),
  );
  app.post('/admin/api/approvals/:id/approve', anyRole, (request) =>
    approvals.approve(
      parseInput(approvalParams, request.params).id,
      currentOperator(request),
      parseInput(operatorReasonBody, request.body).reason,
    ),
  );
  app.post('/admin/api/approvals/:id/refuse', anyRole, (request) =>
    approvals.refuse(
      parseInput(approvalParams, request.params).id,
      currentOperator(request),
      parseInput(operatorReasonBody, request.body).reason,
    ),
  );
  app.post('/admin/api/approvals/:id/cancel', anyRole, (request) =>
    approvals.cancel(
      parseInput(approvalParams, request.params).id,
      currentOperator(request),
      parseInput(operatorReasonBody, request.body).reason,
    ),
  );
  app.get('/admin/api/alerts', anyRole, (request) => alerts.list(parseInput(alertListQuery, request.query)));
  app.post('/admin/api/alerts/:id/acknowledge', operatorRoute('finance', 'support'), (request) =>
    alerts.acknowledge(
      parseInput(alertParams, request.params).id,
      currentOperator(request),
      parseInput(operatorReasonBody, request.body).reason,
    ),
  );
}
