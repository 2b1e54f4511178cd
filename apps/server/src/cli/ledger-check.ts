import { runAndStoreLedgerCheck } from '../modules/dashboard/dashboard.service.ts';
import { formatLedgerReport } from '../modules/ledger/ledger-check.service.ts';
import { systemClock } from '../platform/clock.ts';
import { openForCommand } from './cli-database.ts';

/**
 * `npm run ledger:check`: verifies every ledger invariant on the configured database (DATABASE_URL, or the
 * embedded file under DATA_DIR) and prints a report. Exit code 0 when the ledger is clean, 1 when an
 * invariant is violated, 2 when the check could not run. It never migrates or repairs; it stores its result
 * for the console's ledger health panel (table ledger_check_runs).
 */
async function main(): Promise<number> {
  const start = openForCommand(() => undefined);
  if (!start.ok) return start.exitCode;
  const { database } = start;
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
