import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AviatorBetResult, AviatorCmd, type AviatorGroupInfo, AviatorStatus } from '@app/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../../../db/dialect.ts';
import { systemClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { LiveTestClient } from '../../../test-support/live-socket-client.ts';
import { createTestUser } from '../../accounts/account-fixtures.ts';
import { SessionService } from '../../accounts/session.service.ts';
import { balanceOf, fundWallet } from '../../orders/order-fixtures.ts';
import { AVIATOR_LEADER_LOG } from './aviator-engine.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const serverRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/** Ports of the two server processes (the range this branch's benchmarks and tests may use). */
const PORTS = [3157, 3158] as const;
/** A follower takes over within this long of the leader's death (DESIGN.md §3 "Live game sockets"). */
const TAKEOVER_LIMIT_MS = 5_000;
/**
 * How long a server process may take to start: it compiles the sources through tsx and migrates a fresh
 * schema, and in CI it does so while the rest of the suite keeps both cores busy (60 s was not enough there).
 */
const PROCESS_START_LIMIT_MS = 150_000;
/**
 * How long the follower's player may wait for the next betting window. A client that connects during a flight
 * waits for the crash: a flight lasts past 40 s with probability about 0.09 (the multiplier passes e^2.4 = 11
 * with probability 0.97/11), which failed this test in CI once; past 150 s with probability about 0.0001.
 */
const NEXT_BETTING_WINDOW_LIMIT_MS = 150_000;

interface ServerProcess {
  child: ChildProcess;
  output: string[];
  port: number;
}

function startServer(port: number, schema: string, namespace: string): ServerProcess {
  const url = new URL(postgresUrl ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      LIVE_BUS_NAMESPACE: namespace,
      SEED_DEMO: 'false',
      GAME_ENGINES: 'true',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output, port };
}

async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const isLeader = (server: ServerProcess) => server.output.join('').includes(AVIATOR_LEADER_LOG);

describe.skipIf(!postgresUrl || !redisUrl)(
  'aviator leader failover (two processes, PostgreSQL and Redis)',
  () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const namespace = `test-${randomBytes(6).toString('hex')}`;
    let database: AppDatabase;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      database = openDatabase({ url: postgresUrl ?? '', searchPath: schema, poolSize: 4 });
    });

    afterAll(async () => {
      for (const server of servers) server.child.kill('SIGKILL');
      await database?.destroy();
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });

    it(
      'a bet placed through the follower survives the leader dying mid-flight: taken over within 5 s, settled or refunded once',
      async () => {
        const first = startServer(PORTS[0], schema, namespace);
        servers.push(first);
        await waitUntil(() => isLeader(first), 'the first process to lead', PROCESS_START_LIMIT_MS);
        const second = startServer(PORTS[1], schema, namespace);
        servers.push(second);
        await waitUntil(
          async () => {
            try {
              return (await fetch(`http://127.0.0.1:${PORTS[1]}/healthz`)).ok;
            } catch {
              return false;
            }
          },
          'the second process to answer',
          PROCESS_START_LIMIT_MS,
        );
        expect(isLeader(second)).toBe(false);

        const userId = await createTestUser(database.db, {
          rCode: 'FAIL01',
          mobile: '+917711000001',
          now: Date.now(),
        });
        await database.db.updateTable('users').set({ is_early: 1 }).where('id', '=', userId).execute();
        await fundWallet(database, systemClock, userId, 1_000_00);
        const token = await new SessionService(database.db, systemClock).create({
          userId,
          deviceId: null,
          ip: null,
        });

        // The player is on the follower; the bet travels to the leader over Redis and its answer comes back.
        const client = new LiveTestClient(`ws://127.0.0.1:${PORTS[1]}/ws/aviator?token=${token}`);
        await client.opened;
        const open = await client.waitFor(
          () =>
            client.frames
              .filter((frame) => frame.cmd === AviatorCmd.groupInfo)
              .map((frame) => frame.payload as AviatorGroupInfo)
              .find((info) => info.status >= 11 && info.status <= 18 && info.period !== null),
          'a round open for bets',
          NEXT_BETTING_WINDOW_LIMIT_MS,
        );
        client.send(AviatorCmd.bet, {
          nickName: 'pilot',
          period: open.period,
          betPrice: 50,
          seed: 'Failover000000000001',
        });
        const answer = await client.nextFrame<AviatorBetResult>(AviatorCmd.betResult);
        expect(answer).toMatchObject({ status: 1, period: open.period });
        expect(await balanceOf(database, systemClock, userId)).toBe(950_00);

        // Take-off, then the leader dies without a word.
        await client.waitFor(
          () =>
            client.frames.find(
              (frame) =>
                frame.cmd === AviatorCmd.groupInfo &&
                (frame.payload as AviatorGroupInfo).status === AviatorStatus.takeOff &&
                (frame.payload as AviatorGroupInfo).period === open.period,
            ),
          'the take-off',
          20_000,
        );
        first.child.kill('SIGKILL');
        const roundStatus = async () =>
          (
            await database.db
              .selectFrom('aviator_rounds')
              .select('status')
              .where('period', '=', open.period ?? 0)
              .executeTakeFirstOrThrow()
          ).status;
        // Taken over and the interrupted round finished from the database, within the limit of the kill.
        const takeover = await waitUntil(
          async () => isLeader(second) && (await roundStatus()) !== 'flying',
          'the follower to take over and finish the round',
          15_000,
        );
        expect(takeover).toBeLessThan(TAKEOVER_LIMIT_MS);

        // Refunded (before its crash time) or settled with the open bet lost.
        const round = await database.db
          .selectFrom('aviator_rounds')
          .selectAll()
          .where('period', '=', open.period ?? 0)
          .executeTakeFirstOrThrow();
        expect(['refunded', 'settled']).toContain(round.status);
        const bet = await database.db
          .selectFrom('aviator_bets')
          .selectAll()
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        expect(bet.status).toBe(round.status === 'refunded' ? 'refunded' : 'lost');
        expect(await balanceOf(database, systemClock, userId)).toBe(
          round.status === 'refunded' ? 1_000_00 : 950_00,
        );
        await expectLedgerClean(database);

        // The new leader runs the next round and the player's socket on it hears it.
        await client.waitFor(
          () =>
            client.frames.find(
              (frame) =>
                frame.cmd === AviatorCmd.groupInfo &&
                ((frame.payload as AviatorGroupInfo).period ?? 0) > (open.period ?? 0),
            ),
          'a round of the new leader',
          20_000,
        );
        client.close();
      },
      2 * PROCESS_START_LIMIT_MS + NEXT_BETTING_WINDOW_LIMIT_MS + 120_000,
    );
  },
);
