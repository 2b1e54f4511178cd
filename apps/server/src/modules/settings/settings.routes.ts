import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OperatorGuard } from '../../http/operator-guard.ts';
import { parseInput } from '../../http/validation.ts';
import { ADMIN_TOKEN_OPERATOR } from '../wallet/wallet.routes.ts';
import type { SettingsOperatorService } from './settings-operator.service.ts';

/** The longest setting key the route accepts; every real key is far shorter. */
const SETTING_KEY_MAX_LENGTH = 64;

const settingParams = z.object({
  key: z
    .string()
    .min(1, 'key is required')
    .max(SETTING_KEY_MAX_LENGTH, `key must be at most ${SETTING_KEY_MAX_LENGTH} characters`),
});

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
