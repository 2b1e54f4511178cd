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
}

/** The colour game: its chains, settlement, engine and the player's service. */
export interface ColourGameModule {
  chains: ColourChainService;
  settlement: ColourSettlementService;
  engine: ColourEngine;
  game: ColourGameService;
}

/** Builds the colour game's services; the engine is started by the caller. */
export function createColourGameModule(dependencies: ColourGameModuleDependencies): ColourGameModule {
  const { database, clock, ledger, settings, market, logger, wagering } = dependencies;
  const timeZone = getMarket(market).timeZone;
  const chains = new ColourChainService(dependencies.chainLength ?? COLOUR_CHAIN_LENGTH);
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
    }),
  };
}

/** Registers the colour game's routes. */
export function registerColourGameModule(
  app: FastifyInstance,
  module: ColourGameModule,
  options: { authGuard: AuthGuard },
): void {
  registerColourRoutes(app, { authGuard: options.authGuard, game: module.game });
}
