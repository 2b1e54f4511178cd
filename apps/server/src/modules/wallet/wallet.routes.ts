import {
  addRechargeBody,
  adminRechargeListQuery,
  adminRechargeParams,
  adminRejectBody,
  channelListQuery,
  operatorReasonBody,
  rechargeBySnQuery,
  rechargeListQuery,
  rechargeReturnBody,
  submitUtrBody,
  transferToBody,
} from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { currentOperator, operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import { idempotencyRoute, readIdempotencyKey } from '../idempotency/idempotency.header.ts';
import type { PaymentChannelService } from './payment-channel.service.ts';
import type { IdempotencyScope, RechargeService } from './recharge.service.ts';
import type { RechargeOperatorService } from './recharge-operator.service.ts';
import type { RechargeWebhookService } from './recharge-webhook.service.ts';
import type { TransferService } from './transfer.service.ts';

/** The operator recorded in audit rows until the console brings operator accounts. */
export const ADMIN_TOKEN_OPERATOR = 'admin_token';

/** The Idempotency-Key of a request and the route it is scoped to. */
function idempotencyScope(request: FastifyRequest): IdempotencyScope {
  return { key: readIdempotencyKey(request), route: idempotencyRoute(request) };
}

/** The withdrawal channels of a user (the withdrawals module), listed by the same call as pay channels. */
export interface WithdrawalChannelLister {
  list(userId: number): Promise<unknown>;
}

export interface WalletRouteServices {
  authGuard: AuthGuard;
  channels: PaymentChannelService;
  withdrawalChannels?: WithdrawalChannelLister;
  recharges: RechargeService;
  transfers: TransferService;
}

/** The player's wallet-in calls (spec 01 §7, spec 02 §7) and the transfer (spec 02 "Transfer"). */
export function registerWalletRoutes(app: FastifyInstance, services: WalletRouteServices): void {
  const { authGuard, channels, recharges, transfers, withdrawalChannels } = services;
  app.get('/user/channels', { preHandler: authGuard }, (request) => {
    // type=withdrawal belongs to the withdrawals module (spec 02 §7); every other value is a pay type.
    const type = (request.query as { type?: unknown } | undefined)?.type;
    if (type === 'withdrawal' && withdrawalChannels)
      return withdrawalChannels.list(currentUser(request).userId);
    return channels.list(parseInput(channelListQuery, request.query).type);
  });
  app.post('/user/add_recharge', { preHandler: authGuard }, (request) => {
    const body = parseInput(addRechargeBody, request.body);
    return recharges.create(currentUser(request).userId, body, idempotencyScope(request));
  });
  app.get('/user/recharges', { preHandler: authGuard }, (request) =>
    recharges.list(currentUser(request).userId, parseInput(rechargeListQuery, request.query)),
  );
  app.get('/user/query_recharge_by_sn', { preHandler: authGuard }, (request) =>
    recharges.bySerialNumber(currentUser(request).userId, parseInput(rechargeBySnQuery, request.query).sn),
  );
  app.post('/user/submit_utr_to_recharge', { preHandler: authGuard }, (request) => {
    const body = parseInput(submitUtrBody, request.body);
    return recharges.submitUtr(currentUser(request).userId, body, idempotencyScope(request), request.ip);
  });
  app.post('/user/recharge_return', { preHandler: authGuard }, (request) =>
    recharges.clientReturn(currentUser(request).userId, parseInput(rechargeReturnBody, request.body)),
  );
  app.post('/user/transfer_to', { preHandler: authGuard }, (request) => {
    const body = parseInput(transferToBody, request.body);
    return transfers.transfer(currentUser(request).userId, body, idempotencyScope(request), request.ip);
  });
}

/**
 * POST /webhooks/<channel key>: gateways' webhooks. They are registered in their own scope whose only body
 * parser keeps the raw bytes, because signatures are computed over the body exactly as it was sent.
 */
export async function registerWebhookRoutes(
  app: FastifyInstance,
  webhooks: RechargeWebhookService,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { channelKey: string } }>('/webhooks/:channelKey', async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await webhooks.receive(request.params.channelKey, { rawBody, headers: request.headers });
      return reply.code(answer.statusCode).send(answer.body);
    });
  });
}

/** The operator API of manual UPI recharges (DESIGN.md "Operator API and development endpoints"). */
export function registerRechargeOperatorRoutes(
  app: FastifyInstance,
  services: { operator: RechargeOperatorService },
): void {
  const { operator } = services;
  app.get('/admin/api/recharges', operatorRoute('finance'), (request) =>
    operator.listAwaiting(parseInput(adminRechargeListQuery, request.query)),
  );
  app.post('/admin/api/recharges/:sn/confirm', operatorRoute('finance'), (request) => {
    const { sn } = parseInput(adminRechargeParams, request.params);
    const { reason } = parseInput(operatorReasonBody, request.body);
    return operator.confirm(sn, reason, currentOperator(request), request.ip);
  });
  app.post('/admin/api/recharges/:sn/reject', operatorRoute('finance'), (request) => {
    const { sn } = parseInput(adminRechargeParams, request.params);
    const { reason } = parseInput(adminRejectBody, request.body);
    return operator.reject(sn, reason, operatorActor(request));
  });
}
