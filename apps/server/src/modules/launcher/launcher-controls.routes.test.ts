import {
  ApprovalMessage,
  LauncherMessage,
  SEAMLESS_CALL_WINDOW_MS,
  ServerMessage,
  type StartGameResponse,
} from '@app/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRetryCount } from '../../db/transaction.ts';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { createEnrolledOperators, loginOperator, type TestOperator } from '../operators/operator-fixtures.ts';
import {
  balanceOf,
  createBuyer,
  createPlayer,
  fundWallet,
  type TestBuyer,
} from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { WageringService } from '../withdrawals/wagering.service.ts';
import { seedDemoGameProvider } from './demo-provider/demo-provider.seed.ts';
import { DEMO_PROVIDER_KEY } from './demo-provider/dice-provider.service.ts';
import { findProviderByKey, pruneCallNonces } from './launcher.repository.ts';
import {
  demoProviderSecret,
  launchToken,
  newNonce,
  openSeamlessSession,
  seamlessCall,
  testLauncherSecrets,
} from './launcher-fixtures.ts';
import { PROVIDER_SECRET_PURPOSE } from './provider-secrets.ts';
import { SeamlessMessage } from './seamless-wallet.service.ts';

const ADMIN_TOKEN = 'launcher-controls-admin-token-0123456789';

interface TestProvider {
  key: string;
  secret: string;
  gameId: number;
  providerId: number;
}

/**
 * Issue 24: a game provider is money's way in, so no operator alone can make one, and the caps hold even
 * when both approvers were wrong; signed calls are fresh and used once; a seamless session ends when the
 * player's access ends; launcher wins are wagered like recharged money.
 */
