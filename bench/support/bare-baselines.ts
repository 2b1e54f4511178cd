/**
 * Bare baselines measured in the same run as a benchmark, so its figures can be given as ratios: the speed
 * of one machine drifts by a third within an hour and differs by 2× from the next, while a ratio to the same
 * machine's bare work in the same minute does not.
 *
 * - bareTransactionsPerSecond: one-row insert transactions a second on the benchmark's own database, at the
 *   benchmark's concurrency (what one write transaction per operation can reach at best);
 * - bareSetWriteMs: inserting and then updating N rows in one transaction (the least a set-based
 *   settlement of N bets writes);
 * - bareSocketEcho: the answer time of a bare `ws` echo server to frames sent at the benchmark's rate over
 *   the same number of sockets (a socket round trip with no authentication, validation or database);
 * - bareBroadcastLag: the delivery lag of a bare `ws` server's broadcast every 100 ms to the same number of
 *   sockets (the crash game's ticks without the engine).
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import WebSocket, { WebSocketServer } from 'ws';
import type { AppDatabase } from '../../apps/server/src/db/dialect.ts';
import { runInTransaction } from '../../apps/server/src/db/transaction.ts';
import { REPO_ROOT } from './bench-servers.ts';

/** The scratch table every baseline writes (created and dropped by each call). */
const BASELINE_TABLE = 'bench_bare_rows';

async function withScratchTable<T>(database: AppDatabase, work: () => Promise<T>): Promise<T> {
  await sql`drop table if exists ${sql.table(BASELINE_TABLE)}`.execute(database.db);
  await sql`create table ${sql.table(BASELINE_TABLE)} (id bigint primary key, amount_minor bigint not null)`.execute(
    database.db,
  );
  try {
    return await work();
  } finally {
    await sql`drop table if exists ${sql.table(BASELINE_TABLE)}`.execute(database.db);
  }
}

/** One-row insert transactions a second, `concurrency` at a time, `count` in all. */
export async function bareTransactionsPerSecond(
  database: AppDatabase,
  count: number,
  concurrency: number,
): Promise<number> {
  return withScratchTable(database, async () => {
    const started = performance.now();
    for (let offset = 0; offset < count; offset += concurrency) {
      const batch = Array.from({ length: Math.min(concurrency, count - offset) }, (_, step) =>
        runInTransaction(database, (trx) =>
          sql`insert into ${sql.table(BASELINE_TABLE)} (id, amount_minor) values (${offset + step}, 1000)`.execute(
            trx,
          ),
        ),
      );
      await Promise.all(batch);
    }
    return count / ((performance.now() - started) / 1000);
  });
}

/** Milliseconds to insert `rows` rows and then update every one of them, in one transaction. */
export async function bareSetWriteMs(database: AppDatabase, rows: number): Promise<number> {
  return withScratchTable(database, async () => {
    const started = performance.now();
    await runInTransaction(database, async (trx) => {
      // In chunks: SQLite binds at most 32,766 parameters a statement.
      const chunk = 5_000;
      for (let offset = 0; offset < rows; offset += chunk) {
        const values = Array.from(
          { length: Math.min(chunk, rows - offset) },
          (_, step) => sql`(${offset + step}, 1000)`,
        );
        await sql`insert into ${sql.table(BASELINE_TABLE)} (id, amount_minor) values ${sql.join(values)}`.execute(
          trx,
        );
      }
      await sql`update ${sql.table(BASELINE_TABLE)} set amount_minor = amount_minor * 2`.execute(trx);
    });
    return performance.now() - started;
  });
}

/** Percentiles of a bare echo's answer time, in milliseconds. */
export interface EchoLatency {
  p50: number;
  p99: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/**
 * Opens `sockets` sockets to a bare `ws` echo server on `port`, sends `perSecond` small frames a second over
 * them for `seconds` seconds, and answers the time from sending each frame to its echo.
 */
export async function bareSocketEcho(options: {
  port: number;
  sockets: number;
  perSecond: number;
  seconds: number;
}): Promise<EchoLatency> {
  const server = new WebSocketServer({ port: options.port, host: '127.0.0.1' });
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const clients: WebSocket[] = [];
  const latencies: number[] = [];
  try {
    for (let index = 0; index < options.sockets; index += 1) {
      const client = new WebSocket(`ws://127.0.0.1:${options.port}`);
      client.on('message', (data) => latencies.push(performance.now() - Number(String(data))));
      await new Promise<void>((resolve, reject) => {
        client.once('open', () => resolve());
        client.once('error', reject);
      });
      clients.push(client);
    }
    const total = options.perSecond * options.seconds;
    const begin = performance.now();
    for (let sent = 0; sent < total; sent += 1) {
      const lag = begin + (sent * 1000) / options.perSecond - performance.now();
      if (lag > 1) await new Promise((resolve) => setTimeout(resolve, lag));
      clients[sent % clients.length]?.send(String(performance.now()));
    }
    const deadline = Date.now() + 10_000;
    while (latencies.length < total && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
  } finally {
    for (const client of clients) client.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** How often the bare broadcast server sends, as the crash game sends its multiplier (at least every 100 ms). */
const BARE_BROADCAST_INTERVAL_MS = 100;

/**
 * A bare `ws` server in its own process sends the time to every socket every 100 ms, as the crash game's
 * leader sends its ticks; `sockets` sockets in this process measure each frame's delivery lag for `seconds`
 * seconds. The baseline of the crash game's tick lag: the same sockets and the same machine, no engine.
 */
export async function bareBroadcastLag(options: {
  port: number;
  sockets: number;
  seconds: number;
}): Promise<EchoLatency & { samples: number }> {
  const script = `
    const { WebSocketServer } = require('ws');
    const server = new WebSocketServer({ port: ${options.port}, host: '127.0.0.1' });
    setInterval(() => { const now = String(Date.now()); for (const client of server.clients) client.send(now); },
      ${BARE_BROADCAST_INTERVAL_MS});`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const clients: WebSocket[] = [];
  const lags: number[] = [];
  let measuring = false;
  try {
    for (let index = 0; index < options.sockets; index += 1) {
      const client = await connectWhenListening(`ws://127.0.0.1:${options.port}`);
      client.on('message', (data) => {
        if (measuring) lags.push(Date.now() - Number(String(data)));
      });
      clients.push(client);
    }
    measuring = true;
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    measuring = false;
    const sorted = [...lags].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), samples: sorted.length };
  } finally {
    for (const client of clients) client.close();
    child.kill('SIGTERM');
  }
}

/** A socket to a server that may still be starting (retried for a few seconds). */
async function connectWhenListening(url: string): Promise<WebSocket> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
      });
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
