/**
 * The read path: requests a second of the public and authenticated reads every screen polls, each as a
 * ratio to a bare Fastify hello-world measured in the same run (issue 14). Targets: colour history ≥ 0.5 at
 * any hour of the day, home_top and products ≥ 0.5, GET / ≥ 0.7, /user/profile ≥ 0.3 on SQLite and ≥ 0.2 on
 * PostgreSQL.
 *
 *   npm run bench:reads          (npm run build first: the server runs as `npm start` runs it)
 *
 * Per database: the script migrates a fresh database, commits a hash chain per room for tomorrow and fills
 * it with settled periods (the rows the settlement leaves: seed, price, result), makes a logged-in player,
 * then starts the anchors (bench/support/anchor-server.ts) and the real server (`npm start`'s node command,
 * demo catalogue on, game engines off so that nothing changes the filled day, DEV_TEST_CLOCK to put the
 * server's clock into tomorrow). Each endpoint is loaded with wrk (64 connections, two threads) for
 * BENCH_SECONDS (default 4) after a 1 s warm-up, paired with a bare Fastify run right before or after it,
 * BENCH_ROUNDS times (default 3): first the colour history early in the day (20 settled periods), then, with the clock at the day's last
 * period (479 settled, about 58 KB), every endpoint. The server's RSS is read after the load.
 *
 * SQLite always (a temporary file); PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in a
 * scratch schema dropped at the end; BENCH_ONLY=sqlite|postgres runs one. BENCH_PORT_BASE pins the ports
 * (anchors at the base and the next, the server after them); BENCH_SERVER_NODE_ARGS adds node flags to the
 * server (such as --max-semi-space-size=64). Needs wrk (`apt-get install -y wrk`).
 */

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import {
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_MS,
  getMarket,
  periodNumberAt,
  periodStartFromNumber,
} from '@app/shared';
import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrator.ts';
import { ColourChainService } from '../../apps/server/src/modules/games/colour/colour-chain.service.ts';
import { createBuyer, fundWallet } from '../../apps/server/src/modules/orders/order-fixtures.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { benchPostgresUrl, createServerDatabase } from '../support/bench-database.ts';
import {
  type Anchors,
  REPO_ROOT,
  startAnchors,
  startAppServer,
  stopProcess,
} from '../support/bench-servers.ts';

const run = promisify(execFile);

const MARKET = 'in' as const;
const CONNECTIONS = 64;
const THREADS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP_SECONDS = 1;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Periods in a market day: 24 hours of 3-minute periods. */
const PERIODS_PER_DAY = (24 * 60 * 60_000) / COLOUR_PERIOD_MS;
/** Early in the day: the history holds this many settled periods. */
const EARLY_SETTLED = 20;
/** Covers the filled day, with room for the periods after it. */
const BENCH_CHAIN_LENGTH = PERIODS_PER_DAY + 20;
/** What a browser sends: every endpoint is asked as the app asks it. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** Extra node flags for the server, such as `--max-semi-space-size=64` to compare its memory and rate. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Wait this long after moving the server's clock, so that whatever the server keeps has seen the move. */
const AFTER_CLOCK_MOVE_MS = 3_000;

interface Endpoint {
  readonly name: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  /** The ratio to bare Fastify the issue asks for, per database. */
  readonly target: Record<DialectName, number>;
}

interface Measurement {
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly socketErrors: number;
}

function parseDuration(text: string): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

