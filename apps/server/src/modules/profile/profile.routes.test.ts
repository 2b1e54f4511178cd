import { AccountMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { SessionService } from '../accounts/session.service.ts';
import { fundWallet } from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { ProfileService, promotionUrl } from './profile.service.ts';

const PUBLIC_URL = 'https://shop.example';

describeEachDatabase('profile routes', (database) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let settings: SettingsService;
  let user: RegisteredTestUser;

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 4, 1));
    settings = new SettingsService(database().db, clock);
    await createTestUser(database().db, { rCode: 'PROFROOT' });
    app = await buildTestApp(database(), { clock, config: { publicUrl: PUBLIC_URL } });
    user = await registerThroughApi(app, { rCode: 'PROFROOT' });
  });

  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, ...(token ? { headers: tokenHeader(token) } : {}) });
  const changeNickName = (payload: unknown, token = user.token) =>
    app.inject({
      method: 'POST',
      url: '/user/change_nick_name',
      payload: payload as object,
      headers: tokenHeader(token),
    });

  it('answers exactly the profile fields of the spec', async () => {
    await settings.set('support.contacts', [
      { type: 'email', value: 'help@shop.example' },
      { type: 'telegram', value: '@shop_help' },
    ]);
    await settings.set('app.android_prefix', 'https://shop.example/app/shop-');
    const response = await get('/user/profile?t=1700000000000', user.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const stored = await database()
      .db.selectFrom('users')
      .select(['id', 'r_code', 'nick_name'])
      .where('mobile', '=', user.mobile)
      .executeTakeFirstOrThrow();
    expect(body).toEqual({
      code: 200,
      entry: {
        r_code: stored.r_code,
        nick_name: stored.nick_name,
        mobile: user.mobile,
        user_id: Number(stored.id),
        balance: '0.00',
      },
      event_gift_enable: false,
      promotion_url: `${PUBLIC_URL}/#/register?r_code=${stored.r_code}`,
      is_early: false,
      is_transfer_enable: 0,
      supports: [
        { type: 'email', value: 'help@shop.example' },
        { type: 'telegram', value: '@shop_help' },
      ],
      android_app_prefix: 'https://shop.example/app/shop-',
    });
  });

  it('answers the per-user flags as stored', async () => {
    await database()
      .db.updateTable('users')
      .set({ is_early: 1, is_transfer_enable: 1, event_gift_enable: 1 })
      .where('mobile', '=', user.mobile)
      .execute();
    const body = (await get('/user/profile', user.token)).json();
    expect(body).toMatchObject({ is_early: true, is_transfer_enable: 1, event_gift_enable: true });
  });

  it('changes the nickname, trimmed, and the profile shows it', async () => {
    const response = await changeNickName({ nick_name: '  Golden Goose  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: AccountMessage.nickNameChanged });
    expect((await get('/user/profile', user.token)).json().entry.nick_name).toBe('Golden Goose');
    expect((await changeNickName({ nick_name: 'x'.repeat(20) })).statusCode).toBe(200);
    expect((await changeNickName({ nick_name: '🥇'.repeat(20) })).statusCode).toBe(200);
    expect((await get('/user/profile', user.token)).json().entry.nick_name).toBe('🥇'.repeat(20));
    const [event] = await new AuditLog(database().db, clock).recent({ event: 'nick_name_changed', limit: 1 });
    expect(event?.detail).toEqual({ nick_name: '🥇'.repeat(20) });
  });

  it.each([
    [{}, 'nick_name is required'],
    [{ nick_name: '' }, 'nick_name is required'],
    [{ nick_name: '   ' }, 'nick_name is required'],
    [{ nick_name: null }, 'nick_name is required'],
    [{ nick_name: 'x'.repeat(21) }, 'nick_name must be at most 20 characters'],
    [{ nick_name: 'x'.repeat(10_000) }, 'nick_name must be at most 20 characters'],
    [{ nick_name: 42 }, 'nick_name must be text'],
    [{ nick_name: ['a'] }, 'nick_name must be text'],
    [{ nick_name: { a: 1 } }, 'nick_name must be text'],
    [{ nick_name: 'bad\nname' }, 'nick_name must not contain control characters'],
    [{ nick_name: 'bad\u0000' }, 'nick_name must not contain control characters'],
    [{ nick_name: 'rtl\u202Eevil' }, 'nick_name must not contain invisible formatting characters'],
  ])('refuses the nickname %j', async (payload, message) => {
    const response = await changeNickName(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: message });
  });

  it('needs a token for the profile, the nickname, the notification and the authenticated version check', async () => {
    for (const url of ['/user/profile', '/user/notification', '/user/get_app_version_auth']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/user/change_nick_name',
      payload: { nick_name: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the landing page only when the operator set one', async () => {
    expect((await get('/user/get_app_version')).json()).toEqual({
      code: 404,
      msg: AccountMessage.noLandingPage,
    });
    expect((await get('/user/get_app_version_auth', user.token)).statusCode).toBe(404);
    await settings.set('app.landing_page', 'https://new.shop.example/');
    expect((await get('/user/get_app_version?t=1')).json()).toEqual({
      code: 200,
      landing_page: 'https://new.shop.example/',
    });
    expect((await get('/user/get_app_version_auth', user.token)).json()).toEqual({
      code: 200,
      landing_page: 'https://new.shop.example/',
    });
    await settings.set('app.landing_page', '');
  });

  it('answers the notification call with nothing to report', async () => {
    const response = await get('/user/notification?t=5', user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200 });
  });
});

describeEachDatabase('profile balance', (database) => {
  it('shows the wallet’s spendable minor units as a decimal string with two decimals', async () => {
    const clock = new ManualClock(1);
    const userId = await createTestUser(database().db, { rCode: 'BALROOT1' });
    const sessions = new SessionService(database().db, clock);
    const token = await sessions.create({ userId, deviceId: null, ip: null });
    const profile = new ProfileService({
      db: database().db,
      clock,
      settings: new SettingsService(database().db, clock),
      sessions,
      audit: new AuditLog(database().db, clock),
      publicUrl: PUBLIC_URL,
    });
    // No wallet yet: nothing to spend.
    expect((await profile.profileForToken(token)).entry.balance).toBe('0.00');
    await fundWallet(database(), clock, userId, 123_450);
    expect((await profile.profileForToken(token)).entry.balance).toBe('1234.50');
    await fundWallet(database(), clock, userId, 5);
    expect((await profile.profileForToken(token)).entry).toMatchObject({
      balance: '1234.55',
      user_id: userId,
    });
    // A revoked session reads nothing.
    await sessions.revokeAllForUser(userId);
    await expect(profile.profileForToken(token)).rejects.toMatchObject({ code: 401 });
  });
});

describe('promotionUrl', () => {
  it('links to the register screen with the code', () => {
    expect(promotionUrl('https://shop.example', 'AB12CD34')).toBe(
      'https://shop.example/#/register?r_code=AB12CD34',
    );
  });
});
