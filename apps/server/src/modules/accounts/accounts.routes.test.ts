import { AccountMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { createTestDatabase, describeEachDatabase } from '../../test-support/test-database.ts';
import { SETTING_DEFINITIONS } from '../settings/settings.definitions.ts';
import {
  createTestUser,
  readLastOtp,
  registerThroughApi,
  tokenHeader,
  uniqueTestIp,
  uniqueTestMobile,
} from './account-fixtures.ts';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from './accounts.service.ts';
import { AuditLog } from './audit-log.service.ts';
import { LOGIN_ACCOUNT_DELAYS, LOGIN_SOURCE_DELAYS } from './login-throttle.service.ts';
import { OTP_CAP_WINDOW_MS, OTP_RESEND_WAIT_MS } from './otp.service.ts';
import { SESSION_IDLE_TIMEOUT_MS, SESSION_TOUCH_INTERVAL_MS } from './session.service.ts';
import { hashSessionToken } from './session-token.ts';

const ROOT_CODE = 'ROOT2026';
const START = Date.UTC(2026, 2, 1, 8, 0, 0);

describeEachDatabase('account routes', (database) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let rootId: number;

  beforeAll(async () => {
    clock = new ManualClock(START);
    rootId = await createTestUser(database().db, { rCode: ROOT_CODE });
    app = await buildTestApp(database(), { clock });
  });

  afterAll(async () => {
    await app?.close();
  });

  const profileOf = (token: string) =>
    app.inject({ method: 'GET', url: '/user/profile', headers: tokenHeader(token) });
  const post = (url: string, payload: object, ip = uniqueTestIp(), headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

  it('registers with a code read from the dev outbox and answers a working token and a device id', async () => {
    const mobile = uniqueTestMobile();
    const ip = uniqueTestIp();
    const sent = await post('/user/send_verify_code', { mobile_number: mobile, verify_type: 'register' }, ip);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ code: 200, msg: AccountMessage.otpSent });
    const outbox = (
      await app.inject({ method: 'GET', url: `/dev/sms/last?mobile=${encodeURIComponent(mobile)}` })
    ).json();
    expect(outbox).toEqual({
      code: 200,
      text: expect.stringContaining(outbox.otp),
      otp: expect.stringMatching(/^\d{6}$/),
    });

    const response = await post(
      '/user/register',
      {
        mobile_number: mobile,
        verify_code: outbox.otp,
        password: 'my-secret',
        r_code: ROOT_CODE.toLowerCase(),
      },
      ip,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      code: 200,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      device_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      msg: AccountMessage.registerSucceeded,
    });
    const profile = await profileOf(body.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().entry.mobile).toBe(mobile);

    const stored = await database()
      .db.selectFrom('users')
      .selectAll()
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.r_code).toHaveLength(REFERRAL_CODE_LENGTH);
    expect([...stored.r_code].every((character) => REFERRAL_CODE_ALPHABET.includes(character))).toBe(true);
    expect(stored.nick_name).toMatch(/^Player\d{6}$/);
    const session = await database()
      .db.selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashSessionToken(body.token));
    expect(session.token_hash).not.toContain(body.token);
  });

  it('accepts the number in any written form and stores it normalised', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE, mobile: '+91 6000 000 001' });
    const stored = await database()
      .db.selectFrom('users')
      .select('mobile')
      .where('mobile', '=', '+916000000001')
      .execute();
    expect(stored).toHaveLength(1);
    const login = await post('/user/login', {
      mobile_number: '06000000001',
      password: user.password,
      host: 'localhost',
      verify_code: '',
      device_id: user.deviceId,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a code for a number that already has an account, and registering it twice', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const sent = await post('/user/send_verify_code', {
      mobile_number: user.mobile,
      verify_type: 'register',
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ code: 409, msg: AccountMessage.mobileRegistered });
    const again = await post('/user/register', {
      mobile_number: user.mobile,
      verify_code: '123456',
      password: 'another-one',
      r_code: ROOT_CODE,
    });
    expect(again.json()).toEqual({ code: 409, msg: AccountMessage.mobileRegistered });
  });

  it('refuses a short or common new password on register and reset, naming the rule, without using up the code', async () => {
    const mobile = uniqueTestMobile();
    const ip = uniqueTestIp();
    await post('/user/send_verify_code', { mobile_number: mobile, verify_type: 'register' }, ip);
    const code = await readLastOtp(app, mobile);
    const register = (password: string) =>
      post('/user/register', { mobile_number: mobile, verify_code: code, password, r_code: ROOT_CODE }, ip);
    const short = await register('123456');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ code: 400, msg: 'password must be at least 8 characters' });
    for (const common of ['password123', 'Qwerty123', '12345678']) {
      const refused = await register(common);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 400, msg: AccountMessage.passwordTooCommon });
    }
    expect((await register('tamarind-kite')).statusCode).toBe(200);

    const reset = await app.inject({
      method: 'PUT',
      url: '/user/reset_password',
      payload: { mobile_number: mobile, verify_code: '123456', password: 'iloveyou1' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ code: 400, msg: AccountMessage.passwordTooCommon });
  });

  it('refuses the account’s own mobile number as the new password on register and reset, in any spelling', async () => {
    const mobile = uniqueTestMobile();
    const national = mobile.slice(3);
    const ip = uniqueTestIp();
    await post('/user/send_verify_code', { mobile_number: mobile, verify_type: 'register' }, ip);
    const code = await readLastOtp(app, mobile);
    const register = (password: string) =>
      post('/user/register', { mobile_number: national, verify_code: code, password, r_code: ROOT_CODE }, ip);
    for (const spelling of [
      mobile,
      mobile.slice(1),
      national,
      `0${national}`,
      `+91 ${national.slice(0, 5)} ${national.slice(5)}`,
    ]) {
      const refused = await register(spelling);
      expect(refused.statusCode, spelling).toBe(400);
      expect(refused.json()).toEqual({ code: 400, msg: AccountMessage.passwordIsMobile });
    }
    // The refusals did not use the code up.
    expect((await register('tamarind-kite')).statusCode).toBe(200);

    await post('/user/send_verify_code', { mobile_number: mobile, verify_type: 'reset_password' }, ip);
    const resetCode = await readLastOtp(app, mobile);
    const reset = (password: string) =>
      app.inject({
        method: 'PUT',
        url: '/user/reset_password',
        remoteAddress: ip,
        payload: { mobile_number: mobile, verify_code: resetCode, password },
      });
    const refused = await reset(national);
    expect(refused.json()).toEqual({ code: 400, msg: AccountMessage.passwordIsMobile });
    expect((await reset('another-kite-9')).statusCode).toBe(200);
  });

  it('refuses an unknown referral code without using up the code', async () => {
    const mobile = uniqueTestMobile();
    const ip = uniqueTestIp();
    await post('/user/send_verify_code', { mobile_number: mobile, verify_type: 'register' }, ip);
    const code = await readLastOtp(app, mobile);
    const refused = await post(
      '/user/register',
      { mobile_number: mobile, verify_code: code, password: 'tamarind-kite', r_code: 'NOPE1234' },
      ip,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 400, msg: AccountMessage.referralInvalid });
    const accepted = await post(
      '/user/register',
      { mobile_number: mobile, verify_code: code, password: 'tamarind-kite', r_code: ROOT_CODE },
      ip,
    );
    expect(accepted.statusCode).toBe(200);
  });

  it('counts wrong register codes: after five the right one is refused', async () => {
    const mobile = uniqueTestMobile();
    const ip = uniqueTestIp();
    await post('/user/send_verify_code', { mobile_number: mobile, verify_type: 'register' }, ip);
    const code = await readLastOtp(app, mobile);
    const wrong = code === '111111' ? '222222' : '111111';
    const body = { mobile_number: mobile, password: 'tamarind-kite', r_code: ROOT_CODE };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/user/register', { ...body, verify_code: wrong }, ip);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(AccountMessage.otpIncorrect);
    }
    const dead = await post('/user/register', { ...body, verify_code: code }, ip);
    expect(dead.json()).toEqual({ code: 400, msg: AccountMessage.otpInvalid });
    const users = await database().db.selectFrom('users').select('id').where('mobile', '=', mobile).execute();
    expect(users).toEqual([]);
  });

  it('records the referrer at level 1 and the referrer’s referrer at level 2', async () => {
    const a = await registerThroughApi(app, { rCode: ROOT_CODE });
    const aCode = (await profileOf(a.token)).json().entry.r_code;
    const b = await registerThroughApi(app, { rCode: aCode });
    const bCode = (await profileOf(b.token)).json().entry.r_code;
    const c = await registerThroughApi(app, { rCode: bCode });
    const rows = await database()
      .db.selectFrom('users')
      .select(['id', 'mobile', 'referrer_level1_id', 'referrer_level2_id'])
      .where('mobile', 'in', [a.mobile, b.mobile, c.mobile])
      .execute();
    const byMobile = new Map(rows.map((row) => [row.mobile, row]));
    const idOf = (mobile: string) => byMobile.get(mobile)?.id;
    expect(byMobile.get(a.mobile)).toMatchObject({ referrer_level1_id: rootId, referrer_level2_id: null });
    expect(byMobile.get(b.mobile)).toMatchObject({
      referrer_level1_id: idOf(a.mobile),
      referrer_level2_id: rootId,
    });
    expect(byMobile.get(c.mobile)).toMatchObject({
      referrer_level1_id: idOf(b.mobile),
      referrer_level2_id: idOf(a.mobile),
    });
    expect(new Set([aCode, bCode]).size).toBe(2);
  });

  it('gives new accounts the flags of the operator settings', async () => {
    const before = await registerThroughApi(app, { rCode: ROOT_CODE });
    expect((await profileOf(before.token)).json()).toMatchObject({
      is_early: false,
      is_transfer_enable: 0,
      event_gift_enable: false,
    });
    const { SettingsService } = await import('../settings/settings.service.ts');
    const settings = new SettingsService(database().db, clock);
    await settings.set('users.default_is_early', true);
    await settings.set('users.default_transfer_enable', true);
    await settings.set('users.default_event_gift_enable', true);
    const after = await registerThroughApi(app, { rCode: ROOT_CODE });
    expect((await profileOf(after.token)).json()).toMatchObject({
      is_early: true,
      is_transfer_enable: 1,
      event_gift_enable: true,
    });
    await settings.set('users.default_is_early', false);
    await settings.set('users.default_transfer_enable', false);
    await settings.set('users.default_event_gift_enable', false);
  });

  it('logs in at once on the registering device', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const response = await post('/user/login', {
      mobile_number: user.mobile,
      password: user.password,
      host: 'shop.example',
      verify_code: '',
      device_id: user.deviceId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      device_id: user.deviceId,
      msg: AccountMessage.loginSucceeded,
    });
    expect(response.json().token).not.toBe(user.token);
  });

  it('answers one failure for a wrong password and for an unknown number', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const wrong = await post('/user/login', {
      mobile_number: user.mobile,
      password: 'not-it',
      device_id: user.deviceId,
    });
    const unknown = await post('/user/login', { mobile_number: uniqueTestMobile(), password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, msg: AccountMessage.loginFailed });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
    const failures = await new AuditLog(database().db, clock).recent({ event: 'login_failed', limit: 2 });
    expect(failures.map((entry) => entry.detail.reason).sort()).toEqual(['unknown_mobile', 'wrong_password']);
  });

  it('asks an unknown device for a code sent to the account’s number, then trusts that device', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const ip = uniqueTestIp();
    const first = await post(
      '/user/login',
      { mobile_number: user.mobile, password: user.password, host: 'x', verify_code: '', device_id: '' },
      ip,
    );
    expect(first.statusCode).toBe(403);
    const { device_id: deviceId } = first.json();
    expect(first.json()).toEqual({
      code: 403,
      msg: AccountMessage.verificationRequired,
      device_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    expect(deviceId).not.toBe(user.deviceId);
    const code = await readLastOtp(app, user.mobile);

    // Asking again within the resend wait keeps the same code rather than failing.
    const repeat = await post(
      '/user/login',
      { mobile_number: user.mobile, password: user.password, device_id: deviceId },
      ip,
    );
    expect(repeat.statusCode).toBe(403);
    expect(repeat.json().device_id).toBe(deviceId);
    expect(await readLastOtp(app, user.mobile)).toBe(code);

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await post(
      '/user/login',
      { mobile_number: user.mobile, password: user.password, verify_code: wrongCode, device_id: deviceId },
      ip,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(AccountMessage.otpIncorrect);

    const verified = await post(
      '/user/login',
      { mobile_number: user.mobile, password: user.password, verify_code: code, device_id: deviceId },
      ip,
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().device_id).toBe(deviceId);

    const trusted = await post(
      '/user/login',
      { mobile_number: user.mobile, password: user.password, device_id: deviceId },
      ip,
    );
    expect(trusted.statusCode).toBe(200);
    const reused = await post(
      '/user/login',
      {
        mobile_number: user.mobile,
        password: user.password,
        verify_code: code,
        device_id: 'another-device-id-0001',
      },
      ip,
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toBe(AccountMessage.otpInvalid);
  });

  it('never sends a device code before the password is right', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const before = await readLastOtp(app, user.mobile);
    const response = await post('/user/login', {
      mobile_number: user.mobile,
      password: 'wrong-one',
      device_id: 'unknown-device-id-0001',
    });
    expect(response.statusCode).toBe(400);
    const rows = await database()
      .db.selectFrom('otp_codes')
      .select('purpose')
      .where('mobile', '=', user.mobile)
      .execute();
    expect(rows.map((row) => row.purpose)).toEqual(['register']);
    expect(await readLastOtp(app, user.mobile)).toBe(before);
  });

  describe('login throttling (issue 13): growing delays, never against the owner on a known device', () => {
    const login = (body: Record<string, unknown>, ip: string) => post('/user/login', body, ip);

    it('slows guesses on an account with growing delays instead of locking it', async () => {
      const user = await registerThroughApi(app, { rCode: ROOT_CODE });
      const guess = (ip: string) => login({ mobile_number: user.mobile, password: 'guess-guess' }, ip);
      // Five free tries, then each failure makes the next try wait 1 s, 2 s, 4 s …, whatever the address.
      for (let attempt = 0; attempt < LOGIN_ACCOUNT_DELAYS.free + 1; attempt += 1) {
        expect((await guess(uniqueTestIp())).statusCode).toBe(400);
      }
      const waits: number[] = [];
      for (let round = 0; round < 4; round += 1) {
        const refused = await guess(uniqueTestIp());
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 429, msg: AccountMessage.loginRateLimited });
        waits.push(refused.json().retry_after_seconds);
        clock.advance(refused.json().retry_after_seconds * 1000);
        expect((await guess(uniqueTestIp())).statusCode).toBe(400);
      }
      expect(waits).toEqual([1, 2, 4, 8]);
      // Waiting out the delay, the right password from a new device goes on to the device check (403), not 429.
      const refused = await guess(uniqueTestIp());
      clock.advance(refused.json().retry_after_seconds * 1000);
      const owner = await login(
        { mobile_number: user.mobile, password: user.password, device_id: 'brand-new-device-0001' },
        uniqueTestIp(),
      );
      expect(owner.statusCode).toBe(403);
    });

    it('lets the owner in with the right password from a trusted device, during an attack from the same address', async () => {
      const user = await registerThroughApi(app, { rCode: ROOT_CODE });
      const sharedIp = uniqueTestIp();
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const response = await login(
          { mobile_number: user.mobile, password: `guess-${attempt}-x` },
          sharedIp,
        );
        expect([400, 429]).toContain(response.statusCode);
      }
      // Both the account and the address are now waiting for minutes…
      const attacker = await login({ mobile_number: user.mobile, password: 'guess-again' }, sharedIp);
      expect(attacker.statusCode).toBe(429);
      // … and the owner's phone, which the account knows, still gets in at once.
      const owner = await login(
        { mobile_number: user.mobile, password: user.password, device_id: user.deviceId },
        sharedIp,
      );
      expect(owner.statusCode).toBe(200);
      // Wrong passwords on the trusted device are slowed too, but only on that device.
      for (let attempt = 0; attempt < LOGIN_ACCOUNT_DELAYS.free + 1; attempt += 1) {
        const wrong = await login(
          { mobile_number: user.mobile, password: 'typo-typo', device_id: user.deviceId },
          sharedIp,
        );
        expect(wrong.statusCode).toBe(400);
      }
      const slowed = await login(
        { mobile_number: user.mobile, password: user.password, device_id: user.deviceId },
        sharedIp,
      );
      expect(slowed.statusCode).toBe(429);
    });

    it('slows one address guessing many accounts, and no other address', async () => {
      const ip = uniqueTestIp();
      for (let attempt = 0; attempt < LOGIN_SOURCE_DELAYS.free + 1; attempt += 1) {
        const response = await login({ mobile_number: uniqueTestMobile(), password: 'guess-guess' }, ip);
        expect(response.statusCode).toBe(400);
      }
      const limited = await login({ mobile_number: uniqueTestMobile(), password: 'guess-guess' }, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().retry_after_seconds).toBe(1);
      const [event] = await new AuditLog(database().db, clock).recent({
        event: 'login_rate_limited',
        limit: 1,
      });
      expect(event).toMatchObject({ ip, detail: { by: 'ip' } });
      const elsewhere = await login(
        { mobile_number: uniqueTestMobile(), password: 'guess-guess' },
        uniqueTestIp(),
      );
      expect(elsewhere.statusCode).toBe(400);
    });

    it('does not slow an address whose people log in successfully (a carrier NAT)', async () => {
      const ip = uniqueTestIp();
      const users = await Promise.all(
        Array.from({ length: 4 }, () => registerThroughApi(app, { rCode: ROOT_CODE })),
      );
      for (let round = 0; round < 10; round += 1) {
        for (const user of users) {
          const response = await login({ mobile_number: user.mobile, password: user.password }, ip);
          // An unknown device: the right password goes on to the device check.
          expect(response.statusCode).toBe(403);
        }
      }
    });

    it('counts parallel guesses atomically: no more than the free tries and one more get checked', async () => {
      const user = await registerThroughApi(app, { rCode: ROOT_CODE });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          login({ mobile_number: user.mobile, password: `parallel-${index}` }, uniqueTestIp()),
        ),
      );
      const checked = answers.filter((response) => response.statusCode === 400);
      const refused = answers.filter((response) => response.statusCode === 429);
      expect(checked.length).toBeLessThanOrEqual(LOGIN_ACCOUNT_DELAYS.free + 1);
      expect(checked.length + refused.length).toBe(30);
    });
  });

  it('resets the password with a code and revokes every session', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const second = (
      await post('/user/login', {
        mobile_number: user.mobile,
        password: user.password,
        device_id: user.deviceId,
      })
    ).json().token;
    expect((await profileOf(second)).statusCode).toBe(200);

    const ip = uniqueTestIp();
    const sent = await post(
      '/user/send_verify_code',
      { mobile_number: user.mobile, verify_type: 'reset_password' },
      ip,
    );
    expect(sent.statusCode).toBe(200);
    const code = await readLastOtp(app, user.mobile);
    const reset = await app.inject({
      method: 'PUT',
      url: '/user/reset_password',
      remoteAddress: ip,
      payload: { mobile_number: user.mobile, verify_code: code, password: 'brand-new-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ code: 200, msg: AccountMessage.resetSucceeded });
    expect((await profileOf(user.token)).statusCode).toBe(401);
    expect((await profileOf(second)).json()).toEqual({ code: 401, msg: 'Please log in again' });

    const old = await post('/user/login', {
      mobile_number: user.mobile,
      password: user.password,
      device_id: user.deviceId,
    });
    expect(old.statusCode).toBe(400);
    const fresh = await post('/user/login', {
      mobile_number: user.mobile,
      password: 'brand-new-1',
      device_id: user.deviceId,
    });
    expect(fresh.statusCode).toBe(200);
    const [event] = await new AuditLog(database().db, clock).recent({ event: 'password_reset', limit: 1 });
    expect(event?.detail).toEqual({ sessions_revoked: 2 });
  });

  it('refuses a reset code for an unknown number', async () => {
    const response = await post('/user/send_verify_code', {
      mobile_number: uniqueTestMobile(),
      verify_type: 'reset_password',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: AccountMessage.mobileNotRegistered });
    const reset = await app.inject({
      method: 'PUT',
      url: '/user/reset_password',
      payload: { mobile_number: uniqueTestMobile(), verify_code: '123456', password: 'whatever-else' },
    });
    expect(reset.json()).toEqual({ code: 404, msg: AccountMessage.mobileNotRegistered });
  });

  it('logs out at once, leaving the other sessions alive', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const other = (
      await post('/user/login', {
        mobile_number: user.mobile,
        password: user.password,
        device_id: user.deviceId,
      })
    ).json().token;
    const logout = await post('/user/logout', {}, undefined, tokenHeader(user.token));
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ code: 200, msg: AccountMessage.loggedOut });
    expect((await profileOf(user.token)).statusCode).toBe(401);
    expect((await post('/user/logout', {}, undefined, tokenHeader(user.token))).statusCode).toBe(401);
    expect((await profileOf(other)).statusCode).toBe(200);
  });

  it('expires a token after 30 idle days and keeps a used one alive', async () => {
    const idle = await registerThroughApi(app, { rCode: ROOT_CODE });
    const busy = await registerThroughApi(app, { rCode: ROOT_CODE });
    clock.advance(SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect((await profileOf(busy.token)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await profileOf(idle.token)).statusCode).toBe(401);
    clock.advance(SESSION_IDLE_TIMEOUT_MS - 120_000);
    expect((await profileOf(busy.token)).statusCode).toBe(200);
  });

  it('writes last_used_at at most once a minute', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const lastUsed = async () =>
      (
        await database()
          .db.selectFrom('sessions')
          .select('last_used_at')
          .where('token_hash', '=', hashSessionToken(user.token))
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const created = await lastUsed();
    clock.advance(SESSION_TOUCH_INTERVAL_MS - 1);
    await profileOf(user.token);
    expect(await lastUsed()).toBe(created);
    clock.advance(1);
    await profileOf(user.token);
    expect(await lastUsed()).toBe(created + SESSION_TOUCH_INTERVAL_MS);
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Bearer abc'],
    ['a short token', 'Token abc'],
    ['a token with a bad character', `Token ${'a'.repeat(42)}!`],
    ['a well-formed unknown token', `Token ${'A'.repeat(43)}`],
    ['two tokens', `Token ${'A'.repeat(43)} ${'B'.repeat(43)}`],
  ])('answers 401 to %s', async (_, authorization) => {
    const response = await app.inject({
      method: 'GET',
      url: '/user/profile',
      ...(authorization ? { headers: { authorization } } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: 'Please log in again' });
  });

  it('sends the bank card code only to a logged-in user, at the account’s own number', async () => {
    const anonymous = await post('/user/send_verify_code', {
      mobile_number: uniqueTestMobile(),
      verify_type: 'edit_bankcard',
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    const elsewhere = uniqueTestMobile();
    const sent = await post(
      '/user/send_verify_code',
      { mobile_number: elsewhere, verify_type: 'edit_bankcard' },
      undefined,
      tokenHeader(user.token),
    );
    expect(sent.statusCode).toBe(200);
    const rows = await database()
      .db.selectFrom('otp_codes')
      .select(['mobile', 'purpose'])
      .where('purpose', '=', 'edit_bankcard')
      .execute();
    expect(rows).toEqual([{ mobile: user.mobile, purpose: 'edit_bankcard' }]);
    expect(
      (await app.inject({ method: 'GET', url: `/dev/sms/last?mobile=${encodeURIComponent(elsewhere)}` }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a second code within 60 seconds through the API', async () => {
    const mobile = uniqueTestMobile();
    const ip = uniqueTestIp();
    expect(
      (await post('/user/send_verify_code', { mobile_number: mobile, verify_type: 'register' }, ip))
        .statusCode,
    ).toBe(200);
    const again = await post(
      '/user/send_verify_code',
      { mobile_number: mobile, verify_type: 'register' },
      ip,
    );
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      code: 429,
      msg: AccountMessage.otpResendTooSoon,
      retry_after_seconds: 60,
    });
    clock.advance(OTP_RESEND_WAIT_MS);
    expect(
      (await post('/user/send_verify_code', { mobile_number: mobile, verify_type: 'register' }, ip))
        .statusCode,
    ).toBe(200);
  });

  it('caps the register and reset codes per device when send_verify_code carries the app’s device_id', async () => {
    // The web app sends its stored device id with every code request (issue 13 item 9): one device asking
    // for many numbers from many addresses is stopped by the per-device cap, which neither the per-number
    // nor the per-address cap would catch.
    const deviceCap = SETTING_DEFINITIONS['otp.hourly_cap_per_device'].defaultValue;
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    // The caps count clock hours: start at the beginning of the next one, so all requests share a window.
    clock.set(clock.now() - (clock.now() % OTP_CAP_WINDOW_MS) + OTP_CAP_WINDOW_MS + 1_000);
    const deviceId = `cap-device-${uniqueTestMobile().slice(-8)}`;
    for (let index = 0; index < deviceCap; index += 1) {
      const sent = await post('/user/send_verify_code', {
        mobile_number: uniqueTestMobile(),
        verify_type: 'register',
        device_id: deviceId,
      });
      expect(sent.statusCode).toBe(200);
    }
    const refused = await post('/user/send_verify_code', {
      mobile_number: user.mobile,
      verify_type: 'reset_password',
      device_id: deviceId,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, msg: AccountMessage.otpHourlyLimit });
    const [event] = await new AuditLog(database().db, clock).recent({ event: 'otp_rate_limited', limit: 1 });
    expect(event?.detail).toMatchObject({ cap: 'device', purpose: 'reset_password' });
    // Another device asking for the same number from a fresh address still gets its code.
    const otherDevice = await post('/user/send_verify_code', {
      mobile_number: user.mobile,
      verify_type: 'reset_password',
      device_id: `${deviceId}-2`,
    });
    expect(otherDevice.statusCode).toBe(200);
  });

  it('keeps an audit trail of the account events', async () => {
    const user = await registerThroughApi(app, { rCode: ROOT_CODE });
    await post('/user/login', {
      mobile_number: user.mobile,
      password: user.password,
      device_id: user.deviceId,
    });
    await post('/user/logout', {}, '198.51.100.77', tokenHeader(user.token));
    const entries = await database()
      .db.selectFrom('audit_log')
      .select(['event', 'ip'])
      .where('mobile', '=', user.mobile)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.event)).toEqual(['otp_sent', 'register', 'login_succeeded']);
    const logout = await new AuditLog(database().db, clock).recent({ event: 'logout', limit: 1 });
    expect(logout[0]).toMatchObject({ ip: '198.51.100.77', detail: { session_id: expect.any(Number) } });
    const rows = await database().db.selectFrom('audit_log').select('detail_json').execute();
    // No secret ever lands in the log.
    expect(
      rows.some((row) => row.detail_json.includes(user.password) || row.detail_json.includes(user.token)),
    ).toBe(false);
  });
});

// On both databases: bad input must never reach the database, and if some did (a NUL character, which
// PostgreSQL refuses in text) only PostgreSQL would show it, as a 500.
describeEachDatabase('account bad input', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await createTestUser(database().db, { rCode: ROOT_CODE });
    app = await buildTestApp(database());
  });

  afterAll(async () => {
    await app?.close();
  });

  const valid: Record<string, Record<string, unknown>> = {
    '/user/send_verify_code': { mobile_number: '+919000000001', verify_type: 'register' },
    '/user/register': {
      mobile_number: '+919000000001',
      verify_code: '123456',
      password: 'tamarind-kite',
      r_code: ROOT_CODE,
    },
    '/user/login': {
      mobile_number: '+919000000001',
      password: 'tamarind-kite',
      host: 'h',
      verify_code: '',
      device_id: '',
    },
    '/user/reset_password': {
      mobile_number: '+919000000001',
      verify_code: '123456',
      password: 'tamarind-kite',
    },
  };
  const methodOf = (url: string) => (url === '/user/reset_password' ? 'PUT' : 'POST');
  const requiredFields: Record<string, string[]> = {
    '/user/send_verify_code': ['mobile_number', 'verify_type'],
    '/user/register': ['mobile_number', 'verify_code', 'password', 'r_code'],
    '/user/login': ['mobile_number', 'password'],
    '/user/reset_password': ['mobile_number', 'verify_code', 'password'],
  };
  const allFields: Record<string, string[]> = {
    ...requiredFields,
    '/user/login': ['mobile_number', 'password', 'host', 'verify_code', 'device_id'],
  };

  const cases: Array<[string, string, string, unknown]> = [];
  for (const [url, fields] of Object.entries(allFields)) {
    for (const field of fields) {
      const required = requiredFields[url]?.includes(field) ?? false;
      if (required) {
        cases.push([url, field, 'missing', undefined]);
        cases.push([url, field, 'empty', '']);
        cases.push([url, field, 'blank', '   ']);
        cases.push([url, field, 'null', null]);
      }
      cases.push([url, field, '10k characters', 'x'.repeat(10_000)]);
      cases.push([url, field, 'a number', 12345]);
      cases.push([url, field, 'an object', { value: 'x' }]);
      cases.push([url, field, 'an array', ['x']]);
      cases.push([url, field, 'a boolean', true]);
      cases.push([url, field, 'a control character', 'ab\u0007cd']);
      cases.push([url, field, 'a NUL character', 'ab\u0000cd']);
    }
  }

  it.each(cases)('%s answers 400 naming %s when it is %s', async (url, field, _, value) => {
    const payload: Record<string, unknown> = { ...valid[url] };
    if (value === undefined) delete payload[field];
    else payload[field] = value;
    const response = await app.inject({ method: methodOf(url), url, payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(400);
    expect(body.msg.startsWith(`${field} `)).toBe(true);
  });

  it.each(Object.keys(valid))('%s answers 400 to a body that is not an object', async (url) => {
    for (const payload of ['[]', '"text"', '42', 'null', '{"mobile_number":']) {
      const response = await app.inject({
        method: methodOf(url),
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${url} ${payload}`).toBe(400);
      expect(typeof response.json().msg).toBe('string');
    }
  });

  it.each([
    ['/dev/sms/last', 'mobile'],
    [`/dev/sms/last?mobile=${'9'.repeat(10_000)}`, 'mobile'],
    ['/dev/sms/last?mobile=abc', 'mobile'],
    ['/dev/sms/last?mobile=1&mobile=2', 'mobile'],
    ['/dev/sms/last?mobile=%00', 'mobile'],
    ['/dev/sms/last?mobile=%2B91900000000%00', 'mobile'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg.startsWith(`${field} `)).toBe(true);
  });

  it('answers 404 from the outbox for a number that got no message', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/sms/last?mobile=%2B919999999999' });
    expect(response.statusCode).toBe(404);
  });
});

describe('development routes in production', () => {
  it('are not registered at all', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildTestApp(database, { config: { isProduction: true, env: 'production' } });
    try {
      const response = await app.inject({ method: 'GET', url: '/dev/sms/last?mobile=%2B919000000001' });
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toBe('No route for GET /dev/sms/last');
    } finally {
      await app.close();
      await database.cleanup();
    }
  });
});
