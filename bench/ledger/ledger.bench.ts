/**
 * Ledger throughput: committed transfers per second on SQLite and PostgreSQL with 1 and 16 concurrent
 * clients, each transfer one database transaction exactly as an API operation runs it. Then the money
 * target of DESIGN.md §5: 10,000 random concurrent operations from 16 clients, followed by the ledger
 * check and the wallets-versus-money-in-and-out drift.
 *
 *   npx tsx bench/ledger/ledger.bench.ts
 *
 * PostgreSQL runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in a fresh schema dropped at the
 * end. BENCH_SECONDS changes the length of each throughput case (default 5).
 */

import { randomInt } from 'node:crypto';
import os from 'node:os';
import type { AppDatabase, DialectName } from '../../apps/server/src/db/dialect.ts';
import { runInTransaction } from '../../apps/server/src/db/transaction.ts';
import {
  gatewayClearing,
  systemAccount,
  userWallet,
} from '../../apps/server/src/modules/ledger/ledger.kinds.ts';
import { LedgerService, type TransferRequest } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../apps/server/src/modules/ledger/ledger-check.service.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import {
  runRandomLedgerWorkload,
  sumOfWalletsMinor,
} from '../../apps/server/src/test-support/ledger-workload.ts';
import { benchPostgresUrl, openBenchDatabase } from '../support/bench-database.ts';

/** Length of each throughput case. */
const CASE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENT_COUNTS = [1, 16] as const;
/** Wallets the transfers move between: enough that two clients rarely touch the same pair. */
const WALLETS = 1_000;
const WALLET_FUNDING_MINOR = 1_000_000_000;
/** The money-drift run of DESIGN.md §5. */
const DRIFT_CLIENTS = 16;
const DRIFT_OPERATIONS = 10_000;
const DRIFT_WALLETS = 32;

async function fundWallets(database: AppDatabase, ledger: LedgerService): Promise<void> {
  await runInTransaction(database, async (trx) => {
    for (let userId = 1; userId <= WALLETS; userId += 1) {
      await ledger.transfer(trx, {
        debit: gatewayClearing('bench'),
        credit: userWallet(userId),
        amountMinor: WALLET_FUNDING_MINOR,
        kind: 'recharge',
        reference: { type: 'recharge', id: userId },
        idempotencyKey: `bench:fund:${userId}`,
      });
    }
  });
}

type Scenario = 'wallet to wallet' | 'wallet to one hot account';

