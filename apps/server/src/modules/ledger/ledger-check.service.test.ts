import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/dialect.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ManualClock } from '../../platform/clock.ts';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../../test-support/test-database.ts';
import { gatewayClearing, systemAccount, userWallet } from './ledger.kinds.ts';
import { LedgerService } from './ledger.service.ts';
import {
  checkLedger,
  formatLedgerReport,
  type LedgerCheck,
  type LedgerCheckReport,
} from './ledger-check.service.ts';

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const tsxCli = path.resolve(serverRoot, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');

function failingChecks(report: LedgerCheckReport): string[] {
  return report.checks.filter((check) => check.violations.length > 0).map((check) => check.name);
}

/** A small ledger with a wallet, a posted hold, an open hold and a voided one. */
async function seedLedger(
  database: TestDatabase,
): Promise<{ userId: number; walletId: number; openHoldId: number }> {
  const ledger = new LedgerService(database, new ManualClock(1_000));
  const userId = 7;
  return runInTransaction(database, async (trx) => {
    await ledger.transfer(trx, {
      debit: gatewayClearing('sandbox'),
      credit: userWallet(userId),
      amountMinor: 50_000,
      kind: 'recharge',
      reference: { type: 'recharge', id: 1 },
      idempotencyKey: 'seed:recharge',
    });
    const holds = [];
    for (const index of [1, 2, 3]) {
      holds.push(
        await ledger.hold(trx, {
          debit: userWallet(userId),
          credit: systemAccount('payout_clearing'),
          amountMinor: 1_000 * index,
          kind: 'withdrawal',
          reference: { type: 'withdrawal', id: index },
          idempotencyKey: `seed:hold:${index}`,
        }),
      );
    }
    const [first, second, third] = holds;
    if (!first || !second || !third) throw new Error('seed failed');
    await ledger.postPending(trx, { pendingId: first.id, idempotencyKey: 'seed:post' });
    await ledger.voidPending(trx, { pendingId: second.id, idempotencyKey: 'seed:void' });
    const wallet = await ledger.findAccount(trx, userWallet(userId));
    if (!wallet) throw new Error('seed failed');
    return { userId, walletId: wallet.id, openHoldId: third.id };
  });
}

async function accountId(database: TestDatabase, code: string): Promise<number> {
  const row = await database.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase('checkLedger', (suiteDatabase) => {
  let database: TestDatabase | undefined;
  /** Each test corrupts its own fresh database of the suite's dialect. */
  const fresh = async () => {
    database = await createTestDatabase(suiteDatabase().dialect);
    return database;
  };
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  const insertRawTransfer = (
    db: TestDatabase,
    values: {
      debit: number;
      credit: number;
      amount: number;
      kind: string;
      status: string;
      pendingId?: number;
    },
    key: string,
  ) =>
    db.db
      .insertInto('ledger_transfers')
      .values({
        debit_account_id: values.debit,
        credit_account_id: values.credit,
        amount_minor: values.amount,
        kind: values.kind,
        status: values.status as 'posted',
        pending_id: values.pendingId ?? null,
        reference_type: 'test',
        reference_id: '1',
        idempotency_key: key,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const bump = (db: TestDatabase, id: number, column: 'debits_posted' | 'credits_posted', amount: number) =>
    db.db
      .updateTable('ledger_accounts')
      .set((eb) => ({ [column]: eb(column, '+', amount) }))
      .where('id', '=', id)
      .execute();

  it('reports a clean ledger as clean', async () => {
    const db = await fresh();
    await seedLedger(db);
    const report = await checkLedger(db);
    expect(failingChecks(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.transfers).toBe(6);
    expect(report.accounts).toBe(12);
    expect(report.checks.map((check) => check.name)).toEqual([
      'balanced',
      'counters-match-transfers',
      'no-negative-wallet',
      'holds-resolved-once',
      'well-formed-transfers',
      'wallet-lines-labelled',
    ]);
    expect(formatLedgerReport(report)).toContain('Ledger is clean.');
  });

  it('finds money created out of nothing: a counter moved without a transfer', async () => {
    const db = await fresh();
    await seedLedger(db);
    await bump(db, await accountId(db, 'system:fee_revenue'), 'credits_posted', 5);
    const report = await checkLedger(db);
    expect(failingChecks(report)).toEqual(['balanced', 'counters-match-transfers']);
    expect(report.checks[1]?.violations[0]).toMatch(/^system:fee_revenue: stored .* credits_posted 5/);
  });

  it('finds a transfer row whose counters never moved', async () => {
    const db = await fresh();
    await seedLedger(db);
    const fee = await accountId(db, 'system:fee_revenue');
    const house = await accountId(db, 'system:game_house');
    await insertRawTransfer(
      db,
      { debit: house, credit: fee, amount: 300, kind: 'fee', status: 'posted' },
      'raw:1',
    );
    const report = await checkLedger(db);
    expect(failingChecks(report)).toEqual(['counters-match-transfers']);
    expect(report.checks[1]?.violations).toHaveLength(2);
  });

  it('finds a void that resolves something other than a hold', async () => {
    const db = await fresh();
    await seedLedger(db);
    const fee = await accountId(db, 'system:fee_revenue');
    const house = await accountId(db, 'system:game_house');
    const posted = await insertRawTransfer(
      db,
      { debit: house, credit: fee, amount: 300, kind: 'fee', status: 'posted' },
      'raw:posted',
    );
    await bump(db, house, 'debits_posted', 300);
    await bump(db, fee, 'credits_posted', 300);
    await insertRawTransfer(
      db,
      { debit: house, credit: fee, amount: 300, kind: 'fee', status: 'void_pending', pendingId: posted.id },
      'raw:void',
    );
    const report = await checkLedger(db);
    expect(failingChecks(report)).toEqual(['holds-resolved-once']);
    expect(report.checks[3]?.violations[0]).toMatch(
      /void_pending transfer \d+ does not match .*status posted/,
    );
  });

  it('finds a post of more than the hold held', async () => {
    const db = await fresh();
    const { openHoldId, walletId } = await seedLedger(db);
    const payout = await accountId(db, 'system:payout_clearing');
    await insertRawTransfer(
      db,
      {
        debit: walletId,
        credit: payout,
        amount: 3_001,
        kind: 'withdrawal',
        status: 'post_pending',
        pendingId: openHoldId,
      },
      'raw:overpost',
    );
    const report = await checkLedger(db);
    expect(failingChecks(report)).toContain('holds-resolved-once');
  });

  it('finds kinds the code does not know and wallets on a side their kind cannot label', async () => {
    const db = await fresh();
    const { walletId } = await seedLedger(db);
    const fee = await accountId(db, 'system:fee_revenue');
    const house = await accountId(db, 'system:game_house');
    await insertRawTransfer(
      db,
      { debit: house, credit: fee, amount: 10, kind: 'bonus', status: 'posted' },
      'raw:k',
    );
    await insertRawTransfer(
      db,
      { debit: walletId, credit: fee, amount: 10, kind: 'fee', status: 'posted' },
      'raw:w',
    );
    await bump(db, house, 'debits_posted', 10);
    await bump(db, walletId, 'debits_posted', 10);
    await bump(db, fee, 'credits_posted', 20);
    const report = await checkLedger(db);
    expect(failingChecks(report)).toEqual(['well-formed-transfers', 'wallet-lines-labelled']);
    expect(report.checks[4]?.violations[0]).toMatch(/kind bonus/);
    expect(report.checks[5]?.violations[0]).toMatch(/kind fee debits wallet user:7/);
  });

  it('finds a wallet below zero once the database constraint is out of the way', async () => {
    const db = await fresh();
    const { walletId } = await seedLedger(db);
    if (db.dialect === 'postgres') {
      await sql`alter table ledger_accounts drop constraint ledger_accounts_wallet_not_negative_check`.execute(
        db.db,
      );
    } else {
      await sql`pragma ignore_check_constraints = on`.execute(db.db);
    }
    await bump(db, walletId, 'debits_posted', 1_000_000);
    const report = await checkLedger(db);
    expect(failingChecks(report)).toContain('no-negative-wallet');
    expect(report.checks[2]?.violations[0]).toMatch(/^user:7 \(user_wallet\)/);
  });

  it('runs the checks other modules add, in the same report', async () => {
    const db = await fresh();
    await seedLedger(db);
    const paymentsOnce: LedgerCheck = {
      name: 'gateway-payment-once',
      description: 'each gateway payment credits at most once',
      run: async (_db, limit) => ['payment pay_123 credited 2 times'].slice(0, limit),
    };
    const report = await checkLedger(db, [paymentsOnce]);
    expect(report.ok).toBe(false);
    expect(failingChecks(report)).toEqual(['gateway-payment-once']);
    const text = formatLedgerReport(report);
    expect(text).toContain('FAIL gateway-payment-once');
    expect(text).toContain('payment pay_123 credited 2 times');
    expect(text).toContain('Ledger invariants are VIOLATED.');
  });
});

describe('npm run ledger:check', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });

  /** Runs the command line the way `npm run ledger:check` does, on an embedded database file. */
  const ledgerCheck = async (file: string) => {
    try {
      const { stdout } = await run(process.execPath, [tsxCli, 'src/cli/ledger-check.ts'], {
        cwd: serverRoot,
        env: { ...process.env, DATABASE_URL: `sqlite:${file}`, NODE_ENV: 'test' },
      });
      return { code: 0, output: stdout };
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      return { code: failure.code, output: `${failure.stdout}${failure.stderr}` };
    }
  };

  const migratedFile = async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-cli-'));
    directories.push(directory);
    const file = path.join(directory, 'app.db');
    const database = openDatabase({ url: `sqlite:${file}` });
    await migrateToLatest(database);
    await seedLedger({ ...database, cleanup: async () => {} });
    return { file, database };
  };

  it('exits 0 with a report on a clean ledger and 1 once an invariant breaks', async () => {
    const { file, database } = await migratedFile();
    const clean = await ledgerCheck(file);
    expect(clean.output).toContain('ok   balanced');
    expect(clean.output).toContain('Ledger is clean.');
    expect(clean.code).toBe(0);

    await database.db
      .updateTable('ledger_accounts')
      .set((eb) => ({ credits_posted: eb('credits_posted', '+', 1) }))
      .where('code', '=', 'system:shop_revenue')
      .execute();
    await database.destroy();
    const broken = await ledgerCheck(file);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('FAIL balanced');
    expect(broken.output).toContain('system:shop_revenue');
  });

  it('exits 2 without creating anything when the database file does not exist', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-cli-'));
    directories.push(directory);
    const file = path.join(directory, 'missing.db');
    const result = await ledgerCheck(file);
    expect(result.code).toBe(2);
    expect(result.output).toContain('No database at');
    expect(fs.existsSync(file)).toBe(false);
  });
});