/** One wrk run; the request rate, the 99th percentile and the failed answers. */
async function wrk(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Measurement> {
  const headerArgs = Object.entries({ 'accept-encoding': ACCEPT_ENCODING, ...headers }).flatMap(
    ([name, value]) => ['-H', `${name}: ${value}`],
  );
  const { stdout } = await run('wrk', [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    '--latency',
    ...headerArgs,
    url,
  ]);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  if (!rate) throw new Error(`wrk printed no rate:\n${stdout}`);
  const p99 = /\s99%\s+(\S+)/.exec(stdout);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    requestsPerSecond: Number(rate[1]),
    p99Ms: p99?.[1] ? parseDuration(p99[1]) : Number.NaN,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

/** The first period of the market day after today's, and that day's number (YYYYMMDD). */
function tomorrow(timeZone: string): { dayStart: number; day: string } {
  const today = periodNumberAt(systemClock.now(), timeZone).slice(0, 8);
  const todayStart = periodStartFromNumber(`${today}001`, timeZone);
  if (todayStart === undefined) throw new Error(`no first period for ${today}`);
  const dayStart = todayStart + PERIODS_PER_DAY * COLOUR_PERIOD_MS;
  const day = periodNumberAt(dayStart, timeZone).slice(0, 8);
  if (periodNumberAt(dayStart, timeZone) !== `${day}001`) throw new Error('the day does not start at 001');
  return { dayStart, day };
}

/** How far the server's clock is ahead of this process's, in ms (DEV_TEST_CLOCK moves it by whole seconds). */
let serverClockAheadMs = 0;

/** Moves the server's clock forward to just past toMs. */
async function advanceClock(serverUrl: string, toMs: number): Promise<void> {
  const seconds = Math.ceil((toMs - (Date.now() + serverClockAheadMs)) / 1000);
  if (seconds <= 0) throw new Error('the clock would have to go back');
  const answer = await fetch(`${serverUrl}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (answer.status !== 200) throw new Error(`clock advance answered ${answer.status}`);
  serverClockAheadMs += seconds * 1000;
  await sleep(AFTER_CLOCK_MOVE_MS);
}

/** Checks what an endpoint answers before it is loaded, so that the benchmark never measures an error. */
async function expectOk(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const answer = await fetch(url, { headers });
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
  const type = answer.headers.get('content-type') ?? '';
  return type.includes('json') ? answer.json() : answer.text();
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface Row {
  readonly dialect: DialectName;
  readonly name: string;
  readonly rates: number[];
  readonly ratios: number[];
  readonly p99Ms: number[];
  readonly target: number | undefined;
}

/**
 * Runs each endpoint next to its own bare Fastify run, ROUNDS times: the anchor first in odd rounds and
 * second in even ones, so that a machine getting busier or quieter during a pair favours neither side. Each
 * ratio is the endpoint's rate over the anchor's of the same pair (the machine is shared: its speed moves
 * by a third within minutes, so an anchor measured a minute earlier says little).
 */
async function interleave(
  dialect: DialectName,
  anchors: Anchors,
  serverUrl: string,
  endpoints: readonly Endpoint[],
  withNodeHttp: boolean,
): Promise<Row[]> {
  const rows = new Map<string, Row>();
  const row = (name: string, target: number | undefined): Row => {
    const existing = rows.get(name);
    if (existing) return existing;
    const created: Row = { dialect, name, rates: [], ratios: [], p99Ms: [], target };
    rows.set(name, created);
    return created;
  };
  const measured: { name: string; url: string; headers?: Record<string, string>; target?: number }[] = [
    ...(withNodeHttp ? [{ name: 'bare node:http (anchor)', url: anchors.nodeHttpUrl }] : []),
    ...endpoints.map((endpoint) => ({
      name: endpoint.name,
      url: `${serverUrl}${endpoint.path}`,
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      target: endpoint.target[dialect],
    })),
  ];
  await wrk(anchors.fastifyUrl, WARMUP_SECONDS);
  for (const entry of measured) await wrk(entry.url, WARMUP_SECONDS, entry.headers);
  const anchorRow = row(
    withNodeHttp ? 'bare Fastify (anchor)' : 'bare Fastify (anchor of the early-day rounds)',
    undefined,
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    const line: string[] = [];
    for (const entry of measured) {
      const anchorFirst = round % 2 === 1;
      const anchor = anchorFirst ? await wrk(anchors.fastifyUrl, SECONDS) : undefined;
      const result = await wrk(entry.url, SECONDS, entry.headers);
      const pairedAnchor = anchor ?? (await wrk(anchors.fastifyUrl, SECONDS));
      if (result.non2xx > 0) throw new Error(`${entry.name}: ${result.non2xx} answers were not 2xx or 3xx`);
      anchorRow.rates.push(pairedAnchor.requestsPerSecond);
      anchorRow.ratios.push(1);
      anchorRow.p99Ms.push(pairedAnchor.p99Ms);
      const target = row(entry.name, entry.target);
      target.rates.push(result.requestsPerSecond);
      target.ratios.push(result.requestsPerSecond / pairedAnchor.requestsPerSecond);
      target.p99Ms.push(result.p99Ms);
      line.push(
        `${entry.name} ${Math.round(result.requestsPerSecond)}/s (Fastify ${Math.round(pairedAnchor.requestsPerSecond)}/s)`,
      );
    }
    process.stdout.write(`  ${dialect} round ${round}: ${line.join(', ')}\n`);
  }
  return [...rows.values()];
}

/** The server's resident memory in MB, from /proc. */
function residentMegabytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kilobytes ? Math.round(Number(kilobytes) / 1024) : Number.NaN;
}

async function runDatabase(dialect: DialectName): Promise<{ rows: Row[]; rssMb: number }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'reads-bench-'));
  const target = await createServerDatabase(dialect, directory);
  const timeZone = getMarket(MARKET).timeZone;
  let anchors: Anchors | undefined;
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  try {
    serverClockAheadMs = 0;
    const { dayStart, day } = tomorrow(timeZone);
    const database = target.open();
    let token: string;
    try {
      await migrateToLatest(database);
      const chains = new ColourChainService(BENCH_CHAIN_LENGTH);
      const now = systemClock.now();
      for (const room of COLOUR_CATEGORIES) {
        const chain = await chains.ensureChain(database, room, now, dayStart);
        if (!chain) throw new Error(`no chain for ${room}`);
        // The rows the settlement leaves for each period of the day but the last, as one statement a room.
        const rows = [];
        for (let index = 1; index < PERIODS_PER_DAY; index += 1) {
          const startAt = dayStart + (index - 1) * COLOUR_PERIOD_MS;
          const price = 10_000 + ((index * 7919) % 90_000);
          rows.push({
            room,
            period: periodNumberAt(startAt, timeZone),
            start_at: startAt,
            status: 'settled' as const,
            chain_id: chain.id,
            chain_index: index,
            seed_hex: randomBytes(32).toString('hex'),
            price,
            result_number: price % 10,
            settled_at: startAt + COLOUR_PERIOD_MS + 1_000,
            created_at: startAt,
          });
        }
        await database.db.insertInto('colour_periods').values(rows).execute();
      }
      const player = await createBuyer(database, systemClock);
      await fundWallet(database, systemClock, player.userId, 1_000_000);
      token = player.token;
    } finally {
      await database.destroy();
    }

    anchors = await startAnchors();
    server = await startAppServer({
      env: {
        NODE_ENV: 'development',
        DATABASE_URL: target.serverUrl,
        DATA_DIR: directory,
        WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
        MARKET,
        SEED_DEMO: 'true',
        GAME_ENGINES: 'false',
        DEV_TEST_CLOCK: 'true',
        LOG_LEVEL,
      },
      logFile: path.join(directory, 'server.log'),
      extraNodeArgs: SERVER_NODE_ARGS,
    });

    // Early in the day: the clock in period 21, so 20 periods are settled before it.
    await advanceClock(server.url, dayStart + EARLY_SETTLED * COLOUR_PERIOD_MS + 5_000);
    const historyPath = '/win/next_period_info_noauth?category=P';
    const early = (await expectOk(`${server.url}${historyPath}`)) as {
      periods: unknown[];
      next_period: string;
    };
    if (early.periods.length !== EARLY_SETTLED || early.next_period !== `${day}021`)
      throw new Error(`early history: ${early.periods.length} periods, next ${early.next_period}`);
    const earlyRows = await interleave(
      dialect,
      anchors,
      server.url,
      [
        {
          name: `colour history, ${EARLY_SETTLED} periods`,
          path: historyPath,
          target: { sqlite: 0.5, postgres: 0.5 },
        },
      ],
      false,
    );

    // The day's last period: 479 settled periods in the history.
    await advanceClock(server.url, dayStart + (PERIODS_PER_DAY - 1) * COLOUR_PERIOD_MS + 5_000);
    // Nothing settled on the server (its engine is off, the rows were written behind its back), so the
    // history it keeps is read again once its TTL has passed: the first read after that starts the reload.
    const lateCount = async () =>
      ((await expectOk(`${server?.url}${historyPath}`)) as { periods: unknown[] }).periods.length;
    const lateDeadline = Date.now() + 10_000;
    while ((await lateCount()) !== PERIODS_PER_DAY - 1) {
      if (Date.now() > lateDeadline) throw new Error(`late history: ${await lateCount()} periods`);
      await sleep(200);
    }
    const products = (await expectOk(`${server.url}/shop/products?p=1&p_size=10`)) as {
      queryset: { id: number }[];
    };
    const firstProduct = products.queryset[0];
    if (!firstProduct) throw new Error('the demo catalogue has no product');
    const profileHeaders = { authorization: `Token ${token}` };
    await expectOk(`${server.url}/user/profile`, profileHeaders);
    const home = await expectOk(`${server.url}/`);
    if (typeof home !== 'string' || !home.includes('<html')) throw new Error('GET / is not the app shell');

    const lateRows = await interleave(
      dialect,
      anchors,
      server.url,
      [
        {
          name: `colour history, ${PERIODS_PER_DAY - 1} periods`,
          path: historyPath,
          target: { sqlite: 0.5, postgres: 0.5 },
        },
        { name: '/shop/home_top', path: '/shop/home_top', target: { sqlite: 0.5, postgres: 0.5 } },
        {
          name: '/shop/products?p=1&p_size=10',
          path: '/shop/products?p=1&p_size=10',
          target: { sqlite: 0.5, postgres: 0.5 },
        },
        {
          name: '/shop/product?id=…',
          path: `/shop/product?id=${firstProduct.id}`,
          target: { sqlite: 0.5, postgres: 0.5 },
        },
        { name: 'GET / (app shell)', path: '/', target: { sqlite: 0.7, postgres: 0.7 } },
        {
          name: '/user/profile',
          path: '/user/profile',
          headers: profileHeaders,
          target: { sqlite: 0.3, postgres: 0.2 },
        },
      ],
      true,
    );
    const rssMb = residentMegabytes(server.child.pid);
    return { rows: [...earlyRows, ...lateRows], rssMb };
  } finally {
    if (server) await stopProcess(server.child);
    if (anchors) await anchors.stop();
    await target.dispose();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dialects: DialectName[] = process.env.BENCH_ONLY === 'postgres' ? [] : ['sqlite'];
  if (benchPostgresUrl() && process.env.BENCH_ONLY !== 'sqlite') dialects.push('postgres');
  else process.stdout.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL\n');
  const results: { dialect: DialectName; rows: Row[]; rssMb: number }[] = [];
  for (const dialect of dialects) results.push({ dialect, ...(await runDatabase(dialect)) });

  let missed = 0;
  process.stdout.write(
    `\nwrk -t${THREADS} -c${CONNECTIONS}, ${SECONDS} s a run, ${ROUNDS} rounds; medians of the rounds (each ratio is to the bare Fastify run paired with it)\n\n`,
  );
  process.stdout.write(
    '| database | endpoint | req/s (median) | ratio to bare Fastify (each round) | median ratio | p99 ms | target |\n',
  );
  process.stdout.write('|---|---|---|---|---|---|---|\n');
  for (const { dialect, rows, rssMb } of results) {
    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    for (const row of rows) {
      const ratio = median(row.ratios);
      const met =
        row.target === undefined
          ? ''
          : ratio >= row.target
            ? `≥ ${row.target} met`
            : `≥ ${row.target} **MISSED**`;
      if (row.target !== undefined && ratio < row.target) missed += 1;
      process.stdout.write(
        `| ${label} | ${row.name} | ${Math.round(median(row.rates)).toLocaleString('en')} | ` +
          `${row.target === undefined && row.name.startsWith('bare Fastify') ? `runs of ${Math.round(Math.min(...row.rates)).toLocaleString('en')} to ${Math.round(Math.max(...row.rates)).toLocaleString('en')}/s` : row.ratios.map((value) => value.toFixed(2)).join(', ')} | ${ratio.toFixed(2)} | ` +
          `${median(row.p99Ms).toFixed(1)} | ${met} |\n`,
      );
    }
    process.stdout.write(
      `| ${label} | server RSS after the load | ${rssMb} MB | | | | < 250 MB ${rssMb < 250 ? 'met' : '**MISSED**'} |\n`,
    );
  }
  if (missed > 0) process.stdout.write(`\n${missed} target(s) missed\n`);
}

await main();
