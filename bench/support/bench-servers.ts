/**
 * Starting the processes the HTTP benchmarks measure: the real server exactly as `npm start` runs it, and
 * the two anchors of bench/support/anchor-server.ts. Ports come from BENCH_PORT_BASE (the anchors take the
 * base and the next port, the server the one after) or, without it, from the operating system.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const STARTUP_TIMEOUT_MS = 60_000;
/** Each starting process asks for its readiness this often. */
const READY_POLL_MS = 100;

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The port of the given slot (0 and 1: the anchors, 2: the server) under BENCH_PORT_BASE, else a free one. */
export async function benchPort(slot: number): Promise<number> {
  const base = process.env.BENCH_PORT_BASE;
  return base ? Number(base) + slot : freePort();
}

/**
 * The node arguments of the server as `npm start` runs it (the command after the build in package.json's
 * start script, such as `node --max-semi-space-size=64 apps/server/dist/main.js`), so that a benchmark
 * measures what production runs, with the same runtime flags.
 */
export function productionServerArgs(): string[] {
  const startScript: string = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'))
    .scripts.start;
  const command = startScript.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  if (command[0] !== 'node') throw new Error(`npm start no longer ends with a node command: ${startScript}`);
  const script = command.at(-1);
  if (script && !script.startsWith('-') && !fs.existsSync(path.join(REPO_ROOT, script)))
    throw new Error(`${script} does not exist: run npm run build first`);
  return command.slice(1);
}

async function waitUntil(child: ChildProcess, ready: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if (await ready()) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await sleep(READY_POLL_MS);
  }
}

/** Stops a process the benchmark started and waits for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
}

/**
 * Starts the server as `npm start` runs it, with the given environment (PATH is kept; nothing else of this
 * process's environment leaks in), its output in logFile, and waits for GET /healthz.
 */
export async function startAppServer(options: {
  env: Record<string, string>;
  logFile: string;
  extraNodeArgs?: readonly string[];
  /** A fixed port (several instances side by side); the server's bench slot otherwise. */
  port?: number;
}): Promise<RunningServer> {
  const port = options.port ?? (await benchPort(2));
  const args = [...(options.extraNodeArgs ?? []), ...productionServerArgs()];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fs.openSync(options.logFile, 'w'), 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(child, async () => (await fetch(`${url}/healthz`)).status === 200, 'server');
  return { url, child };
}

export interface Anchors {
  /** Bare Fastify hello-world: every ratio is to this one. */
  readonly fastifyUrl: string;
  /** Bare node:http hello-world: the ceiling of any Node server on this machine. */
  readonly nodeHttpUrl: string;
  stop(): Promise<void>;
}

/** Starts both anchors, each in its own process. */
export async function startAnchors(): Promise<Anchors> {
  const started: ChildProcess[] = [];
  const start = async (kind: 'fastify' | 'node-http', slot: number): Promise<string> => {
    const port = await benchPort(slot);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'bench/support/anchor-server.ts'), kind, String(port)],
      { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    started.push(child);
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(child, async () => (await fetch(url)).status === 200, `${kind} anchor`);
    return url;
  };
  try {
    const fastifyUrl = await start('fastify', 0);
    const nodeHttpUrl = await start('node-http', 1);
    return {
      fastifyUrl,
      nodeHttpUrl,
      stop: async () => {
        for (const child of started) await stopProcess(child);
      },
    };
  } catch (error) {
    for (const child of started) await stopProcess(child);
    throw error;
  }
}
