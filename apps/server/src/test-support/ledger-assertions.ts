import { expect } from 'vitest';
import { APP_LEDGER_CHECKS } from '../app-ledger-checks.ts';
import type { AppDatabase } from '../db/dialect.ts';
import {
  checkLedger,
  type LedgerCheck,
  type LedgerCheckReport,
} from '../modules/ledger/ledger-check.service.ts';

/** Runs the same check as `npm run ledger:check` and fails the test with the violations when it is not clean. */
export async function expectLedgerClean(
  database: AppDatabase,
  extraChecks: readonly LedgerCheck[] = APP_LEDGER_CHECKS,
): Promise<LedgerCheckReport> {
  const report = await checkLedger(database, extraChecks);
  const violations = report.checks.flatMap((check) =>
    check.violations.map((violation) => `${check.name}: ${violation}`),
  );
  expect(violations).toEqual([]);
  return report;
}
