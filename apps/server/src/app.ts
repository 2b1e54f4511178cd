import fs from 'node:fs';
import path from 'node:path';
import { type AppConfigResponse, getMarket } from '@app/shared';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { AppConfig, TrustProxySetting } from './config/config.ts';
import type { AppDatabase } from './db/dialect.ts';
import { type AuthGuard, createAuthGuard } from './http/auth-guard.ts';
import { cachedJsonReply } from './http/cached-reply.ts';
import {
  answerClientError,
  frameworkErrorHandler,
  MAX_PATH_PARAM_LENGTH,
  registerErrorHandling,
} from './http/error-handler.ts';
import { lazyJsonSchemaCompilers } from './http/lazy-json-schema-compilers.ts';
import { lazyRequestLoggerFactory } from './http/lazy-request-logger.ts';
import { installOperatorAccess } from './http/operator-access.ts';
import { PublicReadAnswers, registerPublicRead } from './http/public-read-answers.ts';
import { requestIdFor } from './http/request-id.ts';
import {
  computeSecurityHeaders,
  securityHeaderOptions,
  securityHeadersByRoute,
} from './http/security-headers.ts';
import { registerStrictJsonBodyParser } from './http/strict-json-body.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountService } from './modules/accounts/accounts.service.ts';
import { AuditLog } from './modules/accounts/audit-log.service.ts';
import { OtpService } from './modules/accounts/otp.service.ts';
import { DatabaseRateLimiter, type RateLimiter } from './modules/accounts/rate-limiter.ts';
import { SessionService } from './modules/accounts/session.service.ts';
import { ConsoleSmsAdapter } from './modules/accounts/sms/console-sms.adapter.ts';
import { createSmsAdapter } from './modules/accounts/sms/create-sms.adapter.ts';
import { registerDevSmsRoutes } from './modules/accounts/sms/dev-sms.routes.ts';
import { registerPlayerAdjustmentRoutes } from './modules/adjustments/player-adjustments.routes.ts';
import { PlayerAdjustmentService } from './modules/adjustments/player-adjustments.service.ts';
import { AlertService } from './modules/approvals/alerts.service.ts';
import { registerApprovalRoutes } from './modules/approvals/approvals.routes.ts';
import { ApprovalService } from './modules/approvals/approvals.service.ts';
import { registerChannelsOperatorRoutes } from './modules/channels/channels-operator.routes.ts';
import { ChannelsOperatorService } from './modules/channels/channels-operator.service.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { registerDocsRoutes } from './modules/docs/docs.routes.ts';
import { type AviatorModule, registerAviatorModule } from './modules/games/aviator/aviator.module.ts';
import {
  type ColourGameModule,
  createColourGameModule,
  registerColourGameModule,
} from './modules/games/colour/colour.module.ts';
import { DevTestClock, registerDevClockRoutes } from './modules/games/dev-clock.ts';
import {
  createLuckyHitModule,
  type LuckyHitModule,
  registerLuckyHitModule,
} from './modules/games/luckyhit/luckyhit.module.ts';
import { createGiftsService, registerGiftsModule } from './modules/gifts/gifts.module.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { IdempotencyService, scheduleIdempotencyPruning } from './modules/idempotency/idempotency.service.ts';
import { registerLauncherModule } from './modules/launcher/launcher.module.ts';
import { registerLedgerRoutes } from './modules/ledger/ledger.routes.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { AuditSearchService } from './modules/operators/audit-search.service.ts';
import { OperatorChangesService } from './modules/operators/operator-changes.service.ts';
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
import { ProfileService } from './modules/profile/profile.service.ts';
import { registerProfileOperatorRoutes } from './modules/profile/profile-operator.routes.ts';
import { ProfileOperatorService } from './modules/profile/profile-operator.service.ts';
import {
  createPromotionModule,
  type PromotionModule,
  registerPromotionModule,
} from './modules/promotion/promotion.module.ts';
import { registerContentOperatorRoutes } from './modules/settings/content-operator.routes.ts';
import { ContentOperatorService } from './modules/settings/content-operator.service.ts';
import { registerSettingsOperatorRoutes } from './modules/settings/settings.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { SettingsOperatorService } from './modules/settings/settings-operator.service.ts';
import { registerAppShellRoute } from './modules/shop/app-shell.routes.ts';
import { AppShellService } from './modules/shop/app-shell.service.ts';
import { registerShopRoutes } from './modules/shop/shop.routes.ts';
import { ShopService } from './modules/shop/shop.service.ts';
import { registerSuggestionRoutes } from './modules/suggestions/suggestions.routes.ts';
import { SuggestionsService } from './modules/suggestions/suggestions.service.ts';
import { registerMediaRoutes } from './modules/uploads/uploads.routes.ts';
import { MediaService } from './modules/uploads/uploads.service.ts';
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
import { createEventBus, LiveSocketPlatform } from './platform/live-sockets/live-sockets.ts';
import { PublicReadCache, PublicReadTag } from './platform/public-read-cache.ts';
import { secretBoxOfConfiguredKeys } from './platform/secrets/open-secret-box.ts';
import type { SecretBox } from './platform/secrets/secret-box.ts';

