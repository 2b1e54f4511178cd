import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfigResponse } from '@app/shared';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { AppConfig } from './config/config.ts';
import type { AppDatabase } from './db/dialect.ts';
import { type AuthGuard, createAuthGuard } from './http/auth-guard.ts';
import {
  answerClientError,
  frameworkErrorHandler,
  MAX_PATH_PARAM_LENGTH,
  registerErrorHandling,
} from './http/error-handler.ts';
import { installOperatorAccess } from './http/operator-access.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountService } from './modules/accounts/accounts.service.ts';
import { AuditLog } from './modules/accounts/audit-log.service.ts';
import { OtpService } from './modules/accounts/otp.service.ts';
import { DatabaseRateLimiter, type RateLimiter } from './modules/accounts/rate-limiter.ts';
import { SessionService } from './modules/accounts/session.service.ts';
import { ConsoleSmsAdapter } from './modules/accounts/sms/console-sms.adapter.ts';
import { createSmsAdapter } from './modules/accounts/sms/create-sms.adapter.ts';
import { registerDevSmsRoutes } from './modules/accounts/sms/dev-sms.routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { registerDocsRoutes } from './modules/docs/docs.routes.ts';
import {
  type ColourGameModule,
  createColourGameModule,
  registerColourGameModule,
} from './modules/games/colour/colour.module.ts';
import { DevTestClock, registerDevClockRoutes } from './modules/games/dev-clock.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { IdempotencyService, scheduleIdempotencyPruning } from './modules/idempotency/idempotency.service.ts';
import { registerLedgerRoutes } from './modules/ledger/ledger.routes.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { AuditSearchService } from './modules/operators/audit-search.service.ts';
import { registerOperatorRoutes } from './modules/operators/operators.routes.ts';
import { OperatorService } from './modules/operators/operators.service.ts';
import {
  createShopOrdersModule,
  registerShopOrdersModule,
  type ShopOrdersModule,
} from './modules/orders/orders.module.ts';
import { registerBuiltInPlayerRecords } from './modules/player-view/player-record-kinds.ts';
import { registerPlayerViewRoutes } from './modules/player-view/player-view.routes.ts';
import { PlayerViewService } from './modules/player-view/player-view.service.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
import { type BalanceReader, ProfileService } from './modules/profile/profile.service.ts';
import { registerProfileOperatorRoutes } from './modules/profile/profile-operator.routes.ts';
import { ProfileOperatorService } from './modules/profile/profile-operator.service.ts';
import { registerSettingsOperatorRoutes } from './modules/settings/settings.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { SettingsOperatorService } from './modules/settings/settings-operator.service.ts';
import { registerAppShellRoute } from './modules/shop/app-shell.routes.ts';
import { AppShellService } from './modules/shop/app-shell.service.ts';
import { registerShopRoutes } from './modules/shop/shop.routes.ts';
import { ShopService } from './modules/shop/shop.service.ts';
import {
  createWalletModule,
  registerWalletModule,
  type WalletModule,
} from './modules/wallet/wallet.module.ts';
import { WageringService } from './modules/withdrawals/wagering.service.ts';
import {
  createWithdrawalsModule,
  registerWithdrawalsModule,
  type WithdrawalsModule,
} from './modules/withdrawals/withdrawals.module.ts';
import { type Clock, systemClock } from './platform/clock.ts';

export interface AppDependencies {
  config: AppConfig;
  database: AppDatabase;
  clock?: Clock;
  /** Where the log lines go (standard output unless given; tests read them from a stream). */
  logStream?: NodeJS.WritableStream;
}

