import { AviatorMessage, aviatorClientCommands, LiveCloseCode, minorToDecimalString } from '@app/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../db/dialect.ts';
import type { AuthGuard } from '../../../http/auth-guard.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { LiveGameChannel, LiveSocketPlatform } from '../../../platform/live-sockets/live-sockets.ts';
import type { AlertService } from '../../approvals/alerts.service.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { ReferralBonusAccrual } from '../../promotion/promotion-accrual.service.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { SettledBetsWagering } from '../colour/colour-settlement.service.ts';
import { registerAviatorRoutes } from './aviator.routes.ts';
import { AviatorEngine } from './aviator-engine.ts';
import { AviatorGameService } from './aviator-game.service.ts';
import { AviatorRoundService, type AviatorRoundServiceDependencies } from './aviator-round.service.ts';

export interface AviatorModuleDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsService;
  wagering: SettledBetsWagering;
  logger: FastifyBaseLogger;
  live: LiveSocketPlatform;
  authGuard: AuthGuard;
  /** Links per hash chain; tests use short chains. */
  chainLength?: number;
  /** Pays referrers their share of settled fees (the promotion module). */
  referralBonuses?: ReferralBonusAccrual;
  /** The console's alerts: every voided round is raised there. */
  alerts?: AlertService;
}

/** Raises the console alert of a voided round, in the voiding transaction. */
function voidedRoundAlert(alerts: AlertService): AviatorRoundServiceDependencies['onRoundVoided'] {
  return async (trx, round) => {
    await alerts.raise(
      {
        kind: 'voided_round',
        severity: 'warning',
        summary: `Aviator round ${round.period} voided after a restart: ${round.refundedBets} open bets refunded (${minorToDecimalString(round.refundedMinor)})`,
        details: {
          game: 'aviator',
          round_id: round.roundId,
          period: round.period,
          refunded_bets: round.refundedBets,
          refunded: minorToDecimalString(round.refundedMinor),
        },
        dedupeKey: `voided_round:aviator:${round.roundId}`,
      },
      trx,
    );
  };
}

/** The crash game: its round service (money), engine, socket channel and calls. */
export interface AviatorModule {
  rounds: AviatorRoundService;
  engine: AviatorEngine;
  game: AviatorGameService;
  channel: LiveGameChannel;
}

/**
 * Builds the crash game and registers /ws/aviator, its calls and its operator list; the caller starts the
 * engine (every instance runs one; only the leader decides).
 */
export async function registerAviatorModule(
  app: FastifyInstance,
  dependencies: AviatorModuleDependencies,
): Promise<AviatorModule> {
  const { database, clock, ledger, settings, wagering, logger, live } = dependencies;
  const rounds = new AviatorRoundService({
    database,
    clock,
    ledger,
    wagering,
    logger,
    ...(dependencies.chainLength === undefined ? {} : { chainLength: dependencies.chainLength }),
    ...(dependencies.referralBonuses === undefined ? {} : { referralBonuses: dependencies.referralBonuses }),
    ...(dependencies.alerts === undefined ? {} : { onRoundVoided: voidedRoundAlert(dependencies.alerts) }),
  });
  const game = new AviatorGameService(database.db, rounds);
  const channel = await live.registerGame({
    game: 'aviator',
    clientCommands: aviatorClientCommands,
    // The early-access flag read with the session (spec 02 §6), as the HTTP calls' requireEarlyAccess.
    authorize: async (user) =>
      user.access.early
        ? true
        : { code: LiveCloseCode.forbidden, reason: AviatorMessage.earlyAccessRequired },
  });
  const engine = new AviatorEngine({ database, clock, rounds, settings, logger, channel });
  channel.attachEngine(engine);
  registerAviatorRoutes(app, {
    authGuard: dependencies.authGuard,
    game,
  });
  return { rounds, engine, game, channel };
}
