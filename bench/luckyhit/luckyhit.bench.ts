/**
 * Lucky Hit (issue 16): with BENCH_SOCKETS sockets open (default 2,000) and BENCH_BETS_PER_SECOND bets a
 * second (default 500) sent over them during a round's betting window, the time from sending a bet (3015)
 * to its answer (3016), p50/p99/max; then the settlement of one round holding BENCH_SETTLE_BETS bets
 * (default 10,000) in its one transaction, on SQLite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on
 * PostgreSQL (target < 200 ms).
 *
 *   npx tsx bench/luckyhit/luckyhit.bench.ts
 *
 * The socket part runs the production pieces in this process (the live-socket platform with its in-process
 * bus, the Lucky Hit module, SQLite) on BENCH_PORT (default 3160) and the clients too, so the two share
 * the machine's cores: the figures are an upper bound of what a separate load generator would see. It waits
 * for the next round's second 4 on the real clock, then sends for the window's 15 seconds. The settlement
 * part fills BENCH_SETTLE_ROUNDS rounds (default 3) through the production bet path
 * (LuckyHitGameService.placeBet and its group commit, BENCH_INTAKE_CONCURRENCY bets in flight, default 100)
 * on a manual clock and times LuckyHitSettlementService.settle of each, with the bare insert-and-update of as
 * many rows right after it; the medians are the figures. BENCH_PROFILE=1 prints each settlement statement's
 * time. The ledger check runs at the end and the script exits 1 if it is not clean.
 */
