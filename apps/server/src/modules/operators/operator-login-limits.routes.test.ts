import { OperatorMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { hashSessionToken } from '../accounts/session-token.ts';
import {
  createEnrolledOperator,
  loginOperator,
  TEST_OPERATOR_PASSWORD,
  type TestOperator,
  totpCodeAt,
} from './operator-fixtures.ts';
import {
  OPERATOR_LOGIN_DEVICE_DELAYS,
  OPERATOR_LOGIN_PAIR_DELAYS,
  OPERATOR_LOGIN_USERNAME_DELAYS,
} from './operator-login-limits.service.ts';
import { OperatorAuditEvent } from './operators.service.ts';

/**
 * Issue 24: ten wrong passwords from ten addresses locked the owner out of the console for about five
 * minutes. Strangers' wrong passwords now slow only strangers: growing delays per (username, address), a
 * generous bound per username for logins from new devices, and a login from a device the operator used
 * before is counted only against that device.
 */
describeEachDatabase('operator login limits and known devices', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2025, 5, 2, 7, 0));
  let owner: TestOperator;
  let addressCounter = 0;
  /** A new address each call: the attacker's botnet, or the operator's new network. */
  const newAddress = () => {
    addressCounter += 1;
    return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    owner = await createEnrolledOperator(app, database(), clock, { username: 'owner.limits', role: 'owner' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (payload: Record<string, unknown>, remoteAddress = newAddress()) =>
    app.inject({ method: 'POST', url: '/admin/api/auth/login', payload, remoteAddress });
  const wrongPassword = (username: string, remoteAddress = newAddress(), deviceToken?: string) =>
    login(
      {
        username,
        password: 'not-the-password-x',
        totp_code: '123456',
        ...(deviceToken ? { device_token: deviceToken } : {}),
      },
      remoteAddress,
    );
  /**
   * The right password and the code of the clock's TOTP step. Each code works once: a test that logs an
   * operator in twice moves the clock on a step in between (a refused attempt checks no code).
   */
  const rightLogin = async (operator: TestOperator, remoteAddress = newAddress(), deviceToken?: string) =>
    login(
      {
        username: operator.username,
        password: TEST_OPERATOR_PASSWORD,
        totp_code: await totpCodeAt(operator.secret, clock),
        ...(deviceToken ? { device_token: deviceToken } : {}),
      },
      remoteAddress,
    );
  let operatorCounter = 0;
  const newOperator = () => {
    operatorCounter += 1;
    return createEnrolledOperator(app, database(), clock, {
      username: `fin.limits${operatorCounter}`,
      role: 'finance',
    });
  };

  it('lets the operator in at once from a known device after ten wrong passwords from ten addresses', async () => {
    const target = await newOperator();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await wrongPassword(target.username)).statusCode).toBe(400);
    }
    // The reported attack no longer locks anyone out: not even a login from a new device waits …
    const fromNewDevice = await rightLogin(target);
    expect(fromNewDevice.statusCode).toBe(200);
    clock.advance(30_000);
    // … and from the known device the right password and code succeed at once.
    const fromKnownDevice = await rightLogin(target, newAddress(), target.deviceToken);
    expect(fromKnownDevice.statusCode).toBe(200);
    expect(fromKnownDevice.json()).toMatchObject({ step: 'session', device_token: target.deviceToken });
  });

  it('keeps the known device working while a botnet has the username waiting', async () => {
    const target = await newOperator();
    const attempts = OPERATOR_LOGIN_USERNAME_DELAYS.free + 10;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      statuses.push((await wrongPassword(target.username)).statusCode);
    }
    // Every address tried once; the username's own ladder checked its free tries and one more, then waits.
    expect(statuses.filter((status) => status === 400)).toHaveLength(OPERATOR_LOGIN_USERNAME_DELAYS.free + 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      attempts - OPERATOR_LOGIN_USERNAME_DELAYS.free - 1,
    );
    // A new device now waits, even with the right password …
    const stranger = await rightLogin(target);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ msg: OperatorMessage.loginRateLimited });
    // … but the operator's own browser gets in at once, from any address.
    const known = await rightLogin(target, newAddress(), target.deviceToken);
    expect(known.statusCode).toBe(200);
    const [entry] = await new AuditLog(database().db, clock).recent({
      event: OperatorAuditEvent.loginSucceeded,
      limit: 1,
    });
    expect(entry?.detail).toMatchObject({ username: target.username, known_device: true });
  });

  it('gives a stranger address growing delays, and nobody else', async () => {
    const target = await newOperator();
    const stranger = newAddress();
    for (let attempt = 0; attempt <= OPERATOR_LOGIN_PAIR_DELAYS.free; attempt += 1) {
      expect((await wrongPassword(target.username, stranger)).statusCode).toBe(400);
    }
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refused = await wrongPassword(target.username, stranger);
      expect(refused.statusCode).toBe(429);
      waits.push(refused.json().retry_after_seconds);
      clock.advance(refused.json().retry_after_seconds * 1000);
      expect((await wrongPassword(target.username, stranger)).statusCode).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    const [event] = await new AuditLog(database().db, clock).recent({
      event: OperatorAuditEvent.loginRateLimited,
      limit: 1,
    });
    expect(event).toMatchObject({
      ip: stranger,
      detail: { username: target.username, by: 'username_and_ip' },
    });
    // The stranger still waits; another address and the operator's own device do not.
    expect((await wrongPassword(target.username, stranger)).statusCode).toBe(429);
    expect((await rightLogin(target)).statusCode).toBe(200);
    clock.advance(30_000);
    expect((await rightLogin(target, stranger, target.deviceToken)).statusCode).toBe(200);
  });

  it('counts parallel guesses atomically, from strangers and from a known device alike', async () => {
    const target = await newOperator();
    const stranger = newAddress();
    const fromStranger = await Promise.all(
      Array.from({ length: 30 }, () => wrongPassword(target.username, stranger)),
    );
    const checked = fromStranger.filter((response) => response.statusCode === 400);
    expect(checked).toHaveLength(OPERATOR_LOGIN_PAIR_DELAYS.free + 1);
    expect(fromStranger.filter((response) => response.statusCode === 429)).toHaveLength(
      30 - OPERATOR_LOGIN_PAIR_DELAYS.free - 1,
    );

    const fromDevice = await Promise.all(
      Array.from({ length: 30 }, () => wrongPassword(target.username, newAddress(), target.deviceToken)),
    );
    expect(fromDevice.filter((response) => response.statusCode === 400)).toHaveLength(
      OPERATOR_LOGIN_DEVICE_DELAYS.free + 1,
    );
    // The device's wait is its own: the right password from it waits too, and it ends with the wait.
    const slowed = await rightLogin(target, newAddress(), target.deviceToken);
    expect(slowed.statusCode).toBe(429);
    clock.advance(slowed.json().retry_after_seconds * 1000);
    expect((await rightLogin(target, newAddress(), target.deviceToken)).statusCode).toBe(200);
  });

  it('answers a device token stored only as a hash, of that operator only, and forgets it on a password or TOTP reset and when disabled', async () => {
    owner = await loginOperator(app, clock, owner);
    const target = await newOperator();
    const other = await newOperator();
    const stored = await database()
      .db.selectFrom('operator_login_devices')
      .selectAll()
      .where('operator_id', '=', target.id)
      .execute();
    expect(target.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.map((row) => row.token_hash)).toEqual([hashSessionToken(target.deviceToken)]);
    expect(JSON.stringify(stored)).not.toContain(target.deviceToken);

    // Let a botnet hold the username, so only a known device gets in.
    for (let attempt = 0; attempt <= OPERATOR_LOGIN_USERNAME_DELAYS.free; attempt += 1) {
      await wrongPassword(target.username);
    }
    expect((await rightLogin(target)).statusCode).toBe(429);
    // Another operator's device token (or an unknown one) is no known device of this operator.
    expect((await rightLogin(target, newAddress(), other.deviceToken)).statusCode).toBe(429);
    expect((await rightLogin(target, newAddress(), 'x'.repeat(43))).statusCode).toBe(429);
    const malformed = await login({
      username: target.username,
      password: TEST_OPERATOR_PASSWORD,
      device_token: 'short',
    });
    expect(malformed.json()).toEqual({ code: 400, msg: 'device_token is malformed' });
    const known = await rightLogin(target, newAddress(), target.deviceToken);
    expect(known.statusCode).toBe(200);
    const used = await database()
      .db.selectFrom('operator_login_devices')
      .select('last_used_at')
      .where('token_hash', '=', hashSessionToken(target.deviceToken))
      .executeTakeFirstOrThrow();
    expect(Number(used.last_used_at)).toBe(clock.now());

    const update = (id: number, payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/admin/api/operators/${id}`, headers: owner.headers, payload });
    // A new password forgets the device: it waits like any stranger's browser now.
    const newPassword = await update(target.id, { password: TEST_OPERATOR_PASSWORD });
    expect(newPassword.statusCode).toBe(200);
    expect((await rightLogin(target, newAddress(), target.deviceToken)).statusCode).toBe(429);
    const [changed] = await new AuditLog(database().db, clock).recent({
      event: OperatorAuditEvent.updated,
      limit: 1,
    });
    expect(changed?.detail).toMatchObject({ target_operator_id: target.id, devices_forgotten: 1 });

    // A TOTP reset and disabling forget the other operator's devices the same way.
    const otherDevice = other.deviceToken;
    expect((await update(other.id, { reset_totp: true })).json().entry.totp_enrolled).toBe(false);
    const forgotten = await database()
      .db.selectFrom('operator_login_devices')
      .select('revoked_at')
      .where('token_hash', '=', hashSessionToken(otherDevice))
      .executeTakeFirstOrThrow();
    expect(forgotten.revoked_at).not.toBeNull();
    const third = await newOperator();
    expect((await update(third.id, { disabled: true })).statusCode).toBe(200);
    const disabledDevices = await database()
      .db.selectFrom('operator_login_devices')
      .select('revoked_at')
      .where('operator_id', '=', third.id)
      .execute();
    expect(disabledDevices.length).toBeGreaterThan(0);
    expect(disabledDevices.every((row) => row.revoked_at !== null)).toBe(true);
  });
});
