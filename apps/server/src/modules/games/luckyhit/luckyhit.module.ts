import {
  getMarket,
  LiveCloseCode,
  type LuckyHitBetCommand,
  LuckyHitCmd,
  LuckyHitMessage,
  luckyHitBetCommand,
  type MarketCode,
  minorToDecimalString,
  ResponseCode,
  ServerMessage,
} from '@app/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { AuthGuard } from '../../../http/auth-guard.ts';
import type { Clock } from '../../../platform/clock.ts';
import {
  accessRefusalCloseCode,
  LIVE_TO_ALL,
  type LiveGameChannel,
  type LiveSocketPlatform,
} from '../../../platform/live-sockets/live-sockets.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { ReferralBonusAccrual } from '../../promotion/promotion-accrual.service.ts';
import type { SettledBetsWagering } from '../colour/colour-settlement.service.ts';
import { registerLuckyHitRoutes } from './luckyhit.routes.ts';
import { LUCKY_HIT_CHAIN_LENGTH, LuckyHitChainService } from './luckyhit-chain.service.ts';
import { type LuckyHitBroadcast, LuckyHitEngine } from './luckyhit-engine.ts';
import { LuckyHitGameService } from './luckyhit-game.service.ts';
import { LuckyHitSettlementService } from './luckyhit-settlement.service.ts';

/** The socket's path segment: /ws/luckyhit. */
export const LUCKY_HIT_LIVE_GAME = 'luckyhit';

export interface LuckyHitModuleDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  market: MarketCode;
  logger: FastifyBaseLogger;
  /** needs_bet: the settlement takes settled stakes off it. */
  wagering: SettledBetsWagering;
  /** Where the engine's events go; by default the live channel registered by registerLuckyHitModule. */
  broadcast?: LuckyHitBroadcast;
  /** Links per hash chain; tests use short chains, production LUCKY_HIT_CHAIN_LENGTH. */
  chainLength?: number;
  renewAheadRounds?: number;
  /** Pays referrers their share of settled fees (the promotion module). */
  referralBonuses?: ReferralBonusAccrual;
}

/** Lucky Hit: its chains, settlement, engine and the player's service. */
export interface LuckyHitModule {
  chains: LuckyHitChainService;
  settlement: LuckyHitSettlementService;
  game: LuckyHitGameService;
  engine: LuckyHitEngine;
  /** Set when the socket is registered (registerLuckyHitModule). */
  channel: LiveGameChannel | undefined;
}

/** Builds Lucky Hit's services; the engine is started by the caller. */
export function createLuckyHitModule(dependencies: LuckyHitModuleDependencies): LuckyHitModule {
  const { database, clock, ledger, market, logger, wagering } = dependencies;
  const module: { channel: LiveGameChannel | undefined } = { channel: undefined };
  // Events go to every socket of every instance once the channel is registered.
  const broadcast: LuckyHitBroadcast = dependencies.broadcast ?? {
    publish: (cmd, data) => module.channel?.send(LIVE_TO_ALL, cmd, data),
  };
  const timeZone = getMarket(market).timeZone;
  const chains = new LuckyHitChainService(dependencies.chainLength ?? LUCKY_HIT_CHAIN_LENGTH, {
    logger,
    timeZone,
    ...(dependencies.renewAheadRounds === undefined
      ? {}
      : { renewAheadRounds: dependencies.renewAheadRounds }),
  });
  const settlement = new LuckyHitSettlementService(
    database,
    clock,
    ledger,
    chains,
    timeZone,
    wagering,
    dependencies.referralBonuses,
  );
  const game = new LuckyHitGameService({ database, clock, ledger, chains, market, logger });
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
  return Object.assign(module, { chains, settlement, game, engine });
}

export interface LuckyHitRegistration {
  authGuard: AuthGuard;
  live: LiveSocketPlatform;
}

/**
 * Registers Lucky Hit's HTTP calls and its socket on the live-socket platform: /ws/luckyhit takes early-access
 * players only (4403 otherwise); on the leader, a connect is answered with the round under way (3002), the
 * latest results (3008), the current totals (3012) and, once dealt, its cards (3004), and each bet (3015) with its answer (3016)
 * to the socket that sent it. A bet refused because the player's access is gone (suspended: 401, early
 * access taken away: 403) closes that socket after its answer (4401, 4403) and has the player's other
 * sockets re-checked.
 */
export async function registerLuckyHitModule(
  app: FastifyInstance,
  module: LuckyHitModule,
  options: LuckyHitRegistration,
): Promise<void> {
  registerLuckyHitRoutes(app, { authGuard: options.authGuard, game: module.game });
  const { game, engine } = module;
  const channel = await options.live.registerGame({
    game: LUCKY_HIT_LIVE_GAME,
    clientCommands: { [LuckyHitCmd.bet]: luckyHitBetCommand },
    // The early-access flag read with the session (spec 02 §6), as the HTTP calls' requireEarlyAccess. The
    // socket is the only way to bet, so a bet comes from a player this let in.
    authorize: async (user) =>
      user.access.early ? true : { code: LiveCloseCode.forbidden, reason: LuckyHitMessage.earlyAccessOnly },
  });
  module.channel = channel;
  // Queued bets are refused and the running batches answered before the database closes.
  app.addHook('onClose', async () => game.intake.close());
  const failed = (error: unknown) => app.log.error({ err: error }, 'luckyhit socket handler failed');
  channel.attachEngine({
    isLeader: () => engine.isLeader(),
    onConnect: (connection) => {
      const target = { to: 'connection' as const, connection };
      channel.send(target, LuckyHitCmd.groupInfo, game.groupInfo());
      game
        .latestResults()
        .then((results) => {
          channel.send(target, LuckyHitCmd.latestResults, results);
          const totals = engine.currentTotals();
          if (totals) channel.send(target, LuckyHitCmd.betTotal, totals);
          const dealt = engine.currentOpenResult();
          if (dealt) channel.send(target, LuckyHitCmd.openResult, dealt);
        })
        .catch(failed);
    },
    onCommand: (connection, cmd, payload) => {
      if (cmd !== LuckyHitCmd.bet) return;
      const bet = payload as LuckyHitBetCommand;
      const target = { to: 'connection' as const, connection };
      game
        .placeBet(connection.userId, bet)
        .then((answer) => {
          channel.send(target, LuckyHitCmd.betResult, answer);
          const closeCode = accessRefusalCloseCode(answer.status);
          if (closeCode === undefined) return;
          channel.closeConnection(connection, closeCode, answer.msg);
          channel.recheckUser(connection.userId);
        })
        .catch((error: unknown) => {
          // A bug, not a refusal: logged with its cause, and the player still gets an answer (nothing moved).
          failed(error);
          channel.send(target, LuckyHitCmd.betResult, {
            status: ResponseCode.internal,
            msg: ServerMessage.internal,
            period: bet.period,
            betPrice: minorToDecimalString(bet.stakeMinor),
          });
        });
    },
  });
}
