import { createAccountSchemas, type MarketCode } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { parseInput } from '../../http/validation.ts';
import type { AccountService } from './accounts.service.ts';

export interface AccountRouteServices {
  accounts: AccountService;
  authGuard: AuthGuard;
}

/** The account calls of spec 01 §7: codes, register, login, reset and logout. */
export function registerAccountRoutes(
  app: FastifyInstance,
  services: AccountRouteServices,
  market: MarketCode,
): void {
  const { accounts, authGuard } = services;
  const schemas = createAccountSchemas(market);

  app.post('/user/send_verify_code', async (request, reply) => {
    const body = parseInput(schemas.sendVerifyCode, request.body);
    // Only the bank card code belongs to a logged-in user; the other two are asked for before an account exists.
    if (body.verify_type === 'edit_bankcard') await authGuard(request, reply);
    return accounts.sendVerifyCode(body, request.ip, request.authUser);
  });
  app.post('/user/register', (request) =>
    accounts.register(parseInput(schemas.register, request.body), request.ip),
  );
  app.post('/user/login', (request) => accounts.login(parseInput(schemas.login, request.body), request.ip));
  app.put('/user/reset_password', (request) =>
    accounts.resetPassword(parseInput(schemas.resetPassword, request.body), request.ip),
  );
  app.post('/user/logout', { preHandler: authGuard }, (request) =>
    accounts.logout(currentUser(request), request.ip),
  );
}