interface CaseResult {
  readonly dialect: DialectName;
  readonly scenario: Scenario;
  readonly clients: number;
  readonly transfers: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly retries: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function runCase(
  database: AppDatabase,
  ledger: LedgerService,
  scenario: Scenario,
  clients: number,
  keyPrefix: string,
): Promise<CaseResult> {
  const latencies: number[] = [];
  let retries = 0;
  let sequence = 0;
  const request = (): TransferRequest => {
    sequence += 1;
    const from = randomInt(1, WALLETS + 1);
    let to = randomInt(1, WALLETS);
    if (to >= from) to += 1;
    return scenario === 'wallet to wallet'
      ? {
          debit: userWallet(from),
          credit: userWallet(to),
          amountMinor: randomInt(1, 1_000),
          kind: 'user_transfer',
          reference: { type: 'bench', id: sequence },
          idempotencyKey: `${keyPrefix}:${sequence}`,
        }
      : {
          debit: userWallet(from),
          credit: systemAccount('shop_revenue'),
          amountMinor: randomInt(1, 1_000),
          kind: 'order',
          reference: { type: 'bench', id: sequence },
          idempotencyKey: `${keyPrefix}:${sequence}`,
        };
  };
  const started = performance.now();
  const deadline = started + CASE_SECONDS * 1_000;
  const client = async () => {
    while (performance.now() < deadline) {
      const next = request();
      const begin = performance.now();
      await runInTransaction(database, (trx) => ledger.transfer(trx, next), {
        onRetry: () => {
          retries += 1;
        },
      });
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsedSeconds = (performance.now() - started) / 1_000;
  latencies.sort((left, right) => left - right);
  return {
    dialect: database.dialect,
    scenario,
    clients,
    transfers: latencies.length,
    perSecond: latencies.length / elapsedSeconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    retries,
  };
}

interface DriftResult {
  readonly dialect: DialectName;
  readonly operations: number;
  readonly succeeded: number;
  readonly refused: number;
  readonly retries: number;
  readonly seconds: number;
  readonly driftMinor: number;
  readonly checkClean: boolean;
}

async function runDrift(database: AppDatabase, ledger: LedgerService): Promise<DriftResult> {
  const userIds = Array.from({ length: DRIFT_WALLETS }, (_unused, index) => 100_000 + index);
  const started = performance.now();
  const result = await runRandomLedgerWorkload({
    database,
    ledger,
    clients: DRIFT_CLIENTS,
    operationsPerClient: DRIFT_OPERATIONS / DRIFT_CLIENTS,
    userIds,
    keyPrefix: 'bench:drift',
  });
  const seconds = (performance.now() - started) / 1_000;
  const wallets = await sumOfWalletsMinor(database, userIds);
  const report = await checkLedger(database);
  return {
    dialect: database.dialect,
    operations: result.operations,
    succeeded: result.succeeded,
    refused: result.refused,
    retries: result.retries,
    seconds,
    driftMinor: wallets - (result.moneyInMinor - result.moneyOutMinor),
    checkClean: report.ok,
  };
}

function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(headers),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

async function main(): Promise<void> {
  const dialects: DialectName[] = benchPostgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
  if (!benchPostgresUrl()) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  console.log(
    `Ledger bench on ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ` +
      `Node ${process.version}, ${CASE_SECONDS} s per case\n`,
  );
  const cases: CaseResult[] = [];
  const drifts: DriftResult[] = [];
  for (const dialect of dialects) {
    const bench = await openBenchDatabase(dialect, 'ledger');
    try {
      const ledger = new LedgerService(bench.database, systemClock);
      await fundWallets(bench.database, ledger);
      for (const scenario of ['wallet to wallet', 'wallet to one hot account'] as const) {
        for (const clients of CLIENT_COUNTS) {
          const result = await runCase(
            bench.database,
            ledger,
            scenario,
            clients,
            `bench:${scenario}:${clients}`,
          );
          console.log(
            `${dialect}, ${scenario}, ${clients} client(s): ${result.perSecond.toFixed(0)} transfers/s`,
          );
          cases.push(result);
        }
      }
      drifts.push(await runDrift(bench.database, ledger));
      const check = await checkLedger(bench.database);
      if (!check.ok) throw new Error(`ledger check failed after the ${dialect} bench`);
    } finally {
      await bench.dispose();
    }
  }
  console.log(
    `\n${table(
      ['database', 'scenario', 'clients', 'transfers', 'transfers/s', 'p50 ms', 'p99 ms', 'retries'],
      cases.map((result) => [
        result.dialect,
        result.scenario,
        String(result.clients),
        String(result.transfers),
        result.perSecond.toFixed(0),
        result.p50Ms.toFixed(2),
        result.p99Ms.toFixed(2),
        String(result.retries),
      ]),
    )}`,
  );
  console.log(
    `\n${table(
      [
        'database',
        'operations',
        'succeeded',
        'refused',
        'retries',
        'seconds',
        'ledger check',
        'drift (minor)',
      ],
      drifts.map((result) => [
        result.dialect,
        String(result.operations),
        String(result.succeeded),
        String(result.refused),
        String(result.retries),
        result.seconds.toFixed(1),
        result.checkClean ? 'clean' : 'VIOLATED',
        String(result.driftMinor),
      ]),
    )}`,
  );
  if (drifts.some((result) => !result.checkClean || result.driftMinor !== 0)) process.exitCode = 1;
}

await main();
