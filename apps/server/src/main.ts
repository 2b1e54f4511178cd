import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config/config.ts';
import { type AppDatabase, type DialectName, openDatabase, warnIdleConnectionError } from './db/dialect.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDemoGameProvider } from './modules/launcher/demo-provider/demo-provider.seed.ts';
import { secretBoxForLauncher } from './modules/launcher/provider-secrets.ts';
import { seedDemoData } from './modules/seed/demo-seed.service.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { systemClock } from './platform/clock.ts';
import { keepTickObjectShapesAlive } from './platform/tick-object-shapes.ts';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const SQLITE_URL_PREFIX = 'sqlite:';

export interface StartupBannerDetails {
  config: Pick<AppConfig, 'publicUrl' | 'market' | 'databaseUrl'>;
  dialect: DialectName;
  /** The demo referral code, or undefined when the demo seed is off. */
  referralCode: string | undefined;
}

/**
 * The lines printed once the server listens: where to open it, the market, the database and the demo
 * referral code. A PostgreSQL URL is never printed, because it usually carries a password.
 */
export function startupBanner({ config, dialect, referralCode }: StartupBannerDetails): string {
  const database =
    dialect === 'sqlite' ? `sqlite (${config.databaseUrl.slice(SQLITE_URL_PREFIX.length)})` : dialect;
  const lines = [
    '',
    `  Gold shop is running at ${config.publicUrl}`,
    `  market: ${config.market}   database: ${database}`,
    referralCode ? `  demo referral code: ${referralCode}` : '  demo data: off',
    '',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Stops the server in order: the app first (no new requests, in-flight ones finish, the game engine gives up
 * its leader lock and the timers stop, all of which may still use the database), then the database.
 */
export async function shutDown(app: FastifyInstance, database: AppDatabase): Promise<void> {
  try {
    await app.close();
  } finally {
    await database.destroy();
  }
}

async function main(): Promise<void> {
  // Before any work: an idle garbage collection must not cost every later request a third of its speed.
  keepTickObjectShapesAlive();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.databaseUrl.startsWith(SQLITE_URL_PREFIX)) fs.mkdirSync(config.dataDir, { recursive: true });
  // The app's logger only exists once the app is built; until then a lost idle connection goes to stderr.
  let reportIdleConnectionError = warnIdleConnectionError;
  const database = openDatabase({
    url: config.databaseUrl,
    onIdleConnectionError: (error) => reportIdleConnectionError(error),
  });
  await migrateToLatest(database);
  const settings = new SettingsService(database.db, systemClock);
  const seed = config.seedDemo
    ? await seedDemoData(database.db, settings, systemClock, { market: config.market })
    : undefined;
  if (config.seedDemo) await seedDemoGameProvider(database.db, systemClock, secretBoxForLauncher(config));

  const app = await buildApp({ config, database });
  reportIdleConnectionError = (error: Error) =>
    app.log.warn({ err: error }, 'idle PostgreSQL connection failed; the pool dropped it');
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    forceExit.unref();
    try {
      await shutDown(app, database);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    startupBanner({ config, dialect: database.dialect, referralCode: seed?.referralCode }),
  );
}

/** Whether this module is the program (node's ESM loader gives its URL with symbolic links resolved). */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(fs.realpathSync(script)).href;
  } catch {
    return false;
  }
}

// Only when run as the program, so tests can import the banner and the shutdown without starting a server.
if (isEntryPoint()) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
