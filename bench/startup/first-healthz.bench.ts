/**
 * Cold start: milliseconds from spawning the server as `npm start` runs it to its first 200 on GET /healthz,
 * on a second start (the database exists, migrated and seeded, and the games' hash chains committed, by a
 * first start that is not counted), as a ratio to two bare baselines measured in the same run, interleaved
 * with it: an empty node process (`node -e 0`) and a bare Fastify hello-world from spawn to its first
 * response. Target (DESIGN.md §5): under 1 s. The machine is shared, so each run also prints the load
 * average and the server's CPU time to its first healthz (less sensitive to the load than the wall time).
 *
 *   npm run build && npx tsx bench/startup/first-healthz.bench.ts
 *
 * BENCH_RUNS sets the counted rounds (default 7, at least 5); BENCH_PORT_BASE pins the ports (base + 2 for the
 * servers, base for the hello-world). BENCH_COMPARE_WITH=<path of another build's main.js> starts that build
 * too in every round (a before/after in one run); BENCH_TSX=1 adds the TypeScript sources through tsx.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { COLOUR_CATEGORIES } from '@app/shared';
import { AVIATOR_CHAIN_COMMITTED_LOG } from '../../apps/server/src/modules/games/aviator/aviator-round.service.ts';
import { COLOUR_CHAIN_COMMITTED_LOG } from '../../apps/server/src/modules/games/colour/colour-chain.service.ts';
import { LUCKY_HIT_CHAIN_COMMITTED_LOG } from '../../apps/server/src/modules/games/luckyhit/luckyhit-chain.service.ts';
import { benchPort, productionServerArgs, REPO_ROOT, stopProcess } from '../support/bench-servers.ts';

const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
/** How often the script asks for /healthz (or the hello-world's /) while a process starts. */
const POLL_MS = 5;
const STARTUP_TIMEOUT_MS = 60_000;
/** The first start hashes a million-link chain per colour room, Lucky Hit and the crash game. */
const FIRST_START_TIMEOUT_MS = 600_000;
const TARGET_MS = 1_000;
/** Each chain the first start must have committed before it is stopped: the state a second start finds. */
const CHAIN_LOGS = [
  ...COLOUR_CATEGORIES.map(() => COLOUR_CHAIN_COMMITTED_LOG),
  LUCKY_HIT_CHAIN_COMMITTED_LOG,
  AVIATOR_CHAIN_COMMITTED_LOG,
];

