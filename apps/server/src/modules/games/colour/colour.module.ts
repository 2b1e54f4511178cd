import { type ColourCategory, getMarket, type MarketCode } from '@app/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { AuthGuard } from '../../../http/auth-guard.ts';
import type { PublicReadAnswers } from '../../../http/public-read-answers.ts';
import type { Clock } from '../../../platform/clock.ts';
import { PublicReadCache, PublicReadTag } from '../../../platform/public-read-cache.ts';
import { IdempotencyService } from '../../idempotency/idempotency.service.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { ReferralBonusAccrual } from '../../promotion/promotion-accrual.service.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import { registerColourRoutes } from './colour.routes.ts';
import { COLOUR_CHAIN_LENGTH, ColourChainService } from './colour-chain.service.ts';
import { ColourEngine } from './colour-engine.ts';
import { ColourGameService } from './colour-game.service.ts';
import { ColourHistoryService } from './colour-history.service.ts';
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
  /** The promotion's referral bonus hook, run in each period's settlement transaction. */
  referralBonuses?: ReferralBonusAccrual;
  /** Links per hash chain; tests use short chains, production COLOUR_CHAIN_LENGTH. */
  chainLength?: number;
  /** Renew a chain once fewer than this many of its periods remain; by default a tenth of its length. */
  renewAheadPeriods?: number;
  /** Where the public history is kept between changes; without one it is read for every request. */
  publicReads?: PublicReadCache;
  /**
   * Told after each period this instance settled (committed), after the history of its room was invalidated
   * here. The seam for the event bus: publish the settlement so that every other instance invalidates
   * `PublicReadTag.colourHistory(room)` too (until then they converge within the cache's TTL).
   */
  onPeriodSettled?: (room: ColourCategory, period: string) => void;
}

/** The colour game: its chains, settlement, engine and the player's service. */
export interface ColourGameModule {
  chains: ColourChainService;
  settlement: ColourSettlementService;
  engine: ColourEngine;
  game: ColourGameService;
  /** GET /win/next_period_info_noauth, kept serialized between settlements. */
  history: ColourHistoryService;
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
  const settlement = new ColourSettlementService(
    database,
    clock,
    ledger,
    chains,
    timeZone,
    wagering,
    dependencies.referralBonuses,
  );
  const publicReads = dependencies.publicReads ?? new PublicReadCache({ ttlMs: 0 });
  const onPeriodSettled = (room: ColourCategory, period: string): void => {
    publicReads.invalidate(PublicReadTag.colourHistory(room));
    dependencies.onPeriodSettled?.(room, period);
  };
  return {
    chains,
    settlement,
    engine: new ColourEngine({ database, clock, chains, settlement, timeZone, logger, onPeriodSettled }),
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
    history: new ColourHistoryService({ db: database.db, clock, timeZone, cache: publicReads }),
    operator: new ColourOperatorService(database.db),
  };
}

export interface ColourGameRegistration {
  authGuard: AuthGuard;
  /** Where the public history is answered before Fastify's routing when it is ready. */
  publicReadAnswers: PublicReadAnswers;
}

/** Registers the colour game's player calls and its operator API under /admin/api. */
export function registerColourGameModule(
  app: FastifyInstance,
  module: ColourGameModule,
  options: ColourGameRegistration,
): void {
  registerColourRoutes(app, {
    authGuard: options.authGuard,
    game: module.game,
    history: module.history,
    publicReadAnswers: options.publicReadAnswers,
  });
  registerColourOperatorRoutes(app, { operator: module.operator });
  // Queued bets are answered (503) and the running batch finishes before the database closes.
  app.addHook('onClose', async () => module.game.intake.close());
}
