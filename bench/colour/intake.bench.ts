/**
 * Colour bet intake: bets per second through POST /win/add_user_guess on one server instance, with
 * autocannon driving 200 connections over 1,000 logged-in players (each connection takes turns with five of
 * them), and the p50 and p99 latency. Target
 * (issue 7): 5,000 bets/s with p99 under 50 ms.
 *
 *   npx tsx bench/colour/intake.bench.ts          (or npm run bench:colour-intake)
 *
 * The server is the real one (the node command of `npm start`, on the compiled server: run `npm run build`
 * first) in its own process, with the game engine on; autocannon runs in this process. DEV_TEST_CLOCK lets the script put the server's clock at
 * the start of a period so that betting stays open for the whole run (a period takes bets for 150 s). Every
 * bet is a real one: session lookup, validation, one transaction with the bet row and the stake moved
 * through the ledger. Afterwards the script checks that every 200 answer left exactly one bet and that the
 * ledger check is clean (exit 1 otherwise).
 *
 * SQLite always (a temporary file); PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in
 * a scratch schema dropped at the end. BENCH_SECONDS sets the measured run (default 10, after a 3 s
 * warm-up); BENCH_ONLY=sqlite or BENCH_ONLY=postgres runs one database; BENCH_LOG_LEVEL the server's log level (default info, as in production; the log goes to a temporary
 * file, from which the server-side latency is read).
 */

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_MS,
  GUESS_TYPES,
  getMarket,
  periodNumberAt,
  periodStartMs,
} from '@app/shared';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { APP_LEDGER_CHECKS } from '../../apps/server/src/app-ledger-checks.ts';
import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrator.ts';
import { ColourChainService } from '../../apps/server/src/modules/games/colour/colour-chain.service.ts';
import {
  checkLedger,
  formatLedgerReport,
} from '../../apps/server/src/modules/ledger/ledger-check.service.ts';
import {
  createPlayer,
  fundWallet,
  type TestBuyer,
} from '../../apps/server/src/modules/orders/order-fixtures.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { benchPostgresUrl, createServerDatabase } from '../support/bench-database.ts';
import { type Anchors, startAnchors, startAppServer, stopProcess } from '../support/bench-servers.ts';

const MARKET = 'in' as const;
const CONNECTIONS = 200;
/**
 * Players of the run, spread over the connections. At the 5,000 bets/s target each places 5 bets a second,
 * well under the per-user limit of COLOUR_BETS_PER_USER_PER_WINDOW (20 a second), so no bet answers 429.
 */
const PLAYERS = 1_000;
const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** Each player can afford every bet of the run (10.00 each). */
const FUNDS_MINOR = 100_000_000;
const CONTRACT_MONEY = 10;
/** The chains are stored before the server starts; a production chain takes seconds to make. */
const BENCH_CHAIN_LENGTH = 2_000;
/** Where the run starts inside a period: right after it opens, leaving 148 s before the 30 s lock. */
const INTO_PERIOD_MS = 2_000;
const TARGET_PER_SECOND = 5_000;
const TARGET_P99_MS = 50;
/** Extra node flags for the server, such as `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

async function startServer(
  databaseUrl: string,
  dataDir: string,
  logFile: string,
): Promise<{ url: string; child: ChildProcess }> {
  return startAppServer({
    env: {
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      MARKET,
      SEED_DEMO: 'false',
      GAME_ENGINES: 'true',
      DEV_TEST_CLOCK: 'true',
      LOG_LEVEL,
    },
    logFile,
    extraNodeArgs: SERVER_NODE_ARGS,
  });
}

/**
 * p50 and p99 of the server's own response times (its request log, from Fastify's onRequest to the reply)
 * during the measured run: the rest of what autocannon sees is waiting for the event loop and the network
 * stack. Undefined when the log level hides request logs.
 */
function serverLatency(logFile: string, from: number): { p50Ms: number; p99Ms: number } | undefined {
  const times: number[] = [];
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; time?: number; responseTime?: number };
    if (entry.msg === 'request completed' && (entry.time ?? 0) >= from && entry.responseTime !== undefined) {
      times.push(entry.responseTime);
    }
  }
  if (times.length === 0) return undefined;
  times.sort((left, right) => left - right);
  const at = (fraction: number) => Number((times[Math.floor(times.length * fraction)] ?? 0).toFixed(1));
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

