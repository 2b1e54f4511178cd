import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { runInReadSnapshot } from '../../db/transaction.ts';
import { kindsAllowingUser, LEDGER_KINDS } from './ledger.kinds.ts';
import {
  countLedgerRows,
  findBadResolutions,
  findCounterMismatches,
  findHoldsResolvedTwice,
  findMalformedTransfers,
  findNegativeAccounts,
  findUnlabelledWalletTransfers,
  sumCounters,
} from './ledger-check.repository.ts';

/** Each check reports at most this many offending rows: enough to investigate, bounded on a bad day. */
export const MAX_VIOLATIONS_PER_CHECK = 20;

/**
 * One invariant. `run` answers a description of each violation found (at most `limit`), none when the
 * invariant holds. Other modules add their own (for example "each gateway payment credits at most once")
 * by passing them to checkLedger; they run in the same snapshot as the ledger's.
 */
export interface LedgerCheck {
  readonly name: string;
  readonly description: string;
  run(db: Kysely<Database>, limit: number): Promise<string[]>;
}

export interface LedgerCheckResult {
  readonly name: string;
  readonly description: string;
  readonly violations: readonly string[];
}

export interface LedgerCheckReport {
  readonly ok: boolean;
  readonly accounts: number;
  readonly transfers: number;
  readonly checks: readonly LedgerCheckResult[];
}

/** The ledger's own invariants (DESIGN.md "The ledger"). */
export const LEDGER_CHECKS: readonly LedgerCheck[] = [
  {
    name: 'balanced',
    description: 'the sum of all debits equals the sum of all credits, posted and pending',
    async run(db) {
      const totals = await sumCounters(db);
      const violations: string[] = [];
      if (totals.debits_posted !== totals.credits_posted) {
        violations.push(`posted debits ${totals.debits_posted} <> posted credits ${totals.credits_posted}`);
      }
      if (totals.debits_pending !== totals.credits_pending) {
        violations.push(
          `pending debits ${totals.debits_pending} <> pending credits ${totals.credits_pending}`,
        );
      }
      return violations;
    },
  },
  {
    name: 'counters-match-transfers',
    description: "each account's four counters equal the replay of its transfers",
    async run(db, limit) {
      const rows = await findCounterMismatches(db, limit);
      return rows.map(
        (row) =>
          `${row.code}: stored debits_posted ${row.debits_posted}, credits_posted ${row.credits_posted}, ` +
          `debits_pending ${row.debits_pending}, credits_pending ${row.credits_pending}; replayed ` +
          `${row.replay_debits_posted}, ${row.replay_credits_posted}, ${row.replay_debits_pending}, ` +
          `${row.replay_credits_pending}`,
      );
    },
  },
  {
    name: 'no-negative-wallet',
    description: 'no user wallet is below zero and no counter is negative',
    async run(db, limit) {
      const rows = await findNegativeAccounts(db, limit);
      return rows.map(
        (row) =>
          `${row.code} (${row.kind}): credits_posted ${row.credits_posted}, debits_posted ` +
          `${row.debits_posted}, debits_pending ${row.debits_pending}, credits_pending ${row.credits_pending}`,
      );
    },
  },
  {
    name: 'holds-resolved-once',
    description: 'each hold is posted or voided at most once, and every post or void matches its hold',
    async run(db, limit) {
      const twice = await findHoldsResolvedTwice(db, limit);
      const bad = await findBadResolutions(db, limit);
      return [
        ...twice.map((row) => `pending transfer ${row.pending_id} resolved ${row.resolutions} times`),
        ...bad.map(
          (row) =>
            `${row.status} transfer ${row.id} does not match pending transfer ${row.pending_id} ` +
            `(status ${row.pending_status ?? 'missing'})`,
        ),
      ].slice(0, limit);
    },
  },
  {
    name: 'well-formed-transfers',
    description: 'positive amounts, two different accounts, a known status and kind',
    async run(db, limit) {
      const rows = await findMalformedTransfers(db, Object.keys(LEDGER_KINDS), limit);
      return rows.map(
        (row) => `transfer ${row.id}: kind ${row.kind}, status ${row.status}, amount ${row.amount_minor}`,
      );
    },
  },
  {
    name: 'wallet-lines-labelled',
    description: "every transfer touching a user wallet has a type for that wallet's transaction list",
    async run(db, limit) {
      const debits = await findUnlabelledWalletTransfers(db, 'debit', kindsAllowingUser('userDebit'), limit);
      const credits = await findUnlabelledWalletTransfers(
        db,
        'credit',
        kindsAllowingUser('userCredit'),
        limit,
      );
      const holds = await findUnlabelledWalletTransfers(
        db,
        'debit',
        kindsAllowingUser('userRelease'),
        limit,
        ['pending'],
      );
      return [
        ...debits.map((row) => `transfer ${row.id} of kind ${row.kind} debits wallet ${row.code}`),
        ...credits.map((row) => `transfer ${row.id} of kind ${row.kind} credits wallet ${row.code}`),
        ...holds.map((row) => `transfer ${row.id} of kind ${row.kind} holds money of wallet ${row.code}`),
      ].slice(0, limit);
    },
  },
];

/**
 * Verifies every invariant of the ledger, plus `extraChecks`, inside one read snapshot so a running
 * server's writes never show up half-done. Every check runs; `ok` is false when any found a violation.
 */
export async function checkLedger(
  database: AppDatabase,
  extraChecks: readonly LedgerCheck[] = [],
): Promise<LedgerCheckReport> {
  return runInReadSnapshot(database, async (db) => {
    const { accounts, transfers } = await countLedgerRows(db);
    const checks: LedgerCheckResult[] = [];
    for (const check of [...LEDGER_CHECKS, ...extraChecks]) {
      const violations = await check.run(db, MAX_VIOLATIONS_PER_CHECK);
      checks.push({ name: check.name, description: check.description, violations });
    }
    return { ok: checks.every((check) => check.violations.length === 0), accounts, transfers, checks };
  });
}

/** The report as lines of text for a terminal or a log. */
export function formatLedgerReport(report: LedgerCheckReport): string {
  const lines = [`Ledger check: ${report.accounts} accounts, ${report.transfers} transfers`];
  for (const check of report.checks) {
    const verdict = check.violations.length === 0 ? 'ok  ' : 'FAIL';
    lines.push(`  ${verdict} ${check.name}: ${check.description}`);
    for (const violation of check.violations) lines.push(`         - ${violation}`);
  }
  lines.push(report.ok ? 'Ledger is clean.' : 'Ledger invariants are VIOLATED.');
  return lines.join('\n');
}
