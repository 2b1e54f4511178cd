import { transactionListQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { type AuthGuard, currentUser } from '../../http/auth-guard.ts';
import { parseInput } from '../../http/validation.ts';
import type { LedgerService } from './ledger.service.ts';

export interface LedgerRouteDependencies {
  ledger: LedgerService;
  authGuard: AuthGuard;
}

/** The user's transaction list (spec 02 §7 "Wallet-out and payment"). */
export function registerLedgerRoutes(
  app: FastifyInstance,
  { ledger, authGuard }: LedgerRouteDependencies,
): void {
  app.get('/user/transactions', { preHandler: authGuard }, (request) =>
    ledger.transactionsPage(currentUser(request).userId, parseInput(transactionListQuery, request.query)),
  );
}
