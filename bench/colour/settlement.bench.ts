/**
 * Colour settlement: how long one period with 100,000 waiting bets (10,000 players, every guess type and
 * digit, every preset) takes to settle in its one transaction, on SQLite and on PostgreSQL. The settlement
 * is the production one (ColourSettlementService.settle: lock the period, derive the seed from the stored
 * chain, one UPDATE of the bets, the set-based win credits, fee and house legs, the needs_bet reduction, the
 * period's totals); the target (issue 7) is under 2 s.
 *
 *   npx tsx bench/colour/settlement.bench.ts          (or npm run bench:colour-settlement)
 *
 * The bets are written set-based before the clock starts, exactly as POST /win/add_user_guess leaves them
 * (a bet row in W and its stake moved from the player's wallet to game escrow as a colour_bet transfer);
 * the full ledger check runs at the end and the script exits 1 if it is not clean or a bet is left
 * waiting. PostgreSQL runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in a scratch schema
 * dropped at the end. BENCH_ROUNDS periods are settled per database (default 3); BENCH_BETS changes the
 * bets per period (default 100,000). BENCH_RESULT=worst settles only periods whose drawn digit is 0 or 5,
 * on which 52.5 % of the bets win instead of 27.5 % (the most work for the settlement).
 */

import {
  COLOUR_DIGITS,
  COLOUR_PERIOD_MS,
  colourFeeMinor,
  colourResultFromSeed,
  GUESS_TYPES,
  getMarket,
  majorToMinor,
  periodNumberAt,
} from '@app/shared';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import { APP_LEDGER_CHECKS } from '../../apps/server/src/app-ledger-checks.ts';
import type { AppDatabase, DialectName } from '../../apps/server/src/db/dialect.ts';
import { runInTransaction } from '../../apps/server/src/db/transaction.ts';
import { ensurePeriod, findPeriod } from '../../apps/server/src/modules/games/colour/colour.repository.ts';
import type { NewColourBetRow } from '../../apps/server/src/modules/games/colour/colour.tables.ts';
import {
  ColourChainService,
  chainIndexOf,
} from '../../apps/server/src/modules/games/colour/colour-chain.service.ts';
import {
  COLOUR_BET_REFERENCE_TYPE,
  COLOUR_PERIOD_REFERENCE_TYPE,
  ColourSettlementService,
} from '../../apps/server/src/modules/games/colour/colour-settlement.service.ts';
import { LedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { postBulkWalletCredits } from '../../apps/server/src/modules/ledger/ledger-bulk.repository.ts';
import {
  checkLedger,
  formatLedgerReport,
} from '../../apps/server/src/modules/ledger/ledger-check.service.ts';
import { SettingsService } from '../../apps/server/src/modules/settings/settings.service.ts';
import { WageringService } from '../../apps/server/src/modules/withdrawals/wagering.service.ts';
import { ManualClock } from '../../apps/server/src/platform/clock.ts';
import { benchPostgresUrl, openBenchDatabase } from '../support/bench-database.ts';

const MARKET = 'in' as const;
const ROOM = 'P' as const;
const BETS_PER_PERIOD = Number(process.env.BENCH_BETS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PLAYERS = 10_000;
/** Enough for every stake of every round. */
const FUNDS_MINOR = 100_000_000;
/** Each player must still wager this much, so the needs_bet reduction touches every player. */
const NEEDS_BET_MINOR = 5_000_00;
/** Rows per INSERT: 15 columns × 1,000 rows stays below both dialects' parameter limits. */
const INSERT_BATCH = 1_000;
const TARGET_MS = 2_000;
/** 2025-03-05 00:00 IST: the chain's first period. */
const FIRST_PERIOD_START = Date.parse('2025-03-04T18:30:00Z');
const BENCH_CHAIN_LENGTH = 2_000;
/** The digits on which most bets of this mix win: red or green at 1.5×, violet and the number. */
const WORST_DIGITS: readonly number[] = [0, 5];
const WORST_ONLY = process.env.BENCH_RESULT === 'worst';

/** With BENCH_PROFILE=1 every statement of each settlement is printed with its duration. */
const PROFILE = process.env.BENCH_PROFILE === '1';

/** Times each statement between Kysely's query and result hooks. */
class StatementTimer implements KyselyPlugin {
  private readonly started = new Map<unknown, { at: number; node: RootOperationNode }>();
  readonly lines: string[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.started.set(args.queryId, { at: performance.now(), node: args.node });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const start = this.started.get(args.queryId);
    this.started.delete(args.queryId);
    if (start) {
      const text =
        start.node.kind === 'RawNode'
          ? start.node.sqlFragments.join('?')
          : `${start.node.kind} ${JSON.stringify(start.node).slice(0, 80)}`;
      this.lines.push(
        `${(performance.now() - start.at).toFixed(1).padStart(8)} ms  ${text.replace(/\s+/g, ' ').slice(0, 110)}`,
      );
    }
    return args.result;
  }
}

/** Players with funded wallets and a wagering requirement, written set-based. */
async function createPlayers(database: AppDatabase, now: number): Promise<number[]> {
  const { db } = database;
  const ids: number[] = [];
  for (let offset = 0; offset < PLAYERS; offset += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, PLAYERS - offset) }, (_, index) => ({
      mobile: `+9170${String(offset + index).padStart(8, '0')}`,
      password_hash: 'bench-player-no-login',
      nick_name: `Player ${offset + index}`,
      r_code: `BENCH${offset + index}`,
      referrer_level1_id: null,
      referrer_level2_id: null,
      created_at: now,
      updated_at: now,
    }));
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  await runInTransaction(database, async (trx) => {
    await sql`
      insert into ledger_accounts (code, kind, user_id, created_at)
      select 'user:' || cast(u.id as varchar(20)), 'user_wallet', u.id, ${now} from users u
    `.execute(trx);
    await postBulkWalletCredits(trx, database.dialect, {
      debit: 'manual_upi_clearing',
      kind: 'manual_recharge',
      referenceType: 'bench_funding',
      createdAt: now,
      source: sql`select u.id as user_id, cast(u.id as varchar(100)) as reference_id,
          'bench_funding:' || cast(u.id as varchar(100)) as idempotency_key,
          cast(${FUNDS_MINOR} as bigint) as amount_minor
        from users u`,
    });
    await sql`
      insert into wagering_requirements (user_id, needs_bet_minor, updated_at)
      select u.id, ${NEEDS_BET_MINOR}, ${now} from users u
    `.execute(trx);
  });
  return ids;
}

