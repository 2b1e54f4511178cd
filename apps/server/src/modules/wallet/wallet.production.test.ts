import type { ChannelListResponse } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createTestUser } from '../accounts/account-fixtures.ts';
import { seedDemoPaymentChannels } from './demo-payment-channels.ts';
import { createWalletUser, postRecharge, rechargeBody } from './wallet-test-fixtures.ts';

const START_MS = Date.UTC(2025, 2, 1, 6, 30);

describe('wallet in production', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(START_MS);
  let token = '';

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    expect(await seedDemoPaymentChannels(database.db, 'in', clock.now(), testSecretBox())).toBe(6);
    // Seeding again adds nothing: the operator's channels are never touched.
    expect(await seedDemoPaymentChannels(database.db, 'in', clock.now(), testSecretBox())).toBe(0);
    await createTestUser(database.db, { rCode: 'PRODROOT' });
    // A development app registers the player first (production has no SMS dev route to read the code).
    const development = await buildTestApp(database, { clock });
    const user = await createWalletUser(development, database.db, { rCode: 'PRODROOT' });
    await development.close();
    app = await buildTestApp(database, { clock, config: { isProduction: true, env: 'production' } });
    token = user.token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('never offers or serves the sandbox gateway', async () => {
    const channels = await app.inject({
      method: 'GET',
      url: '/user/channels?type=pay',
      headers: { authorization: `Token ${token}` },
    });
    expect(channels.json<ChannelListResponse>().queryset.map((channel) => channel.key)).toEqual([
      'mpurse',
      'upi',
    ]);
    const recharge = await postRecharge(app, token, rechargeBody('500', 'sandbox'));
    expect(recharge.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/pay/sandbox/R1' })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/dev/sandbox/pay', payload: { serial_number: 'R1' } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/webhooks/sandbox', payload: {} })).statusCode).toBe(
      404,
    );
  });

  it('answers 401 on every operator call when ADMIN_TOKEN is not set', async () => {
    for (const authorization of [undefined, 'Bearer ', 'Bearer anything-at-all-long-enough-0000']) {
      const response = await app.inject({
        method: 'GET',
        url: '/admin/api/recharges',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
    }
    const confirm = await app.inject({ method: 'POST', url: '/admin/api/recharges/R1/confirm' });
    expect(confirm.statusCode).toBe(401);
  });
});