interface IntakeResult {
  readonly dialect: DialectName;
  readonly perSecond: number;
  /** Bare Fastify's hello-world rate with the same connections, measured right before the bets. */
  readonly anchorPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly server: { p50Ms: number; p99Ms: number } | undefined;
  readonly ok: number;
  readonly refused: number;
  readonly errors: number;
  readonly betsStored: number;
  readonly ledgerClean: boolean;
}

function runAutocannon(
  url: string,
  players: readonly TestBuyer[],
  period: string,
  seconds: number,
): Promise<autocannon.Result> {
  let nextClient = 0;
  const playersPerConnection = Math.ceil(players.length / CONNECTIONS);
  return autocannon({
    url: `${url}/win/add_user_guess`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        // Each connection takes turns with its own players (connection c has players c, c + 200, …), each
        // with its own room and guess, so every kind of bet is taken.
        setupRequest: (request, untyped) => {
          const context = untyped as { connection?: number; turn?: number };
          if (context.connection === undefined) {
            context.connection = nextClient;
            context.turn = 0;
            nextClient += 1;
          }
          const connection = context.connection;
          const turn = context.turn ?? 0;
          context.turn = turn + 1;
          const index = (connection + CONNECTIONS * (turn % playersPerConnection)) % players.length;
          const player = players[index];
          if (!player) throw new Error('no player for the connection');
          return {
            ...request,
            method: 'POST',
            headers: { ...player.headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              category: COLOUR_CATEGORIES[Math.floor(index / 4) % COLOUR_CATEGORIES.length],
              period,
              guess_type: GUESS_TYPES[index % GUESS_TYPES.length] ?? 'G',
              number: index % 10,
              contract_money: CONTRACT_MONEY,
              contract_count: 1,
            }),
          };
        },
      },
    ],
  });
}

/** Requests a second of the bare Fastify anchor under the same load generator and connections. */
async function measureAnchor(anchors: Anchors, seconds: number): Promise<number> {
  const result = await autocannon({ url: anchors.fastifyUrl, connections: CONNECTIONS, duration: seconds });
  return result['2xx'] / result.duration;
}