/**
 * BETS_PER_PERIOD waiting bets of one period, as the bet intake leaves them: the bet rows, then each stake
 * as a colour_bet transfer from the player's wallet to game escrow with both accounts' counters moved.
 */
async function placeBets(
  database: AppDatabase,
  chains: ColourChainService,
  players: readonly number[],
  startAt: number,
): Promise<{ periodId: number; stakeMinor: number }> {
  const timeZone = getMarket(MARKET).timeZone;
  const period = periodNumberAt(startAt, timeZone);
  const presets = getMarket(MARKET).contractMoneyPresets.map((preset) => majorToMinor(preset));
  const createdAt = startAt + 10_000;
  const chain = await chains.chainFor(database.db, ROOM, startAt);
  if (!chain) throw new Error('no chain covers the period');
  await ensurePeriod(database.db, {
    room: ROOM,
    period,
    start_at: startAt,
    status: 'open',
    chain_id: chain.id,
    chain_index: chainIndexOf(chain, startAt),
    created_at: createdAt,
  });
  const periodRow = await findPeriod(database.db, ROOM, period);
  if (!periodRow) throw new Error('period row missing');
  let stakeMinor = 0;
  for (let offset = 0; offset < BETS_PER_PERIOD; offset += INSERT_BATCH) {
    const rows: NewColourBetRow[] = [];
    for (let index = offset; index < Math.min(offset + INSERT_BATCH, BETS_PER_PERIOD); index += 1) {
      // Each player's ten bets go round the four guess types, so on any digit every player holds a winning
      // bet: the most win credits (one per player and period) the settlement can have to post.
      const guessType = GUESS_TYPES[(index + Math.floor(index / PLAYERS)) % GUESS_TYPES.length] ?? 'G';
      // Mostly the two smaller presets, as players bet; every preset and count appears.
      const money = presets[index % 7 === 0 ? 2 : index % 2] ?? 1000;
      const count = 1 + (index % 5);
      const stake = money * count;
      const fee = colourFeeMinor(stake);
      stakeMinor += stake;
      rows.push({
        user_id: players[index % players.length] ?? 1,
        period_id: periodRow.id,
        room: ROOM,
        period,
        guess_type: guessType,
        guess_number: guessType === 'N' ? (COLOUR_DIGITS[Math.floor(index / 4) % 10] ?? 0) : null,
        contract_money_minor: money,
        contract_count: count,
        stake_minor: stake,
        fee_minor: fee,
        contract_minor: stake - fee,
        status: 'W',
        created_at: createdAt,
        settled_at: null,
      });
    }
    await database.db.insertInto('colour_bets').values(rows).execute();
  }
  await runInTransaction(database, async (trx) => {
    const escrow = await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('code', '=', 'system:game_escrow')
      .executeTakeFirstOrThrow();
    await sql`
      insert into ledger_transfers (debit_account_id, credit_account_id, amount_minor, kind, status,
        pending_id, reference_type, reference_id, idempotency_key, created_at)
      select a.id, ${escrow.id}, b.stake_minor, 'colour_bet', 'posted', null, ${COLOUR_BET_REFERENCE_TYPE},
        cast(b.id as varchar(100)), 'colour_bet:' || cast(b.id as varchar(100)), b.created_at
      from colour_bets b join ledger_accounts a on a.user_id = b.user_id and a.kind = 'user_wallet'
      where b.period_id = ${periodRow.id}
    `.execute(trx);
    await sql`
      update ledger_accounts set debits_posted = ledger_accounts.debits_posted + t.total_minor
      from (select b.user_id as user_id, sum(b.stake_minor) as total_minor from colour_bets b
        where b.period_id = ${periodRow.id} group by b.user_id) t
      where ledger_accounts.kind = 'user_wallet' and ledger_accounts.user_id = t.user_id
    `.execute(trx);
    await sql`update ledger_accounts set credits_posted = credits_posted + ${stakeMinor}
      where id = ${escrow.id}`.execute(trx);
  });
  // A live database's statistics follow its tables (autovacuum on PostgreSQL); a table that just grew by
  // 100,000 rows in one go has none yet, so the planner is told about them as it would have been.
  await sql`analyze`.execute(database.db);
  return { periodId: periodRow.id, stakeMinor };
}

