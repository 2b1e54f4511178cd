/**
 * The crash game's load generator: the sockets spread over several processes (socket-load.ts, forked), so
 * that reading 10,000 sockets' frames is not one event loop's work and the generator is not what is
 * measured. Every process connects its share, then all start measuring at the same moment on this process's
 * word; each writes its tick samples and cash-out answer times to a file, merged here.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SocketLoadMessage, SocketLoadPlan, SocketLoadResult } from './socket-load.ts';

/** How many processes share the sockets unless BENCH_LOAD_PROCESSES says otherwise. */
export const DEFAULT_LOAD_PROCESSES = 4;
/** A process that has not connected its sockets in this long has failed. */
const CONNECT_TIMEOUT_MS = 600_000;

export interface LoadGeneratorOptions {
  tokens: readonly string[];
  /** The first `bettors` tokens bet and cash out. */
  bettors: number;
  ports: readonly number[];
  seconds: number;
  sampleEvery: number;
  processes: number;
}

/** Every process's figures together. */
export type LoadResult = SocketLoadResult & { processes: number };

function waitFor(child: ChildProcess, type: SocketLoadMessage['type'], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`load process: no ${type} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (message: SocketLoadMessage) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`load process exited with ${code} before ${type}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * Runs the load: socket i goes to process i mod `processes` (so the bettors, the first tokens, are shared
 * evenly), each process measures for `seconds` once every process is connected. Answers the merged figures.
 */
export async function runLoadGenerator(options: LoadGeneratorOptions): Promise<LoadResult> {
  const processes = Math.max(1, Math.min(options.processes, options.tokens.length));
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `aviator-load-${randomBytes(3).toString('hex')}-`));
  const children: ChildProcess[] = [];
  const outputFiles: string[] = [];
  try {
    for (let processIndex = 0; processIndex < processes; processIndex += 1) {
      const tokens = options.tokens.filter((_, index) => index % processes === processIndex);
      const bettors = Math.ceil(Math.max(0, options.bettors - processIndex) / processes);
      const outputFile = path.join(directory, `result-${processIndex}.json`);
      const planFile = path.join(directory, `plan-${processIndex}.json`);
      const plan: SocketLoadPlan = {
        tokens,
        bettors,
        ports: [...options.ports],
        processIndex,
        processes,
        seconds: options.seconds,
        sampleEvery: options.sampleEvery,
        outputFile,
      };
      // The tokens are far too long for a command line: the plan goes in a file.
      fs.writeFileSync(planFile, JSON.stringify(plan));
      outputFiles.push(outputFile);
      children.push(
        fork(path.join(import.meta.dirname, 'socket-load.ts'), [planFile], {
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        }),
      );
    }
    await Promise.all(children.map((child) => waitFor(child, 'connected', CONNECT_TIMEOUT_MS)));
    const done = children.map((child) => waitFor(child, 'done', (options.seconds + 60) * 1000));
    for (const child of children) child.send({ type: 'measure' } satisfies SocketLoadMessage);
    await Promise.all(done);
    const results = outputFiles.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as SocketLoadResult);
    const closeCodes: Record<string, number> = {};
    for (const result of results) {
      for (const [code, count] of Object.entries(result.closeCodes))
        closeCodes[code] = (closeCodes[code] ?? 0) + count;
    }
    const sum = (pick: (result: SocketLoadResult) => number) =>
      results.reduce((total, result) => total + pick(result), 0);
    return {
      processes,
      connected: sum((result) => result.connected),
      failed: sum((result) => result.failed),
      closedEarly: sum((result) => result.closedEarly),
      closeCodes,
      connectSeconds: Math.max(...results.map((result) => result.connectSeconds)),
      ticks: results.flatMap((result) => result.ticks),
      cashOutLatencies: results.flatMap((result) => result.cashOutLatencies),
      cashOutSucceeded: sum((result) => result.cashOutSucceeded),
      cashOutRefused: sum((result) => result.cashOutRefused),
      roundsBet: Math.max(...results.map((result) => result.roundsBet)),
    };
  } finally {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** The period the bare tick server's frames name (any number: its lag is computed from its own start). */
const BARE_PERIOD = 1;
/** How often the bare server sends, as the crash game sends its multiplier (at least every 100 ms). */
const BARE_TICK_INTERVAL_MS = 100;

/**
 * A bare `ws` server in its own process that sends every socket a tick shaped like the crash game's 5004
 * every 100 ms (encoded once, the same buffer to each socket): the baseline of the tick lag, measured with
 * the same load generator. Its ticks name BARE_PERIOD with the milliseconds since `takeoffAt`, so their lag
 * is computed exactly as the game's.
 */
export async function startBareTickServer(port: number): Promise<{
  period: number;
  takeoffAt: number;
  stop: () => Promise<void>;
}> {
  const takeoffAt = Date.now();
  const script = `
    const { WebSocketServer } = require('ws');
    const server = new WebSocketServer({ port: ${port}, host: '127.0.0.1', perMessageDeflate: false });
    server.on('listening', () => process.send('listening'));
    setInterval(() => {
      const flightMs = Date.now() - ${takeoffAt};
      const data = JSON.stringify({ tag: '${BARE_PERIOD}', coefficient: '1.23', flyEnd: 0, flightMs });
      const frame = Buffer.from(JSON.stringify({ cmd: 5004, data }));
      for (const client of server.clients) client.send(frame, { binary: false });
    }, ${BARE_TICK_INTERVAL_MS});`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare tick server exited with ${code}`)));
  });
  return {
    period: BARE_PERIOD,
    takeoffAt,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