/** A bare Fastify hello-world in plain JavaScript (run from apps/server, where fastify resolves). */
const FASTIFY_HELLO_WORLD = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => process.exit(0));
`;

interface Start {
  readonly wallMs: number;
  /** User and system CPU time of the process until the first answer (Linux /proc; NaN elsewhere). */
  readonly cpuMs: number;
}

function serverEnvironment(dataDir: string, port: number, logLevel: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    // Production refuses to start without a secrets key; a throwaway one per start is enough here.
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // Production no longer seeds the demo by default; the measured start is the seeded one it always was.
    SEED_DEMO: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
  };
}

function cpuMsOf(child: ChildProcess): number {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses): user and system clock ticks.
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Spawns a process and times it to its first 200 on the URL, then stops it. */
async function timeToFirstAnswer(
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; url: string },
): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      try {
        if ((await fetch(options.url)).status === 200)
          return { wallMs: performance.now() - started, cpuMs: cpuMsOf(child) };
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > STARTUP_TIMEOUT_MS)
        throw new Error(`${args.join(' ')} did not start`);
      await sleep(POLL_MS);
    }
  } finally {
    await stopProcess(child);
  }
}

/** How long an empty node process takes to start and exit. */
async function emptyNode(): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return { wallMs: performance.now() - started, cpuMs: Number.NaN };
}

/**
 * The uncounted first start: creates, migrates and seeds the database, and runs until the engines have
 * committed every game's first hash chain, as a server that has run before has.
 */
async function firstStart(args: readonly string[], dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: serverEnvironment(dataDir, port, 'info'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const waiting = [...CHAIN_LOGS];
  const committed = new Promise<void>((resolve) => {
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const index = waiting.findIndex((message) => line.includes(`"msg":"${message}"`));
      if (index >= 0) waiting.splice(index, 1);
      if (waiting.length === 0) resolve();
    });
  });
  try {
    const deadline = sleep(FIRST_START_TIMEOUT_MS).then(() => {
      throw new Error(`the first start committed no chain for: ${waiting.join(', ')}`);
    });
    const exited = new Promise<never>((_resolve, reject) =>
      child.once('exit', (code) => reject(new Error(`the first start exited with ${code}`))),
    );
    await Promise.race([committed, deadline, exited]);
    return performance.now() - started;
  } finally {
    await stopProcess(child);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].filter((value) => !Number.isNaN(value)).sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const round = (value: number) => (Number.isNaN(value) ? '–' : Math.round(value).toLocaleString('en-US'));
const ratio = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const helloPort = await benchPort(0);
  const serverPort = await benchPort(2);
  const servers: [string, string[]][] = [['compiled (npm start)', productionServerArgs()]];
  const other = process.env.BENCH_COMPARE_WITH;
  if (other) servers.push([`compared build (${other})`, [path.resolve(other)]]);
  if (process.env.BENCH_TSX === '1')
    servers.push(['TypeScript through tsx', ['--import', 'tsx', 'apps/server/src/main.ts']]);

  process.stdout.write(`load average at the start (1, 5, 15 min): ${load()}\n`);
  // One database for every build: they share the migrations, so each finds what a second start finds.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-bench-'));
  try {
    const firstMs = await firstStart(productionServerArgs(), dataDir, serverPort);
    process.stdout.write(`first start (uncounted), until every chain was committed: ${round(firstMs)} ms\n`);
    const empty: Start[] = [];
    const hello: Start[] = [];
    const starts: Start[][] = servers.map(() => []);
    // Interleaved, so that a change of the machine's load falls on every row alike.
    for (let run = 0; run < RUNS; run += 1) {
      empty.push(await emptyNode());
      hello.push(
        await timeToFirstAnswer(['--input-type=module', '-e', FASTIFY_HELLO_WORLD], {
          cwd: path.join(REPO_ROOT, 'apps', 'server'),
          env: { PATH: process.env.PATH ?? '', PORT: String(helloPort) },
          url: `http://127.0.0.1:${helloPort}/`,
        }),
      );
      for (const [index, [, args]] of servers.entries()) {
        starts[index]?.push(
          await timeToFirstAnswer(args, {
            cwd: REPO_ROOT,
            env: serverEnvironment(dataDir, serverPort, 'warn'),
            url: `http://127.0.0.1:${serverPort}/healthz`,
          }),
        );
      }
    }
    process.stdout.write(
      `load average at the end: ${load()}\n\n` +
        '| process | starts ms (first answer) | median ms | CPU ms (median) | ÷ node -e 0 | ÷ bare Fastify | target < 1,000 ms |\n' +
        '|---|---|---|---|---|---|---|\n',
    );
    const emptyMedian = median(empty.map((start) => start.wallMs));
    const helloMedian = median(hello.map((start) => start.wallMs));
    const row = (name: string, runs: readonly Start[], target: boolean) => {
      const wall = runs.map((start) => start.wallMs);
      // The ratio of each round to the baselines of the same round, then the median of those.
      const toEmpty = median(wall.map((ms, index) => ms / (empty[index]?.wallMs ?? Number.NaN)));
      const toHello = median(wall.map((ms, index) => ms / (hello[index]?.wallMs ?? Number.NaN)));
      const met = target ? (median(wall) < TARGET_MS ? 'met' : 'missed') : '';
      process.stdout.write(
        `| ${name} | ${wall.map(round).join(', ')} | ${round(median(wall))} | ` +
          `${round(median(runs.map((start) => start.cpuMs)))} | ${ratio(toEmpty)} | ${ratio(toHello)} | ${met} |\n`,
      );
    };
    row('empty node (`node -e 0`)', empty, false);
    row('bare Fastify hello-world', hello, false);
    for (const [index, [name]] of servers.entries()) row(name, starts[index] ?? [], true);
    process.stdout.write(
      `\nmedians: node -e 0 ${round(emptyMedian)} ms, bare Fastify ${round(helloMedian)} ms\n`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
