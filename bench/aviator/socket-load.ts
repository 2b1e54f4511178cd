/**
 * The crash game's load generator, run in its own process by sockets.bench.ts: it opens one socket per
 * token (spread over the servers' ports), measures when multiplier ticks arrive, makes the bettors bet and
 * cash out within one second, and writes its raw figures to a JSON file.
 *
 * The plan is a JSON file named by argv[2]: { tokens, bettors, ports, seconds, sampleEvery, outputFile }.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

interface LoadPlan {
  tokens: string[];
  /** How many of the first tokens bet and cash out (their wallets are funded). */
  bettors: number;
  ports: number[];
  /** How long to measure ticks after every socket is in. */
  seconds: number;
  /** Tick arrival is recorded on every n-th socket (recording all of them would cost the generator more). */
  sampleEvery: number;
  /** Where the raw figures are written (JSON). */
  outputFile: string;
}

const plan = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as LoadPlan;
const CONNECTS_PER_BATCH = 250;
const CASH_OUT_SPREAD_MS = 1_000;
/** Cash-outs start this long after take-off (the first 1.00× crashes are over by then). */
const CASH_OUT_DELAY_MS = 200;

/** Tick samples: period, flight ms, epoch ms of arrival. */
const ticks: Array<[number, number, number]> = [];
const cashOutLatencies: number[] = [];
let cashOutSucceeded = 0;
let cashOutRefused = 0;
let connected = 0;
let failed = 0;
let closedEarly = 0;
let currentPeriod = 0;
let currentStatus = 0;
let roundsBet = 0;

interface Client {
  socket: WebSocket;
  sample: boolean;
  bettor: boolean;
  sentCashOutAt: number;
  betPeriod: number;
}
const clients: Client[] = [];

const COEFFICIENT_PREFIX = '{"cmd":5004,';

function onFrame(client: Client, text: string): void {
  if (text.startsWith(COEFFICIENT_PREFIX)) {
    if (!client.sample) return;
    const envelope = JSON.parse(text) as { data: string };
    const tick = JSON.parse(envelope.data) as { tag: string; flightMs: number; flyEnd: number };
    if (tick.flyEnd === 0) ticks.push([Number(tick.tag), tick.flightMs, Date.now()]);
    return;
  }
  const envelope = JSON.parse(text) as { cmd: number; data: string };
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

let measuring = false;
let cashOutRound = 0;
function onStatus(): void {
  if (!measuring) return;
  // Bettors bet once per round while they still need a good round of cash-outs.
  if (currentStatus === 12 && cashOutSucceeded < plan.bettors * 0.9 && roundsBet < 5) {
    roundsBet += 1;
    for (let index = 0; index < plan.bettors; index += 1) {
      const client = clients[index];
      client?.socket.send(
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
    // Everyone who bet in this round cashes out within one second, evenly spread.
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
    const port = plan.ports[index % plan.ports.length];
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/aviator?token=${plan.tokens[index]}`, {
      perMessageDeflate: false,
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
    socket.on('message', (data) => {
      if (!settled) {
        settled = true;
        connected += 1;
        resolve();
      }
      onFrame(client, String(data));
    });
    socket.on('error', () => {
      if (!settled) {
        settled = true;
        failed += 1;
        resolve();
      }
    });
    socket.on('close', () => {
      if (settled && measuring) closedEarly += 1;
      if (!settled) {
        settled = true;
        failed += 1;
        resolve();
      }
    });
  });
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
measuring = true;
const measureFrom = Date.now();
await new Promise((resolve) => setTimeout(resolve, plan.seconds * 1000));
// Let the last round's cash-outs come back.
await new Promise((resolve) => setTimeout(resolve, 3_000));
measuring = false;
for (const client of clients) client?.socket.terminate();
fs.writeFileSync(
  plan.outputFile,
  JSON.stringify({
    connected,
    failed,
    closedEarly,
    connectSeconds,
    measureFrom,
    ticks: ticks.filter((tick) => tick[2] >= measureFrom),
    cashOutLatencies,
    cashOutSucceeded,
    cashOutRefused,
    roundsBet,
  }),
);
process.exit(0);
