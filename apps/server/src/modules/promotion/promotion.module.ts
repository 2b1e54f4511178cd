import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { AuthGuard } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { registerPromotionRoutes } from './promotion.routes.ts';
import { type ProfitWageringRequirement, PromotionService } from './promotion.service.ts';
import { PromotionAccrualService } from './promotion-accrual.service.ts';

/** The referral programme: the accrual hooks the games and the wallet call, and the player's calls. */
export interface PromotionModule {
  accrual: PromotionAccrualService;
  promotion: PromotionService;
}

/** Builds the promotion module once per server. */
export function createPromotionModule(dependencies: {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  audit: AuditLog;
  wagering: ProfitWageringRequirement;
}): PromotionModule {
  const { database, clock, ledger, settings } = dependencies;
  return {
    accrual: new PromotionAccrualService(database, clock, ledger, settings),
    promotion: new PromotionService(dependencies),
  };
}

/** Registers the promotion's player and operator routes. */
export function registerPromotionModule(
  app: FastifyInstance,
  module: PromotionModule,
  options: { authGuard: AuthGuard },
): void {
  registerPromotionRoutes(app, {
    promotion: module.promotion,
    authGuard: options.authGuard,
  });
}
