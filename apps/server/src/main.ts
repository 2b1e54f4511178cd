import fs from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { openDatabase } from './db/dialect.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDemoData } from './modules/seed/demo-seed.service.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { systemClock } from './platform/clock.ts';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.databaseUrl.startsWith('sqlite:')) fs.mkdirSync(config.dataDir, { recursive: true });
  const database = openDatabase({ url: config.databaseUrl });
  await migrateToLatest(database);
  const settings = new SettingsService(database.db, systemClock);
  const seed = config.seedDemo
    ? await seedDemoData(database.db, settings, systemClock, { market: config.market })
    : undefined;

  const app = await buildApp({ config, database });
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    forceExit.unref();
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Gold shop is running at ${config.publicUrl}`,
    `  market: ${config.market}   database: ${database.dialect}${database.dialect === 'sqlite' ? ` (${config.databaseUrl.slice(7)})` : ''}`,
    seed ? `  demo referral code: ${seed.referralCode}` : '  demo data: off',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