export interface AppDependencies {
  config: AppConfig;
  database: AppDatabase;
  clock?: Clock;
  /** Links per crash-game hash chain (tests use short chains; production AVIATOR_CHAIN_LENGTH). */
  aviatorChainLength?: number;
  /** Where the log lines go (standard output unless given; tests read them from a stream). */
  logStream?: NodeJS.WritableStream;
  /** Links per colour hash chain: production's length unless given (tests use short chains). */
  colourChainLength?: number;
  /**
   * The process's one box of secrets at rest (main builds it with openSecretBox); when not given, it is made
   * from config.secrets, whose key must then be configured (testConfig's is).
   */
  secrets?: SecretBox;
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
  /**
   * Public reads kept serialized between changes. A change invalidates them at once on every instance
   * through the event bus (settled periods: PublicReadTag.colourHistory(room); products and stock:
   * PublicReadTag.catalogue; settings: PublicReadTag.settings); config.publicReadTtlMs is the safety net.
   */
  publicReads: PublicReadCache;
  /** The live games' sockets and event bus (register a game with live.registerGame). */
  live: LiveSocketPlatform;
  /** Lucky Hit: chains, engine, deal-and-settle, bets over the socket, records. */
  luckyHit: LuckyHitModule;
  /** Referral bonuses (the games' and the wallet's hooks) and profit transfers. */
  promotion: PromotionModule;
  /** Operator accounts, TOTP and console sessions. */
  operators: OperatorService;
  /** Maker-checker requests: each kind's module registers the action a second operator's approval does. */
  approvals: ApprovalService;
  /** The console's alerts (provider caps hit, large gift codes, voided rounds). */
  alerts: AlertService;
}

/** The build's content-hashed files never change under their name. */
const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The app configuration changes only with a restart (market, development tools): revalidated each time. */
const APP_CONFIG_CACHE_CONTROL = 'no-cache';

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

/**
 * The trustProxy option of Fastify for a TRUST_PROXY setting: a list of addresses as it is, a hop count as
 * "trust the nearest N addresses" (proxy-addr counts hops from this server outwards), and never `true`,
 * which would believe the leftmost X-Forwarded-For entry, the one the client writes.
 */
function fastifyTrustProxy(
  setting: TrustProxySetting,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}

