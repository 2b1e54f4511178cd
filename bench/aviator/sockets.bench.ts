/**
 * The crash game's socket figures (DESIGN.md §5 "Crash game"): 10,000 concurrent sockets on one instance,
 * the multiplier ticks' delivery lag p50/p99, 1,000 cash-outs within one second answered p99, and the
 * server's RSS; then two instances with Redis (on PostgreSQL, which two processes can share).
 *
 * The server runs as it does in production (its own process, npm start's node command on the compiled
 * server, engines on; run `npm run build` first);
 * the load generator (load-generator.ts) runs in BENCH_LOAD_PROCESSES other processes (default 4). A tick's
 * lag is its arrival time minus the moment the engine made it (the round's take-off time from the database
 * plus the tick's flight time); every process reads the same machine clock. The baseline is a bare `ws`
 * server sending ticks of the same shape to as many sockets, read by the same generator.
 * Ports: BENCH_PORT_BASE (default 3150) and the next three.
 *
 *   npx tsx bench/aviator/sockets.bench.ts                   one instance, SQLite
 *   BENCH_SOCKETS=2000 npx tsx bench/aviator/sockets.bench.ts
 *   TEST_DATABASE_URL=… TEST_REDIS_URL=redis://127.0.0.1:6379/2 npx tsx bench/aviator/sockets.bench.ts
 *                                                            also two instances with Redis
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppDatabase, openDatabase } from '../../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrator.ts';
import {
  generateSessionToken,
  hashSessionToken,
} from '../../apps/server/src/modules/accounts/session-token.ts';
import { fundWallet } from '../../apps/server/src/modules/orders/order-fixtures.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { bareSocketEcho } from '../support/bare-baselines.ts';
import { benchPostgresUrl, createScratchSchema } from '../support/bench-database.ts';
import { startAppServer, stopProcess } from '../support/bench-servers.ts';
import {
  DEFAULT_LOAD_PROCESSES,
  type LoadResult,
  runLoadGenerator,
  startBareTickServer,
} from './load-generator.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const BETTORS = Math.min(SOCKETS, Number(process.env.BENCH_BETTORS ?? 1_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SAMPLE_EVERY = 10;
const LOAD_PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? DEFAULT_LOAD_PROCESSES);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3150);
const PORTS = [PORT_BASE, PORT_BASE + 1];
/** The bare broadcast baseline's port and how long it is measured. */
const BARE_PORT = PORT_BASE + 2;
const BARE_SECONDS = 15;
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || '';
const USER_INSERT_BATCH = 500;

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** Users with early access and a live session each; the first BETTORS get money. Answers their tokens. */
async function prepareUsers(database: AppDatabase): Promise<string[]> {
  const now = Date.now();
  const tokens: string[] = [];
  for (let start = 0; start < SOCKETS; start += USER_INSERT_BATCH) {
    const count = Math.min(USER_INSERT_BATCH, SOCKETS - start);
    const users = await database.db
      .insertInto('users')
      .values(
        Array.from({ length: count }, (_, offset) => ({
          mobile: `+9160${String(start + offset).padStart(8, '0')}`,
          // Never used to log in: the sessions below are made directly.
          password_hash: 'bench-no-login',
          nick_name: `bench${start + offset}`,
          r_code: `B${String(start + offset).padStart(7, '0')}`,
          is_early: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const batchTokens = users.map(() => generateSessionToken());
    await database.db
      .insertInto('sessions')
      .values(
        users.map((user, offset) => ({
          token_hash: hashSessionToken(batchTokens[offset] ?? ''),
          user_id: Number(user.id),
          device_id: null,
          ip: null,
          created_at: now,
          last_used_at: now,
        })),
      )
      .execute();
    if (start < BETTORS) {
      for (const user of users.slice(0, Math.max(0, BETTORS - start))) {
        await fundWallet(database, systemClock, Number(user.id), 1_000_00);
      }
    }
    tokens.push(...batchTokens);
  }
  return tokens;
}

/** How long the servers may take to make their hash chains. */
const CHAINS_TIMEOUT_MS = 900_000;

/**
 * Waits until the engines have made their hash chains: on a fresh database each (the colour rooms, Lucky Hit,
 * the crash game) first hashes a million SHA-256 links, once per million rounds, which took a third of the
 * server's CPU in a profiled run that measured while it went on.
 */
async function waitForChains(database: AppDatabase): Promise<number> {
  const started = Date.now();
  for (;;) {
    const counts = await Promise.all(
      (['colour_chains', 'luckyhit_chains', 'aviator_chains'] as const).map(async (table) => {
        const row = await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        return Number(row.count);
      }),
    );
    const [colour = 0, luckyhit = 0, aviator = 0] = counts;
    // Four colour rooms, one Lucky Hit room, one crash game.
    if (colour >= 4 && luckyhit >= 1 && aviator >= 1) return (Date.now() - started) / 1000;
    if (Date.now() - started > CHAINS_TIMEOUT_MS) throw new Error(`chains not made: ${counts.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

function rssMiB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The lag of each tick sample: its arrival minus its take-off plus flight time, sorted. */
function tickLags(load: LoadResult, takeoffs: ReadonlyMap<number, number>): number[] {
  return load.ticks
    .flatMap(([period, flightMs, receivedAt]) => {
      const takeoff = takeoffs.get(period);
      return takeoff === undefined ? [] : [receivedAt - (takeoff + flightMs)];
    })
    .sort((left, right) => left - right);
}

async function scenario(
  name: string,
  database: AppDatabase,
  serverEnv: Record<string, string>,
  instances: number,
): Promise<void> {
  console.log(`\n${name}: preparing ${SOCKETS} users (${BETTORS} funded bettors)…`);
  const tokens = await prepareUsers(database);
  const servers: ChildProcess[] = [];
  const logDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'aviator-servers-'));
  for (let index = 0; index < instances; index += 1) {
    // As production runs it (npm start's node command on the compiled server), engines on.
    const server = await startAppServer({
      port: PORTS[index] ?? 0,
      logFile: path.join(logDirectory, `server-${index}.log`),
      // E.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`, to see where the server's time goes.
      extraNodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      env: {
        NODE_ENV: 'development',
        SEED_DEMO: 'false',
        GAME_ENGINES: 'true',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ...serverEnv,
      },
    });
    servers.push(server.child);
  }
  console.log(`hash chains made after ${(await waitForChains(database)).toFixed(0)} s`);
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, ...servers.map((server) => rssMiB(server.pid)));
  }, 500);
  try {
    const load = await runLoadGenerator({
      tokens,
      bettors: BETTORS,
      ports: PORTS.slice(0, instances),
      seconds: SECONDS,
      sampleEvery: SAMPLE_EVERY,
      processes: LOAD_PROCESSES,
    });
    const takeoffs = new Map<number, number>();
    for (const row of await database.db
      .selectFrom('aviator_rounds')
      .select(['period', 'takeoff_at'])
      .execute()) {
      if (row.takeoff_at !== null) takeoffs.set(Number(row.period), Number(row.takeoff_at));
    }
    const lags = tickLags(load, takeoffs);
    const cashOuts = [...load.cashOutLatencies].sort((left, right) => left - right);
    const perServerRss = servers.map((server) => rssMiB(server.pid).toFixed(0)).join(' + ');
    console.log(
      [
        `sockets connected ${load.connected}/${SOCKETS} over ${load.processes} generator processes (failed ${load.failed}, dropped while measuring ${load.closedEarly}${load.closedEarly > 0 ? ` with codes ${JSON.stringify(load.closeCodes)}` : ''}) in ${load.connectSeconds.toFixed(1)} s`,
        `tick lag over ${lags.length} samples: p50 ${percentile(lags, 0.5).toFixed(1)} ms, p99 ${percentile(lags, 0.99).toFixed(1)} ms, max ${percentile(lags, 1).toFixed(1)} ms`,
        `cash-outs paid ${load.cashOutSucceeded} (refused after the crash ${load.cashOutRefused}, rounds bet ${load.roundsBet}): p50 ${percentile(cashOuts, 0.5).toFixed(1)} ms, p99 ${percentile(cashOuts, 0.99).toFixed(1)} ms`,
        `server RSS: peak ${peakRss.toFixed(0)} MiB, at the end ${perServerRss} MiB`,
      ].join('\n'),
    );
    // The same number of sockets fed by a bare broadcast server, read by the same generator, in the same run:
    // the ratio is the figure. The servers are stopped first, so the bare server has the machine they had.
    await Promise.all(servers.map((server) => stopProcess(server)));
    const bareServer = await startBareTickServer(BARE_PORT);
    let bareLags: number[];
    let bareLoad: LoadResult;
    try {
      bareLoad = await runLoadGenerator({
        tokens: tokens.slice(0, load.connected),
        bettors: 0,
        ports: [BARE_PORT],
        seconds: BARE_SECONDS,
        sampleEvery: SAMPLE_EVERY,
        processes: LOAD_PROCESSES,
      });
      bareLags = tickLags(bareLoad, new Map([[bareServer.period, bareServer.takeoffAt]]));
    } finally {
      await bareServer.stop();
    }
    const bareP50 = percentile(bareLags, 0.5);
    const bareP99 = percentile(bareLags, 0.99);
    console.log(
      `bare ws broadcast to ${bareLoad.connected} sockets (dropped ${bareLoad.closedEarly}): lag p50 ${bareP50.toFixed(1)} ms, p99 ${bareP99.toFixed(1)} ms ` +
        `(${bareLags.length} samples); tick lag / bare: p50 ${(percentile(lags, 0.5) / Math.max(bareP50, 1)).toFixed(1)}×, ` +
        `p99 ${(percentile(lags, 0.99) / Math.max(bareP99, 1)).toFixed(1)}× (a bare lag under 1 ms counts as 1 ms)`,
    );
    // A cash-out is a frame and its answer: against a bare echo of as many frames from the bettors' sockets.
    const echo = await bareSocketEcho({
      port: BARE_PORT + 1,
      sockets: BETTORS,
      perSecond: BETTORS,
      seconds: 1,
    });
    console.log(
      `bare ws echo, ${BETTORS} frames in a second over ${BETTORS} sockets: p50 ${echo.p50.toFixed(1)} ms, p99 ${echo.p99.toFixed(1)} ms; ` +
        `cash-out answer / bare echo: p99 ${(percentile(cashOuts, 0.99) / Math.max(echo.p99, 1)).toFixed(1)}×`,
    );
  } finally {
    clearInterval(sampler);
    await Promise.all(servers.map((server) => stopProcess(server)));
    fs.rmSync(logDirectory, { recursive: true, force: true });
  }
}

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'aviator-bench-'));
const file = path.join(directory, 'bench.db');
const sqlite = openDatabase({ url: `sqlite:${file}` });
await migrateToLatest(sqlite);
try {
  await scenario('one instance, SQLite, in-process bus', sqlite, { DATABASE_URL: `sqlite:${file}` }, 1);
} finally {
  await sqlite.destroy();
  fs.rmSync(directory, { recursive: true, force: true });
}

if (benchPostgresUrl() && redisUrl) {
  const scratch = await createScratchSchema();
  const database = openDatabase({ url: scratch.url, searchPath: scratch.schema });
  await migrateToLatest(database);
  const url = new URL(scratch.url);
  url.searchParams.set('options', `-c search_path=${scratch.schema}`);
  try {
    await scenario(
      'two instances, PostgreSQL, Redis bus',
      database,
      {
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl,
        LIVE_BUS_NAMESPACE: `bench-${randomBytes(4).toString('hex')}`,
      },
      2,
    );
  } finally {
    await database.destroy();
    await scratch.drop();
  }
} else {
  console.log('\ntwo instances: skipped (set TEST_DATABASE_URL and TEST_REDIS_URL)');
}
process.exit(0);
