import type { SeamlessOpenResponse, StartGameResponse } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { balanceOf, createPlayer, fundWallet, type TestBuyer } from '../orders/order-fixtures.ts';
import { seedDemoGameProvider } from './demo-provider/demo-provider.seed.ts';
import { DEMO_PROVIDER_KEY } from './demo-provider/dice-provider.service.ts';
import { LAUNCH_TOKEN_TTL_MS } from './launcher.service.ts';
import { demoProviderSecret, seamlessCall, testLauncherSecrets } from './launcher-fixtures.ts';
import { SeamlessMessage } from './seamless-wallet.service.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);
const ADMIN_TOKEN = 'launcher-operator-admin-token-0123456789';
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);

describeEachDatabase('game launcher and seamless wallet', (database) => {
  const clock = new ManualClock(START_MS);
  let app: FastifyInstance;
  let secret: string;
  let gameId: number;
  let player: TestBuyer;

  beforeAll(async () => {
    await seedDemoGameProvider(database().db, clock, testLauncherSecrets());
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    secret = await demoProviderSecret(database());
    const home = await app.inject({ method: 'GET', url: '/shop/home_top' });
    const games = home.json().more_game_list as Array<{ game_id: number; name: string }>;
    gameId = Number(games.find((game) => game.name === 'Dice')?.game_id);
    player = await createPlayer(database(), clock);
    await fundWallet(database(), clock, player.userId, 100_00);
  });
  afterAll(async () => {
    await app?.close();
  });

  const wallet = (
    action: string,
    body: unknown,
    signWith: string | null = secret,
    provider = DEMO_PROVIDER_KEY,
  ) => seamlessCall(app, clock, provider, action, body, { secret: signWith });
  const launch = async (who: TestBuyer) => {
    const response = await app.inject({
      method: 'GET',
      url: `/exg/owngame_start_game?game_id=${gameId}`,
      headers: { ...who.headers, 'accept-language': 'pt-BR,pt;q=0.9' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json<StartGameResponse>().launch_url, 'http://app.test');
    expect(url.pathname).toBe('/demo-provider/dice');
    expect(url.searchParams.get('lang')).toBe('pt-BR');
    return url.searchParams.get('token') ?? '';
  };
  const openSession = async (who: TestBuyer) => {
    const opened = await wallet('open', { launch_token: await launch(who) });
    expect(opened.statusCode, opened.body).toBe(200);
    return opened.json<SeamlessOpenResponse>().session;
  };

  it('launches a game once per token, and refuses unsigned, mis-signed and unknown-provider calls', async () => {
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/exg/owngame_start_game?game_id=999999',
          headers: player.headers,
        })
      ).statusCode,
    ).toBe(404);
    const token = await launch(player);
    expect((await wallet('open', { launch_token: token }, null)).json()).toEqual({
      code: 403,
      msg: SeamlessMessage.badSignature,
    });
    expect((await wallet('open', { launch_token: token }, 'another-secret-of-someone-else')).statusCode).toBe(
      403,
    );
    expect((await wallet('open', { launch_token: token }, secret, 'nobody')).statusCode).toBe(403);
    const opened = await wallet('open', { launch_token: token });
    expect(opened.json()).toMatchObject({
      code: 200,
      player_id: player.userId,
      balance_minor: 100_00,
      currency: 'INR',
    });
    expect((await wallet('open', { launch_token: token })).json().msg).toBe(SeamlessMessage.badLaunchToken);
    const stale = await launch(player);
    clock.advance(LAUNCH_TOKEN_TTL_MS);
    expect((await wallet('open', { launch_token: stale })).json().msg).toBe(SeamlessMessage.badLaunchToken);
    expect((await wallet('balance', { session: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('debits once per transaction id, refuses a debit above the balance, credits, and rolls a debit back once', async () => {
    const session = await openSession(player);
    const debit = { session, transaction_id: 'bet-1', round_id: 'round-1', amount_minor: 30_00 };
    const first = await wallet('debit', debit);
    expect(first.json()).toEqual({ code: 200, balance_minor: 70_00, currency: 'INR', status: 'ok' });
    // A replay (the provider's retry) moves nothing; the same id with another amount is refused.
    const [replayA, replayB] = await Promise.all([wallet('debit', debit), wallet('debit', debit)]);
    expect(replayA.json().status).toBe('duplicate');
    expect(replayB.json().status).toBe('duplicate');
    expect((await wallet('debit', { ...debit, amount_minor: 1 })).statusCode).toBe(409);
    expect(await balanceOf(database(), clock, player.userId)).toBe(70_00);

    const tooMuch = await wallet('debit', {
      session,
      transaction_id: 'bet-2',
      round_id: 'round-2',
      amount_minor: 70_01,
    });
    expect(tooMuch.json()).toEqual({ code: 400, msg: SeamlessMessage.insufficientBalance });
    expect(await balanceOf(database(), clock, player.userId)).toBe(70_00);
    // The refused id left nothing behind: the same id can be used once the money is there.
    expect(
      (
        await wallet('debit', { session, transaction_id: 'bet-2', round_id: 'round-2', amount_minor: 70_00 })
      ).json().balance_minor,
    ).toBe(0);

    const win = await wallet('credit', {
      session,
      transaction_id: 'win-1',
      round_id: 'round-1',
      amount_minor: 55_00,
    });
    expect(win.json()).toMatchObject({ balance_minor: 55_00, status: 'ok' });
    expect(
      (
        await wallet('credit', { session, transaction_id: 'win-1', round_id: 'round-1', amount_minor: 55_00 })
      ).json().status,
    ).toBe('duplicate');

    const rollbacks = await Promise.all([
      wallet('rollback', { session, transaction_id: 'rb-1', reference_transaction_id: 'bet-2' }),
      wallet('rollback', { session, transaction_id: 'rb-2', reference_transaction_id: 'bet-2' }),
      wallet('rollback', { session, transaction_id: 'rb-1', reference_transaction_id: 'bet-2' }),
    ]);
    expect(rollbacks.map((answer) => answer.json().status).sort()).toEqual(['duplicate', 'duplicate', 'ok']);
    expect(await balanceOf(database(), clock, player.userId)).toBe(125_00);
    expect(
      (
        await wallet('rollback', { session, transaction_id: 'rb-3', reference_transaction_id: 'win-1' })
      ).json().msg,
    ).toBe(SeamlessMessage.notADebit);

    // A rollback of a transaction never seen answers not_found, and that debit is refused if it comes later.
    const unknown = await wallet('rollback', {
      session,
      transaction_id: 'rb-4',
      reference_transaction_id: 'bet-lost',
    });
    expect(unknown.json()).toMatchObject({ code: 200, status: 'not_found', balance_minor: 125_00 });
    const late = await wallet('debit', {
      session,
      transaction_id: 'bet-lost',
      round_id: 'round-9',
      amount_minor: 1_00,
    });
    expect(late.json()).toEqual({ code: 400, msg: SeamlessMessage.rolledBack });
    expect(await balanceOf(database(), clock, player.userId)).toBe(125_00);

    const list = await app.inject({ method: 'GET', url: '/user/transactions', headers: player.headers });
    expect(
      list
        .json()
        .queryset.slice(0, 4)
        .map((row: { type: string; change_balance: string }) => [row.type, row.change_balance]),
    ).toEqual([
      ['EXGR', '70.00'],
      ['EXGW', '55.00'],
      ['EXGB', '-70.00'],
      ['EXGB', '-30.00'],
    ]);
    await expectLedgerClean(database());
  });

  it('lets the operator register a provider’s games and hide them', async () => {
    const game = await app.inject({
      method: 'POST',
      url: '/admin/api/games',
      headers: operatorHeaders,
      payload: { provider_key: 'demo', game_code: 'dice-2', name: 'Dice Two', image: '/media/dice2.png' },
    });
    expect(game.statusCode, game.body).toBe(200);
    const id = game.json().id as number;
    const started = await app.inject({
      method: 'GET',
      url: `/exg/owngame_start_game?game_id=${id}`,
      headers: player.headers,
    });
    expect(started.json().launch_url).toMatch(/^\/demo-provider\/dice\?token=[\w-]{43}&game=dice-2&lang=en$/);
    await app.inject({
      method: 'PUT',
      url: `/admin/api/games/${id}/enabled`,
      headers: operatorHeaders,
      payload: { is_enabled: false },
    });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/exg/owngame_start_game?game_id=${id}`,
          headers: player.headers,
        })
      ).statusCode,
    ).toBe(404);
    const home = (await app.inject({ method: 'GET', url: '/shop/home_top' })).json();
    expect(home.more_game_list.map((entry: { name: string }) => entry.name)).toEqual(['Dice']);
    const providers = (
      await app.inject({ method: 'GET', url: '/admin/api/game-providers', headers: operatorHeaders })
    ).json();
    expect(providers.queryset).toEqual([
      {
        id: expect.any(Number),
        key: 'demo',
        name: 'Demo provider',
        launch_url: '/demo-provider/dice',
        is_enabled: true,
        is_approved: true,
        max_multiplier: '49.00',
        daily_payout_cap: '1000000.00',
      },
    ]);
    expect(JSON.stringify(providers)).not.toContain(secret);
  });
});
