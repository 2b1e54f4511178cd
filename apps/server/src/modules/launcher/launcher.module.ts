import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { AuthGuard } from '../../http/auth-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { registerDiceProviderRoutes } from './demo-provider/dice-provider.routes.ts';
import { DEMO_PROVIDER_KEY, DiceProviderService } from './demo-provider/dice-provider.service.ts';
import { findProviderByKey } from './launcher.repository.ts';
import { registerLauncherRoutes, registerSeamlessWalletRoutes } from './launcher.routes.ts';
import { LauncherService } from './launcher.service.ts';
import { SeamlessWalletService } from './seamless-wallet.service.ts';

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
  },
): Promise<void> {
  const { database, clock, ledger, audit } = dependencies;
  registerLauncherRoutes(app, {
    launcher: new LauncherService(database, clock, audit),
    authGuard: dependencies.authGuard,
  });
  await registerSeamlessWalletRoutes(
    app,
    new SeamlessWalletService(database, clock, ledger, dependencies.currency),
  );
  const dice = new DiceProviderService(
    {
      walletBaseUrl: () => ownAddress(app),
      secret: async () => {
        const provider = await findProviderByKey(database.db, DEMO_PROVIDER_KEY);
        if (!provider) throw new Error('the demo provider is not registered');
        return provider.secret;
      },
    },
    clock,
  );
  registerDiceProviderRoutes(app, dice);
}
