import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/dialect.ts';
import { runAndStoreLedgerCheck } from '../modules/dashboard/dashboard.service.ts';
import { formatLedgerReport } from '../modules/ledger/ledger-check.service.ts';
import { systemClock } from '../platform/clock.ts';

/**
 * `npm run ledger:check`: verifies every ledger invariant on the configured database (DATABASE_URL, or the
 * embedded file under DATA_DIR) and prints a report. Exit code 0 when the ledger is clean, 1 when an
 * invariant is violated, 2 when the check could not run. It never migrates or repairs; it stores its result
 * for the console's ledger health panel (table ledger_check_runs).
 */
async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (config.databaseUrl.startsWith('sqlite:')) {
    // Opening a missing SQLite file would create an empty database; say what is wrong instead.
    const file = config.databaseUrl.slice('sqlite:'.length);
    if (!fs.existsSync(file)) {
      console.error(`No database at ${file}: start the server once, or set DATABASE_URL.`);
      return 2;
    }
  }
  const database = openDatabase({ url: config.databaseUrl, poolSize: 1 });
  try {
    const { report } = await runAndStoreLedgerCheck(database, systemClock, 'cli');
    console.log(formatLedgerReport(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    console.error(
      `The ledger check could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 2;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main();
