import { type GiftEventListResponse, GiftMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { balanceOf, createBuyer, type TestBuyer } from '../orders/order-fixtures.ts';
import type { SettingKey } from '../settings/settings.definitions.ts';
import { SettingsService } from '../settings/settings.service.ts';

/** 2025-03-05 10:45 IST: inside the day's first gift round (10:30-11:30). */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FIRST_ROUND_MS = MIDNIGHT_IST + 10.75 * HOUR_MS;
const ADMIN_TOKEN = 'gifts-operator-admin-token-0123456789';
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);
/** Players opening the same code and the same round at once. */
const CROWD = 500;

describeEachDatabase('gift codes and gift events', (database) => {
  const clock = new ManualClock(FIRST_ROUND_MS);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const player = async (giftEnabled = true): Promise<TestBuyer & { mobile: string }> => {
    const buyer = await createBuyer(database(), clock);
    await database()
      .db.updateTable('users')
      .set({ event_gift_enable: giftEnabled ? 1 : 0 })
      .where('id', '=', buyer.userId)
      .execute();
    const row = await database()
      .db.selectFrom('users')
      .select('mobile')
      .where('id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    return { ...buyer, mobile: row.mobile };
  };
  const operator = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: operatorHeaders, ...(payload ? { payload } : {}) });
  // The gift settings are written as stored values here: how an operator changes them (and that loosening
  // ones wait for a second operator) is the settings tests' subject.
  const setting = async (key: SettingKey, value: unknown) => {
    await new SettingsService(database().db, clock).set(key, value as never);
  };
  /** Each player claims from an address of its own, as players on their own phones do. */
  const claim = (who: TestBuyer, code: string, mobile: string) =>
    app.inject({
      method: 'POST',
      url: '/mana/receive_red_packet',
      headers: who.headers,
      remoteAddress: `10.${(who.userId >> 16) & 255}.${(who.userId >> 8) & 255}.${who.userId & 255}`,
      payload: { packet_code: code, mobile },
    });
  const join = (who: TestBuyer, id: number) =>
    app.inject({ method: 'POST', url: '/user/join_gift_event', headers: who.headers, payload: { id } });
  const events = async (who: TestBuyer) =>
    (
      await app.inject({ method: 'GET', url: '/user/gift_events', headers: who.headers })
    ).json<GiftEventListResponse>();

  it('lets the operator issue codes and players claim one packet each with their own mobile', async () => {
    const expiry = clock.now() + DAY_MS;
    const bad = await operator('POST', '/admin/api/gift-codes', {
      code: 'WELCOME1',
      total: '10',
      count: 20,
      split: 'fixed',
      min_amount: '1',
      expires_at: expiry,
    });
    expect(bad.json()).toEqual({ code: 400, msg: 'total must give every packet at least min_amount' });
    expect(
      (
        await operator('POST', '/admin/api/gift-codes', {
          code: 'x',
          total: 1,
          count: 1,
          split: 'fixed',
          expires_at: expiry,
        })
      ).json().msg,
    ).toBe('code must be 4-40 letters or digits');
    const created = await operator('POST', '/admin/api/gift-codes', {
      code: 'welcome1',
      total: '10',
      count: 3,
      split: 'fixed',
      expires_at: expiry,
    });
    expect(created.json().entry).toMatchObject({
      code: 'WELCOME1',
      total: '10.00',
      count: 3,
      claimed_count: 0,
    });
    const duplicate = await operator('POST', '/admin/api/gift-codes', {
      code: 'WELCOME1',
      total: '10',
      count: 3,
      split: 'fixed',
      expires_at: expiry,
    });
    expect(duplicate.statusCode).toBe(409);

    const alice = await player();
    const stranger = await player();
    expect((await claim(alice, 'WELCOME1', stranger.mobile)).json()).toEqual({
      code: 400,
      msg: GiftMessage.wrongMobile,
    });
    expect((await claim(alice, 'NOPE1234', alice.mobile)).json()).toEqual({
      code: 400,
      msg: GiftMessage.invalidCode,
    });
    const national = alice.mobile.replace('+91', '');
    const first = await claim(alice, 'welcome1', national);
    expect(first.json()).toEqual({ code: 200, msg: GiftMessage.redeemed, price: '3.34' });
    expect((await claim(alice, 'WELCOME1', alice.mobile)).json().msg).toBe(GiftMessage.alreadyClaimed);
    expect(await balanceOf(database(), clock, alice.userId)).toBe(3_34);
    const list = await app.inject({ method: 'GET', url: '/user/transactions', headers: alice.headers });
    expect(list.json().queryset[0]).toMatchObject({ type: 'RP', change_balance: '3.34' });

    const [code] = (await operator('GET', '/admin/api/gift-codes')).json<{
      queryset: Array<{ id: number }>;
    }>().queryset;
    const claims = (await operator('GET', `/admin/api/gift-codes/${code?.id}/claims`)).json();
    expect(claims.queryset).toEqual([{ user_id: alice.userId, price: '3.34', create_time: clock.now() }]);
    await operator('POST', `/admin/api/gift-codes/${code?.id}/disable`);
    expect((await claim(stranger, 'WELCOME1', stranger.mobile)).json().msg).toBe(GiftMessage.invalidCode);

    await operator('POST', '/admin/api/gift-codes', {
      code: 'RECHARGED',
      total: '5',
      count: 5,
      split: 'random',
      expires_at: clock.now() + 1_000,
      require_recharge: true,
    });
    expect((await claim(stranger, 'RECHARGED', stranger.mobile)).json().msg).toBe(GiftMessage.needsRecharge);
    clock.advance(1_000);
    expect((await claim(stranger, 'RECHARGED', stranger.mobile)).json().msg).toBe(GiftMessage.invalidCode);
    await expectLedgerClean(database());
  });

  it('opens today’s rounds in the market’s time zone, checking the requirements on the server', async () => {
    await setting('gift_events.join_recharge', false);
    await setting('gift_events.join_relation', true);
    await setting('gift_events.pool_minor', 100_00);
    await setting('gift_events.receive_limit', 3);
    await setting('gift_events.min_amount_minor', 10_00);
    const referrer = await player();
    const lonely = await player();
    const disabled = await player(false);
    await database()
      .db.updateTable('users')
      .set({ referrer_level1_id: referrer.userId })
      .where('id', '=', lonely.userId)
      .execute();
    const list = await events(referrer);
    // The app decides which round is open on the server's clock, which it reads from the answer.
    expect(list.server_time).toBe(clock.now());
    expect(list.queryset.map((round) => [round.start_time, round.end_time])).toEqual([
      [MIDNIGHT_IST + 10.5 * HOUR_MS, MIDNIGHT_IST + 11.5 * HOUR_MS],
      [MIDNIGHT_IST + 15.5 * HOUR_MS, MIDNIGHT_IST + 16.5 * HOUR_MS],
      [MIDNIGHT_IST + 20.5 * HOUR_MS, MIDNIGHT_IST + 21.5 * HOUR_MS],
    ]);
    const [open, later] = list.queryset;
    expect(open).toMatchObject({
      member_available_num: 3,
      join_relation: true,
      join_recharge: false,
      completed: false,
    });
    expect((await join(disabled, Number(open?.id))).json().msg).toBe(GiftMessage.eventDisabled);
    expect((await join(lonely, Number(open?.id))).json().msg).toBe(GiftMessage.eventNeedsRelation);
    expect((await join(referrer, Number(later?.id))).json().msg).toBe(GiftMessage.eventNotOpen);
    expect((await join(referrer, 999_999)).statusCode).toBe(404);
    const opened = await join(referrer, Number(open?.id));
    expect(opened.statusCode, opened.body).toBe(200);
    const price = Math.round(Number(opened.json().price) * 100);
    expect(price).toBeGreaterThanOrEqual(10_00);
    expect(price).toBeLessThanOrEqual(80_00);
    expect((await join(referrer, Number(open?.id))).json().msg).toBe(GiftMessage.eventAlreadyJoined);
    expect((await events(referrer)).queryset[0]).toMatchObject({ completed: true, member_available_num: 2 });
    const report = (await operator('GET', '/admin/api/gift-events')).json();
    expect(report.queryset.find((round: { id: number }) => round.id === open?.id)).toMatchObject({
      opened_count: 1,
      paid: (price / 100).toFixed(2),
    });
    await expectLedgerClean(database());
  });

  it(`never overdraws a round or a code when ${CROWD} players open them at once, nor pays anyone twice`, async () => {
    clock.set(FIRST_ROUND_MS + DAY_MS);
    await setting('gift_events.join_recharge', false);
    await setting('gift_events.join_relation', false);
    await setting('gift_events.pool_minor', 1_000_00);
    await setting('gift_events.receive_limit', 300);
    await setting('gift_events.min_amount_minor', 1_00);
    await operator('POST', '/admin/api/gift-codes', {
      code: 'CROWD500',
      total: '777.77',
      count: 100,
      split: 'random',
      min_amount: '0.50',
      expires_at: clock.now() + DAY_MS,
    });
    const crowd: Array<TestBuyer & { mobile: string }> = [];
    for (let index = 0; index < CROWD; index += 1) crowd.push(await player());
    const round = (await events(crowd[0] as TestBuyer)).queryset[0];
    const roundId = Number(round?.id);
    // Every player at once, and the first fifty a second time.
    const [claims, joins] = await Promise.all([
      Promise.all([...crowd, ...crowd.slice(0, 50)].map((who) => claim(who, 'CROWD500', who.mobile))),
      Promise.all([...crowd, ...crowd.slice(0, 50)].map((who) => join(who, roundId))),
    ]);
    // Safety holds whatever the machine's load: never more packets or money than there is, nobody paid
    // twice, every refusal a clean one. A request the overloaded database timed out (5xx) paid nothing, so
    // the exact counts are only expected when none did.
    const overloaded = [...claims, ...joins].filter((response) => response.statusCode >= 500).length;
    const okClaims = claims.filter((response) => response.statusCode === 200);
    const claimedMinor = okClaims.reduce(
      (sum, response) => sum + Math.round(Number(response.json().price) * 100),
      0,
    );
    expect(okClaims.length).toBeLessThanOrEqual(100);
    const code = await database()
      .db.selectFrom('gift_codes')
      .selectAll()
      .where('code', '=', 'CROWD500')
      .executeTakeFirstOrThrow();
    expect(Number(code.claimed_count)).toBe(okClaims.length);
    expect(Number(code.claimed_minor)).toBe(claimedMinor);
    const refusals = new Set(
      claims.filter((r) => r.statusCode !== 200 && r.statusCode < 500).map((r) => r.json().msg as string),
    );
    for (const message of refusals)
      expect([GiftMessage.invalidCode, GiftMessage.alreadyClaimed]).toContain(message);
    const okJoins = joins.filter((response) => response.statusCode === 200);
    expect(okJoins.length).toBeLessThanOrEqual(300);
    const joinedMinor = okJoins.reduce(
      (sum, response) => sum + Math.round(Number(response.json().price) * 100),
      0,
    );
    expect(joinedMinor).toBeLessThanOrEqual(1_000_00);
    const row = await database()
      .db.selectFrom('gift_event_rounds')
      .selectAll()
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(Number(row.remaining_minor)).toBe(1_000_00 - joinedMinor);
    expect(Number(row.opened_count)).toBe(okJoins.length);
    if (overloaded === 0) {
      expect(okClaims).toHaveLength(100);
      expect(claimedMinor).toBe(777_77);
      expect(okJoins).toHaveLength(300);
    }
    const payees = await database()
      .db.selectFrom('ledger_transfers')
      .select(['credit_account_id', 'kind'])
      .where('kind', 'in', ['gift', 'event_gift'])
      .where('reference_id', 'in', ['CROWD500', String(roundId)])
      .execute();
    expect(payees).toHaveLength(okClaims.length + okJoins.length);
    for (const kind of ['gift', 'event_gift']) {
      const accounts = payees.filter((payee) => payee.kind === kind).map((payee) => payee.credit_account_id);
      expect(new Set(accounts).size).toBe(accounts.length);
    }
    await expectLedgerClean(database());
  }, 120_000);
});
