import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  COLOUR_CATEGORIES,
  COLOUR_PERIOD_MS,
  type ColourCategory,
  GUESS_TYPES,
  periodNumberAt,
  periodStartMs,
} from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts';
import { createPlayer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { ColourChainService } from './colour-chain.service.ts';
import { COLOUR_PERIOD_SETTLED_LOG } from './colour-engine.ts';

/**
 * Two real server processes (`node --import tsx apps/server/src/main.ts`) on one PostgreSQL schema, both with
 * GAME_ENGINES on and DEV_TEST_CLOCK: the test moves both clocks by the same whole seconds through POST
 * /dev/clock/advance, so they agree. One process leads and settles; when it is killed (SIGKILL, a crash),
 * the other takes the advisory lock and settles the periods that followed from what the database says.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const KOLKATA = 'Asia/Kolkata';
/**
 * The chains are stored before the servers start, as a leader that ran earlier would have left them: short
 * ones, because a production chain (a million hashes per room) takes seconds to make on a small machine.
 */
const TEST_CHAIN_LENGTH = 2000;
const PLAYERS = 4;
const FUNDS_MINOR = 1_000_000;
/** Where in a period the test puts both clocks: a few seconds after its start, well before the 30 s lock. */
const INTO_PERIOD_MS = 5_000;
const STARTUP_TIMEOUT_MS = 30_000;
const SETTLE_TIMEOUT_MS = 15_000;
const POLL_MS = 100;
const LEADER_LOG = 'colour engine: this instance is the leader';

interface ServerProcess {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** Every JSON log line the process wrote, parsed. */
  readonly logs: Array<Record<string, unknown>>;
  readonly exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(POLL_MS);
  }
}

