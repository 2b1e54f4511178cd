/**
 * One process of the crash game's load generator (load-generator.ts forks several, so that reading the
 * frames of 10,000 sockets is not one process's work): it opens one socket per token of its share (spread
 * over the servers' ports), tells the parent when they are all in, and on the parent's word measures when
 * multiplier ticks arrive and makes its bettors bet and cash out within one second. It writes its raw figures
 * to a JSON file and tells the parent it is done.
 *
 * The plan is a JSON file named by argv[2] (see SocketLoadPlan).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface SocketLoadPlan {
  tokens: string[];
  /** How many of the first tokens bet and cash out (their wallets are funded). */
  bettors: number;
  ports: number[];
  /** This process's place among the generator's processes (it spreads the sockets over the ports). */
  processIndex: number;
  processes: number;
  /** How long to measure ticks after every socket of every process is in. */
  seconds: number;
  /** Tick arrival is recorded on every n-th socket (recording all of them would cost the generator more). */
  sampleEvery: number;
  /** Where the raw figures are written (JSON). */
  outputFile: string;
}

/** What one process measured. */
export interface SocketLoadResult {
  connected: number;
  failed: number;
  closedEarly: number;
  /** Close codes of the sockets the server closed while measuring, with how many of each. */
  closeCodes: Record<string, number>;
  connectSeconds: number;
  /** Tick samples: period (the tag), flight ms, epoch ms of arrival. */
  ticks: Array<[number, number, number]>;
  cashOutLatencies: number[];
  cashOutSucceeded: number;
  cashOutRefused: number;
  roundsBet: number;
}

/** Messages between the parent and this process. */
export type SocketLoadMessage =
  | { type: 'connected'; connected: number; failed: number }
  | { type: 'measure' }
  | { type: 'done' };

const CONNECTS_PER_BATCH = 250;
/** A socket not upgraded within this long (and not answered within twice this long) has failed. */
const CONNECT_TIMEOUT_MS = 30_000;
const CASH_OUT_SPREAD_MS = 1_000;
/** Cash-outs start this long after take-off (the first 1.00× crashes are over by then). */
const CASH_OUT_DELAY_MS = 200;
/** Up to this many rounds are bet, while fewer than 90 % of the bettors have been paid. */
const MAX_ROUNDS_BET = 5;
/** After the measured seconds, the last round's cash-outs may still come back for this long. */
const DRAIN_MS = 3_000;

const plan = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as SocketLoadPlan;

const ticks: Array<[number, number, number]> = [];
const cashOutLatencies: number[] = [];
const closeCodes: Record<string, number> = {};
let cashOutSucceeded = 0;
let cashOutRefused = 0;
let connected = 0;
let failed = 0;
let closedEarly = 0;
let currentPeriod = 0;
let currentStatus = 0;
let roundsBet = 0;
let measuring = false;
let measureFrom = 0;

interface Client {
  socket: WebSocket;
  sample: boolean;
  bettor: boolean;
  sentCashOutAt: number;
  betPeriod: number;
}
const clients: Client[] = [];

/** '{"cmd":5004,' starts every tick; its cmd digits are bytes 7-10. */
function isTick(data: Buffer): boolean {
  return data[7] === 0x35 && data[8] === 0x30 && data[9] === 0x30 && data[10] === 0x34;
}

function onFrame(client: Client, data: Buffer): void {
  if (isTick(data)) {
    // Most sockets only receive: their ticks are not even decoded.
    if (!client.sample || !measuring) return;
    const envelope = JSON.parse(data.toString('utf8')) as { data: string };
    const tick = JSON.parse(envelope.data) as { tag: string; flightMs: number; flyEnd: number };
    if (tick.flyEnd === 0) ticks.push([Number(tick.tag), tick.flightMs, Date.now()]);
    return;
  }
  if (!client.bettor && clients[0] !== client) return;
  const envelope = JSON.parse(data.toString('utf8')) as { cmd: number; data: string };
  const payload = JSON.parse(envelope.data) as Record<string, unknown>;
  if (envelope.cmd === 5002 && clients[0] === client) {
    currentPeriod = Number(payload.period ?? 0);
    currentStatus = Number(payload.status ?? 0);
    onStatus();
  } else if (envelope.cmd === 5016 && payload.status === 1) {
    client.betPeriod = Number(payload.period);
  } else if (envelope.cmd === 5018 && client.sentCashOutAt > 0) {
    // Only paid cash-outs count: a refused one (the plane had flown) never reaches the database.
    if (payload.cashSuccess === true) {
      cashOutLatencies.push(performance.now() - client.sentCashOutAt);
      cashOutSucceeded += 1;
    } else cashOutRefused += 1;
    client.sentCashOutAt = 0;
  }
}

