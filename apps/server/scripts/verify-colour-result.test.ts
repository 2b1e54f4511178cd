import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { COLOUR_CATEGORIES, COLOUR_PERIOD_MS } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ColourChainService } from '../src/modules/games/colour/colour-chain.service.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { buildTestApp } from '../src/test-support/test-app.ts';
import { describeEachDatabase } from '../src/test-support/test-database.ts';
import { verifyColourResult } from './verify-colour-result.ts';

const run = promisify(execFile);
const SCRIPT = path.join(import.meta.dirname, 'verify-colour-result.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
/** 2025-03-05 00:00:10 IST, inside period 20250305001; the chains start with 002. */
const START = Date.parse('2025-03-04T18:30:10Z');
const TEST_CHAIN_LENGTH = 2000;

describeEachDatabase('verify-colour-result script', (database) => {
  let app: FastifyInstance;
  let serverUrl: string;

  beforeAll(async () => {
    const chains = new ColourChainService(TEST_CHAIN_LENGTH);
    for (const room of COLOUR_CATEGORIES) {
      await chains.ensureChain(database(), room, START, START - 10_000 + COLOUR_PERIOD_MS);
    }
    app = await buildTestApp(database(), {
      clock: new ManualClock(START),
      config: { devTestClock: true },
    });
    // Periods 002 and 003 end and are drawn; 004 is open.
    for (const seconds of [180, 180, 180]) {
      const response = await app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { seconds } });
      expect(response.statusCode).toBe(200);
    }
    serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('verifies a settled round from the command line, as anyone would run it', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', SCRIPT, serverUrl, 'P', '20250305003'],
      {
        cwd: REPO_ROOT,
      },
    );
    expect(stdout).toContain('Colour round P 20250305003');
    expect(stdout).toMatch(/recomputed from the seed: +price \d{5}, number \d {2}ok/);
    expect(stdout).toContain("SHA-256(seed) = previous round's seed: ok");
    expect(stdout).toContain('seed hashed 2 times = terminal hash: ok');
    expect(stdout.trim().endsWith('VERIFIED')).toBe(true);
  });

  it('verifies the first round of a chain, which has no previous seed', async () => {
    const report = await verifyColourResult([serverUrl, 'E', '20250305002']);
    expect(report.exitCode).toBe(0);
    expect(report.lines.join('\n')).toContain('not revealed (first round of the chain)');
    expect(report.lines.at(-1)).toBe('VERIFIED');
  });

  it('fails with status 1 when the published result does not follow from the seed', async () => {
    await database()
      .db.updateTable('colour_periods')
      .set((eb) => ({ price: eb('price', '+', 1) }))
      .where('room', '=', 'B')
      .where('period', '=', '20250305003')
      .execute();
    const report = await verifyColourResult([serverUrl, 'B', '20250305003']);
    expect(report.exitCode).toBe(1);
    expect(report.lines.join('\n')).toMatch(/recomputed from the seed:.*MISMATCH/);
    expect(report.lines.at(-1)).toBe('FAILED');
    // The script run as a program reports it through its exit status.
    await expect(
      run(process.execPath, ['--import', 'tsx', SCRIPT, serverUrl, 'B', '20250305003'], { cwd: REPO_ROOT }),
    ).rejects.toMatchObject({ code: 1 });
  });

  it('answers status 2 when the round cannot be checked', async () => {
    const open = await verifyColourResult([serverUrl, 'P', '20250305004']);
    expect(open).toMatchObject({ exitCode: 2 });
    expect(open.lines.at(-1)).toContain('not settled yet');
    const beforeChains = await verifyColourResult([serverUrl, 'P', '20250305001']);
    expect(beforeChains.exitCode).toBe(2);
    expect(beforeChains.lines[0]).toContain('answered 404');
    for (const args of [
      [],
      [serverUrl, 'X', '20250305002'],
      [serverUrl, 'P', '2025'],
      ['not a url', 'P', '20250305002'],
      [serverUrl, 'P', '20250305002', 'extra'],
    ]) {
      expect((await verifyColourResult(args)).exitCode, JSON.stringify(args)).toBe(2);
    }
    const unreachable = await verifyColourResult(['http://127.0.0.1:9', 'P', '20250305002']);
    expect(unreachable.exitCode).toBe(2);
    expect(unreachable.lines[0]).toContain('could not fetch');
  });
});
