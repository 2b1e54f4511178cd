import { MAX_OPEN_SUGGESTIONS, type SuggestionListResponse, SuggestionMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser } from '../accounts/account-fixtures.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { seedDemoPaymentChannels } from '../wallet/demo-payment-channels.ts';
import { createRecharge, createWalletUser } from '../wallet/wallet-test-fixtures.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);
const ADMIN_TOKEN = 'suggestions-operator-admin-token-0123456789';
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);

describeEachDatabase('support tickets', (database) => {
  const clock = new ManualClock(START_MS);
  let app: FastifyInstance;
  const rCode = 'TICKROOT';

  beforeAll(async () => {
    await seedDemoPaymentChannels(database().db, 'in', clock.now(), testSecretBox());
    await createTestUser(database().db, { rCode });
    app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const add = (token: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/user/add_suggestion',
      headers: { authorization: `Token ${token}` },
      payload,
    });
  const list = async (token: string, query = '') =>
    (
      await app.inject({
        method: 'GET',
        url: `/user/suggestions${query}`,
        headers: { authorization: `Token ${token}` },
      })
    ).json<SuggestionListResponse>();

  it('opens tickets, checks the fields and out_id, caps open tickets, and shows the operator’s reply', async () => {
    const player = await createWalletUser(app, database().db, { rCode });
    const other = await createWalletUser(app, database().db, { rCode });
    const recharge = await createRecharge(app, player.token, '500', 'sandbox');
    const foreign = await createRecharge(app, other.token, '500', 'sandbox');
    const base = { type: 'RP', whats_app: '+919812345678', description: 'My recharge did not arrive' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, type: 'X' }, 'type must be one of S, C, RP, WP, PP, GRP, O'],
      [{ ...base, whats_app: '' }, 'whats_app is required'],
      [{ ...base, description: 'x'.repeat(501) }, 'description must be at most 500 characters'],
      [{ ...base, out_id: foreign.serial_number }, SuggestionMessage.unknownOutId],
    ];
    for (const [payload, message] of cases) {
      const response = await add(player.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().msg).toBe(message);
    }
    const created = await add(player.token, { ...base, out_id: recharge.serial_number });
    expect(created.json()).toMatchObject({ code: 200, msg: SuggestionMessage.created });
    for (let index = 1; index < MAX_OPEN_SUGGESTIONS; index += 1) {
      expect((await add(player.token, { ...base, type: 'S' })).statusCode).toBe(200);
    }
    expect((await add(player.token, base)).json()).toEqual({ code: 400, msg: SuggestionMessage.tooManyOpen });
    const waiting = await list(player.token, '?status=Wait');
    expect(waiting.page.count).toBe(MAX_OPEN_SUGGESTIONS);
    expect(waiting.queryset.at(-1)).toMatchObject({
      type: 'RP',
      content: base.description,
      supple_serial: recharge.serial_number,
      status: 'Wait',
      reply: '',
    });
    expect((await list(other.token)).page.count).toBe(0);

    const operatorList = await app.inject({
      method: 'GET',
      url: '/admin/api/suggestions',
      headers: operatorHeaders,
    });
    const ticket = operatorList
      .json()
      .queryset.find((row: { supple_serial: string }) => row.supple_serial === recharge.serial_number);
    const replied = await app.inject({
      method: 'POST',
      url: `/admin/api/suggestions/${ticket.id}/reply`,
      headers: operatorHeaders,
      payload: { reply: 'Credited now, sorry for the wait.' },
    });
    expect(replied.json().entry).toMatchObject({
      status: 'Completed',
      reply: 'Credited now, sorry for the wait.',
    });
    const twice = await app.inject({
      method: 'POST',
      url: `/admin/api/suggestions/${ticket.id}/close`,
      headers: operatorHeaders,
    });
    expect(twice.json()).toEqual({ code: 400, msg: SuggestionMessage.alreadyCompleted });
    const completed = await list(player.token, '?status=Completed');
    expect(completed.queryset).toEqual([
      expect.objectContaining({ status: 'Completed', reply: 'Credited now, sorry for the wait.' }),
    ]);
    // A slot is free again.
    expect((await add(player.token, base)).statusCode).toBe(200);
    expect((await list(player.token, '?status=Done')).code).toBe(400);
  });
});
