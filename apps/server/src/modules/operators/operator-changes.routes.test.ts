import { ApprovalMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { OPERATOR_CHANGE_NEEDS_REASON } from './operator-changes.service.ts';
import {
  adminTokenHeaders,
  enrolOperator,
  TEST_OPERATOR_PASSWORD,
  type TestOperator,
} from './operator-fixtures.ts';

const ADMIN_TOKEN = 'operator-changes-admin-token-0123456789';

describeEachDatabase('operator accounts under maker-checker', (database) => {
  const clock = new ManualClock(Date.UTC(2026, 4, 4, 8, 0));
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (
    headers: { authorization: string },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const token = adminTokenHeaders(ADMIN_TOKEN);
  const newOperator = (headers: { authorization: string }, username: string, role: string, reason?: string) =>
    call(headers, 'POST', '/admin/api/operators', {
      username,
      password: TEST_OPERATOR_PASSWORD,
      role,
      ...(reason ? { reason } : {}),
    });
  const alertsOf = async (headers: { authorization: string }) =>
    (await call(headers, 'GET', '/admin/api/alerts?state=all&p_size=100')).json().queryset as Array<{
      kind: string;
      summary: string;
    }>;

  it('lets one owner act alone only while no other owner exists, and then needs the other', async () => {
    // The deployment's first operator: nobody exists to approve, and nothing to alert about.
    const first = await newOperator(token, 'owner-ana', 'owner');
    expect(first.statusCode, first.body).toBe(200);
    const ana = await enrolOperator(app, clock, first.json().entry);
    expect(await alertsOf(ana.headers)).toEqual([]);

    // The only owner adds operators at once, and the console says no second pair of eyes saw it.
    const second = await newOperator(ana.headers, 'owner-ben', 'owner');
    expect(second.statusCode, second.body).toBe(200);
    const ben: TestOperator = await enrolOperator(app, clock, second.json().entry);
    expect((await alertsOf(ben.headers)).map((alert) => alert.kind)).toEqual(['operator_changed_alone']);

    // From now on, a puppet account for approving one's own requests needs the other owner.
    expect((await newOperator(ana.headers, 'finance-pup', 'finance')).json()).toEqual({
      code: 400,
      msg: OPERATOR_CHANGE_NEEDS_REASON,
    });
    const asked = await newOperator(ana.headers, 'finance-pup', 'finance', 'new finance hire');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().request).toMatchObject({
      kind: 'operator.create',
      details: { username: 'finance-pup', role: 'finance' },
      approver_roles: [],
    });
    expect(asked.body).not.toContain(TEST_OPERATOR_PASSWORD);
    const notYet = await app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: { username: 'finance-pup', password: TEST_OPERATOR_PASSWORD },
    });
    expect(notYet.statusCode).toBe(400);
    const requestId = asked.json().request.id;
    expect(
      (await call(ana.headers, 'POST', `/admin/api/approvals/${requestId}/approve`, { reason: 'me' })).json(),
    ).toEqual({ code: 409, msg: ApprovalMessage.ownRequest });
    const approved = await call(ben.headers, 'POST', `/admin/api/approvals/${requestId}/approve`, {
      reason: 'hired on Monday',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const pup = await enrolOperator(app, clock, {
      id: approved.json().entry.result.operator_id,
      username: 'finance-pup',
      role: 'finance',
    });
    // A finance operator never approves operator changes (owners only).
    const sneaky = await newOperator(ben.headers, 'support-x', 'support', 'support hire');
    expect(
      (
        await call(pup.headers, 'POST', `/admin/api/approvals/${sneaky.json().request.id}/approve`, {
          reason: 'x',
        })
      ).json(),
    ).toEqual({ code: 403, msg: ApprovalMessage.roleMayNotApprove });

    // Raising a role, a new password or a TOTP reset wait for the other owner; disabling a non-owner does not.
    const raise = await call(ana.headers, 'PUT', `/admin/api/operators/${pup.id}`, {
      role: 'owner',
      reason: 'promotion',
    });
    expect(raise.statusCode).toBe(202);
    const reset = await call(ana.headers, 'PUT', `/admin/api/operators/${pup.id}`, {
      password: 'a-brand-new-password-1',
      reason: 'forgot it',
    });
    expect(reset.statusCode).toBe(202);
    expect(reset.body).not.toContain('a-brand-new-password-1');
    const disabled = await call(ana.headers, 'PUT', `/admin/api/operators/${pup.id}`, { disabled: true });
    expect(disabled.json()).toMatchObject({ code: 200, entry: { disabled: true } });
    // Disabling an owner takes a second owner: one owner cannot remove the other and then act alone.
    const removeBen = await call(ana.headers, 'PUT', `/admin/api/operators/${ben.id}`, {
      disabled: true,
      reason: 'cleanup',
    });
    expect(removeBen.statusCode).toBe(202);
    expect((await call(ben.headers, 'GET', '/admin/api/auth/me')).statusCode).toBe(200);

    // The automation token asks like anyone else while owners exist, and never approves.
    const viaToken = await newOperator(token, 'content-bot', 'content', 'content team');
    expect(viaToken.statusCode).toBe(202);
    expect(
      (
        await call(token, 'POST', `/admin/api/approvals/${viaToken.json().request.id}/approve`, {
          reason: 'x',
        })
      ).json(),
    ).toEqual({ code: 403, msg: ApprovalMessage.tokenMayNotApprove });
  });
});
