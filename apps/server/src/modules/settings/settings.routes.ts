import { settingParams } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { OperatorGuard } from '../../http/operator-guard.ts';
import { parseInput } from '../../http/validation.ts';
import { ADMIN_TOKEN_OPERATOR } from '../wallet/wallet.routes.ts';
import type { SettingsOperatorService } from './settings-operator.service.ts';

/** GET /admin/api/settings and PUT /admin/api/settings/:key {value} (Bearer ADMIN_TOKEN). */
export function registerSettingsOperatorRoutes(
  app: FastifyInstance,
  { operatorGuard, operator }: { operatorGuard: OperatorGuard; operator: SettingsOperatorService },
): void {
  app.get('/admin/api/settings', { preHandler: operatorGuard }, () => operator.list());
  app.put('/admin/api/settings/:key', { preHandler: operatorGuard }, (request) => {
    const { key } = parseInput(settingParams, request.params);
    return operator.update(key, request.body, { operator: ADMIN_TOKEN_OPERATOR, ip: request.ip });
  });
}