async function runDatabase(dialect: DialectName, anchors: Anchors): Promise<IntakeResult> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'colour-intake-bench-'));
  const target = await createServerDatabase(dialect, directory);
  let child: ChildProcess | undefined;
  try {
    const players: TestBuyer[] = [];
    let database = target.open();
    await migrateToLatest(database);
    const now = systemClock.now();
    // Two periods ahead: however long the server takes to start, the run begins in the chains' first period.
    const firstChainPeriod = periodStartMs(now) + 2 * COLOUR_PERIOD_MS;
    const chains = new ColourChainService(BENCH_CHAIN_LENGTH);
    for (const room of COLOUR_CATEGORIES) await chains.ensureChain(database, room, now, firstChainPeriod);
    for (let index = 0; index < PLAYERS; index += 1) {
      const player = await createPlayer(database, systemClock);
      await fundWallet(database, systemClock, player.userId, FUNDS_MINOR);
      players.push(player);
    }
    await database.destroy();

    const logFile = path.join(directory, 'server.log');
    const server = await startServer(target.serverUrl, directory, logFile);
    child = server.child;
    // Both clocks read the system clock; the server's is moved forward by whole seconds.
    const seconds = Math.ceil((firstChainPeriod + INTO_PERIOD_MS - Date.now()) / 1000);
    const advanced = await fetch(`${server.url}/dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    if (advanced.status !== 200) throw new Error(`clock advance answered ${advanced.status}`);
    const period = periodNumberAt(firstChainPeriod, getMarket(MARKET).timeZone);

    const warmup = await runAutocannon(server.url, players, period, WARMUP_SECONDS);
    const anchorPerSecond = await measureAnchor(anchors, MEASURE_SECONDS);
    const measuredFrom = Date.now();
    const measured = await runAutocannon(server.url, players, period, MEASURE_SECONDS);
    await stopProcess(server.child);
    child = undefined;

    database = target.open();
    try {
      // The run wrote tens of thousands of rows into fresh tables; without statistics PostgreSQL may plan the
      // ledger check's joins as nested loops over them and take minutes (seen as a seemingly hung run).
      if (dialect === 'postgres') await sql`analyze`.execute(database.db);
      const stored = await database.db
        .selectFrom('colour_bets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const report = await checkLedger(database, APP_LEDGER_CHECKS);
      if (!report.ok) process.stdout.write(`${formatLedgerReport(report)}\n`);
      const ok = warmup['2xx'] + measured['2xx'];
      const result: IntakeResult = {
        dialect,
        perSecond: measured['2xx'] / measured.duration,
        anchorPerSecond,
        p50Ms: measured.latency.p50,
        p99Ms: measured.latency.p99,
        ok: measured['2xx'],
        refused: measured.non2xx,
        errors: measured.errors,
        betsStored: Number(stored.count),
        // Each 200 left its bet; requests still in flight when a run stopped (at most one per connection)
        // or cut off by a client timeout may have been stored without their answer being counted.
        server: serverLatency(logFile, measuredFrom),
        ledgerClean:
          report.ok &&
          Number(stored.count) >= ok &&
          Number(stored.count) <= ok + 2 * CONNECTIONS + warmup.errors + measured.errors,
      };
      process.stdout.write(
        `${dialect}: ${result.ok} bets accepted in ${measured.duration.toFixed(1)} s ` +
          `(${Math.round(result.perSecond)}/s, ${(result.perSecond / anchorPerSecond).toFixed(2)} of bare ` +
          `Fastify's ${Math.round(anchorPerSecond)}/s), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
          `max ${measured.latency.max} ms (server side p50 ${result.server?.p50Ms ?? 'n/a'} ms, ` +
          `p99 ${result.server?.p99Ms ?? 'n/a'} ms), ${result.refused} refused, ${result.errors} errors ` +
          `(${measured.timeouts} timeouts); ${result.betsStored} bets stored for ` +
          `${ok} answered 200 (warm-up included; the rest were in flight when a run stopped), ` +
          `ledger check ${report.ok ? 'clean' : 'FAILED'}\n`,
      );
      return result;
    } finally {
      await database.destroy();
    }
  } finally {
    if (child) await stopProcess(child);
    await target.dispose();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dialects: DialectName[] = process.env.BENCH_ONLY === 'postgres' ? [] : ['sqlite'];
  if (benchPostgresUrl() && process.env.BENCH_ONLY !== 'sqlite') dialects.push('postgres');
  else process.stdout.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  const results: IntakeResult[] = [];
  const anchors = await startAnchors();
  try {
    for (const dialect of dialects) results.push(await runDatabase(dialect, anchors));
  } finally {
    await anchors.stop();
  }
  process.stdout.write(
    `\n| database | connections | seconds | bets/s | ratio to bare Fastify | p50 ms | p99 ms | server p50 / p99 ms | non-2xx | errors | target ${TARGET_PER_SECOND}/s, p99 < ${TARGET_P99_MS} ms |\n`,
  );
  process.stdout.write('|---|---|---|---|---|---|---|---|---|---|---|\n');
  for (const result of results) {
    const met = result.perSecond >= TARGET_PER_SECOND && result.p99Ms < TARGET_P99_MS;
    process.stdout.write(
      `| ${result.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${CONNECTIONS} | ${MEASURE_SECONDS} | ` +
        `${Math.round(result.perSecond).toLocaleString('en')} | ` +
        `${(result.perSecond / result.anchorPerSecond).toFixed(2)} (of ${Math.round(result.anchorPerSecond).toLocaleString('en')}/s) | ${result.p50Ms} | ${result.p99Ms} | ` +
        `${result.server ? `${result.server.p50Ms} / ${result.server.p99Ms}` : 'n/a'} | ` +
        `${result.refused} | ${result.errors} | ${met ? 'met' : 'MISSED'} |\n`,
    );
  }
  // Client timeouts (errors) are reported above; they say the machine is saturated, not that a bet went wrong.
  if (results.some((result) => !result.ledgerClean || result.refused > 0)) {
    process.stdout.write('a bet was refused, lost or doubled, or the ledger check failed\n');
    process.exitCode = 1;
  }
}

await main();