describeEachDatabase('launcher money controls', (database) => {
  const clock = new ManualClock(Date.parse('2026-03-02T06:00:00Z'));
  let app: FastifyInstance;
  let ops: Record<'content' | 'content2' | 'finance' | 'support' | 'owner', TestOperator>;
  let demoSecret: string;
  let demoGameId: number;
  let providerCounter = 0;

  beforeAll(async () => {
    await seedDemoGameProvider(database().db, clock, testLauncherSecrets());
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    ops = await createEnrolledOperators(app, database(), clock, {
      content: { username: 'content-ann', role: 'content' },
      content2: { username: 'content-bob', role: 'content' },
      finance: { username: 'finance-cat', role: 'finance' },
      support: { username: 'support-dan', role: 'support' },
      owner: { username: 'owner-eve', role: 'owner' },
    });
    demoSecret = await demoProviderSecret(database());
    const home = (await app.inject({ method: 'GET', url: '/shop/home_top' })).json();
    demoGameId = Number(
      (home.more_game_list as Array<{ game_id: number; name: string }>).find((game) => game.name === 'Dice')
        ?.game_id,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (
    who: TestOperator,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const decide = (who: TestOperator, id: number, verb: 'approve' | 'refuse', reason = 'checked') =>
    call(who, 'POST', `/admin/api/approvals/${id}/${verb}`, { reason });
  const providerBody = (key: string, secret: string, extra: Record<string, unknown> = {}) => ({
    key,
    name: `${key} games`,
    secret,
    launch_url: `https://games.${key}.test/launch`,
    max_multiplier: '10',
    daily_payout_cap: '100000',
    ...extra,
  });
  /** A provider asked for by a content operator, approved by finance, with one game on the home list. */
  const approvedProvider = async (extra: Record<string, unknown> = {}): Promise<TestProvider> => {
    providerCounter += 1;
    const key = `prov${providerCounter}`;
    const secret = `${key}-secret-0123456789abcdef`;
    const asked = await call(
      ops.content,
      'POST',
      '/admin/api/game-providers',
      providerBody(key, secret, { reason: 'new partner', ...extra }),
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const approved = await decide(ops.finance, asked.json().request.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const game = await call(ops.content, 'POST', '/admin/api/games', {
      provider_key: key,
      game_code: 'slots',
      name: `${key} slots`,
      image: '/media/slots.png',
    });
    expect(game.statusCode, game.body).toBe(200);
    return { key, secret, gameId: game.json().id, providerId: approved.json().entry.result.provider_id };
  };
  const fundedPlayer = async (amountMinor = 1_000_00): Promise<TestBuyer> => {
    const player = await createPlayer(database(), clock);
    await fundWallet(database(), clock, player.userId, amountMinor);
    return player;
  };
  const wallet = (provider: { key: string; secret: string }, action: string, body: unknown) =>
    seamlessCall(app, clock, provider.key, action, body, { secret: provider.secret });
  const move = (
    provider: TestProvider,
    kind: 'debit' | 'credit',
    session: string,
    transactionId: string,
    roundId: string,
    amountMinor: number,
  ) =>
    wallet(provider, kind, {
      session,
      transaction_id: transactionId,
      round_id: roundId,
      amount_minor: amountMinor,
    });
  const alertsOf = async (kind: string) =>
    (await call(ops.finance, 'GET', '/admin/api/alerts?state=all&p_size=100'))
      .json()
      .queryset.filter((alert: { kind: string }) => alert.kind === kind);
  const statuses = (answers: LightMyRequestResponse[]) =>
    answers.map((answer) => answer.statusCode).sort((a, b) => a - b);

  describe('providers through maker-checker', () => {
    it('a content operator’s own provider credits nothing until a finance operator approves it, and then never more than its caps', async () => {
      const secret = 'acme-secret-0123456789abcdef';
      const body = providerBody('acme', secret, { max_multiplier: '10', daily_payout_cap: '5000' });
      expect((await call(ops.content, 'POST', '/admin/api/game-providers', body)).json()).toEqual({
        code: 400,
        msg: LauncherMessage.reasonRequired,
      });
      const asked = await call(ops.content, 'POST', '/admin/api/game-providers', {
        ...body,
        reason: 'new partner',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const request = asked.json().request;
      expect(request).toMatchObject({
        kind: 'game_provider.save',
        status: 'pending',
        amount: '5000.00',
        requested_by: 'content-ann',
        approver_roles: ['finance'],
        details: {
          key: 'acme',
          launch_url: 'https://games.acme.test/launch',
          max_multiplier: '10.00',
          daily_payout_cap: '5000.00',
          secret: { state: 'set', last4: 'cdef' },
          before: null,
        },
      });
      // The secret is sealed in the request and never shown.
      expect(asked.body).not.toContain(secret);
      const queue = await call(ops.finance, 'GET', '/admin/api/approvals');
      expect(queue.body).not.toContain(secret);
      const stored = await database()
        .db.selectFrom('approval_requests')
        .select('payload_json')
        .where('id', '=', request.id)
        .executeTakeFirstOrThrow();
      expect(stored.payload_json).not.toContain(secret);
      expect(JSON.parse(stored.payload_json).secret_sealed).toMatch(/^sb1\./);

      // Pending: not a provider, no games, and its calls are refused.
      const listed = (await call(ops.content, 'GET', '/admin/api/game-providers')).json();
      expect(listed.queryset.map((row: { key: string }) => row.key)).not.toContain('acme');
      expect(
        (
          await call(ops.content, 'POST', '/admin/api/games', {
            provider_key: 'acme',
            game_code: 'slots',
            name: 'Acme slots',
            image: '/media/slots.png',
          })
        ).statusCode,
      ).toBe(400);
      const accomplice = await createPlayer(database(), clock);
      const unknown = await wallet({ key: 'acme', secret }, 'credit', {
        session: 'x'.repeat(43),
        transaction_id: 'win-1',
        round_id: 'r-1',
        amount_minor: 500_000_000,
      });
      expect(unknown.json()).toEqual({ code: 403, msg: SeamlessMessage.unknownProvider });

      expect((await decide(ops.content, request.id, 'approve')).json()).toEqual({
        code: 409,
        msg: ApprovalMessage.ownRequest,
      });
      expect((await decide(ops.content2, request.id, 'approve')).json()).toEqual({
        code: 403,
        msg: ApprovalMessage.roleMayNotApprove,
      });
      expect((await decide(ops.support, request.id, 'approve')).statusCode).toBe(403);
      const approved = await decide(ops.finance, request.id, 'approve', 'contract signed');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().entry.result).toMatchObject({ key: 'acme' });
      const provider = (await call(ops.content, 'GET', '/admin/api/game-providers'))
        .json()
        .queryset.find((row: { key: string }) => row.key === 'acme');
      expect(provider).toMatchObject({
        is_approved: true,
        is_enabled: true,
        max_multiplier: '10.00',
        daily_payout_cap: '5000.00',
      });
      const stolen = await findProviderByKey(database().db, 'acme');
      expect(stolen?.secret).not.toContain(secret);
      expect(testLauncherSecrets().open(stolen?.secret ?? '', PROVIDER_SECRET_PURPOSE)).toBe(secret);

      // Approved, its calls still cannot create money: a credit needs a debit of the round, within the caps.
      const game = await call(ops.content, 'POST', '/admin/api/games', {
        provider_key: 'acme',
        game_code: 'slots',
        name: 'Acme slots',
        image: '/media/slots.png',
      });
      const acme: TestProvider = { key: 'acme', secret, gameId: game.json().id, providerId: provider.id };
      await fundWallet(database(), clock, accomplice.userId, 100_00);
      const session = await openSeamlessSession(app, clock, acme, accomplice.headers);
      expect((await move(acme, 'credit', session, 'win-1', 'r-1', 500_000_000)).json()).toEqual({
        code: 403,
        msg: SeamlessMessage.creditWithoutDebit,
      });
      expect(await balanceOf(database(), clock, accomplice.userId)).toBe(100_00);
      expect((await move(acme, 'debit', session, 'bet-1', 'r-1', 10_00)).statusCode).toBe(200);
      expect((await move(acme, 'credit', session, 'win-1', 'r-1', 100_01)).json()).toEqual({
        code: 403,
        msg: SeamlessMessage.roundCapReached,
      });
      expect((await move(acme, 'credit', session, 'win-1', 'r-1', 100_00)).json()).toMatchObject({
        code: 200,
        status: 'ok',
        balance_minor: 190_00,
      });
      expect((await move(acme, 'credit', session, 'win-2', 'r-1', 1)).statusCode).toBe(403);
      expect(await balanceOf(database(), clock, accomplice.userId)).toBe(190_00);
      const roundAlerts = await alertsOf('provider_round_cap');
      expect(roundAlerts.map((alert: { details: { round_id: string } }) => alert.details.round_id)).toContain(
        'r-1',
      );
      await expectLedgerClean(database());
    });

    it('reserves the demo provider’s key, and the demo seed re-keys a demo row an older version left unapproved', async () => {
      const attacker = 'attacker-secret-0123456789';
      const takeover = await call(ops.content, 'POST', '/admin/api/game-providers', {
        ...providerBody(DEMO_PROVIDER_KEY, attacker),
        reason: 'rotate',
      });
      expect(takeover.json()).toEqual({ code: 409, msg: LauncherMessage.reservedKey });
      const demo = await findProviderByKey(database().db, DEMO_PROVIDER_KEY);
      const byId = await call(ops.content, 'POST', '/admin/api/game-providers', {
        ...providerBody('demo-two', attacker),
        id: Number(demo?.id),
        reason: 'rename',
      });
      expect(byId.json()).toEqual({ code: 409, msg: LauncherMessage.reservedKey });
      expect(await demoProviderSecret(database())).toBe(demoSecret);
      const player = await fundedPlayer();
      const token = await launchToken(app, demoGameId, player.headers);
      const forged = await seamlessCall(
        app,
        clock,
        DEMO_PROVIDER_KEY,
        'open',
        { launch_token: token },
        { secret: attacker },
      );
      expect(forged.json()).toEqual({ code: 403, msg: SeamlessMessage.badSignature });

      // A demo row as the old upsert left it: the attacker's secret, never approved. It works not at all…
      await database()
        .db.updateTable('game_providers')
        .set({ secret: testLauncherSecrets().seal(attacker, PROVIDER_SECRET_PURPOSE), approved_at: null })
        .where('key', '=', DEMO_PROVIDER_KEY)
        .execute();
      const unapproved = await seamlessCall(
        app,
        clock,
        DEMO_PROVIDER_KEY,
        'open',
        { launch_token: token },
        { secret: attacker },
      );
      expect(unapproved.json()).toEqual({ code: 403, msg: SeamlessMessage.unknownProvider });
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/exg/owngame_start_game?game_id=${demoGameId}`,
            headers: player.headers,
          })
        ).statusCode,
      ).toBe(404);
      // …until the seed gives it a fresh secret of its own and approves it with the demo's caps.
      expect(await seedDemoGameProvider(database().db, clock, testLauncherSecrets())).toBe(false);
      demoSecret = await demoProviderSecret(database());
      expect(demoSecret).not.toBe(attacker);
      expect(
        (
          await seamlessCall(
            app,
            clock,
            DEMO_PROVIDER_KEY,
            'open',
            { launch_token: token },
            { secret: attacker },
          )
        ).statusCode,
      ).toBe(403);
      const reopened = await seamlessCall(
        app,
        clock,
        DEMO_PROVIDER_KEY,
        'open',
        { launch_token: await launchToken(app, demoGameId, player.headers) },
        { secret: demoSecret },
      );
      expect(reopened.statusCode, reopened.body).toBe(200);
    });

    it('applies a new name or lower caps at once, and waits for approval for a new secret, launch URL, key or higher caps', async () => {
      const beta = await approvedProvider();
      const save = (extra: Record<string, unknown>, who = ops.content) =>
        call(who, 'POST', '/admin/api/game-providers', { ...providerBody(beta.key, beta.secret), ...extra });

      const renamed = await save({ name: 'Beta Games', secret: undefined });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().entry).toMatchObject({ name: 'Beta Games', is_approved: true });
      const lowered = await save({ max_multiplier: '5', daily_payout_cap: '50000' });
      expect(lowered.statusCode, lowered.body).toBe(200);
      expect(lowered.json().entry).toMatchObject({ max_multiplier: '5.00', daily_payout_cap: '50000.00' });

      expect((await save({ max_multiplier: '6' })).json()).toEqual({
        code: 400,
        msg: LauncherMessage.reasonRequired,
      });
      const raised = await save({ max_multiplier: '6', reason: 'bigger slots' });
      expect(raised.statusCode).toBe(202);
      expect((await save({ daily_payout_cap: '60000', reason: 'again' })).json()).toEqual({
        code: 409,
        msg: LauncherMessage.requestPending,
      });
      await decide(ops.finance, raised.json().request.id, 'refuse', 'no');
      expect((await findProviderByKey(database().db, beta.key))?.max_multiplier_hundredths).toBe(5_00);

      const newSecret = 'beta-rotated-secret-0123456789wxyz';
      const rotated = await save({ secret: newSecret, reason: 'rotation' });
      expect(rotated.statusCode).toBe(202);
      expect(rotated.json().request.details).toMatchObject({
        secret: { state: 'replaced', last4: 'wxyz' },
        before: { key: beta.key, max_multiplier: '5.00' },
      });
      const player = await fundedPlayer();
      const session = await openSeamlessSession(app, clock, beta, player.headers);
      // Until approved the old secret signs and the new one does not.
      expect((await wallet(beta, 'balance', { session })).statusCode).toBe(200);
      expect((await wallet({ ...beta, secret: newSecret }, 'balance', { session })).statusCode).toBe(403);
      expect((await decide(ops.owner, rotated.json().request.id, 'approve')).statusCode).toBe(200);
      expect((await wallet({ ...beta, secret: newSecret }, 'balance', { session })).statusCode).toBe(200);
      expect((await wallet(beta, 'balance', { session })).json()).toEqual({
        code: 403,
        msg: SeamlessMessage.badSignature,
      });

      const moved = await save({
        secret: undefined,
        launch_url: 'https://evil.test/launch',
        reason: 'moved',
      });
      expect(moved.statusCode).toBe(202);
      expect(moved.json().request.details.secret).toEqual({ state: 'kept', last4: null });
      await decide(ops.finance, moved.json().request.id, 'refuse', 'unknown host');

      // A key changes by id, approved; never once the provider has moved money.
      const gamma = await approvedProvider();
      const rekey = await call(ops.content, 'POST', '/admin/api/game-providers', {
        ...providerBody('gamma-renamed', gamma.secret),
        id: gamma.providerId,
        secret: undefined,
        reason: 'brand',
      });
      expect(rekey.statusCode, rekey.body).toBe(202);
      expect((await decide(ops.finance, rekey.json().request.id, 'approve')).statusCode).toBe(200);
      expect((await findProviderByKey(database().db, 'gamma-renamed'))?.id).toBe(gamma.providerId);
      expect(await findProviderByKey(database().db, gamma.key)).toBeUndefined();
      await move({ ...beta, secret: newSecret }, 'debit', session, 'bet-1', 'r-1', 1_00);
      const betaRow = await findProviderByKey(database().db, beta.key);
      expect(
        (
          await call(ops.content, 'POST', '/admin/api/game-providers', {
            ...providerBody('beta-renamed', newSecret),
            id: Number(betaRow?.id),
            reason: 'brand',
          })
        ).json(),
      ).toEqual({ code: 409, msg: LauncherMessage.keyChangeWithTransactions });
      const audit = (await call(ops.owner, 'GET', `/admin/api/audit?q=${beta.key}`)).json();
      expect(audit.queryset.map((row: { event: string }) => row.event)).toEqual(
        expect.arrayContaining(['game_provider_saved', 'game_provider_approved', 'approval_requested']),
      );
      expect(JSON.stringify(audit)).not.toContain(newSecret);
    });
  });

  describe('signed calls', () => {
    it('refuse a call without a timestamp and nonce, out of the 5-minute window, or with a nonce seen before', async () => {
      const player = await fundedPlayer();
      const demo = { key: DEMO_PROVIDER_KEY, secret: demoSecret, gameId: demoGameId };
      const session = await openSeamlessSession(app, clock, demo, player.headers);
      const balance = (options: { timestamp?: string | null; nonce?: string | null }) =>
        seamlessCall(
          app,
          clock,
          DEMO_PROVIDER_KEY,
          'balance',
          { session },
          { secret: demoSecret, ...options },
        );

      expect((await balance({ timestamp: null })).json()).toEqual({
        code: 403,
        msg: SeamlessMessage.badFreshness,
      });
      expect((await balance({ nonce: null })).statusCode).toBe(403);
      expect((await balance({ nonce: 'short' })).statusCode).toBe(403);
      expect((await balance({ timestamp: 'yesterday' })).statusCode).toBe(403);
      const now = clock.now();
      expect((await balance({ timestamp: String(now - SEAMLESS_CALL_WINDOW_MS - 1) })).json()).toEqual({
        code: 403,
        msg: SeamlessMessage.staleCall,
      });
      expect((await balance({ timestamp: String(now + SEAMLESS_CALL_WINDOW_MS + 1) })).statusCode).toBe(403);
      expect((await balance({ timestamp: String(now - SEAMLESS_CALL_WINDOW_MS) })).statusCode).toBe(200);

      // A call captured and sent again is refused, even when the copies race.
      const nonce = newNonce();
      expect((await balance({ nonce })).statusCode).toBe(200);
      expect((await balance({ nonce })).json()).toEqual({ code: 403, msg: SeamlessMessage.nonceReused });
      const racing = newNonce();
      const copies = await Promise.all(Array.from({ length: 8 }, () => balance({ nonce: racing })));
      expect(statuses(copies)).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
      const debit = { session, transaction_id: 'nonce-bet', round_id: 'nonce-round', amount_minor: 5_00 };
      const debitNonce = newNonce();
      const sent = await Promise.all(
        Array.from({ length: 4 }, () =>
          seamlessCall(app, clock, DEMO_PROVIDER_KEY, 'debit', debit, {
            secret: demoSecret,
            nonce: debitNonce,
          }),
        ),
      );
      expect(statuses(sent)).toEqual([200, 403, 403, 403]);
      expect(await balanceOf(database(), clock, player.userId)).toBe(1_000_00 - 5_00);

      // Nonces are kept while their calls' timestamps are in the window, then pruned.
      const stored = async () =>
        (await database().db.selectFrom('seamless_call_nonces').select('id').execute()).length;
      const before = await stored();
      expect(before).toBeGreaterThan(0);
      expect(await pruneCallNonces(database().db, clock.now())).toBe(0);
      expect(await pruneCallNonces(database().db, clock.now() + 2 * SEAMLESS_CALL_WINDOW_MS + 1)).toBe(
        before,
      );
    });
  });

  describe('caps', () => {
    it('hold a round to its debits × the maximum multiplier under parallel credits', async () => {
      const capped = await approvedProvider({ max_multiplier: '2', daily_payout_cap: '100000' });
      const retriesBefore = transactionRetryCount(database());
      const first = await fundedPlayer();
      const firstSession = await openSeamlessSession(app, clock, capped, first.headers);
      expect((await move(capped, 'debit', firstSession, 'a-bet', 'a-round', 100_00)).statusCode).toBe(200);
      const roundCredits = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          move(capped, 'credit', firstSession, `a-win-${index}`, 'a-round', 25_00),
        ),
      );
      expect(roundCredits.filter((answer) => answer.statusCode === 200)).toHaveLength(8);
      for (const refused of roundCredits.filter((answer) => answer.statusCode !== 200)) {
        expect(refused.json()).toEqual({ code: 403, msg: SeamlessMessage.roundCapReached });
      }
      expect(await balanceOf(database(), clock, first.userId)).toBe(1_000_00 - 100_00 + 200_00);
      // A rollback of the round's debit would make its credits a gift: refused.
      expect(
        (
          await wallet(capped, 'rollback', {
            session: firstSession,
            transaction_id: 'a-undo',
            reference_transaction_id: 'a-bet',
          })
        ).json(),
      ).toEqual({ code: 403, msg: SeamlessMessage.rollbackAfterCredit });
      // Another session can neither join nor be paid in that round.
      const other = await fundedPlayer();
      const otherSession = await openSeamlessSession(app, clock, capped, other.headers);
      expect((await move(capped, 'debit', otherSession, 'o-bet', 'a-round', 1_00)).json()).toEqual({
        code: 400,
        msg: SeamlessMessage.roundOfAnotherSession,
      });
      expect((await move(capped, 'credit', otherSession, 'o-win', 'a-round', 1_00)).json()).toEqual({
        code: 403,
        msg: SeamlessMessage.creditWithoutDebit,
      });

      expect(transactionRetryCount(database())).toBe(retriesBefore);
      await expectLedgerClean(database());
    });

    it('hold a provider to its daily net payout cap when many players are paid at once, and alert once', async () => {
      const capped = await approvedProvider({ max_multiplier: '2', daily_payout_cap: '100' });
      const retriesBefore = transactionRetryCount(database());
      const players: TestBuyer[] = [];
      const sessions: string[] = [];
      for (let index = 0; index < 8; index += 1) {
        const player = await fundedPlayer();
        players.push(player);
        sessions.push(await openSeamlessSession(app, clock, capped, player.headers));
      }
      // Eight stakes of 100.00: the day's net payout is −800.00, so 900.00 of wins fit under the cap of 100.00.
      for (const [index, session] of sessions.entries()) {
        const staked = await move(capped, 'debit', session, `d${index}-bet`, `d${index}-round`, 100_00);
        expect(staked.statusCode).toBe(200);
      }
      // Each round may pay 200.00, and all eight ask at once (eight players: nothing else makes them take turns).
      const credits = await Promise.all(
        sessions.map((session, index) =>
          move(capped, 'credit', session, `d${index}-win`, `d${index}-round`, 200_00),
        ),
      );
      expect(credits.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
      for (const refused of credits.filter((answer) => answer.statusCode !== 200)) {
        expect(refused.json()).toEqual({ code: 403, msg: SeamlessMessage.payoutCapReached });
      }
      const net = await database()
        .db.selectFrom('provider_daily_payouts')
        .select('net_payout_minor')
        .where('provider_id', '=', capped.providerId)
        .executeTakeFirstOrThrow();
      expect(Number(net.net_payout_minor)).toBe(0);
      const paid = await Promise.all(players.map((player) => balanceOf(database(), clock, player.userId)));
      expect(paid.reduce((sum, balance) => sum + balance, 0)).toBe(8 * (1_000_00 - 100_00) + 4 * 200_00);
      const payoutAlerts = (await alertsOf('provider_payout_cap')).filter(
        (alert: { details: { provider: string } }) => alert.details.provider === capped.key,
      );
      expect(payoutAlerts).toHaveLength(1);
      expect(payoutAlerts[0]).toMatchObject({
        severity: 'critical',
        details: { daily_payout_cap: '100.00' },
      });
      // A new market day starts a new total (operators log in again after their idle timeout).
      clock.advance(24 * 60 * 60_000);
      for (const name of Object.keys(ops) as Array<keyof typeof ops>) {
        ops[name] = await loginOperator(app, clock, ops[name]);
      }
      const tomorrow = await openSeamlessSession(
        app,
        clock,
        capped,
        players[0]?.headers ?? { authorization: '' },
      );
      await move(capped, 'debit', tomorrow, 'n-bet', 'n-round', 100_00);
      expect((await move(capped, 'credit', tomorrow, 'n-win', 'n-round', 200_00)).statusCode).toBe(200);
      // Neither cap needed a retried transaction: the locks are taken in one order.
      expect(transactionRetryCount(database())).toBe(retriesBefore);
      await expectLedgerClean(database());
    });
  });

  describe('access', () => {
    it('refuses the launcher to a player without early access, as the other games do', async () => {
      const player = await createBuyer(database(), clock);
      const started = await app.inject({
        method: 'GET',
        url: `/exg/owngame_start_game?game_id=${demoGameId}`,
        headers: player.headers,
      });
      expect(started.json()).toEqual({ code: 403, msg: ServerMessage.earlyAccessRequired });
      const launches = await database()
        .db.selectFrom('game_sessions')
        .select('id')
        .where('user_id', '=', player.userId)
        .execute();
      expect(launches).toEqual([]);
    });

    it('ends a seamless session when the player logs out, is suspended, loses early access or their session is revoked, or the game is disabled', async () => {
      const provider = await approvedProvider();
      const endings: Array<[string, (player: TestBuyer) => Promise<LightMyRequestResponse>]> = [
        ['logout', (player) => app.inject({ method: 'POST', url: '/user/logout', headers: player.headers })],
        [
          'suspension',
          (player) =>
            call(ops.support, 'POST', `/admin/api/users/${player.userId}/suspend`, { reason: 'fraud' }),
        ],
        [
          'early access removed',
          (player) =>
            call(ops.support, 'PUT', `/admin/api/users/${player.userId}/flags`, { is_early: false }),
        ],
        [
          'session revoked',
          async (player) => {
            const login = await database()
              .db.selectFrom('sessions')
              .select('id')
              .where('user_id', '=', player.userId)
              .executeTakeFirstOrThrow();
            return call(ops.support, 'POST', `/admin/api/users/${player.userId}/sessions/${login.id}/revoke`);
          },
        ],
        [
          'game disabled',
          () =>
            call(ops.content, 'PUT', `/admin/api/games/${provider.gameId}/enabled`, { is_enabled: false }),
        ],
      ];
      for (const [ending, end] of endings) {
        const id = ending.replaceAll(' ', '-');
        const player = await fundedPlayer(100_00);
        const session = await openSeamlessSession(app, clock, provider, player.headers);
        const spare = await launchToken(app, provider.gameId, player.headers);
        expect((await move(provider, 'debit', session, `${id}-bet`, `${id}-round`, 10_00)).statusCode).toBe(
          200,
        );
        const ended = await end(player);
        expect(ended.statusCode, `${ending}: ${ended.body}`).toBe(200);
        const refusals = [
          await move(provider, 'credit', session, `${id}-win`, `${id}-round`, 20_00),
          await move(provider, 'debit', session, `${id}-bet-2`, `${id}-round-2`, 10_00),
          await wallet(provider, 'rollback', {
            session,
            transaction_id: `${id}-undo`,
            reference_transaction_id: `${id}-bet`,
          }),
          await wallet(provider, 'balance', { session }),
          await wallet(provider, 'open', { launch_token: spare }),
        ];
        for (const refused of refusals) {
          expect(refused.json(), ending).toEqual({ code: 401, msg: SeamlessMessage.sessionEnded });
        }
        expect(await balanceOf(database(), clock, player.userId), ending).toBe(90_00);
      }
      await call(ops.content, 'PUT', `/admin/api/games/${provider.gameId}/enabled`, { is_enabled: true });
      await expectLedgerClean(database());
    });
  });

  describe('wagering', () => {
    it('adds launcher wins to needs_bet like recharged money, takes stakes off it, and gives a rolled-back stake’s share back', async () => {
      const provider = await approvedProvider();
      const player = await fundedPlayer(100_00);
      const session = await openSeamlessSession(app, clock, provider, player.headers);
      const wagering = new WageringService(new SettingsService(database().db, clock), clock);
      const needsBet = () => wagering.needsBetMinor(database().db, player.userId);
      await move(provider, 'debit', session, 'w-bet-1', 'w-1', 10_00);
      expect(await needsBet()).toBe(0);
      expect((await move(provider, 'credit', session, 'w-win-1', 'w-1', 30_00)).statusCode).toBe(200);
      expect(await needsBet()).toBe(30_00);
      await move(provider, 'debit', session, 'w-bet-2', 'w-2', 20_00);
      expect(await needsBet()).toBe(10_00);
      await wallet(provider, 'rollback', {
        session,
        transaction_id: 'w-undo-2',
        reference_transaction_id: 'w-bet-2',
      });
      expect(await needsBet()).toBe(30_00);
      await move(provider, 'debit', session, 'w-bet-3', 'w-3', 50_00);
      expect(await needsBet()).toBe(0);
      await wallet(provider, 'rollback', {
        session,
        transaction_id: 'w-undo-3',
        reference_transaction_id: 'w-bet-3',
      });
      expect(await needsBet()).toBe(30_00);
      const started = await app.inject({
        method: 'GET',
        url: `/exg/owngame_start_game?game_id=${provider.gameId}`,
        headers: player.headers,
      });
      expect(started.json<StartGameResponse>().launch_url).toMatch(
        /^https:\/\/games\.prov\d+\.test\/launch\?/,
      );
      await expectLedgerClean(database());
    });
  });
});