import { performance } from 'node:perf_hooks';
import {
  LUCKY_HIT_ROUND_MS,
  LuckyHitCmd,
  luckyHitPeriodAt,
  luckyHitRoundStartMs,
  randomLuckyHitClientSeed,
} from '@app/shared';
import Fastify from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { APP_LEDGER_CHECKS } from '../../apps/server/src/app-ledger-checks.ts';
import type { AppDatabase, DialectName } from '../../apps/server/src/db/dialect.ts';
import { runInTransaction } from '../../apps/server/src/db/transaction.ts';
import { createAuthGuard } from '../../apps/server/src/http/auth-guard.ts';
import { SessionService } from '../../apps/server/src/modules/accounts/session.service.ts';
import {
  createLuckyHitModule,
  registerLuckyHitModule,
} from '../../apps/server/src/modules/games/luckyhit/luckyhit.module.ts';
import { systemAccount, userWallet } from '../../apps/server/src/modules/ledger/ledger.kinds.ts';
import { LedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import {
  checkLedger,
  formatLedgerReport,
} from '../../apps/server/src/modules/ledger/ledger-check.service.ts';
import { SettingsService } from '../../apps/server/src/modules/settings/settings.service.ts';
import { WageringService } from '../../apps/server/src/modules/withdrawals/wagering.service.ts';
import { type Clock, ManualClock, systemClock } from '../../apps/server/src/platform/clock.ts';
import {
  createEventBus,
  LiveSocketPlatform,
} from '../../apps/server/src/platform/live-sockets/live-sockets.ts';
import { bareSetWriteMs, bareSocketEcho, bareTransactionsPerSecond } from '../support/bare-baselines.ts';
import { benchPostgresUrl, openBenchDatabase } from '../support/bench-database.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2_000);
const BETS_PER_SECOND = Number(process.env.BENCH_BETS_PER_SECOND ?? 500);
const SETTLE_BETS = Number(process.env.BENCH_SETTLE_BETS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3160);
const TIME_ZONE = 'Asia/Kolkata';
/** Each player places at most this many bets in a round (the server's cap is 20). */
const BETS_PER_PLAYER = 10;
const FUNDS_MINOR = 100_000_000;
const SEND_SECONDS = 15;
/** Rounds filled and settled; the figures are their medians. */
const SETTLE_ROUNDS = Number(process.env.BENCH_SETTLE_ROUNDS ?? 3);
/** Bets in flight at once while a round is filled for the settlement (the intake batches them). */
const INTAKE_CONCURRENCY = Number(process.env.BENCH_INTAKE_CONCURRENCY ?? 100);
/** One-row transactions of the bare baseline (enough for a steady rate). */
const BARE_TRANSACTIONS = 2_000;
/** The databases the settlement runs on (PostgreSQL only with a URL). */
const SETTLE_DIALECTS = (process.env.BENCH_SETTLE_DIALECTS ?? 'sqlite,postgres').split(',');

const silentLogger = Fastify({ logger: false }).log;
/** With BENCH_PROFILE=1 each statement of the settlement is printed with its duration. */
const PROFILE = process.env.BENCH_PROFILE === '1';

/**
 * Times each statement between Kysely's query and result hooks, and the time before it since the previous
 * statement's result (the work between statements: the deal, the hashing, the event loop).
 */
class StatementTimer implements KyselyPlugin {
  private readonly started = new Map<unknown, { at: number; node: RootOperationNode }>();
  private lastEnd: number | undefined;
  readonly lines: string[] = [];

  reset(): void {
    this.lines.length = 0;
    this.lastEnd = undefined;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const at = performance.now();
    if (this.lastEnd !== undefined && at - this.lastEnd >= 1) {
      this.lines.push(`${(at - this.lastEnd).toFixed(1).padStart(8)} ms  (between statements)`);
    }
    this.started.set(args.queryId, { at, node: args.node });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const start = this.started.get(args.queryId);
    this.started.delete(args.queryId);
    this.lastEnd = performance.now();
    if (start) {
      const text =
        start.node.kind === 'RawNode' ? start.node.sqlFragments.join('?') : describeNode(start.node);
      this.lines.push(
        `${(this.lastEnd - start.at).toFixed(1).padStart(8)} ms  ${text.replace(/\s+/g, ' ').slice(0, 110)}`,
      );
    }
    return args.result;
  }
}

/** A builder statement's kind and first table, for the profile. */
function describeNode(node: RootOperationNode): string {
  const tables = JSON.stringify(node).match(/"kind":"TableNode".*?"name":"([a-z_]+)"/);
  return `${node.kind} ${tables?.[1] ?? ''}`;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** Players with early access, funded wallets and a session each. */
async function createPlayers(database: AppDatabase, clock: Clock, count: number) {
  const ledger = new LedgerService(database, clock);
  const sessions = new SessionService(database.db, clock);
  const players: Array<{ userId: number; token: string }> = [];
  const now = clock.now();
  const stamp = Date.now().toString(36);
  for (let index = 0; index < count; index += 1) {
    const row = await database.db
      .insertInto('users')
      .values({
        mobile: `+9170${String(index).padStart(8, '0')}`,
        password_hash: 'bench',
        nick_name: `Bench ${index}`,
        r_code: `LH${stamp}${index}`,
        referrer_level1_id: null,
        referrer_level2_id: null,
        is_early: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const userId = Number(row.id);
    await runInTransaction(database, (trx) =>
      ledger.transfer(trx, {
        debit: systemAccount('manual_upi_clearing'),
        credit: userWallet(userId),
        amountMinor: FUNDS_MINOR,
        kind: 'manual_recharge',
        reference: { type: 'bench_funding', id: String(userId) },
        idempotencyKey: `bench-funding:${userId}`,
      }),
    );
    players.push({ userId, token: await sessions.create({ userId, deviceId: null, ip: null }) });
  }
  return players;
}

async function assertLedgerClean(database: AppDatabase): Promise<void> {
  // The scratch schema's tables were filled within a minute, before autovacuum analysed them: with their
  // empty statistics PostgreSQL joined the 30,000 bets to their transfers by a nested loop that ran for over
  // ten minutes. Production tables are analysed as they grow.
  if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
  const report = await checkLedger(database, APP_LEDGER_CHECKS);
  if (report.checks.some((check) => check.violations.length > 0)) {
    console.error(formatLedgerReport(report));
    process.exitCode = 1;
  }
}

/** Part 1: bet answers over sockets under load. */
async function socketLoad(): Promise<void> {
  const bench = await openBenchDatabase('sqlite', 'luckyhit-sockets');
  const { database } = bench;
  const app = Fastify({ logger: false });
  const sessions = new SessionService(database.db, systemClock);
  const live = new LiveSocketPlatform({ bus: createEventBus(undefined, 'bench'), sessions, logger: app.log });
  await live.install(app);
  const settings = new SettingsService(database.db, systemClock);
  const module = createLuckyHitModule({
    database,
    clock: systemClock,
    ledger: new LedgerService(database, systemClock),
    market: 'in',
    logger: silentLogger,
    wagering: new WageringService(settings, systemClock),
    chainLength: 1_000,
  });
  await registerLuckyHitModule(app, module, { authGuard: createAuthGuard(sessions), live });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const bettors = Math.ceil((BETS_PER_SECOND * SEND_SECONDS) / BETS_PER_PLAYER);
  const players = await createPlayers(database, systemClock, Math.min(SOCKETS, Math.max(bettors, 1)));
  await module.chains.ensureChain(
    database,
    Date.now(),
    luckyHitRoundStartMs(Date.now()) + 2 * LUCKY_HIT_ROUND_MS,
  );
  module.engine.start();

  const sockets: WebSocket[] = [];
  const sentAt = new Map<WebSocket, number[]>();
  const latencies: number[] = [];
  let refused = 0;
  const refusals = new Map<string, number>();
  for (let index = 0; index < SOCKETS; index += 1) {
    const player = players[index % players.length] as { token: string };
    const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws/luckyhit?token=${player.token}`);
    sentAt.set(socket, []);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { cmd: number; data: string };
      if (frame.cmd !== LuckyHitCmd.betResult) return;
      const started = sentAt.get(socket)?.shift();
      if (started !== undefined) latencies.push(performance.now() - started);
      const answer = JSON.parse(frame.data) as { status: number; msg: string };
      if (answer.status !== 200) {
        refused += 1;
        const reason = `${answer.status} ${answer.msg}`;
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
      }
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    sockets.push(socket);
  }
  console.log(`${sockets.length} sockets open (${live.socketCount} on the server)`);
  // The first round the chain covers, from second 4 on.
  const windowStart = luckyHitRoundStartMs(Date.now()) + 2 * LUCKY_HIT_ROUND_MS + 4_000;
  const roundStart = windowStart - 4_000;
  const wait = windowStart - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const period = luckyHitPeriodAt(roundStart, TIME_ZONE);
  const total = BETS_PER_SECOND * SEND_SECONDS;
  const begin = performance.now();
  for (let sent = 0; sent < total; sent += 1) {
    const due = begin + (sent * 1000) / BETS_PER_SECOND;
    const lag = due - performance.now();
    if (lag > 1) await new Promise((resolve) => setTimeout(resolve, lag));
    // Bettor k uses the socket k, so each player's bets are spread over the window.
    const socket = sockets[sent % Math.min(bettors, sockets.length)] as WebSocket;
    sentAt.get(socket)?.push(performance.now());
    socket.send(
      JSON.stringify({
        cmd: LuckyHitCmd.bet,
        data: JSON.stringify({
          period,
          betResult: 'BRL'[sent % 3],
          oddNo: randomLuckyHitClientSeed(),
          betPrice: 10,
        }),
      }),
    );
  }
  const deadline = Date.now() + 10_000;
  while (latencies.length < total && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `bets sent ${total} in ${((performance.now() - begin) / 1000).toFixed(1)} s, answered ${latencies.length}, refused ${refused}; ` +
      `answer p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`,
  );
  if (refusals.size > 0) console.log(`refusals: ${JSON.stringify(Object.fromEntries(refusals))}`);
  // Let the engine deal and settle the round with its live load, then report its time from the log-free path.
  const settleAt = roundStart + 20_500 - Date.now();
  if (settleAt > 0) await new Promise((resolve) => setTimeout(resolve, settleAt));
  for (const socket of sockets) socket.close();
  await module.engine.stop();
  await app.close();
  await assertLedgerClean(database);
  await bench.dispose();
  // The same sockets and rate against a bare echo server, in the same run: the ratio is the figure.
  const bare = await bareSocketEcho({
    port: PORT + 1,
    sockets: SOCKETS,
    perSecond: BETS_PER_SECOND,
    seconds: SEND_SECONDS,
  });
  console.log(
    `bare ws echo, same sockets and rate: p50 ${bare.p50.toFixed(1)} ms, p99 ${bare.p99.toFixed(1)} ms; ` +
      `bet answer / bare echo: p50 ${(percentile(sorted, 0.5) / bare.p50).toFixed(1)}×, p99 ${(percentile(sorted, 0.99) / bare.p99).toFixed(1)}×`,
  );
}

/** Part 2: SETTLE_ROUNDS rounds of SETTLE_BETS bets each, taken by the intake and then settled. */
async function settlement(dialect: DialectName): Promise<void> {
  const bench = await openBenchDatabase(dialect, 'luckyhit-settlement');
  const timer = new StatementTimer();
  const database: AppDatabase = PROFILE
    ? { ...bench.database, db: bench.database.db.withPlugin(timer) }
    : bench.database;
  const firstStart = luckyHitRoundStartMs(Date.now()) + 10 * LUCKY_HIT_ROUND_MS;
  const clock = new ManualClock(firstStart - 20_000);
  const settings = new SettingsService(database.db, clock);
  const module = createLuckyHitModule({
    database,
    clock,
    ledger: new LedgerService(database, clock),
    market: 'in',
    logger: silentLogger,
    wagering: new WageringService(settings, clock),
    broadcast: { publish: () => undefined },
    chainLength: 1_000,
  });
  await module.chains.ensureChain(database, clock.now(), firstStart);
  const players = await createPlayers(database, clock, Math.ceil(SETTLE_BETS / BETS_PER_PLAYER));
  // On SQLite the database works in this process, so its CPU time is the settlement's own work, which the
  // machine's load does not stretch as it stretches the wall-clock time (on PostgreSQL it is only the client's).
  const runs: Array<{
    intakeSeconds: number;
    settleMs: number;
    bareSetMs: number;
    settleCpuMs: number;
    bareCpuMs: number;
  }> = [];
  const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
  let bareTransactions = 0;
  for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
    const roundStart = firstStart + round * LUCKY_HIT_ROUND_MS;
    clock.set(roundStart + 5_000);
    const period = luckyHitPeriodAt(roundStart, TIME_ZONE);
    const intakeStart = performance.now();
    // INTAKE_CONCURRENCY bets in flight at a time, as concurrent players send them; the intake batches them.
    for (let offset = 0; offset < SETTLE_BETS; offset += INTAKE_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(INTAKE_CONCURRENCY, SETTLE_BETS - offset) }, (_, step) => {
        const index = offset + step;
        const player = players[index % players.length] as { userId: number };
        return module.game.placeBet(player.userId, {
          period,
          betType: (['B', 'R', 'L'] as const)[index % 3] ?? 'B',
          clientSeed: randomLuckyHitClientSeed(),
          stakeMinor: 1_000 + (index % 50) * 100,
        });
      });
      for (const answer of await Promise.all(batch)) {
        if (answer.status !== 200) throw new Error(`bet refused: ${answer.msg}`);
      }
    }
    const intakeSeconds = (performance.now() - intakeStart) / 1000;
    clock.set(roundStart + 20_000);
    timer.reset();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const outcome = await module.settlement.settle(roundStart);
    const settleCpu = process.cpuUsage(cpuBefore);
    const settleMs = performance.now() - started;
    if (PROFILE) console.log(timer.lines.join('\n'));
    if (outcome.status !== 'settled') throw new Error(`round not settled: ${outcome.status}`);
    // Bare work on the same database right after: N rows inserted and updated in one transaction, and (once)
    // one-row transactions at the intake's concurrency.
    const bareCpuBefore = process.cpuUsage();
    const bareSetMs = await bareSetWriteMs(database, SETTLE_BETS);
    const bareCpu = process.cpuUsage(bareCpuBefore);
    if (round === 0) {
      bareTransactions = await bareTransactionsPerSecond(
        database,
        Math.min(SETTLE_BETS, BARE_TRANSACTIONS),
        INTAKE_CONCURRENCY,
      );
    }
    runs.push({
      intakeSeconds,
      settleMs,
      bareSetMs,
      settleCpuMs: cpuMs(settleCpu),
      bareCpuMs: cpuMs(bareCpu),
    });
    console.log(
      `${dialect} round ${round + 1}: ${SETTLE_BETS} bets in ${intakeSeconds.toFixed(1)} s (${Math.round(SETTLE_BETS / intakeSeconds)}/s, ` +
        `${INTAKE_CONCURRENCY} in flight, in-process); settlement ${settleMs.toFixed(0)} ms, ` +
        `${(settleMs / bareSetMs).toFixed(2)}× the bare insert-and-update of ${SETTLE_BETS} rows (${bareSetMs.toFixed(0)} ms); ` +
        `process CPU ${cpuMs(settleCpu).toFixed(0)} ms (bare ${cpuMs(bareCpu).toFixed(0)} ms); ` +
        `winner ${outcome.round.outcome.winner}, Lucky Hit ${outcome.round.outcome.luckyHitOdds}x`,
    );
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((left, right) => left - right);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  const betsPerSecond = median(runs.map((run) => SETTLE_BETS / run.intakeSeconds));
  console.log(
    `${dialect}: median of ${runs.length} rounds: bets ${Math.round(betsPerSecond)}/s = ${(betsPerSecond / bareTransactions).toFixed(2)}× ` +
      `the bare one-row transactions a second (${Math.round(bareTransactions)}/s); settlement of ${SETTLE_BETS} bets ` +
      `${median(runs.map((run) => run.settleMs)).toFixed(0)} ms = ${median(runs.map((run) => run.settleMs / run.bareSetMs)).toFixed(2)}× ` +
      `the bare insert-and-update (${median(runs.map((run) => run.bareSetMs)).toFixed(0)} ms); process CPU of the settlement ` +
      `${median(runs.map((run) => run.settleCpuMs)).toFixed(0)} ms = ${median(runs.map((run) => run.settleCpuMs / run.bareCpuMs)).toFixed(2)}× the bare's`,
  );
  await assertLedgerClean(database);
  await bench.dispose();
}

if (SOCKETS > 0) await socketLoad();
if (SETTLE_DIALECTS.includes('sqlite')) await settlement('sqlite');
if (SETTLE_DIALECTS.includes('postgres') && benchPostgresUrl()) await settlement('postgres');
