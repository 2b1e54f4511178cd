import { getMarket, type MarketCode } from '@app/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { AuthGuard } from '../../../http/auth-guard.ts';
import {
  createAuditedOperatorGuard,
  createOperatorGuard,
  type OperatorAuditSink,
} from '../../../http/operator-guard.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { SettledBetsWagering } from '../colour/colour-settlement.service.ts';
import { registerLuckyHitRoutes } from './luckyhit.routes.ts';
import { LUCKY_HIT_CHAIN_LENGTH, LuckyHitChainService } from './luckyhit-chain.service.ts';
import { type LuckyHitBroadcast, LuckyHitEngine } from './luckyhit-engine.ts';
import { LuckyHitGameService } from './luckyhit-game.service.ts';
import { LuckyHitSettlementService } from './luckyhit-settlement.service.ts';

export interface LuckyHitModuleDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  market: MarketCode;
  logger: FastifyBaseLogger;
  /** needs_bet: the settlement takes settled stakes off it. */
  wagering: SettledBetsWagering;
  /** Where the engine's events go (the live channel). */
  broadcast: LuckyHitBroadcast;
  /** Links per hash chain; tests use short chains, production LUCKY_HIT_CHAIN_LENGTH. */
  chainLength?: number;
  renewAheadRounds?: number;
}

/** Lucky Hit: its chains, settlement, engine and the player's service. */
export interface LuckyHitModule {
  chains: LuckyHitChainService;
  settlement: LuckyHitSettlementService;
  game: LuckyHitGameService;
  engine: LuckyHitEngine;
}

/** Builds Lucky Hit's services; the engine is started by the caller. */
export function createLuckyHitModule(dependencies: LuckyHitModuleDependencies): LuckyHitModule {
  const { database, clock, ledger, market, logger, wagering, broadcast } = dependencies;
  const timeZone = getMarket(market).timeZone;
  const chains = new LuckyHitChainService(dependencies.chainLength ?? LUCKY_HIT_CHAIN_LENGTH, {
    logger,
    timeZone,
    ...(dependencies.renewAheadRounds === undefined
      ? {}
      : { renewAheadRounds: dependencies.renewAheadRounds }),
  });
  const settlement = new LuckyHitSettlementService(database, clock, ledger, chains, timeZone, wagering);
  const game = new LuckyHitGameService({ database, clock, ledger, chains, market });
  const engine = new LuckyHitEngine({
    database,
    clock,
    chains,
    settlement,
    game,
    broadcast,
    timeZone,
    logger,
  });
  return { chains, settlement, game, engine };
}

export interface LuckyHitRegistration {
  authGuard: AuthGuard;
  audit?: OperatorAuditSink;
  adminToken?: string | undefined;
}

/** Registers Lucky Hit's HTTP calls. */
export function registerLuckyHitModule(
  app: FastifyInstance,
  module: LuckyHitModule,
  options: LuckyHitRegistration,
): void {
  const operatorGuard = options.audit
    ? createAuditedOperatorGuard(options.adminToken, options.audit)
    : createOperatorGuard(options.adminToken);
  registerLuckyHitRoutes(app, { authGuard: options.authGuard, operatorGuard, game: module.game });
}
