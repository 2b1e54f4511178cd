/**
 * Cold start: milliseconds from spawning the server as `npm start` runs it to its first 200 on GET /healthz,
 * on a second start (the database exists, migrated and seeded by a first start that is not counted).
 * Target (issue 14): under 1 s. For comparison it also starts the TypeScript sources through tsx, as
 * production did before the server was compiled.
 *
 *   npm run build && npx tsx bench/startup/first-healthz.bench.ts
 *
 * BENCH_RUNS sets the counted starts of each (default 5); BENCH_PORT_BASE pins the port (base + 2).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchPort, productionServerArgs, REPO_ROOT, stopProcess } from '../support/bench-servers.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** How often the script asks for /healthz while the server starts. */
const POLL_MS = 5;
const STARTUP_TIMEOUT_MS = 60_000;
const TARGET_MS = 1_000;

async function timeToFirstHealthz(args: readonly string[], dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200)
          return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > STARTUP_TIMEOUT_MS) throw new Error('server did not start');
      await sleep(POLL_MS);
    }
  } finally {
    await stopProcess(child);
  }
}

/** How long an empty node process takes to start and exit: how busy the machine is, for scale. */
async function emptyNodeMs(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const port = await benchPort(2);
  const variants: [string, string[]][] = [
    ['compiled (npm start)', productionServerArgs()],
    ['TypeScript through tsx (before)', ['--import', 'tsx', 'apps/server/src/main.ts']],
  ];
  process.stdout.write(
    '| server | first start ms | second starts ms | median | target < 1,000 ms |\n|---|---|---|---|---|\n',
  );
  const empty: number[] = [];
  for (let run = 0; run < RUNS; run += 1) empty.push(await emptyNodeMs());
  process.stdout.write(
    `| empty node (node -e 0), for scale | | ${empty.map(Math.round).join(', ')} | ${Math.round(median(empty))} | |\n`,
  );
  for (const [name, args] of variants) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-bench-'));
    try {
      const first = await timeToFirstHealthz(args, dataDir, port);
      const seconds: number[] = [];
      for (let run = 0; run < RUNS; run += 1) seconds.push(await timeToFirstHealthz(args, dataDir, port));
      const typical = median(seconds);
      process.stdout.write(
        `| ${name} | ${Math.round(first)} | ${seconds.map(Math.round).join(', ')} | ${Math.round(typical)} | ` +
          `${typical < TARGET_MS ? 'met' : 'missed'} |\n`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