/** The digit the settlement will draw for the period starting at `startAt` (the same derivation). */
async function drawnDigit(
  database: AppDatabase,
  chains: ColourChainService,
  startAt: number,
): Promise<number> {
  const chain = await chains.chainFor(database.db, ROOM, startAt);
  if (!chain) throw new Error('no chain covers the period');
  const seedHex = await chains.seedOf(database.db, chain, chainIndexOf(chain, startAt));
  const period = periodNumberAt(startAt, getMarket(MARKET).timeZone);
  return (await colourResultFromSeed(seedHex, ROOM, period)).number;
}

interface RoundResult {
  readonly dialect: DialectName;
  readonly period: string;
  readonly bets: number;
  readonly wins: number;
  readonly digit: number;
  readonly settleMs: number;
}

async function runDatabase(dialect: DialectName): Promise<{ rounds: RoundResult[]; ledgerOk: boolean }> {
  const bench = await openBenchDatabase(dialect, 'colour-settlement');
  const { database } = bench;
  try {
    const clock = new ManualClock(FIRST_PERIOD_START - 60_000);
    const timeZone = getMarket(MARKET).timeZone;
    const chains = new ColourChainService(BENCH_CHAIN_LENGTH);
    await chains.ensureChain(database, ROOM, clock.now(), FIRST_PERIOD_START);
    const setupStart = performance.now();
    const players = await createPlayers(database, clock.now());
    process.stdout.write(
      `${dialect}: ${players.length} players funded in ${Math.round(performance.now() - setupStart)} ms\n`,
    );
    const settings = new SettingsService(database.db, clock);
    const timer = new StatementTimer();
    const settled: AppDatabase = PROFILE ? { ...database, db: database.db.withPlugin(timer) } : database;
    const settlement = new ColourSettlementService(
      settled,
      clock,
      new LedgerService(database, clock),
      chains,
      timeZone,
      new WageringService(settings, clock),
    );
    const rounds: RoundResult[] = [];
    let nextStart = FIRST_PERIOD_START;
    for (let round = 0; round < ROUNDS; round += 1) {
      let startAt = nextStart;
      while (WORST_ONLY && !WORST_DIGITS.includes(await drawnDigit(database, chains, startAt))) {
        startAt += COLOUR_PERIOD_MS;
      }
      nextStart = startAt + COLOUR_PERIOD_MS;
      const placeStart = performance.now();
      const { periodId } = await placeBets(database, chains, players, startAt);
      const placeMs = performance.now() - placeStart;
      // The engine settles a period as soon as it ends.
      clock.set(startAt + COLOUR_PERIOD_MS + 500);
      const settleStart = performance.now();
      const outcome = await settlement.settle(ROOM, startAt);
      const settleMs = performance.now() - settleStart;
      if (outcome !== 'settled') throw new Error(`round ${round}: ${outcome}`);
      if (PROFILE) process.stdout.write(`${timer.lines.splice(0).join('\n')}\n`);
      const row = await database.db
        .selectFrom('colour_periods')
        .selectAll()
        .where('id', '=', periodId)
        .executeTakeFirstOrThrow();
      const wins = await database.db
        .selectFrom('colour_bets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('period_id', '=', periodId)
        .where('status', '=', 'S')
        .executeTakeFirstOrThrow();
      const credits = await database.db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('kind', '=', 'colour_win')
        .where('reference_type', '=', COLOUR_PERIOD_REFERENCE_TYPE)
        .where('reference_id', '=', String(periodId))
        .executeTakeFirstOrThrow();
      rounds.push({
        dialect,
        period: row.period,
        bets: row.bet_count,
        wins: Number(wins.count),
        digit: row.result_number ?? -1,
        settleMs,
      });
      process.stdout.write(
        `${dialect}: period ${row.period}: ${row.bet_count} bets written in ${Math.round(placeMs)} ms, ` +
          `settled in ${Math.round(settleMs)} ms (digit ${row.result_number}, ${wins.count} wins, ` +
          `${credits.count} win credits)\n`,
      );
    }
    const waiting = await database.db
      .selectFrom('colour_bets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'W')
      .executeTakeFirstOrThrow();
    await sql`analyze`.execute(database.db);
    const checkStart = performance.now();
    const report = await checkLedger(database, APP_LEDGER_CHECKS);
    const checkMs = performance.now() - checkStart;
    if (!report.ok) process.stdout.write(`${formatLedgerReport(report)}\n`);
    const requirement = await database.db
      .selectFrom('wagering_requirements')
      .select((eb) => [eb.fn.min('needs_bet_minor').as('low'), eb.fn.max('needs_bet_minor').as('high')])
      .executeTakeFirstOrThrow();
    process.stdout.write(
      `${dialect}: ledger check ${report.ok ? 'clean' : 'FAILED'} (${Math.round(checkMs)} ms), ` +
        `${waiting.count} bets waiting, ` +
        `needs_bet now ${requirement.low}…${requirement.high} (was ${NEEDS_BET_MINOR} each)\n`,
    );
    return { rounds, ledgerOk: report.ok && Number(waiting.count) === 0 };
  } finally {
    await bench.dispose();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const dialects: DialectName[] = ['sqlite'];
  if (benchPostgresUrl()) dialects.push('postgres');
  else process.stdout.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  const results: Array<{ dialect: DialectName; rounds: RoundResult[] }> = [];
  let ok = true;
  for (const dialect of dialects) {
    const result = await runDatabase(dialect);
    ok &&= result.ledgerOk;
    results.push({ dialect, rounds: result.rounds });
  }
  process.stdout.write(
    `\n| database | bets per period | players | rounds | settle ms (each) | median ms | target ${TARGET_MS} ms |\n`,
  );
  process.stdout.write('|---|---|---|---|---|---|---|\n');
  for (const { dialect, rounds } of results) {
    const times = rounds.map((round) => round.settleMs);
    const mid = median(times);
    process.stdout.write(
      `| ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${BETS_PER_PERIOD.toLocaleString('en')} | ` +
        `${PLAYERS.toLocaleString('en')} | ${rounds.length} | ${times.map((ms) => Math.round(ms)).join(', ')} | ` +
        `${Math.round(mid)} | ${mid < TARGET_MS ? 'met' : 'MISSED'} |\n`,
    );
  }
  if (!ok) {
    process.stdout.write('ledger check failed or a bet was left waiting\n');
    process.exitCode = 1;
  }
}

await main();
