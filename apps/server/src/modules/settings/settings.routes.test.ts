import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_AUTH_FAILED_EVENT, OPERATOR_UNAUTHORIZED_MESSAGE } from '../../http/operator-guard.ts';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { AuditLog } from '../accounts/audit-log.service.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { SettingsService } from './settings.service.ts';
import { OPERATOR_SETTING_CHANGED } from './settings-operator.service.ts';

const ADMIN_TOKEN = 'settings-test-admin-token-0123456789';
const NOW = Date.parse('2025-03-05T06:30:00Z');
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);

describeEachDatabase('operator API of settings', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const put = (key: string, payload: unknown, headers: Record<string, string> = operatorHeaders) =>
    app.inject({ method: 'PUT', url: `/admin/api/settings/${key}`, headers, payload: payload as object });

  it('refuses a call without the operator token and audits the refusal', async () => {
    const response = await put('withdrawal.needs_bet_factor', { value: 0 }, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().msg).toBe(OPERATOR_UNAUTHORIZED_MESSAGE);
    const [refusal] = await new AuditLog(database().db, clock).recent({ event: OPERATOR_AUTH_FAILED_EVENT });
    expect(refusal?.detail).toEqual({
      route: 'PUT /admin/api/settings/withdrawal.needs_bet_factor',
      repeats_counted: true,
    });
  });

  it('lists every setting with its default value', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/admin/api/settings',
      headers: operatorHeaders,
    });
    expect(response.statusCode).toBe(200);
    const { settings } = response.json();
    expect(settings['bank_card.otp_required']).toBe(true);
    expect(settings['withdrawal.daily_count']).toBe(3);
  });

  it('changes a setting, which the services read at once, and audits the old and new value', async () => {
    // Fewer withdrawals a day tightens a control, so it applies at once.
    const response = await put('withdrawal.daily_count', { value: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, key: 'withdrawal.daily_count', value: 2 });
    expect(await new SettingsService(database().db, clock).get('withdrawal.daily_count')).toBe(2);
    const [change] = await new AuditLog(database().db, clock).recent({ event: OPERATOR_SETTING_CHANGED });
    expect(change?.detail).toEqual({
      operator: 'admin_token',
      key: 'withdrawal.daily_count',
      previous: 3,
      value: 2,
    });
  });

  it('turns a change that loosens a money control into a request, and applies nothing', async () => {
    const response = await put('withdrawal.daily_count', { value: 9, reason: 'busy season' });
    expect(response.statusCode).toBe(202);
    expect(response.json().request).toMatchObject({
      kind: 'setting.change',
      status: 'pending',
      details: { key: 'withdrawal.daily_count', previous: 2, value: 9 },
      requested_by: 'admin_token',
      reason: 'busy season',
    });
    expect(await new SettingsService(database().db, clock).get('withdrawal.daily_count')).toBe(2);
  });

  it.each([
    ['a value of the wrong type', 'withdrawal.daily_count', { value: 'five' }],
    ['a value outside its bounds', 'withdrawal.daily_count', { value: -1 }],
    ['a fraction where a whole number is needed', 'withdrawal.min_amount_minor', { value: 10.5 }],
    ['no value', 'bank_card.otp_required', {}],
  ])('answers 400 naming value for %s and changes nothing', async (_case, key, body) => {
    const before = await new SettingsService(database().db, clock).get(key as 'withdrawal.daily_count');
    const response = await put(key, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^value/);
    expect(await new SettingsService(database().db, clock).get(key as 'withdrawal.daily_count')).toBe(before);
  });

  it('answers 404 for a key that is not a setting, and 400 for an absurdly long one', async () => {
    expect((await put('no.such_setting', { value: 1 })).statusCode).toBe(404);
    expect((await put('k'.repeat(80), { value: 1 })).statusCode).toBe(400);
  });
});