let cashOutRound = 0;
function onStatus(): void {
  if (!measuring) return;
  // Bettors bet once per round while they still need a good round of cash-outs.
  if (currentStatus === 12 && cashOutSucceeded < plan.bettors * 0.9 && roundsBet < MAX_ROUNDS_BET) {
    roundsBet += 1;
    for (let index = 0; index < plan.bettors; index += 1) {
      clients[index]?.socket.send(
        JSON.stringify({
          cmd: 5015,
          data: JSON.stringify({
            nickName: 'bench',
            period: currentPeriod,
            betPrice: 10,
            seed: 'Bench000000000000000',
          }),
        }),
      );
    }
  }
  if (currentStatus === 30 && cashOutRound !== currentPeriod) {
    cashOutRound = currentPeriod;
    const period = currentPeriod;
    // Everyone who bet in this round cashes out within one second, evenly spread (each process spreads its
    // own share over the same second).
    const bettors = clients.slice(0, plan.bettors).filter((client) => client.betPeriod === period);
    bettors.forEach((client, index) => {
      setTimeout(
        () => {
          client.sentCashOutAt = performance.now();
          client.socket.send(JSON.stringify({ cmd: 5017, data: JSON.stringify({ tag: String(period) }) }));
        },
        CASH_OUT_DELAY_MS + Math.floor((index * CASH_OUT_SPREAD_MS) / Math.max(1, bettors.length)),
      );
    });
  }
}

function connect(index: number): Promise<void> {
  return new Promise((resolve) => {
    const port = plan.ports[(index * plan.processes + plan.processIndex) % plan.ports.length];
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/aviator?token=${plan.tokens[index]}`, {
      perMessageDeflate: false,
      // The generator trusts the server's UTF-8: checking it on every frame would be the generator's cost.
      skipUTF8Validation: true,
      handshakeTimeout: CONNECT_TIMEOUT_MS,
    });
    const client: Client = {
      socket,
      sample: index % plan.sampleEvery === 0,
      bettor: index < plan.bettors,
      sentCashOutAt: 0,
      betPeriod: 0,
    };
    clients[index] = client;
    let settled = false;
    // A socket the server never answers counts as failed instead of holding up the whole process.
    const giveUp = setTimeout(() => {
      if (settled) return;
      settled = true;
      failed += 1;
      socket.terminate();
      resolve();
    }, CONNECT_TIMEOUT_MS * 2);
    socket.on('message', (data: Buffer) => {
      clearTimeout(giveUp);
      if (!settled) {
        settled = true;
        connected += 1;
        resolve();
      }
      onFrame(client, data);
    });
    socket.on('error', () => {
      if (!settled) {
        settled = true;
        failed += 1;
        resolve();
      }
    });
    socket.on('close', (code) => {
      if (settled && measuring) {
        closedEarly += 1;
        closeCodes[code] = (closeCodes[code] ?? 0) + 1;
      }
      if (!settled) {
        settled = true;
        failed += 1;
        resolve();
      }
    });
  });
}

function tell(message: SocketLoadMessage): void {
  process.send?.(message);
}

const started = performance.now();
for (let start = 0; start < plan.tokens.length; start += CONNECTS_PER_BATCH) {
  const batch: Promise<void>[] = [];
  for (let index = start; index < Math.min(start + CONNECTS_PER_BATCH, plan.tokens.length); index += 1) {
    batch.push(connect(index));
  }
  await Promise.all(batch);
}
const connectSeconds = (performance.now() - started) / 1000;
tell({ type: 'connected', connected, failed });
await new Promise<void>((resolve) => {
  process.on('message', (message: SocketLoadMessage) => {
    if (message.type === 'measure') resolve();
  });
});
measuring = true;
measureFrom = Date.now();
await new Promise((resolve) => setTimeout(resolve, plan.seconds * 1000));
// Let the last round's cash-outs come back.
await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
measuring = false;
for (const client of clients) client?.socket.terminate();
const result: SocketLoadResult = {
  connected,
  failed,
  closedEarly,
  closeCodes,
  connectSeconds,
  ticks: ticks.filter((tick) => tick[2] >= measureFrom),
  cashOutLatencies,
  cashOutSucceeded,
  cashOutRefused,
  roundsBet,
};
fs.writeFileSync(plan.outputFile, JSON.stringify(result));
tell({ type: 'done' });
process.disconnect?.();
process.exit(0);
