import { settingParams } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { currentOperator, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import type { SettingsOperatorService } from './settings-operator.service.ts';

/**
 * GET /admin/api/settings and PUT /admin/api/settings/:key {value}: content and finance reach the route; each
 * key then needs its own role (settingRole).
 */
export function registerSettingsOperatorRoutes(
  app: FastifyInstance,
  { operator }: { operator: SettingsOperatorService },
): void {
  app.get('/admin/api/settings', operatorRoute('content', 'finance'), () => operator.list());
  app.put('/admin/api/settings/:key', operatorRoute('content', 'finance'), (request) => {
    const { key } = parseInput(settingParams, request.params);
    return operator.update(key, request.body, currentOperator(request), request.ip);
  });
}
