import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { AVIATOR_ENDED_MS, aviatorServerSeedHash } from '@app/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestUser } from '../src/modules/accounts/account-fixtures.ts';
import { SessionService } from '../src/modules/accounts/session.service.ts';
import { AviatorEngine } from '../src/modules/games/aviator/aviator-engine.ts';
import { AviatorRoundService } from '../src/modules/games/aviator/aviator-round.service.ts';
import { LedgerService } from '../src/modules/ledger/ledger.service.ts';
import { SettingsService } from '../src/modules/settings/settings.service.ts';
import { WageringService } from '../src/modules/withdrawals/wagering.service.ts';
import { ManualClock, systemClock } from '../src/platform/clock.ts';
import { buildTestApp } from '../src/test-support/test-app.ts';
import { describeEachDatabase } from '../src/test-support/test-database.ts';
import { verifyAviatorResult } from './verify-aviator-result.ts';

const run = promisify(execFile);
const SCRIPT = path.join(import.meta.dirname, 'verify-aviator-result.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const START = Date.parse('2026-03-01T00:00:00Z');
/** The shared fairness vector (packages/shared/src/aviator.test.ts): these seeds give 1.23. */
const VECTOR_SERVER_SEED = 'a'.repeat(64);
const VECTOR_SEEDS = ['AAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBB', 'CCCCCCCCCCCCCCCCCCCC'];

it('recomputes a round from its seeds given on the command line and says whether the result matches', async () => {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', SCRIPT, VECTOR_SERVER_SEED, ...VECTOR_SEEDS, '1.23'],
    { cwd: REPO_ROOT },
  );
  expect(stdout).toContain('first 13 hex:           36c07ff96da34');
  expect(stdout).toContain('as an integer:          963206538779188');
  expect(stdout).toContain('result = max(1.00, floor(97 / (1 - r)) / 100): 1.23');
  expect(stdout).toContain(`SHA-256(server seed):   ${await aviatorServerSeedHash(VECTOR_SERVER_SEED)}`);
  expect(stdout.trim().endsWith('MATCHES')).toBe(true);
  await expect(
    run(process.execPath, ['--import', 'tsx', SCRIPT, VECTOR_SERVER_SEED, ...VECTOR_SEEDS, '1.24'], {
      cwd: REPO_ROOT,
    }),
  ).rejects.toMatchObject({ code: 1 });
  const unchecked = await verifyAviatorResult([VECTOR_SERVER_SEED, ...VECTOR_SEEDS]);
  expect(unchecked.exitCode).toBe(0);
  expect(unchecked.lines.at(-1)).toContain('nothing to compare');
  for (const args of [[], [VECTOR_SERVER_SEED], [VECTOR_SERVER_SEED, ...VECTOR_SEEDS, 'x'], ['--url']]) {
    expect((await verifyAviatorResult(args, {})).exitCode, JSON.stringify(args)).toBe(2);
  }
});

describeEachDatabase('verify-aviator-result script against a server', (database) => {
  let app: FastifyInstance;
  let engine: AviatorEngine;
  let serverUrl: string;
  let token: string;
  let period: number;

  beforeAll(async () => {
    const clock = new ManualClock(START);
    app = await buildTestApp(database(), { clock });
    // One round played to its end by an engine on the same database (no bets: the filler seeds).
    const settings = new SettingsService(database().db, clock);
    const rounds = new AviatorRoundService({
      database: database(),
      clock,
      ledger: new LedgerService(database(), clock),
      wagering: new WageringService(settings, clock),
      logger: Fastify({ logger: false }).log,
      chainLength: 50,
    });
    engine = new AviatorEngine({
      database: database(),
      clock,
      rounds,
      settings,
      logger: Fastify({ logger: false }).log,
      channel: { send: () => {}, closeConnection: () => {}, recheckUser: () => {} },
    });
    await engine.tick();
    period = engine.currentRound()?.period ?? 0;
    for (let step = 0; step < 4; step += 1) {
      const round = engine.currentRound();
      clock.set(
        round?.crashAt ??
          (round?.takeoffAt !== undefined ? round.takeoffAt : (round?.bettingEndsAt ?? START)),
      );
      await engine.tick();
    }
    clock.set(clock.now() + AVIATOR_ENDED_MS);
    await engine.tick();
    const userId = await createTestUser(database().db, { rCode: 'AVV001', mobile: '+917710000001' });
    await database().db.updateTable('users').set({ is_early: 1 }).where('id', '=', userId).execute();
    token = await new SessionService(database().db, systemClock).create({ userId, deviceId: null, ip: null });
    serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await engine?.stop();
    await app?.close();
  });

  it('fetches a settled round and finds its published result and hash recomputed from its seeds', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', SCRIPT, '--url', serverUrl, '--period', String(period)],
      { cwd: REPO_ROOT, env: { ...process.env, AVIATOR_TOKEN: token } },
    );
    expect(stdout).toContain(`Crash-game round ${period}`);
    expect(stdout).toMatch(/SHA-512: +[0-9a-f]{128} {2}ok/);
    expect(stdout).toMatch(/published result: +\d+\.\d{2} {2}ok/);
    expect(stdout.trim().endsWith('MATCHES')).toBe(true);
  });

  it('answers status 2 when the round cannot be checked: an entity the server will not publish, an open round', async () => {
    // A server that publishes one result and seeds that give another: only the check of the entity can tell.
    await database()
      .db.updateTable('aviator_rounds')
      .set({ player_seed3: 'ZZZZZZZZZZZZZZZZZZZZ' })
      .where('period', '=', period)
      .execute();
    const report = await verifyAviatorResult([
      '--url',
      serverUrl,
      '--period',
      String(period),
      '--token',
      token,
    ]);
    // The server refuses to publish an entity that does not add up (500), so the script cannot check it.
    expect(report.exitCode).toBe(2);
    const open = await verifyAviatorResult(
      ['--url', serverUrl, '--period', String(engine.currentRound()?.period ?? 0)],
      { AVIATOR_TOKEN: token },
    );
    expect(open.exitCode).toBe(2);
    expect(open.lines[0]).toContain('answered 400');
    const unreachable = await verifyAviatorResult(['--url', 'http://127.0.0.1:9', '--period', '1'], {
      AVIATOR_TOKEN: token,
    });
    expect(unreachable.lines[0]).toContain('could not fetch');
    expect((await verifyAviatorResult(['--url', serverUrl, '--period', '1'], {})).exitCode).toBe(2);
  });
});
