import type { MarketCode } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { AuthGuard } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PasswordChecker } from '../orders/orders.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { BankCardService, type BankCardVerification } from './bank-cards.service.ts';
import type { PayoutAdapterResolver } from './payout-adapters.ts';
import { PayoutReconciler } from './payout-reconciler.ts';
import type { WageringService } from './wagering.service.ts';
import { WithdrawalChannelService } from './withdrawal-channels.service.ts';
import { WithdrawalOperatorService } from './withdrawal-operator.service.ts';
import {
  registerBankCardRoutes,
  registerWithdrawalOperatorRoutes,
  registerWithdrawalRoutes,
} from './withdrawals.routes.ts';
import { WithdrawalService } from './withdrawals.service.ts';

export interface WithdrawalsModuleDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditLog;
  rateLimiter: RateLimiter;
  settings: SettingsService;
  wagering: WageringService;
  /** Checks the login password a withdrawal asks for (AccountService). */
  passwords: PasswordChecker;
  /** Checks edit_bankcard codes (OtpService) and finds the user's number (AccountService). */
  verification: BankCardVerification;
  market: MarketCode;
  /** Production offers no sandbox payout channel. */
  isProduction: boolean;
  /** Withdrawal requests a user may make per window; WITHDRAWAL_ATTEMPTS_PER_USER unless given. */
  withdrawalAttemptsPerUser?: number;
  /** The banks behind the payout adapters; payoutAdapterFor unless given (tests give failing banks). */
  payoutAdapters?: PayoutAdapterResolver;
}

/** Bank cards, withdrawal channels, withdrawals and their operator API (issue 6). */
export interface WithdrawalsModule {
  cards: BankCardService;
  channels: WithdrawalChannelService;
  withdrawals: WithdrawalService;
  operator: WithdrawalOperatorService;
  wagering: WageringService;
}

/** Builds the services of bank cards and withdrawals. */
export function createWithdrawalsModule(dependencies: WithdrawalsModuleDependencies): WithdrawalsModule {
  const { database, clock, ledger, audit, rateLimiter, settings, wagering } = dependencies;
  const channels = new WithdrawalChannelService({
    db: database.db,
    settings,
    wagering,
    sandboxAllowed: !dependencies.isProduction,
  });
  return {
    cards: new BankCardService({ database, clock, settings, audit, verification: dependencies.verification }),
    channels,
    withdrawals: new WithdrawalService({
      database,
      clock,
      ledger,
      settings,
      wagering,
      channels,
      passwords: dependencies.passwords,
      rateLimiter,
      idempotency: new IdempotencyService(clock),
      audit,
      market: dependencies.market,
      ...(dependencies.withdrawalAttemptsPerUser === undefined
        ? {}
        : { attemptsPerUser: dependencies.withdrawalAttemptsPerUser }),
    }),
    operator: new WithdrawalOperatorService(
      database,
      ledger,
      audit,
      clock,
      dependencies.settings,
      dependencies.payoutAdapters,
    ),
    wagering,
  };
}

export interface WithdrawalsRegistration {
  authGuard: AuthGuard;
  market: MarketCode;
}

/**
 * Registers the bank card and withdrawal calls and the withdrawal operator API, and runs the payout
 * reconciler (payouts stuck in Processing) until the app closes, as the wallet runs its recharge poller.
 */
export function registerWithdrawalsModule(
  app: FastifyInstance,
  module: WithdrawalsModule,
  options: WithdrawalsRegistration,
): void {
  registerBankCardRoutes(app, { authGuard: options.authGuard, cards: module.cards, market: options.market });
  registerWithdrawalRoutes(app, { authGuard: options.authGuard, withdrawals: module.withdrawals });
  registerWithdrawalOperatorRoutes(app, { operator: module.operator });
  const stopReconciler = new PayoutReconciler(module.operator, app.log).start();
  app.addHook('onClose', async () => stopReconciler());
}
