import { getMarket, type MarketCode } from '@app/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { AuthGuard } from '../../../http/auth-guard.ts';
import type { Clock } from '../../../platform/clock.ts';
import { IdempotencyService } from '../../idempotency/idempotency.service.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import { registerColourRoutes } from './colour.routes.ts';
import { COLOUR_CHAIN_LENGTH, ColourChainService } from './colour-chain.service.ts';
import { ColourEngine } from './colour-engine.ts';
import { ColourGameService } from './colour-game.service.ts';
import { registerColourOperatorRoutes } from './colour-operator.routes.ts';
import { ColourOperatorService } from './colour-operator.service.ts';
import { ColourSettlementService, type SettledBetsWagering } from './colour-settlement.service.ts';

export interface ColourGameModuleDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  market: MarketCode;
  logger: FastifyBaseLogger;
  /** needs_bet: the settlement takes settled stakes off it. */
  wagering: SettledBetsWagering;
  /** Links per hash chain; tests use short chains, production COLOUR_CHAIN_LENGTH. */
  chainLength?: number;
  /** Renew a chain once fewer than this many of its periods remain; by default a tenth of its length. */
  renewAheadPeriods?: number;
}

/** The colour game: its chains, settlement, engine and the player's service. */
export interface ColourGameModule {
  chains: ColourChainService;
  settlement: ColourSettlementService;
  engine: ColourEngine;
  game: ColourGameService;
  operator: ColourOperatorService;
}

/** Builds the colour game's services; the engine is started by the caller. */
export function createColourGameModule(dependencies: ColourGameModuleDependencies): ColourGameModule {
  const { database, clock, ledger, settings, market, logger, wagering } = dependencies;
  const timeZone = getMarket(market).timeZone;
  const chains = new ColourChainService(dependencies.chainLength ?? COLOUR_CHAIN_LENGTH, {
    logger,
    timeZone,
    ...(dependencies.renewAheadPeriods === undefined
      ? {}
      : { renewAheadPeriods: dependencies.renewAheadPeriods }),
  });
  const settlement = new ColourSettlementService(database, clock, ledger, chains, timeZone, wagering);
  return {
    chains,
    settlement,
    engine: new ColourEngine({ database, clock, chains, settlement, timeZone, logger }),
    game: new ColourGameService({
      database,
      clock,
      ledger,
      settings,
      idempotency: new IdempotencyService(clock),
      chains,
      market,
      logger,
    }),
    operator: new ColourOperatorService(database.db),
  };
}

export interface ColourGameRegistration {
  authGuard: AuthGuard;
}

/** Registers the colour game's player calls and its operator API under /admin/api. */
export function registerColourGameModule(
  app: FastifyInstance,
  module: ColourGameModule,
  options: ColourGameRegistration,
): void {
  registerColourRoutes(app, { authGuard: options.authGuard, game: module.game });
  registerColourOperatorRoutes(app, { operator: module.operator });
  // Queued bets are answered (503) and the running batch finishes before the database closes.
  app.addHook('onClose', async () => module.game.intake.close());
}
