import {
  auditLogQuery,
  createOperatorBody,
  OperatorMessage,
  operatorEnrolBody,
  operatorIdParams,
  operatorListQuery,
  operatorLoginBody,
  operatorSessionParams,
  updateOperatorBody,
} from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  currentOperator,
  operatorRoute,
  publicOperatorRoute,
  signedInOperatorRoute,
} from '../../http/operator-access.ts';
import { replyWithCode } from '../../http/reply-with-code.ts';
import { parseInput } from '../../http/validation.ts';
import type { AuditSearchService } from './audit-search.service.ts';
import type { OperatorChangesService } from './operator-changes.service.ts';
import type { LoginOrigin, OperatorService } from './operators.service.ts';

function originOf(request: FastifyRequest): LoginOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** Operator login with TOTP, the operator's own session, operator accounts (owner) and the audit search. */
export function registerOperatorRoutes(
  app: FastifyInstance,
  {
    operators,
    changes,
    auditSearch,
  }: { operators: OperatorService; changes: OperatorChangesService; auditSearch: AuditSearchService },
): void {
  app.post('/admin/api/auth/login', publicOperatorRoute, (request) =>
    operators.login(parseInput(operatorLoginBody, request.body), originOf(request)),
  );
  app.post('/admin/api/auth/enrol', publicOperatorRoute, (request) =>
    operators.finishEnrolment(parseInput(operatorEnrolBody, request.body), originOf(request)),
  );
  app.get('/admin/api/auth/me', signedInOperatorRoute, async (request) => {
    const principal = currentOperator(request);
    return { code: 200, operator: await operators.me(principal), via: principal.via };
  });
  app.post('/admin/api/auth/logout', signedInOperatorRoute, async (request) => {
    await operators.logout(currentOperator(request), request.ip);
    return { code: 200, msg: OperatorMessage.loggedOut };
  });

  app.get('/admin/api/operators', operatorRoute('owner'), (request) =>
    operators.list(parseInput(operatorListQuery, request.query)),
  );
  app.post('/admin/api/operators', operatorRoute('owner'), async (request, reply) =>
    replyWithCode(
      reply,
      await changes.create(
        parseInput(createOperatorBody, request.body),
        currentOperator(request),
        request.ip,
      ),
    ),
  );
  app.put('/admin/api/operators/:id', operatorRoute('owner'), async (request, reply) => {
    const { id } = parseInput(operatorIdParams, request.params);
    const body = parseInput(updateOperatorBody, request.body);
    return replyWithCode(reply, await changes.update(id, body, currentOperator(request), request.ip));
  });
  app.get('/admin/api/operators/sessions', operatorRoute('owner'), (request) =>
    operators.listSessions(currentOperator(request)),
  );
  app.post('/admin/api/operators/sessions/:id/revoke', operatorRoute('owner'), async (request) => {
    const { id } = parseInput(operatorSessionParams, request.params);
    await operators.revokeSession(id, currentOperator(request), request.ip);
    return { code: 200, msg: OperatorMessage.saved };
  });

  app.get('/admin/api/audit', operatorRoute('finance', 'support'), (request) =>
    auditSearch.search(parseInput(auditLogQuery, request.query)),
  );
}