describe.skipIf(!postgresUrl)(
  'colour engine takeover between two server processes [postgres] (skipped without TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase;
    let databaseUrl: string;
    let dataDir: string;
    const servers: ServerProcess[] = [];
    const players: TestBuyer[] = [];
    /** How far both dev clocks have been moved, in ms (they start at the system clock). */
    let offsetMs = 0;
    /** The start of the chains' first period: nothing before it is ever drawn. */
    let chainsStartAt = 0;
    const serverNow = () => Date.now() + offsetMs;

    async function startServer(name: string): Promise<ServerProcess> {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
          SEED_DEMO: 'false',
          GAME_ENGINES: 'true',
          DEV_TEST_CLOCK: 'true',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const logs: Array<Record<string, unknown>> = [];
      const stderr: string[] = [];
      readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        if (!line.startsWith('{')) return;
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // A banner line that happens to start with a brace is not a log entry.
        }
      });
      readline
        .createInterface({ input: child.stderr as NodeJS.ReadableStream })
        .on('line', (line) => stderr.push(line));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const server: ServerProcess = { name, url: `http://127.0.0.1:${port}`, child, logs, exited };
      servers.push(server);
      let exitCode: number | null | undefined;
      void exited.then((code) => {
        exitCode = code;
      });
      await waitFor(
        `${name} to answer /healthz`,
        async () => {
          if (exitCode !== undefined) {
            throw new Error(`${name} exited with ${exitCode} while starting:\n${stderr.join('\n')}`);
          }
          try {
            return (await fetch(`${server.url}/healthz`)).status === 200;
          } catch {
            return false;
          }
        },
        STARTUP_TIMEOUT_MS,
      );
      return server;
    }

    const settledBy = (server: ServerProcess): string[] =>
      server.logs
        .filter((entry) => entry.msg === COLOUR_PERIOD_SETTLED_LOG)
        .map((entry) => `${String(entry.room)}:${String(entry.period)}`);

    /** Moves every live server's clock to INTO_PERIOD_MS after the start of the period `periods` ahead. */
    const advancePeriods = (live: readonly ServerProcess[], periods: number) =>
      advanceTo(live, periodStartMs(serverNow()) + periods * COLOUR_PERIOD_MS + INTO_PERIOD_MS);

    /** Moves every live server's clock by the same whole seconds to (just past) `target`. */
    async function advanceTo(live: readonly ServerProcess[], target: number): Promise<void> {
      const seconds = Math.ceil((target - serverNow()) / 1000);
      for (const server of live) {
        const response = await fetch(`${server.url}/dev/clock/advance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ seconds }),
        });
        expect(response.status, await response.clone().text()).toBe(200);
      }
      offsetMs += seconds * 1000;
    }

    let betsPlaced = 0;
    /** Every player bets in every room of the open period, each through one of the servers. */
    async function betEverywhere(through: readonly ServerProcess[]): Promise<string> {
      const period = periodNumberAt(serverNow(), KOLKATA);
      let turn = 0;
      for (const player of players) {
        for (const category of COLOUR_CATEGORIES) {
          const guessType = GUESS_TYPES[turn % GUESS_TYPES.length] ?? 'G';
          const server = through[turn % through.length];
          if (!server) throw new Error('no server to bet through');
          turn += 1;
          const response = await fetch(`${server.url}/win/add_user_guess`, {
            method: 'POST',
            headers: { ...player.headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              category,
              period,
              guess_type: guessType,
              number: turn % 10,
              contract_money: 10,
              contract_count: 1 + (turn % 3),
            }),
          });
          expect(response.status, await response.clone().text()).toBe(200);
          betsPlaced += 1;
        }
      }
      return period;
    }

    const periodStatus = async (room: ColourCategory, period: string) =>
      (
        await database.db
          .selectFrom('colour_periods')
          .select('status')
          .where('room', '=', room)
          .where('period', '=', period)
          .executeTakeFirst()
      )?.status;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const schema = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
      const url = new URL(postgresUrl ?? '');
      url.searchParams.set('options', `-c search_path=${schema.rows[0]?.schema ?? ''}`);
      databaseUrl = url.toString();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'colour-takeover-'));
      const now = systemClock.now();
      // Two periods ahead, so that however long the servers take to start, the chains' first period is
      // still to come when the test moves the clocks to it.
      chainsStartAt = periodStartMs(now) + 2 * COLOUR_PERIOD_MS;
      const chains = new ColourChainService(TEST_CHAIN_LENGTH);
      for (const room of COLOUR_CATEGORIES) await chains.ensureChain(database, room, now, chainsStartAt);
      for (let index = 0; index < PLAYERS; index += 1) {
        const player = await createPlayer(database, systemClock);
        await fundWallet(database, systemClock, player.userId, FUNDS_MINOR);
        players.push(player);
      }
    });

    afterAll(async () => {
      for (const server of servers) {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
        await server.exited;
      }
      await database?.cleanup();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('settles each period exactly once, and the survivor takes over from the database when the leader dies', async () => {
      const first = await startServer('first');
      await waitFor(
        'the first server to lead',
        () => first.logs.some((entry) => entry.msg === LEADER_LOG),
        10_000,
      );
      const second = await startServer('second');
      const both = [first, second];

      // Periods 1 and 2 of the chains: bets through both servers, settled by the leader.
      await advanceTo(both, chainsStartAt + INTO_PERIOD_MS);
      const period1 = await betEverywhere(both);
      await advancePeriods(both, 1);
      const period2 = await betEverywhere(both);
      await advancePeriods(both, 1);
      const period3 = await betEverywhere(both);
      for (const room of COLOUR_CATEGORIES) {
        expect(await periodStatus(room, period1)).toBe('settled');
        expect(await periodStatus(room, period2)).toBe('settled');
        expect(await periodStatus(room, period3)).toBe('open');
      }
      expect(second.logs.some((entry) => entry.msg === LEADER_LOG)).toBe(false);

      // The leader crashes with period 3's bets waiting; two more periods end before anyone looks.
      first.child.kill('SIGKILL');
      await first.exited;
      await advancePeriods([second], 2);
      const period4 = periodNumberAt(serverNow() - COLOUR_PERIOD_MS, KOLKATA);
      await waitFor(
        'the second server to settle periods 3 and 4',
        async () => {
          for (const room of COLOUR_CATEGORIES) {
            if ((await periodStatus(room, period4)) !== 'settled') return false;
          }
          return true;
        },
        SETTLE_TIMEOUT_MS,
      );
      // It goes on leading: period 5 takes bets and is settled by it too.
      const period5 = await betEverywhere([second]);
      await advancePeriods([second], 1);
      await waitFor(
        'the second server to settle period 5',
        async () => (await periodStatus('E', period5)) === 'settled',
        SETTLE_TIMEOUT_MS,
      );
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const expected = (periods: string[]) =>
        periods.flatMap((period) => COLOUR_CATEGORIES.map((room) => `${room}:${period}`)).sort();
      expect(second.logs.some((entry) => entry.msg === LEADER_LOG)).toBe(true);
      expect(settledBy(first).sort()).toEqual(expected([period1, period2]));
      expect(settledBy(second).sort()).toEqual(expected([period3, period4, period5]));

      // The database agrees: those periods and no others were drawn, once each, and no bet is left waiting.
      const periods = await database.db
        .selectFrom('colour_periods')
        .select(['room', 'period', 'status', 'bet_count'])
        .execute();
      expect(periods.map((row) => `${row.room}:${row.period}`).sort()).toEqual(
        expected([period1, period2, period3, period4, period5]),
      );
      expect(periods.every((row) => row.status === 'settled')).toBe(true);
      expect(periods.reduce((sum, row) => sum + row.bet_count, 0)).toBe(betsPlaced);
      const bets = await database.db.selectFrom('colour_bets').select(['status']).execute();
      expect(bets).toHaveLength(betsPlaced);
      expect(bets.filter((bet) => bet.status === 'W')).toEqual([]);
      // One fee movement per period with bets: a second settlement would have needed a second one.
      const fees = await database.db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('idempotency_key', 'like', 'colour_fee:%')
        .executeTakeFirstOrThrow();
      expect(Number(fees.count)).toBe(periods.filter((row) => row.bet_count > 0).length);
      await expectLedgerClean(database);
    }, 90_000);
  },
);
