import type { DashboardResponse } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser, tokenHeader } from '../accounts/account-fixtures.ts';
import { createEnrolledOperators, type TestOperator } from '../operators/operator-fixtures.ts';
import { seedDemoPaymentChannels } from '../wallet/demo-payment-channels.ts';
import { createRecharge, createWalletUser, type WalletTestUser } from '../wallet/wallet-test-fixtures.ts';

const UTR = '123456789012';

describeEachDatabase('the dashboard, the queues, the ledger check and the player view', (database) => {
  let app: FastifyInstance;
  // 06:30 UTC is noon in India: the market day is the UTC day here.
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  let finance: TestOperator;
  let support: TestOperator;
  let player: WalletTestUser;
  let rootId: number;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    await seedDemoPaymentChannels(database().db, 'in', clock.now(), testSecretBox());
    rootId = await createTestUser(database().db, { rCode: 'DASHROOT', now: clock.now() });
    player = await createWalletUser(app, database().db, { rCode: 'DASHROOT' });
    ({ finance, support } = await createEnrolledOperators(app, database(), clock, {
      finance: { username: 'fin.dash', role: 'finance' },
      support: { username: 'sup.dash', role: 'support' },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, operator: TestOperator) =>
    app.inject({ method: 'GET', url, headers: operator.headers });
  const post = (url: string, operator: TestOperator, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers: operator.headers, payload });

  it('counts a waiting UTR in its queue, then shows the confirmed recharge among the day’s deposits', async () => {
    const recharge = await createRecharge(app, player.token, '1500', 'mpurse', {
      pay_upi_account: 'payer@upi',
    });
    const submitted = await app.inject({
      method: 'POST',
      url: '/user/submit_utr_to_recharge',
      headers: tokenHeader(player.token),
      payload: { sn: recharge.serial_number, utr: UTR },
    });
    expect(submitted.statusCode).toBe(200);
    const queues = (await get('/admin/api/queues', support)).json().queues;
    expect(queues).toContainEqual({ key: 'manual_recharges', count: 1, oldest_at: clock.now() });

    clock.advance(60_000);
    const confirmed = await post(`/admin/api/recharges/${recharge.serial_number}/confirm`, finance, {
      reason: 'bank statement line 42',
    });
    expect(confirmed.statusCode).toBe(200);
    const dashboard = (await get('/admin/api/dashboard?days=3', finance)).json<DashboardResponse>();
    expect(dashboard.time_zone).toBe('Asia/Kolkata');
    expect(dashboard.days.map((day) => day.day)).toEqual(['2025-03-03', '2025-03-04', '2025-03-05']);
    expect(dashboard.days[2]).toEqual({
      day: '2025-03-05',
      deposits: '1500.00',
      withdrawals: '0.00',
      ngr: { colour: '0.00', crash: '0.00', luckyhit: '0.00' },
      active_players: 0,
    });
    expect(dashboard.queues).toContainEqual({ key: 'manual_recharges', count: 0, oldest_at: null });
    // Support has no dashboard; a bad range names the field.
    expect((await get('/admin/api/dashboard', support)).statusCode).toBe(403);
    expect((await get('/admin/api/dashboard?days=0', finance)).json().msg).toMatch(/days/);
  });

  it('counts a waiting ticket in the tickets queue until support answers it', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/user/add_suggestion',
      headers: tokenHeader(player.token),
      payload: { type: 'O', whats_app: '9876543210', description: 'Where is my parcel?' },
    });
    expect(created.statusCode).toBe(200);
    const ticketQueue = async () =>
      ((await get('/admin/api/queues', support)).json().queues as Array<{ key: string }>).find(
        (queue) => queue.key === 'tickets',
      );
    expect(await ticketQueue()).toEqual({ key: 'tickets', count: 1, oldest_at: clock.now() });
    const [ticket] = (await get('/admin/api/suggestions', support)).json().queryset;
    const replied = await post(`/admin/api/suggestions/${ticket.id}/reply`, support, {
      reply: 'Shipped today',
    });
    expect(replied.statusCode).toBe(200);
    expect(await ticketQueue()).toEqual({ key: 'tickets', count: 0, oldest_at: null });
    const queues = (await get('/admin/api/queues', finance)).json().queues;
    expect(queues).toContainEqual({ key: 'profit_transfers', count: 0, oldest_at: null });
  });

  it('runs the ledger check on demand and shows it as the last check, clean with no drift', async () => {
    expect((await get('/admin/api/dashboard', finance)).json().ledger.last_check).toBeNull();
    const run = await post('/admin/api/ledger/check', finance);
    expect(run.json()).toMatchObject({
      code: 200,
      run: { ok: true, drift_minor: 0, violation_count: 0, source: 'console' },
    });
    const { last_check } = (await get('/admin/api/dashboard', finance)).json().ledger;
    expect(last_check).toMatchObject({ id: run.json().run.id, ok: true, drift_minor: 0 });
    await expectLedgerClean(database());
  });

  it('shows a player’s records of every kind and ends one of the player’s sessions', async () => {
    const records = (kind: string) => get(`/admin/api/users/${player.userId}/records?kind=${kind}`, support);
    const recharges = (await records('recharges')).json();
    expect(recharges.page.count).toBe(1);
    expect(recharges.queryset[0]).toMatchObject({ price: '1500.00', status: 'Success' });
    expect(recharges.kinds).toEqual(
      expect.arrayContaining([
        'ledger',
        'colour_bets',
        'crash_bets',
        'luckyhit_bets',
        'recharges',
        'withdrawals',
        'bank_cards',
        'sessions',
        'referrals',
      ]),
    );
    expect((await records('ledger')).json().page.count).toBe(1);
    expect((await records('crash_bets')).json()).toMatchObject({ code: 200, page: { count: 0 } });
    expect((await records('luckyhit_bets')).json()).toMatchObject({ code: 200, page: { count: 0 } });
    expect((await records('nonsense')).json().msg).toMatch(/^kind must be one of/);
    expect((await get(`/admin/api/users/${rootId}/records?kind=referrals`, support)).json().queryset).toEqual(
      [expect.objectContaining({ user_id: player.userId, level: 1 })],
    );
    expect((await get('/admin/api/users/987654321/records?kind=ledger', support)).statusCode).toBe(404);

    const sessions = (await records('sessions')).json().queryset as Array<{ id: number }>;
    expect(sessions).toHaveLength(1);
    const profile = () =>
      app.inject({ method: 'GET', url: '/user/profile', headers: tokenHeader(player.token) });
    expect((await profile()).statusCode).toBe(200);
    // Finance reads the view but does not end sessions; support does, once.
    expect(
      (await post(`/admin/api/users/${player.userId}/sessions/${sessions[0]?.id}/revoke`, finance))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(`/admin/api/users/${player.userId}/sessions/${sessions[0]?.id}/revoke`, support))
        .statusCode,
    ).toBe(200);
    expect((await profile()).statusCode).toBe(401);
    expect(
      (await post(`/admin/api/users/${player.userId}/sessions/${sessions[0]?.id}/revoke`, support))
        .statusCode,
    ).toBe(404);
  });
});
