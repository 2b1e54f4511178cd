import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { LUCKY_HIT_ROUND_MS, luckyHitPeriodAt } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLuckyHitModule, type LuckyHitModule } from '../src/modules/games/luckyhit/luckyhit.module.ts';
import { LedgerService } from '../src/modules/ledger/ledger.service.ts';
import { createPlayer, fundWallet, type TestBuyer } from '../src/modules/orders/order-fixtures.ts';
import { SettingsService } from '../src/modules/settings/settings.service.ts';
import { WageringService } from '../src/modules/withdrawals/wagering.service.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { buildTestApp } from '../src/test-support/test-app.ts';
import { describeEachDatabase } from '../src/test-support/test-database.ts';
import { verifyLuckyHitDeal } from './verify-luckyhit-deal.ts';

const run = promisify(execFile);
const SCRIPT = path.join(import.meta.dirname, 'verify-luckyhit-deal.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const TIME_ZONE = 'Asia/Kolkata';
/** A round boundary: 2026-11-27 12:00:00 UTC; the chain starts with this round. */
const ROUND_ZERO = Date.UTC(2026, 10, 27, 12, 0, 0);
const SEEDS = ['AAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBB'];

describeEachDatabase('verify-luckyhit-deal script', (database) => {
  const clock = new ManualClock(ROUND_ZERO - 10_000);
  let app: FastifyInstance;
  let luckyHit: LuckyHitModule;
  let serverUrl: string;
  let player: TestBuyer;
  /** Round 1 (two bettors, the second round of the chain) and round 2 (no bettor); round 3 is open. */
  const period = (round: number) => luckyHitPeriodAt(ROUND_ZERO + round * LUCKY_HIT_ROUND_MS, TIME_ZONE);

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    const settings = new SettingsService(database().db, clock);
    luckyHit = createLuckyHitModule({
      database: database(),
      clock,
      ledger: new LedgerService(database(), clock),
      market: 'in',
      logger: app.log,
      wagering: new WageringService(settings, clock),
      broadcast: { publish: () => undefined },
      chainLength: 50,
    });
    await luckyHit.chains.ensureChain(database(), clock.now(), ROUND_ZERO);
    player = await createPlayer(database(), clock);
    const other = await createPlayer(database(), clock);
    for (const buyer of [player, other]) await fundWallet(database(), clock, buyer.userId, 1_000_000);
    clock.set(ROUND_ZERO + LUCKY_HIT_ROUND_MS + 6_000);
    for (const [index, buyer] of [player, other].entries()) {
      const answer = await luckyHit.game.placeBet(buyer.userId, {
        period: period(1),
        betType: 'B',
        clientSeed: SEEDS[index] as string,
        stakeMinor: 1_000,
      });
      expect(answer.status).toBe(200);
    }
    clock.set(ROUND_ZERO + 3 * LUCKY_HIT_ROUND_MS + 5_000);
    expect((await luckyHit.engine.tick()).settled).toEqual([period(0), period(1), period(2)]);
    serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await luckyHit?.engine.stop();
    await app?.close();
  });

  it('verifies a dealt round fetched from the server, run from the command line as anyone would', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', SCRIPT, '--url', serverUrl, period(1)],
      { cwd: REPO_ROOT, env: { ...process.env, LUCKYHIT_TOKEN: player.token } },
    );
    expect(stdout).toContain(`Lucky Hit round ${period(1)}`);
    expect(stdout).toMatch(/black \(cards1\): +(\S+[♦♣♥♠] ){2}\S+[♦♣♥♠]\n/);
    expect(stdout).toMatch(/winner: +(black|red) \(/);
    expect(stdout).toMatch(/re-dealt cards = published cards +ok/);
    expect(stdout).toMatch(/SHA-256\(seed\) = previous round's seed +ok/);
    expect(stdout).toMatch(/seed hashed 2 times = terminal hash +ok/);
    expect(stdout.trim().endsWith('VERIFIED')).toBe(true);
  });

  it("re-deals from seeds given by hand, alone or checked against the server's round", async () => {
    const detail = (await luckyHit.game.roundDetail(period(1))).entity;
    expect(detail.client_seeds.slice(0, 2)).toEqual(SEEDS);
    const offline = await verifyLuckyHitDeal([period(1), detail.seed, ...SEEDS]);
    expect(offline.exitCode).toBe(0);
    const text = offline.lines.join('\n');
    expect(text).toContain(`client seeds:           ${detail.client_seeds.join(' ')}`);
    expect(text).toContain(`draws:                  ${detail.draws.join(' ')}`);
    expect(offline.lines.at(-1)).toBe('DEALT');
    const checked = await verifyLuckyHitDeal(
      ['--url', serverUrl, period(1), detail.seed, ...SEEDS],
      player.token,
    );
    expect(checked.exitCode).toBe(0);
    expect(checked.lines.join('\n')).toMatch(/given client seeds = published client seeds +ok/);
    // A round nobody bet on is dealt from the fixed fillers alone.
    const empty = await verifyLuckyHitDeal(['--url', serverUrl, '--token', player.token, period(2)]);
    expect(empty.exitCode).toBe(0);
    // The chain's first round has no previous seed to check.
    const first = await verifyLuckyHitDeal(['--url', serverUrl, period(0)], player.token);
    expect(first.exitCode).toBe(0);
    expect(first.lines.join('\n')).toContain('not revealed (first round of the chain)');
  });

  it('fails with status 1 when a client seed given differs or the published cards do not follow from the seeds', async () => {
    const detail = (await luckyHit.game.roundDetail(period(1))).entity;
    const wrongSeed = await verifyLuckyHitDeal(
      ['--url', serverUrl, period(1), detail.seed, SEEDS[1] as string, SEEDS[0] as string],
      player.token,
    );
    expect(wrongSeed.exitCode).toBe(1);
    expect(wrongSeed.lines.join('\n')).toMatch(/given client seeds = published client seeds +MISMATCH/);
    const swapped = JSON.stringify([detail.cards2[0], detail.cards1[1], detail.cards1[2]]);
    await database()
      .db.updateTable('luckyhit_rounds')
      .set({ cards1_json: swapped })
      .where('period', '=', period(1))
      .execute();
    const report = await verifyLuckyHitDeal(['--url', serverUrl, period(1)], player.token);
    expect(report.exitCode).toBe(1);
    expect(report.lines.join('\n')).toMatch(/re-dealt cards = published cards +MISMATCH/);
    expect(report.lines.at(-1)).toBe('FAILED');
    await expect(
      run(
        process.execPath,
        ['--import', 'tsx', SCRIPT, '--url', serverUrl, '--token', player.token, period(1)],
        {
          cwd: REPO_ROOT,
        },
      ),
    ).rejects.toMatchObject({ code: 1 });
  });

  it('answers status 2 when the round cannot be checked', async () => {
    const open = await verifyLuckyHitDeal(['--url', serverUrl, period(3)], player.token);
    expect(open.exitCode).toBe(2);
    expect(open.lines[0]).toContain('answered 404');
    const anonymous = await verifyLuckyHitDeal(['--url', serverUrl, period(1)]);
    expect(anonymous.exitCode).toBe(2);
    expect(anonymous.lines[0]).toContain('answered 401');
    for (const args of [
      [],
      [period(1)],
      ['2026', 'a'.repeat(64)],
      [period(1), 'not-hex'],
      [period(1), 'a'.repeat(64), 'short'],
      [period(1), 'a'.repeat(64), ...SEEDS, ...SEEDS],
      ['--url'],
      ['--bogus', period(1)],
      ['--url', 'not a url', period(1)],
    ]) {
      expect((await verifyLuckyHitDeal(args)).exitCode, JSON.stringify(args)).toBe(2);
    }
    const unreachable = await verifyLuckyHitDeal(['--url', 'http://127.0.0.1:9', period(1)]);
    expect(unreachable.exitCode).toBe(2);
    expect(unreachable.lines[0]).toContain('could not fetch');
  });
});
