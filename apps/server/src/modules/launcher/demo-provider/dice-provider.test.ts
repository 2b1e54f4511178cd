import { createHash } from 'node:crypto';
import { dicePayoutMinor, diceRollFromSeed, type StartGameResponse } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { expectLedgerClean } from '../../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../../test-support/test-app.ts';
import { describeEachDatabase } from '../../../test-support/test-database.ts';
import { balanceOf, createPlayer, fundWallet, type TestBuyer } from '../../orders/order-fixtures.ts';
import { testLauncherSecrets } from '../launcher-fixtures.ts';
import { seedDemoGameProvider } from './demo-provider.seed.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);

describeEachDatabase('the demo dice provider over HTTP', (database) => {
  const clock = new ManualClock(START_MS);
  let app: FastifyInstance;
  let player: TestBuyer;

  beforeAll(async () => {
    await seedDemoGameProvider(database().db, clock, testLauncherSecrets());
    app = await buildTestApp(database(), { clock });
    // The provider reaches our wallet over real HTTP, so the server listens.
    await app.listen({ port: 0, host: '127.0.0.1' });
    player = await createPlayer(database(), clock);
    await fundWallet(database(), clock, player.userId, 500_00);
  });
  afterAll(async () => {
    await app?.close();
  });

  const demo = (path: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/demo-provider/api/${path}`, payload });

  it('serves a page the app may frame, and plays provably-fair rolls through the seamless wallet', async () => {
    const games = (await app.inject({ method: 'GET', url: '/shop/home_top' })).json().more_game_list;
    const started = await app.inject({
      method: 'GET',
      url: `/exg/owngame_start_game?game_id=${games[0].game_id}`,
      headers: player.headers,
    });
    const launchUrl = new URL(started.json<StartGameResponse>().launch_url, 'http://app.test');
    const page = await app.inject({ method: 'GET', url: `${launchUrl.pathname}${launchUrl.search}` });
    expect(page.statusCode).toBe(200);
    // The app's whole policy (scripts from the app only, …), with framing by the app alone.
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // Every other page keeps frame denial.
    const home = await app.inject({ method: 'GET', url: '/shop/home_top' });
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(home.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('<script src="/demo-provider/dice.js"></script>');

    const opened = await demo('open', { token: launchUrl.searchParams.get('token') });
    expect(opened.statusCode, opened.body).toBe(200);
    const { session_id: sessionId, server_seed_hash: committed } = opened.json();
    expect(opened.json().balance_minor).toBe(500_00);
    expect((await demo('open', { token: launchUrl.searchParams.get('token') })).statusCode).not.toBe(200);

    const rolls: Array<{ nonce: number; roll: number; payout: number }> = [];
    let expectedMinor = 500_00;
    for (let index = 0; index < 12; index += 1) {
      const answer = await demo('roll', {
        session_id: sessionId,
        stake_minor: 10_00,
        target: 50,
        client_seed: 'abc123',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      expectedMinor += body.payout_minor - 10_00;
      expect(body.balance_minor).toBe(expectedMinor);
      rolls.push({ nonce: body.nonce, roll: body.roll, payout: body.payout_minor });
    }
    expect(await balanceOf(database(), clock, player.userId)).toBe(expectedMinor);
    const tooBig = await demo('roll', {
      session_id: sessionId,
      stake_minor: 10_000_00,
      target: 50,
      client_seed: 'abc',
    });
    expect(tooBig.json().msg).toBe('Insufficient balance');
    expect(
      (await demo('roll', { session_id: sessionId, stake_minor: 10_00, target: 99, client_seed: 'abc' }))
        .statusCode,
    ).toBe(400);

    // The revealed seed matches the commitment and recomputes every roll.
    const revealed = (await demo('reveal', { session_id: sessionId })).json();
    expect(createHash('sha256').update(Buffer.from(revealed.server_seed, 'hex')).digest('hex')).toBe(
      committed,
    );
    for (const roll of rolls) {
      const recomputed = await diceRollFromSeed(revealed.server_seed, 'abc123', roll.nonce);
      expect(recomputed).toBe(roll.roll);
      expect(roll.payout).toBe(dicePayoutMinor(10_00, 50, recomputed));
    }
    await expectLedgerClean(database());
  });
});