/** The services of one running server, built once and shared by the routes. */
export interface AppServices {
  settings: SettingsService;
  shop: ShopService;
  /** preHandler for routes that need a logged-in user; read the user with currentUser(request). */
  authGuard: AuthGuard;
  audit: AuditLog;
  rateLimiter: RateLimiter;
  sessions: SessionService;
  otp: OtpService;
  accounts: AccountService;
  profile: ProfileService;
  ledger: LedgerService;
  /** Addresses, purchases and orders, and the operator API of products and orders. */
  shopOrders: ShopOrdersModule;
  /** Recharge, payment channels and gateways, webhooks, transfer. */
  wallet: WalletModule;
  /** Bank cards, withdrawal channels, withdrawals, needs_bet and the withdrawal operator API. */
  withdrawals: WithdrawalsModule;
  /** The colour game: chains, engine, settlement, bets and records. */
  colourGame: ColourGameModule;
  /** Operator accounts, TOTP and console sessions. */
  operators: OperatorService;
}

/** Only plain, short request ids from a proxy are kept; anything else gets a fresh one. */
const INBOUND_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * One log line per request, written when it is answered, instead of Fastify's two (incoming and
 * completed): the line carries the request, the status and the time, and logging is a real share of a
 * busy server's work.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Builds the whole HTTP application without listening, so tests can inject requests. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies;
  // A development server started with DEV_TEST_CLOCK runs on a clock that POST /dev/clock/advance moves.
  const devClock = config.devTestClock ? new DevTestClock(dependencies.clock ?? systemClock) : undefined;
  const clock: Clock = devClock ?? dependencies.clock ?? systemClock;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(dependencies.logStream ? { stream: dependencies.logStream } : {}),
    },
    logController: new OneLineRequestLog(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // Errors the router or Node's HTTP parser answer before any route runs get the envelope too.
    frameworkErrors: frameworkErrorHandler(config.bodyLimitBytes),
    clientErrorHandler: answerClientError,
    genReqId: (request) => {
      const inbound = request.headers['x-request-id'];
      return typeof inbound === 'string' && INBOUND_REQUEST_ID.test(inbound) ? inbound : randomUUID();
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app, config.bodyLimitBytes);

  const settings = new SettingsService(database.db, clock);
  const audit = new AuditLog(database.db, clock);
  const rateLimiter = new DatabaseRateLimiter(database.db, clock);
  const sessions = new SessionService(database.db, clock);
  const sms = createSmsAdapter(config.sms, {
    db: database.db,
    clock,
    logger: app.log,
    isProduction: config.isProduction,
  });
  const otp = new OtpService(database.db, clock, sms, audit, app.log);
  const ledger = new LedgerService(database, clock);
  const balances: BalanceReader = { balanceMinor: (userId) => ledger.balanceMinor(database.db, userId) };
  const wagering = new WageringService(settings, clock);
  const wallet = createWalletModule({
    wagering,
    database,
    clock,
    ledger,
    audit,
    rateLimiter,
    settings,
    logger: app.log,
    market: config.market,
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
  });
  const accounts = new AccountService({
    db: database.db,
    clock,
    otp,
    sessions,
    audit,
    rateLimiter,
    settings,
  });
  const operators = new OperatorService(database, clock, audit, rateLimiter);
  // Before any route: every /admin/api route must declare its role, and this checks that it does.
  installOperatorAccess(app, { adminToken: config.adminToken, audit, sessions: operators });
  const services: AppServices = {
    operators,
    settings,
    shop: new ShopService(database.db, database.dialect, settings),
    authGuard: createAuthGuard(sessions),
    audit,
    rateLimiter,
    sessions,
    otp,
    accounts,
    ledger,
    wallet,
    withdrawals: createWithdrawalsModule({
      database,
      clock,
      ledger,
      audit,
      rateLimiter,
      settings,
      wagering,
      passwords: accounts,
      verification: {
        consume: (request) => otp.consume(request),
        mobileOf: (userId) => accounts.mobileOf(userId),
      },
      market: config.market,
      isProduction: config.isProduction,
    }),
    shopOrders: createShopOrdersModule({
      database,
      clock,
      ledger,
      audit,
      rateLimiter,
      passwords: accounts,
      market: config.market,
    }),
    colourGame: createColourGameModule({
      database,
      clock,
      ledger,
      settings,
      market: config.market,
      logger: app.log,
      wagering,
    }),
    profile: new ProfileService({
      db: database.db,
      clock,
      settings,
      balances,
      audit,
      publicUrl: config.publicUrl,
      notifications: wallet.notifications,
    }),
  };

  // Development helpers are never registered in production (DESIGN.md "Operator API and development endpoints").
  const devSmsOutbox = !config.isProduction && sms instanceof ConsoleSmsAdapter ? sms : undefined;

  registerHealthRoutes(app, database);
  registerDocsRoutes(app, config.market);
  app.get(
    '/app/config',
    (): AppConfigResponse => ({
      code: 200,
      market: config.market,
      dev_tools: devSmsOutbox !== undefined,
    }),
  );
  registerShopRoutes(app, services.shop);
  registerAccountRoutes(app, services, config.market);
  registerProfileRoutes(app, services);
  registerLedgerRoutes(app, { ledger, authGuard: services.authGuard });
  registerShopOrdersModule(app, services.shopOrders, { authGuard: services.authGuard });
  await registerWalletModule(app, wallet, {
    authGuard: services.authGuard,
    market: config.market,
    isProduction: config.isProduction,
    withdrawalChannels: services.withdrawals.channels,
  });
  registerWithdrawalsModule(app, services.withdrawals, {
    authGuard: services.authGuard,
    market: config.market,
  });
  registerSettingsOperatorRoutes(app, {
    operator: new SettingsOperatorService(database, settings, audit),
  });
  registerOperatorRoutes(app, { operators, auditSearch: new AuditSearchService(database) });
  const playerView = new PlayerViewService(database, clock, audit);
  registerBuiltInPlayerRecords(playerView, {
    ledger,
    colour: services.colourGame.game,
    recharges: wallet.recharges,
    withdrawals: services.withdrawals.withdrawals,
    cards: services.withdrawals.cards,
  });
  registerPlayerViewRoutes(app, { playerView });
  registerDashboardRoutes(app, { dashboard: new DashboardService(database, clock, audit, config.market) });
  registerProfileOperatorRoutes(app, {
    operator: new ProfileOperatorService(database, clock, audit),
    market: config.market,
  });
  const stopIdempotencyPruning = scheduleIdempotencyPruning(
    database.db,
    new IdempotencyService(clock),
    (error) => app.log.error({ err: error }, 'idempotency key pruning failed'),
  );
  app.addHook('onClose', async () => stopIdempotencyPruning());
  registerColourGameModule(app, services.colourGame, { authGuard: services.authGuard });
  if (config.gameEngines) app.addHook('onReady', async () => services.colourGame.engine.start());
  // Stopped on close whatever started it (the timer, or a tick of the development clock), so the leader
  // lock's connection goes back to the pool before the database is closed.
  app.addHook('onClose', async () => services.colourGame.engine.stop());
  if (devClock && !config.isProduction) {
    registerDevClockRoutes(app, devClock, () => services.colourGame.engine.tick());
  }
  if (devSmsOutbox) registerDevSmsRoutes(app, devSmsOutbox, config.market);

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    maxAge: '7d',
    decorateReply: false,
  });
  if (fs.existsSync(path.join(config.adminDistDir, 'index.html'))) {
    // The operator console (apps/admin): its own bundle under /admin/, so the player app never loads it.
    app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
    await app.register(fastifyStatic, {
      root: config.adminDistDir,
      prefix: '/admin/',
      decorateReply: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        );
        reply.header('x-frame-options', 'DENY');
      },
    });
  }
  if (fs.existsSync(config.webDistDir)) {
    const indexHtmlPath = path.join(config.webDistDir, 'index.html');
    if (fs.existsSync(indexHtmlPath)) {
      registerAppShellRoute(app, new AppShellService(fs.readFileSync(indexHtmlPath, 'utf8'), settings));
    }
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      // The build writes .br and .gz copies of its text files; each browser gets the smallest it accepts.
      preCompressed: true,
      // index.html must be revalidated so a deploy is picked up; hashed assets can be cached for long.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir: config.webDistDir }, 'web app not built; serving the API only');
  }
  return app;
}
