import { getMarket, type MarketCode } from '@app/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { AuthGuard } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { RateLimiter } from '../accounts/rate-limiter.ts';
import { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { isChannelConfigured, parseChannelSettings } from '../payments/payment-adapters.ts';
import { sandboxSettingsSchema } from '../payments/sandbox.adapter.ts';
import { registerSandboxRoutes } from '../payments/sandbox-checkout.routes.ts';
import { SandboxGateway } from '../payments/sandbox-gateway.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { PaymentChannelService } from './payment-channel.service.ts';
import { findRechargeBySerial } from './recharge.repository.ts';
import { RechargeService } from './recharge.service.ts';
import {
  type FirstRechargeBonus,
  RechargeCreditor,
  type RechargeWageringRequirement,
} from './recharge-crediting.service.ts';
import { RechargeNotificationService } from './recharge-notification.service.ts';
import { RechargeOperatorService } from './recharge-operator.service.ts';
import { RechargePoller } from './recharge-poller.ts';
import { RechargeWebhookService } from './recharge-webhook.service.ts';
import { TransferService, type TransferWageringRequirement } from './transfer.service.ts';
import {
  registerRechargeOperatorRoutes,
  registerWalletRoutes,
  registerWebhookRoutes,
  type WithdrawalChannelLister,
} from './wallet.routes.ts';

export interface WalletModuleDependencies {
  database: AppDatabase;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditLog;
  rateLimiter: RateLimiter;
  settings: SettingsService;
  logger: FastifyBaseLogger;
  market: MarketCode;
  publicUrl: string;
  /** Opens the payment channels' gateway keys, which are stored sealed. */
  secrets: SecretBox;
  /** Production refuses the sandbox gateway and registers no development routes. */
  isProduction: boolean;
  /** needs_bet of the withdrawals module: grown by each credited recharge, carried along by transfers. */
  wagering?: RechargeWageringRequirement & TransferWageringRequirement;
  /** The promotion's BFFR bonus, awarded inside the crediting transaction of a first recharge. */
  firstRechargeBonus?: FirstRechargeBonus;
}

/** Every service of the wallet-in and transfer, built once per server. */
export interface WalletModule {
  channels: PaymentChannelService;
  creditor: RechargeCreditor;
  recharges: RechargeService;
  webhooks: RechargeWebhookService;
  notifications: RechargeNotificationService;
  operator: RechargeOperatorService;
  transfers: TransferService;
  poller: RechargePoller;
  sandbox: SandboxGateway;
}

/** Builds the wallet module's services. */
export function createWalletModule(dependencies: WalletModuleDependencies): WalletModule {
  const { database, clock, ledger, audit, rateLimiter, settings, logger } = dependencies;
  const currency = getMarket(dependencies.market).currency;
  const idempotency = new IdempotencyService(clock);
  const channels = new PaymentChannelService({
    db: database.db,
    settings,
    adapters: {
      publicUrl: dependencies.publicUrl,
      currency,
      clock,
      db: database.db,
      secrets: dependencies.secrets,
    },
    sandboxAllowed: !dependencies.isProduction,
  });
  const creditor = new RechargeCreditor({
    database,
    ledger,
    audit,
    clock,
    currency,
    logger,
    ...(dependencies.wagering ? { wagering: dependencies.wagering } : {}),
    ...(dependencies.firstRechargeBonus ? { firstRechargeBonus: dependencies.firstRechargeBonus } : {}),
  });
  const webhooks = new RechargeWebhookService(channels, creditor, logger);
  const sandbox = new SandboxGateway({
    db: database.db,
    clock,
    currency,
    logger,
    // The sandbox reads its orders from the recharges taken through sandbox channels.
    findOrder: async (serialNumber) => {
      const recharge = await findRechargeBySerial(database.db, serialNumber);
      if (recharge?.adapter !== 'sandbox' || recharge.gateway_order_id === null) return undefined;
      const channel = await channels.findById(recharge.channel_id);
      if (!channel || !isChannelConfigured(channel, dependencies.secrets)) return undefined;
      const sandboxSettings = parseChannelSettings(channel, sandboxSettingsSchema, dependencies.secrets);
      return {
        serialNumber: recharge.serial_number,
        gatewayOrderId: recharge.gateway_order_id,
        amountMinor: recharge.amount_minor,
        channelKey: channel.key,
        webhookSecret: sandboxSettings.webhook_secret,
      };
    },
    deliver: (channelKey, request) => webhooks.receive(channelKey, request),
  });
  return {
    channels,
    creditor,
    recharges: new RechargeService({
      database,
      clock,
      channels,
      creditor,
      idempotency,
      rateLimiter,
      audit,
      currency,
      logger,
    }),
    webhooks,
    notifications: new RechargeNotificationService(database.db, clock),
    operator: new RechargeOperatorService(database, creditor, audit, clock, settings),
    transfers: new TransferService({
      database,
      ledger,
      idempotency,
      audit,
      ...(dependencies.wagering ? { wagering: dependencies.wagering } : {}),
    }),
    poller: new RechargePoller(database, channels, creditor, clock, logger),
    sandbox,
  };
}

export interface WalletRegistration {
  authGuard: AuthGuard;
  market: MarketCode;
  isProduction: boolean;
  /** Answers GET /user/channels?type=withdrawal (the withdrawals module). */
  withdrawalChannels?: WithdrawalChannelLister;
}

/** Registers the wallet's routes, webhooks, operator API and sandbox pages, and runs the poller until close. */
export async function registerWalletModule(
  app: FastifyInstance,
  wallet: WalletModule,
  options: WalletRegistration,
): Promise<void> {
  registerWalletRoutes(app, {
    authGuard: options.authGuard,
    ...wallet,
    ...(options.withdrawalChannels ? { withdrawalChannels: options.withdrawalChannels } : {}),
  });
  await registerWebhookRoutes(app, wallet.webhooks);
  registerRechargeOperatorRoutes(app, { operator: wallet.operator });
  // The sandbox is never reachable in production (DESIGN.md "Operator API and development endpoints").
  if (!options.isProduction) {
    await registerSandboxRoutes(app, { gateway: wallet.sandbox, market: options.market, devRoutes: true });
    // The sandbox's webhooks travel through the HTTP pipeline like a real gateway's (raw body, route).
    wallet.sandbox.useDelivery(async (channelKey, request) => {
      const answer = await app.inject({
        method: 'POST',
        url: `/webhooks/${encodeURIComponent(channelKey)}`,
        headers: { ...request.headers },
        payload: request.rawBody,
      });
      return { statusCode: answer.statusCode };
    });
  }
  const stopPoller = wallet.poller.start();
  app.addHook('onClose', async () => stopPoller());
}
