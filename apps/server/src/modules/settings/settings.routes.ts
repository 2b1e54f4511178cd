import { settingParams } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { currentOperator, operatorRoute } from '../../http/operator-access.ts';
import { replyWithCode } from '../../http/reply-with-code.ts';
import { parseInput } from '../../http/validation.ts';
import type { SettingsOperatorService } from './settings-operator.service.ts';

/**
 * GET /admin/api/settings and PUT /admin/api/settings/:key {value}: content and finance reach the route; each
 * key then needs its own role (settingRole). A change that loosens a money control answers 202: it waits for a
 * second operator's approval.
 */
export function registerSettingsOperatorRoutes(
  app: FastifyInstance,
  { operator }: { operator: SettingsOperatorService },
): void {
  app.get('/admin/api/settings', operatorRoute('content', 'finance'), () => operator.list());
  app.put('/admin/api/settings/:key', operatorRoute('content', 'finance'), async (request, reply) => {
    const { key } = parseInput(settingParams, request.params);
    return replyWithCode(
      reply,
      await operator.update(key, request.body, currentOperator(request), request.ip),
    );
  });
}
