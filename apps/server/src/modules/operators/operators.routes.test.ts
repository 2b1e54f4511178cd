import { OperatorMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { DatabaseRateLimiter } from '../accounts/rate-limiter.ts';
import {
  createEnrolledOperator,
  loginOperator,
  operatorHeader,
  TEST_OPERATOR_PASSWORD,
  type TestOperator,
  totpCodeAt,
} from './operator-fixtures.ts';
import {
  OPERATOR_SESSION_IDLE_MS,
  OPERATOR_SESSION_MAX_AGE_MS,
  OperatorAuditEvent,
  OperatorService,
} from './operators.service.ts';

describeEachDatabase('operator accounts, TOTP and console sessions', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(Date.UTC(2025, 2, 5, 6, 30));
  let owner: TestOperator;
  let service: OperatorService;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    service = new OperatorService(
      database(),
      clock,
      new AuditLog(database().db, clock),
      new DatabaseRateLimiter(database().db, clock),
      testSecretBox(),
    );
    owner = await createEnrolledOperator(app, database(), clock, { username: 'owner.one', role: 'owner' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const login = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/admin/api/auth/login', payload });
  const me = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/admin/api/auth/me', headers });
  const newOperator = (username: string) =>
    service.create(
      { username, password: TEST_OPERATOR_PASSWORD, role: 'finance' },
      { operator: 'test', ip: null },
    );

  it('enrols TOTP at the first login with a QR code, and only with a code of the new secret', async () => {
    await newOperator('fin.enrol');
    const first = await login({ username: 'fin.enrol', password: TEST_OPERATOR_PASSWORD });
    expect(first.statusCode).toBe(200);
    const enrolment = first.json();
    expect(enrolment).toMatchObject({ step: 'enrol', msg: OperatorMessage.enrolmentRequired });
    expect(enrolment.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.otpauth_url).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauth_url).toContain('fin.enrol');
    // A code of another secret does not enrol; the password alone never gives a session.
    const wrong = await app.inject({
      method: 'POST',
      url: '/admin/api/auth/enrol',
      payload: {
        enrolment_token: enrolment.enrolment_token,
        totp_code: await totpCodeAt(owner.secret, clock),
      },
    });
    expect(wrong.statusCode).toBe(400);
    const enrolled = await app.inject({
      method: 'POST',
      url: '/admin/api/auth/enrol',
      payload: {
        enrolment_token: enrolment.enrolment_token,
        totp_code: await totpCodeAt(enrolment.secret, clock),
      },
    });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json()).toMatchObject({
      step: 'session',
      operator: { username: 'fin.enrol', totp_enrolled: true },
    });
    expect((await me(operatorHeader(enrolled.json().token))).json().operator.role).toBe('finance');
    // The enrolment token is spent.
    const again = await app.inject({
      method: 'POST',
      url: '/admin/api/auth/enrol',
      payload: {
        enrolment_token: enrolment.enrolment_token,
        totp_code: await totpCodeAt(enrolment.secret, clock),
      },
    });
    expect(again.statusCode).toBe(401);
  });

  it('logs an enrolled operator in with password and a fresh code only, each code once', async () => {
    clock.advance(60_000);
    const failed = OperatorMessage.loginFailed;
    const noCode = await login({ username: owner.username, password: TEST_OPERATOR_PASSWORD });
    expect(noCode.json()).toEqual({ code: 400, msg: failed });
    const code = await totpCodeAt(owner.secret, clock);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (
        await login({ username: owner.username, password: TEST_OPERATOR_PASSWORD, totp_code: wrongCode })
      ).json(),
    ).toEqual({
      code: 400,
      msg: failed,
    });
    expect(
      (await login({ username: owner.username, password: 'wrong-password-000', totp_code: code })).json(),
    ).toEqual({
      code: 400,
      msg: failed,
    });
    expect(
      (await login({ username: 'nobody.here', password: TEST_OPERATOR_PASSWORD, totp_code: code })).json(),
    ).toEqual({
      code: 400,
      msg: failed,
    });
    const ok = await login({ username: owner.username, password: TEST_OPERATOR_PASSWORD, totp_code: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ step: 'session', operator: { role: 'owner' } });
    // The same code cannot be replayed, even within its 30 seconds.
    const replay = await login({
      username: owner.username,
      password: TEST_OPERATOR_PASSWORD,
      totp_code: code,
    });
    expect(replay.json()).toEqual({ code: 400, msg: failed });
    const audit = await new AuditLog(database().db, clock).recent({
      event: OperatorAuditEvent.loginFailed,
      limit: 10,
    });
    expect(audit.map((row) => row.detail.reason)).toEqual(
      expect.arrayContaining(['code_missing', 'wrong_code', 'wrong_password', 'unknown_username']),
    );
  });

  it('ends sessions when unused for 30 minutes and 12 hours after login', async () => {
    const operator = await createEnrolledOperator(app, database(), clock, {
      username: 'fin.idle',
      role: 'finance',
    });
    clock.advance(OPERATOR_SESSION_IDLE_MS - 60_000);
    expect((await me(operator.headers)).statusCode).toBe(200);
    clock.advance(OPERATOR_SESSION_IDLE_MS);
    expect((await me(operator.headers)).statusCode).toBe(401);

    const busy = await createEnrolledOperator(app, database(), clock, {
      username: 'fin.busy',
      role: 'finance',
    });
    for (let elapsed = 0; elapsed < OPERATOR_SESSION_MAX_AGE_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      clock.advance(20 * 60_000);
      expect((await me(busy.headers)).statusCode).toBe(200);
    }
    clock.advance(40 * 60_000);
    expect((await me(busy.headers)).statusCode).toBe(401);
  });

  it('lets the owner disable an operator, which ends its sessions and its logins, and keeps the last owner', async () => {
    owner = await loginOperator(app, clock, owner);
    const target = await createEnrolledOperator(app, database(), clock, {
      username: 'sup.gone',
      role: 'support',
    });
    expect((await me(target.headers)).statusCode).toBe(200);
    const disabled = await app.inject({
      method: 'PUT',
      url: `/admin/api/operators/${target.id}`,
      headers: owner.headers,
      payload: { disabled: true },
    });
    expect(disabled.json()).toMatchObject({ code: 200, entry: { disabled: true } });
    expect((await me(target.headers)).statusCode).toBe(401);
    const relogin = await login({
      username: target.username,
      password: TEST_OPERATOR_PASSWORD,
      totp_code: await totpCodeAt(target.secret, clock),
    });
    expect(relogin.statusCode).toBe(400);
    const demoteSelf = await app.inject({
      method: 'PUT',
      url: `/admin/api/operators/${owner.id}`,
      headers: owner.headers,
      payload: { role: 'auditor' },
    });
    expect(demoteSelf.json()).toEqual({ code: 409, msg: OperatorMessage.lastOwner });
    // The change is in the audit log with who did it, before and after, found by the operator's id.
    const search = await app.inject({
      method: 'GET',
      url: `/admin/api/audit?operator_id=${owner.id}&event=${OperatorAuditEvent.updated}`,
      headers: owner.headers,
    });
    const [row] = search.json().queryset;
    expect(row).toMatchObject({
      operator_id: owner.id,
      operator_username: owner.username,
      detail: {
        operator: owner.username,
        target_operator_id: target.id,
        before: { disabled: false },
        after: { disabled: true },
        sessions_revoked: 1,
      },
    });
    const byText = await app.inject({
      method: 'GET',
      url: '/admin/api/audit?q=sup.gone',
      headers: owner.headers,
    });
    expect(byText.json().page.count).toBeGreaterThan(0);
  });

  it('refuses bad input with the field named', async () => {
    owner = await loginOperator(app, clock, owner);
    const response = await app.inject({
      method: 'POST',
      url: '/admin/api/operators',
      headers: owner.headers,
      payload: { username: 'Bad Name', password: 'short', role: 'boss' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/username/);
  });
});