/** Builds the whole HTTP application without listening, so tests can inject requests. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies;
  // A development server started with DEV_TEST_CLOCK runs on a clock that POST /dev/clock/advance moves.
  const devClock = config.devTestClock ? new DevTestClock(dependencies.clock ?? systemClock) : undefined;
  const clock: Clock = devClock ?? dependencies.clock ?? systemClock;
  const secrets = dependencies.secrets ?? secretBoxOfConfiguredKeys(config);
  const everyPageSecurityHeaders = computeSecurityHeaders(
    securityHeaderOptions({ publicUrl: config.publicUrl }),
  );
  const publicReadAnswers = new PublicReadAnswers(everyPageSecurityHeaders);
  const app = Fastify({
    // Node's HTTP server as Fastify makes it, with the ready public reads answered before Fastify's routing.
    serverFactory: publicReadAnswers.serverFactory,
    logger: {
      level: config.logLevel,
      ...(dependencies.logStream ? { stream: dependencies.logStream } : {}),
    },
    logController: new OneLineRequestLog(),
    // A request's pino child is made only when the request writes a line (most public reads write none).
    childLoggerFactory: lazyRequestLoggerFactory,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // Errors the router or Node's HTTP parser answer before any route runs get the envelope too.
    frameworkErrors: frameworkErrorHandler(config.bodyLimitBytes, everyPageSecurityHeaders),
    clientErrorHandler: answerClientError,
    schemaController: lazyJsonSchemaCompilers(),
    genReqId: requestIdFor,
  });
  app.addHook('preClose', (done) => {
    publicReadAnswers.stop();
    done();
  });
  // Every answer (404s and refused requests included) carries the security headers and the request id, set
  // before any route runs. One callback hook, not an async one: no promise per request, and no onSend hook
  // on the path of every reply.
  const securityHeadersOf = securityHeadersByRoute(config.publicUrl, everyPageSecurityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersOf(request)).header('x-request-id', request.id);
    done();
  });
  registerErrorHandling(app, config.bodyLimitBytes);
  registerStrictJsonBodyParser(app);

  // One bus for the instances: the live games' commands and events, and the public reads' invalidations.
  const eventBus = createEventBus(config.redisUrl || undefined, config.liveBusNamespace, (error, context) =>
    app.log.error({ err: error, context }, 'event bus failed'),
  );
  const publicReads = new PublicReadCache({ ttlMs: config.publicReadTtlMs });
  await publicReads.shareInvalidations(eventBus);
  const settings = new SettingsService(database.db, clock, publicReads, config.market);
  const audit = new AuditLog(database.db, clock);
  const approvals = new ApprovalService(database, clock, audit);
  const alerts = new AlertService(database, clock, audit);
  const rateLimiter = new DatabaseRateLimiter(database.db, clock);
  const sessions = new SessionService(database.db, clock, database.dialect);
  const sms = createSmsAdapter(config.sms, {
    db: database.db,
    clock,
    logger: app.log,
    isProduction: config.isProduction,
  });
  const otp = new OtpService(database.db, clock, sms, audit, app.log, settings, rateLimiter);
  const ledger = new LedgerService(database, clock);
  const wagering = new WageringService(settings, clock);
  const promotion = createPromotionModule({ database, clock, ledger, settings, audit, wagering });
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
    secrets,
    isProduction: config.isProduction,
    firstRechargeBonus: promotion.accrual,
  });
  const accounts = new AccountService({
    db: database.db,
    clock,
    otp,
    sessions,
    audit,
    settings,
  });
  const operators = new OperatorService(database, clock, audit, rateLimiter, secrets);
  // Before any route: every /admin/api route must declare its role, and this checks that it does.
  installOperatorAccess(app, { adminToken: config.adminToken, audit, sessions: operators });
  const services: AppServices = {
    operators,
    approvals,
    alerts,
    settings,
    shop: new ShopService(database.db, database.dialect, settings, publicReads),
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
      onCatalogueChanged: () => publicReads.invalidate(PublicReadTag.catalogue),
    }),
    colourGame: createColourGameModule({
      database,
      clock,
      ledger,
      settings,
      market: config.market,
      logger: app.log,
      wagering,
      publicReads,
      ...(dependencies.colourChainLength === undefined
        ? {}
        : { chainLength: dependencies.colourChainLength }),
      referralBonuses: promotion.accrual,
    }),
    profile: new ProfileService({
      db: database.db,
      clock,
      settings,
      sessions,
      audit,
      publicUrl: config.publicUrl,
      notifications: wallet.notifications,
    }),
    publicReads,
    live: new LiveSocketPlatform({
      bus: eventBus,
      sessions,
      accessChanges: sessions,
      logger: app.log,
    }),
    luckyHit: createLuckyHitModule({
      database,
      clock,
      ledger,
      market: config.market,
      logger: app.log,
      wagering,
      referralBonuses: promotion.accrual,
    }),
    promotion,
  };
  await services.live.install(app);

  // Development helpers are never registered in production (DESIGN.md "Operator API and development endpoints").
  const devSmsOutbox = !config.isProduction && sms instanceof ConsoleSmsAdapter ? sms : undefined;

  registerHealthRoutes(app, database);
  registerDocsRoutes(app, config.market);
  // Fixed for the life of the process: serialized once, answered with its ETag (or 304).
  const appConfigJson = JSON.stringify({
    code: 200,
    market: config.market,
    dev_tools: devSmsOutbox !== undefined,
  } satisfies AppConfigResponse);
  const appConfigReply = cachedJsonReply(appConfigJson);
  registerPublicRead(app, publicReadAnswers, '/app/config', {
    cacheControl: APP_CONFIG_CACHE_CONTROL,
    reply: () => appConfigReply,
  });
  registerShopRoutes(app, services.shop, publicReadAnswers);
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
    operator: new SettingsOperatorService(database, settings, audit, approvals),
  });
  registerApprovalRoutes(app, { approvals, alerts });
  registerPlayerAdjustmentRoutes(app, {
    adjustments: new PlayerAdjustmentService(database, ledger, wagering, approvals),
  });
  registerContentOperatorRoutes(app, { content: new ContentOperatorService(database, settings, audit) });
  registerChannelsOperatorRoutes(app, {
    channels: new ChannelsOperatorService(database, clock, audit, secrets, approvals),
  });
  registerMediaRoutes(app, { media: new MediaService(database, clock, audit) });
  registerOperatorRoutes(app, {
    operators,
    changes: new OperatorChangesService(database, operators, approvals, alerts),
    auditSearch: new AuditSearchService(database),
  });
  const playerView = new PlayerViewService(database, clock, audit, sessions);
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
    operator: new ProfileOperatorService(database, clock, audit, sessions),
    market: config.market,
  });
  const stopIdempotencyPruning = scheduleIdempotencyPruning(
    database.db,
    new IdempotencyService(clock),
    (error) => app.log.error({ err: error }, 'idempotency key pruning failed'),
  );
  app.addHook('onClose', async () => stopIdempotencyPruning());
  registerColourGameModule(app, services.colourGame, {
    authGuard: services.authGuard,
    publicReadAnswers,
  });
  registerPromotionModule(app, promotion, {
    authGuard: services.authGuard,
  });
  registerGiftsModule(
    app,
    createGiftsService({
      database,
      clock,
      ledger,
      settings,
      audit,
      market: config.market,
      wagering,
      rateLimiter,
      approvals,
      alerts,
    }),
    { authGuard: services.authGuard },
  );
  await registerLauncherModule(app, {
    database,
    clock,
    ledger,
    audit,
    authGuard: services.authGuard,
    currency: getMarket(config.market).currency,
    market: config.market,
    secrets,
    approvals,
    alerts,
    wagering,
  });
  registerSuggestionRoutes(app, new SuggestionsService(database, clock, audit), {
    authGuard: services.authGuard,
  });
  // The engines start ticking once the server listens (onListen) rather than while it gets ready: their first
  // ticks (leader lock, chains, settling what was missed while down) are no part of answering requests. Bets
  // go by what the engines committed to the database (a period without a committed chain answers when
  // betting opens) or by the round an engine has opened, never by whether it has ticked yet. An app that
  // never listens (tests injecting requests) runs no engine.
  if (config.gameEngines) app.addHook('onListen', async () => services.colourGame.engine.start());
  // Stopped on close whatever started it (the timer, or a tick of the development clock), so the leader
  // lock's connection goes back to the pool before the database is closed.
  app.addHook('onClose', async () => services.colourGame.engine.stop());
  await registerLuckyHitModule(app, services.luckyHit, {
    authGuard: services.authGuard,
    live: services.live,
  });
  if (config.gameEngines) app.addHook('onListen', async () => services.luckyHit.engine.start());
  app.addHook('onClose', async () => services.luckyHit.engine.stop());
  if (devClock && !config.isProduction) {
    registerDevClockRoutes(app, devClock, () =>
      Promise.all([services.colourGame.engine.tick(), services.luckyHit.engine.tick()]),
    );
  }
  if (devSmsOutbox) registerDevSmsRoutes(app, devSmsOutbox, config.market);
  const aviator: AviatorModule = await registerAviatorModule(app, {
    database,
    clock,
    ledger,
    settings,
    wagering,
    logger: app.log,
    live: services.live,
    authGuard: services.authGuard,
    ...(dependencies.aviatorChainLength === undefined
      ? {}
      : { chainLength: dependencies.aviatorChainLength }),
    referralBonuses: services.promotion.accrual,
    alerts,
  });
  // The player view shows every game's bets: the crash game's and Lucky Hit's join the built-in kinds.
  playerView.register('crash_bets', (userId, query) => aviator.game.userRecords(userId, query));
  playerView.register('luckyhit_bets', (userId, query) => services.luckyHit.game.userRecords(userId, query));
  if (config.gameEngines) app.addHook('onListen', async () => aviator.engine.start());
  app.addHook('onClose', async () => aviator.engine.stop());

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
      // The page for `/` carries GET /app/config's and GET /shop/home_top's answers, so the app's first render
      // waits for no call.
      const indexHtml = fs.readFileSync(indexHtmlPath, 'utf8');
      registerAppShellRoute(
        app,
        new AppShellService(indexHtml, appConfigJson, services.shop),
        publicReadAnswers,
      );
    }
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      // The build writes .br and .gz copies of its text files; each browser gets the smallest it accepts.
      preCompressed: true,
      // Vite names every file under assets/ by its content's hash, so those never change: kept a year
      // without revalidation. Anything else (index.html) is revalidated, so a deploy is picked up.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          path.relative(config.webDistDir, filePath).startsWith(`assets${path.sep}`)
            ? HASHED_ASSET_CACHE_CONTROL
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir: config.webDistDir }, 'web app not built; serving the API only');
  }
  return app;
}
