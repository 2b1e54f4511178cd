import {
  addWithdrawalBody,
  adminWithdrawalListQuery,
  adminWithdrawalParams,
  adminWithdrawalRejectBody,
  bankCardQuery,
  deleteBankCardBody,
  editBankCardBody,
  type MarketCode,
  operatorReasonBody,
  withdrawalListQuery,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { operatorActor, operatorRoute } from '../../http/operator-access.ts';
import { parseInput } from '../../http/validation.ts';
import { idempotencyRoute, readIdempotencyKey } from '../idempotency/idempotency.header.ts';
import type { BankCardService } from './bank-cards.service.ts';
import type { WithdrawalOperatorService } from './withdrawal-operator.service.ts';
import type { WithdrawalService } from './withdrawals.service.ts';

/** The operator recorded in audit rows until the console brings operator accounts. */
export const ADMIN_TOKEN_OPERATOR = 'admin_token';

/** The bank card calls of spec 01 §7 (the card form follows MARKET); all need a logged-in user. */
export function registerBankCardRoutes(
  app: FastifyInstance,
  { authGuard, cards, market }: { authGuard: AuthGuard; cards: BankCardService; market: MarketCode },
): void {
  const cardBody = editBankCardBody(market);
  app.get('/user/bank_cards', { preHandler: authGuard }, (request) =>
    cards.list(currentUser(request).userId),
  );
  app.get('/user/bank_card', { preHandler: authGuard }, (request) =>
    cards.get(currentUser(request).userId, parseInput(bankCardQuery, request.query).id),
  );
  app.post('/user/edit_bank_card', { preHandler: authGuard }, (request) =>
    cards.save(currentUser(request).userId, parseInput(cardBody, request.body), request.ip),
  );
  app.put('/user/delete_bank_card', { preHandler: authGuard }, (request) =>
    cards.delete(currentUser(request).userId, parseInput(deleteBankCardBody, request.body).id, request.ip),
  );
}

/** The withdrawal calls of spec 02 §7 (the channel list lives on the wallet's GET /user/channels). */
export function registerWithdrawalRoutes(
  app: FastifyInstance,
  { authGuard, withdrawals }: { authGuard: AuthGuard; withdrawals: WithdrawalService },
): void {
  app.post('/user/add_withdrawal', { preHandler: authGuard }, (request) => {
    const body = parseInput(addWithdrawalBody, request.body);
    const scope = { key: readIdempotencyKey(request), route: idempotencyRoute(request) };
    return withdrawals.request(currentUser(request).userId, body, scope, request.ip);
  });
  app.get('/user/withdrawals', { preHandler: authGuard }, (request) =>
    withdrawals.list(currentUser(request).userId, parseInput(withdrawalListQuery, request.query)),
  );
}

/** The operator API of withdrawals under /admin/api (role finance). */
export function registerWithdrawalOperatorRoutes(
  app: FastifyInstance,
  { operator }: { operator: WithdrawalOperatorService },
): void {
  app.get('/admin/api/withdrawals', operatorRoute('finance'), (request) =>
    operator.list(parseInput(adminWithdrawalListQuery, request.query)),
  );
  app.post('/admin/api/withdrawals/:id/approve', operatorRoute('finance'), (request) => {
    const { id } = parseInput(adminWithdrawalParams, request.params);
    const { reason } = parseInput(operatorReasonBody, request.body);
    return operator.approve(id, reason, operatorActor(request));
  });
  app.post('/admin/api/withdrawals/:id/mark_paid', operatorRoute('finance'), (request) => {
    const { id } = parseInput(adminWithdrawalParams, request.params);
    const { reason } = parseInput(operatorReasonBody, request.body);
    return operator.markPaid(id, reason, operatorActor(request));
  });
  app.post('/admin/api/withdrawals/:id/reject', operatorRoute('finance'), (request) => {
    const { id } = parseInput(adminWithdrawalParams, request.params);
    const { reason } = parseInput(adminWithdrawalRejectBody, request.body);
    return operator.reject(id, reason, operatorActor(request));
  });
}
