import { AccountMessage, OperatorMessage, type OperatorUserDto, OperatorUserMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_AUTH_FAILED_EVENT, OPERATOR_UNAUTHORIZED_MESSAGE } from '../../http/operator-guard.ts';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import {
  createTestUser,
  type RegisteredTestUser,
  registerThroughApi,
  tokenHeader,
} from '../accounts/account-fixtures.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { fundWallet } from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { ADMIN_TOKEN_ACTOR } from '../shop/shop-audit.ts';
import { ProfileOperatorAuditEvent } from './profile-operator.service.ts';

const ADMIN_TOKEN = 'profile-operator-admin-token-0123456789';
const NOW = Date.parse('2025-03-05T06:30:00Z');
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);
/** An id that no test account reaches but that the id field accepts (the largest it does: nine digits). */
const UNKNOWN_USER_ID = 999_999_999;

interface Player extends RegisteredTestUser {
  userId: number;
  createdAt: number;
}

describeEachDatabase('operator API of users', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(NOW);
  let audit: AuditLog;
  let rootId = 0;
  /** Registered in this order, one minute apart: players[2] is the newest account. */
  const players: Player[] = [];

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
    audit = new AuditLog(database().db, clock);
    // New accounts take their flags from settings; one flag on by default tells the three apart.
    await new SettingsService(database().db, clock).set('users.default_event_gift_enable', true);
    rootId = await createTestUser(database().db, { rCode: 'OPUSROOT', now: NOW });
    for (let index = 0; index < 3; index += 1) {
      clock.set(NOW + (index + 1) * 60_000);
      const registered = await registerThroughApi(app, { rCode: 'OPUSROOT' });
      const row = await database()
        .db.selectFrom('users')
        .select(['id', 'created_at'])
        .where('mobile', '=', registered.mobile)
        .executeTakeFirstOrThrow();
      players.push({ ...registered, userId: Number(row.id), createdAt: Number(row.created_at) });
    }
    await fundWallet(database(), clock, players[1]?.userId as number, 12_345);
  });
  afterAll(async () => {
    await app?.close();
  });

  const player = (index: number) => players[index] as Player;
  const list = (query = '', headers: Record<string, string> = operatorHeaders) =>
    app.inject({ method: 'GET', url: `/admin/api/users${query}`, headers });
  const getUser = (id: number | string, headers: Record<string, string> = operatorHeaders) =>
    app.inject({ method: 'GET', url: `/admin/api/users/${id}`, headers });
  const putFlags = (
    id: number | string,
    payload: unknown,
    headers: Record<string, string> = operatorHeaders,
  ) =>
    app.inject({
      method: 'PUT',
      url: `/admin/api/users/${id}/flags`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const storedFlags = async (userId: number) =>
    database()
      .db.selectFrom('users')
      .select(['is_early', 'is_transfer_enable', 'event_gift_enable'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  const flagChanges = () => audit.recent({ event: ProfileOperatorAuditEvent.userFlagsChanged });
  const profileOf = async (token: string) => {
    const response = await app.inject({ method: 'GET', url: '/user/profile', headers: tokenHeader(token) });
    expect(response.statusCode).toBe(200);
    const { is_early, is_transfer_enable, event_gift_enable } = response.json();
    return { is_early, is_transfer_enable, event_gift_enable };
  };

  it('answers 401 without the operator token or with a wrong one, audits each refusal and changes nothing', async () => {
    const target = player(0).userId;
    const before = await storedFlags(target);
    const refusedHeaders: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-the-token-not-the-token-0000' },
      { authorization: ADMIN_TOKEN },
    ];
    for (const headers of refusedHeaders) {
      for (const response of [
        await list('?p=1', headers),
        await getUser(target, headers),
        await putFlags(target, { is_early: true }, headers),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 401, msg: OPERATOR_UNAUTHORIZED_MESSAGE });
      }
    }
    expect(await storedFlags(target)).toEqual(before);
    expect(await flagChanges()).toEqual([]);
    // Anyone can send these: they are counted per source and minute, and only the first has its audit row.
    const refusals = await audit.recent({ event: OPERATOR_AUTH_FAILED_EVENT });
    expect(refusals.map((refusal) => refusal.detail)).toEqual([
      { route: 'GET /admin/api/users', repeats_counted: true },
    ]);
    const counted = await audit.repeatedEventCounts({ event: OPERATOR_AUTH_FAILED_EVENT });
    expect(counted.map((row) => row.hits)).toEqual([refusedHeaders.length * 3]);
  });

  it('lists every account newest first with its flags, referrer and ledger balance', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.page.count).toBe(4);
    expect(body.queryset.map((row: OperatorUserDto) => row.user_id)).toEqual([
      player(2).userId,
      player(1).userId,
      player(0).userId,
      rootId,
    ]);
    const funded = body.queryset[1] as OperatorUserDto;
    expect(funded).toEqual({
      user_id: player(1).userId,
      mobile: player(1).mobile,
      nick_name: expect.any(String),
      r_code: expect.stringMatching(/^[A-Z0-9]+$/),
      is_early: false,
      is_transfer_enable: false,
      event_gift_enable: true,
      referrer_user_id: rootId,
      balance: '123.45',
      created_at: player(1).createdAt,
      suspended: false,
      suspended_reason: null,
    });
    expect(funded.created_at).toBe(NOW + 2 * 60_000);
    const root = body.queryset[3] as OperatorUserDto;
    expect(root).toMatchObject({ r_code: 'OPUSROOT', referrer_user_id: null, balance: '0.00' });
    expect(root.event_gift_enable).toBe(false);
  });

  it('answers one account with the same fields as the list', async () => {
    const listed = (await list()).json().queryset as OperatorUserDto[];
    for (const entry of listed) {
      const response = await getUser(entry.user_id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, entry });
    }
  });

  it('filters by exact user id and by the mobile number normalised as login does', async () => {
    const ids = (query: string) =>
      list(query).then((response) => {
        expect(response.statusCode).toBe(200);
        const body = response.json();
        return { count: body.page.count, ids: body.queryset.map((row: OperatorUserDto) => row.user_id) };
      });
    const target = player(0);
    expect(await ids(`?user_id=${target.userId}`)).toEqual({ count: 1, ids: [target.userId] });
    const national = target.mobile.slice(3);
    for (const typed of [
      target.mobile,
      national,
      `${national.slice(0, 5)} ${national.slice(5)}`,
      `0${national}`,
    ]) {
      expect(await ids(`?mobile=${encodeURIComponent(typed)}`)).toEqual({ count: 1, ids: [target.userId] });
    }
    expect(await ids(`?mobile=${encodeURIComponent(target.mobile)}&user_id=${target.userId}`)).toEqual({
      count: 1,
      ids: [target.userId],
    });
    expect(await ids(`?mobile=${encodeURIComponent(target.mobile)}&user_id=${player(1).userId}`)).toEqual({
      count: 0,
      ids: [],
    });
    expect(await ids('?mobile=%2B919999999999')).toEqual({ count: 0, ids: [] });
    expect(await ids(`?user_id=${UNKNOWN_USER_ID}`)).toEqual({ count: 0, ids: [] });
    expect((await ids('?mobile=&user_id=')).count).toBe(4);
  });

  it('pages the list with p and p_size', async () => {
    const page = async (query: string) => (await list(query)).json();
    const first = await page('?p=1&p_size=3');
    const second = await page('?p=2&p_size=3');
    expect(first.page.count).toBe(4);
    expect(second.page.count).toBe(4);
    expect(first.queryset.map((row: OperatorUserDto) => row.user_id)).toEqual([
      player(2).userId,
      player(1).userId,
      player(0).userId,
    ]);
    expect(second.queryset.map((row: OperatorUserDto) => row.user_id)).toEqual([rootId]);
    expect((await page('?p=3&p_size=3')).queryset).toEqual([]);
  });

  it.each([
    ['p_size 0', '?p_size=0', 'p_size must be at least 1'],
    ['p_size 101', '?p_size=101', 'p_size must be at most 100'],
    ['p_size abc', '?p_size=abc', 'p_size must be a whole number'],
    ['p 0', '?p=0', 'p must be at least 1'],
    ['user_id -1', '?user_id=-1', 'user_id must be a whole number'],
    ['user_id 10^12', '?user_id=1000000000000', 'user_id must be a whole number'],
    ['user_id x', '?user_id=x', 'user_id must be a whole number'],
    ['a mobile of another country', '?mobile=%2B5511987654321', 'mobile must be a +91 mobile number'],
    ['a mobile of 10k characters', `?mobile=${'9'.repeat(10_000)}`, 'mobile must be at most 32 characters'],
    ['a repeated mobile', '?mobile=9876543210&mobile=9876543211', 'mobile must be text'],
  ])('answers 400 naming the field for %s in the list query', async (_case, query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: message });
  });

  it.each([
    ['-1', '-1', /^id must be a whole number/],
    ['0', '0', /^id must be at least 1/],
    ['10^12', '1000000000000', /^id must be a whole number/],
    ['x', 'x', /^id must be a whole number/],
    ['1.5', '1.5', /^id must be a whole number/],
    ['of 10k characters', '7'.repeat(10_000), /^path parameters must be at most \d+ characters/],
  ])('answers 400 for the user id %s in the path, on both routes', async (_case, id, message) => {
    for (const response of [await getUser(id), await putFlags(id, { is_early: true })]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(message);
    }
  });

  it.each([
    ['no body', undefined, OperatorUserMessage.flagRequired],
    ['an empty body', {}, OperatorUserMessage.flagRequired],
    ['a flag "yes"', { is_early: 'yes' }, 'is_early must be true or false'],
    ['a flag 1', { is_transfer_enable: 1 }, 'is_transfer_enable must be true or false'],
    ['a flag null', { event_gift_enable: null }, 'event_gift_enable must be true or false'],
    ['a flag of 10k characters', { is_early: 'y'.repeat(10_000) }, 'is_early must be true or false'],
    [
      'an unknown flag',
      { is_early: true, is_transfer_enabled: true },
      'is_transfer_enabled is not a user flag (is_early, is_transfer_enable, event_gift_enable)',
    ],
    ['a list', [true], OperatorUserMessage.flagsBodyNotObject],
  ])('answers 400 naming the field for %s and changes nothing', async (_case, payload, message) => {
    const target = player(2).userId;
    const before = await storedFlags(target);
    const response = await putFlags(target, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: message });
    expect(await storedFlags(target)).toEqual(before);
    expect(await flagChanges()).toEqual([]);
  });

  it('answers 404 for an unknown user and audits no change', async () => {
    for (const response of [
      await getUser(UNKNOWN_USER_ID),
      await putFlags(UNKNOWN_USER_ID, { is_early: true }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, msg: OperatorUserMessage.userNotFound });
    }
    expect(await flagChanges()).toEqual([]);
  });

  it("changes one user's flags, which the user's profile shows at once, audited before and after", async () => {
    const target = player(0);
    const others = [player(1), player(2)];
    const othersBefore = await Promise.all(others.map((other) => getUser(other.userId)));
    expect(await profileOf(target.token)).toEqual({
      is_early: false,
      is_transfer_enable: 0,
      event_gift_enable: true,
    });

    clock.set(NOW + 10 * 60_000);
    const granted = await putFlags(target.userId, { is_early: true, is_transfer_enable: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({
      code: 200,
      entry: {
        ...(await getUser(target.userId)).json().entry,
        is_early: true,
        is_transfer_enable: true,
        event_gift_enable: true,
      },
    });
    expect(await profileOf(target.token)).toEqual({
      is_early: true,
      is_transfer_enable: 1,
      event_gift_enable: true,
    });

    const withdrawn = await putFlags(target.userId, { event_gift_enable: false });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().entry).toMatchObject({
      is_early: true,
      is_transfer_enable: true,
      event_gift_enable: false,
    });
    expect(await profileOf(target.token)).toEqual({
      is_early: true,
      is_transfer_enable: 1,
      event_gift_enable: false,
    });
    expect(await storedFlags(target.userId)).toEqual({
      is_early: 1,
      is_transfer_enable: 1,
      event_gift_enable: 0,
    });

    const changes = await flagChanges();
    expect(
      changes.map((change) => ({ userId: change.userId, mobile: change.mobile, detail: change.detail })),
    ).toEqual([
      {
        userId: target.userId,
        mobile: target.mobile,
        detail: {
          operator: ADMIN_TOKEN_ACTOR,
          user_id: target.userId,
          before: { is_early: true, is_transfer_enable: true, event_gift_enable: true },
          after: { is_early: true, is_transfer_enable: true, event_gift_enable: false },
        },
      },
      {
        userId: target.userId,
        mobile: target.mobile,
        detail: {
          operator: ADMIN_TOKEN_ACTOR,
          user_id: target.userId,
          before: { is_early: false, is_transfer_enable: false, event_gift_enable: true },
          after: { is_early: true, is_transfer_enable: true, event_gift_enable: true },
        },
      },
    ]);

    // The other accounts keep every flag, in the operator's view and in their own profile.
    for (const [index, other] of others.entries()) {
      expect((await getUser(other.userId)).json()).toEqual(othersBefore[index]?.json());
      expect(await profileOf(other.token)).toEqual({
        is_early: false,
        is_transfer_enable: 0,
        event_gift_enable: true,
      });
    }
  });

  it('suspends an account with a reason: no API, no login, until it is unsuspended', async () => {
    const target = player(0);
    const suspendCall = (action: 'suspend' | 'unsuspend', payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/admin/api/users/${target.userId}/${action}`,
        headers: operatorHeaders,
        payload: payload as object,
      });
    const profile = () =>
      app.inject({ method: 'GET', url: '/user/profile', headers: tokenHeader(target.token) });
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/user/login',
        remoteAddress: target.ip,
        payload: { mobile_number: target.mobile, password: target.password, device_id: target.deviceId },
      });
    expect((await profile()).statusCode).toBe(200);
    expect((await suspendCall('suspend', {})).statusCode).toBe(400);
    const suspended = await suspendCall('suspend', { reason: 'chargeback fraud' });
    expect(suspended.json()).toMatchObject({
      code: 200,
      msg: OperatorMessage.userSuspended,
      entry: { user_id: target.userId, suspended: true, suspended_reason: 'chargeback fraud' },
    });
    expect((await suspendCall('suspend', { reason: 'again' })).json()).toEqual({
      code: 400,
      msg: OperatorMessage.alreadySuspended,
    });
    // The live session is refused at once, and the right password no longer opens one.
    expect((await profile()).statusCode).toBe(401);
    expect((await login()).json()).toEqual({ code: 400, msg: AccountMessage.accountSuspended });
    const [row] = await audit.recent({ event: ProfileOperatorAuditEvent.userSuspended });
    expect(row?.detail).toMatchObject({
      operator: ADMIN_TOKEN_ACTOR,
      reason: 'chargeback fraud',
      before: { suspended: false },
      after: { suspended: true },
      sessions_revoked: 1,
    });

    expect((await suspendCall('unsuspend', { reason: 'cleared by the bank' })).json().entry.suspended).toBe(
      false,
    );
    const again = await login();
    expect(again.statusCode).toBe(200);
    const fresh = await app.inject({
      method: 'GET',
      url: '/user/profile',
      headers: tokenHeader(again.json().token),
    });
    expect(fresh.statusCode).toBe(200);
  });
});
