import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config/config.ts';
import { type AppDatabase, type DialectName, openDatabase, warnIdleConnectionError } from './db/dialect.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDemoGameProvider } from './modules/launcher/demo-provider/demo-provider.seed.ts';
import { type DemoSeedReport, seedDemoData } from './modules/seed/demo-seed.service.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type OpenedSecretBox, openSecretBox } from './platform/secrets/open-secret-box.ts';
import { type ResealReport, resealedCount, resealSecrets } from './platform/secrets/reseal.ts';
import type { SecretBox } from './platform/secrets/secret-box.ts';
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

/** What readying the database did. */
export interface PreparedDatabase {
  /** The demo seed's report, or undefined when the demo seed is off. */
  seed: DemoSeedReport | undefined;
  resealed: ResealReport;
}

/**
 * Readies the database before the app is built: the migrations, then every stored secret that needs it
 * sealed again under the current key (before any request, because code that opens a secret refuses
 * plaintext), then the demo data when it is on.
 */
export async function prepareDatabase(
  database: AppDatabase,
  config: Pick<AppConfig, 'seedDemo' | 'market'>,
  secrets: SecretBox,
  clock: Clock,
): Promise<PreparedDatabase> {
  await migrateToLatest(database);
  const resealed = await resealSecrets(database, secrets);
  const settings = new SettingsService(database.db, clock);
  const seed = config.seedDemo
    ? await seedDemoData(database.db, settings, clock, { market: config.market, secrets })
    : undefined;
  if (config.seedDemo) await seedDemoGameProvider(database.db, clock, secrets);
  return { seed, resealed };
}

/** Logs where the secrets key came from (outside production) and what the start-up re-seal did. */
function logSecretsAtStart(app: FastifyInstance, opened: OpenedSecretBox, resealed: ResealReport): void {
  const file = opened.developmentKeyFile;
  if (file?.created) {
    app.log.warn(
      { keyFile: file.path },
      'made a development secrets key (production needs SECRETS_KEY or SECRETS_KEY_FILE)',
    );
  } else if (file) {
    app.log.info({ keyFile: file.path }, 'secrets key of the data directory (development)');
  }
  if (resealedCount(resealed) > 0) {
    app.log.info({ resealed }, 'stored secrets sealed again under the current key');
  }
}

async function main(): Promise<void> {
  // Before any work: an idle garbage collection must not cost every later request a third of its speed.
  keepTickObjectShapesAlive();
  let config: AppConfig;
  let secrets: OpenedSecretBox;
  try {
    config = loadConfig();
    // Production stops here without a key, before the database is touched.
    secrets = openSecretBox(config);
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
  const { seed, resealed } = await prepareDatabase(database, config, secrets.box, systemClock);

  const app = await buildApp({ config, database, secrets: secrets.box });
  logSecretsAtStart(app, secrets, resealed);
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
