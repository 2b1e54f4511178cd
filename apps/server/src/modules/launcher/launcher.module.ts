import type { AddressInfo } from 'node:net';
import type { MarketCode } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { AuthGuard } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { AlertService } from '../approvals/alerts.service.ts';
import type { ApprovalService } from '../approvals/approvals.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { registerDiceProviderRoutes } from './demo-provider/dice-provider.routes.ts';
import { DEMO_PROVIDER_KEY, DiceProviderService } from './demo-provider/dice-provider.service.ts';
import { findProviderByKey } from './launcher.repository.ts';
import { registerLauncherRoutes, registerSeamlessWalletRoutes } from './launcher.routes.ts';
import { LauncherService } from './launcher.service.ts';
import { PROVIDER_SECRET_PURPOSE } from './provider-secrets.ts';
import {
  type LauncherWagering,
  NONCE_PRUNE_INTERVAL_MS,
  SeamlessWalletService,
} from './seamless-wallet.service.ts';

/**
 * Where this server answers on its own machine: the demo provider calls our seamless wallet over real
 * HTTP there, as a provider elsewhere would call the public address.
 */
function ownAddress(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** The launcher, the seamless wallet, the operator's providers and games, and the built-in demo provider. */
export async function registerLauncherModule(
  app: FastifyInstance,
  dependencies: {
    database: AppDatabase;
    clock: Clock;
    ledger: LedgerService;
    audit: AuditLog;
    authGuard: AuthGuard;
    currency: string;
    market: MarketCode;
    /** Seals and opens provider secrets (purpose game_providers.secret). */
    secrets: SecretBox;
    approvals: ApprovalService;
    alerts: AlertService;
    wagering: LauncherWagering;
  },
): Promise<void> {
  const { database, clock, ledger, audit, secrets } = dependencies;
  registerLauncherRoutes(app, {
    launcher: new LauncherService(database, clock, audit, dependencies.approvals, secrets),
    authGuard: dependencies.authGuard,
  });
  const wallet = new SeamlessWalletService({
    database,
    clock,
    ledger,
    currency: dependencies.currency,
    market: dependencies.market,
    secrets,
    wagering: dependencies.wagering,
    alerts: dependencies.alerts,
  });
  await registerSeamlessWalletRoutes(app, wallet);
  // Nonces are needed only while their calls' timestamps are in the window; older ones are deleted.
  const pruneNonces = () => {
    wallet.pruneNonces().catch((error: unknown) => app.log.error({ err: error }, 'nonce pruning failed'));
  };
  const pruning = setInterval(pruneNonces, NONCE_PRUNE_INTERVAL_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  const dice = new DiceProviderService(
    {
      walletBaseUrl: () => ownAddress(app),
      secret: async () => {
        const provider = await findProviderByKey(database.db, DEMO_PROVIDER_KEY);
        if (!provider) throw new Error('the demo provider is not registered');
        return secrets.open(provider.secret, PROVIDER_SECRET_PURPOSE);
      },
    },
    clock,
  );
  registerDiceProviderRoutes(app, dice);
}
