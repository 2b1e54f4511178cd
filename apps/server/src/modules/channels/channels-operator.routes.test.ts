import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { SecretBox } from '../../platform/secrets/secret-box.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { createEnrolledOperators, type TestOperator } from '../operators/operator-fixtures.ts';
import { openChannelSecrets } from '../payments/channel-secrets.ts';
import { seedDemoPaymentChannels } from '../wallet/demo-payment-channels.ts';
import { seedDemoWithdrawalChannels } from '../withdrawals/demo-withdrawal-channels.ts';
import { ChannelAuditEvent } from './channels-operator.service.ts';

const NOW = Date.UTC(2026, 1, 3, 9, 0);
/** Keys an operator types; long and distinctive so a leak anywhere is found by searching for them. */
const KEY_SECRET = 'rzp-key-secret-TOPSECRET-0001-abcd';
const WEBHOOK_SECRET = 'rzp-webhook-secret-TOPSECRET-0002-wxyz';
const REPLACED_WEBHOOK_SECRET = 'rzp-webhook-secret-TOPSECRET-0003-pqrs';

describeEachDatabase('operator API of payment and payout channels', (database) => {
  let app: FastifyInstance;
  const clock = new ManualClock(NOW);
  let finance: TestOperator;
  let finance2: TestOperator;
  let support: TestOperator;
  let content: TestOperator;
  let auditor: TestOperator;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
    await seedDemoPaymentChannels(database().db, 'in', NOW, testSecretBox());
    await seedDemoWithdrawalChannels(database().db, 'in', NOW);
    ({ finance, finance2, support, content, auditor } = await createEnrolledOperators(
      app,
      database(),
      clock,
      {
        finance: { username: 'chanfinance', role: 'finance' },
        finance2: { username: 'chanfinance2', role: 'finance' },
        support: { username: 'chansupport', role: 'support' },
        content: { username: 'chancontent', role: 'content' },
        auditor: { username: 'chanauditor', role: 'auditor' },
      },
    ));
  });
  afterAll(async () => {
    await app?.close();
  });

  const listPayment = (operator: TestOperator = finance) =>
    app.inject({ method: 'GET', url: '/admin/api/payment-channels', headers: operator.headers });
  const channelByKey = async (key: string) => {
    const response = await listPayment();
    expect(response.statusCode).toBe(200);
    return response.json().queryset.find((channel: { key: string }) => channel.key === key);
  };
  const updatePayment = (id: number, payload: object, operator: TestOperator = finance) =>
    app.inject({
      method: 'PUT',
      url: `/admin/api/payment-channels/${id}`,
      headers: operator.headers,
      payload,
    });
  /**
   * A change of a channel's settings or keys as the console makes it: asked with a reason by one finance
   * operator (a request, 202), approved by a second; answers the approval's answer.
   */
  const changeApproved = async (id: number, payload: object) => {
    const asked = await updatePayment(id, { ...payload, reason: 'new gateway account' });
    expect(asked.statusCode, asked.body).toBe(202);
    return app.inject({
      method: 'POST',
      url: `/admin/api/approvals/${asked.json().request.id}/approve`,
      headers: finance2.headers,
      payload: { reason: 'keys checked with the gateway' },
    });
  };
  /** Every audit row's detail as text, to search for a key's value. */
  const auditText = async () =>
    JSON.stringify(await database().db.selectFrom('audit_log').selectAll().execute());
  const storedSettings = async (key: string) => {
    const row = await database()
      .db.selectFrom('payment_channels')
      .select('settings_json')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.settings_json) as Record<string, string>;
  };
  /** The stored settings with their keys opened (they are stored sealed). */
  const openedSettings = async (key: string, adapter: 'sandbox' | 'razorpay') =>
    openChannelSecrets(testSecretBox(), adapter, await storedSettings(key)) as Record<string, string>;
  const postRazorpayWebhook = (secret: string) => {
    const body = JSON.stringify({ event: 'order.paid', payload: {} });
    return app.inject({
      method: 'POST',
      url: '/webhooks/razorpay',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
      },
      payload: body,
    });
  };

  it('lists every channel with its shown settings and, of each secret, only whether it is set', async () => {
    const response = await listPayment();
    const channels = response.json().queryset as Array<Record<string, unknown>>;
    expect(channels.map((channel) => channel.key)).toEqual([
      'sandbox',
      'mpurse',
      'upi',
      'razorpay',
      'cashfree',
      'ka',
    ]);
    const sandbox = await channelByKey('sandbox');
    // The demo's sandbox key is stored sealed; the console shows the last characters of the key itself.
    const sealedSandboxSecret = (await storedSettings('sandbox')).webhook_secret as string;
    expect(SecretBox.isSealed(sealedSandboxSecret)).toBe(true);
    const sandboxSecret = (await openedSettings('sandbox', 'sandbox')).webhook_secret as string;
    expect(sandboxSecret).toHaveLength(43);
    expect(sealedSandboxSecret).not.toContain(sandboxSecret);
    expect(sandbox.secrets).toEqual({ webhook_secret: { set: true, last4: sandboxSecret.slice(-4) } });
    expect(sandbox.configured).toBe(true);
    expect(response.body).not.toContain(sandboxSecret);
    expect(response.body).not.toContain(sealedSandboxSecret);
    const mpurse = await channelByKey('mpurse');
    expect(mpurse.settings).toEqual({ upi_account: 'goldshop@upi', payee_name: 'Gold Shop' });
    const razorpay = await channelByKey('razorpay');
    expect(razorpay).toMatchObject({
      is_enabled: false,
      configured: false,
      settings: { key_id: '', api_base_url: '', checkout_name: '' },
      secrets: { key_secret: { set: false, last4: null }, webhook_secret: { set: false, last4: null } },
    });
    expect(razorpay.problem).toMatch(/^key_id/);
  });

  it('sets keys that the adapter then uses, without ever answering them or writing them to the audit log', async () => {
    const razorpay = await channelByKey('razorpay');
    // Before a webhook secret is set the channel cannot verify its webhooks at all.
    expect((await postRazorpayWebhook(WEBHOOK_SECRET)).statusCode).toBe(503);

    const asked = await updatePayment(razorpay.id, {
      settings: { key_id: 'rzp_live_ABC123' },
      secrets: { key_secret: KEY_SECRET, webhook_secret: WEBHOOK_SECRET },
      is_enabled: true,
    });
    // A change of keys is never done by one operator: without a reason it is refused, with one it waits.
    expect(asked.json()).toEqual({ code: 400, msg: expect.stringMatching(/^reason is required/) });
    const requested = await updatePayment(razorpay.id, {
      settings: { key_id: 'rzp_live_ABC123' },
      secrets: { key_secret: KEY_SECRET, webhook_secret: WEBHOOK_SECRET },
      is_enabled: true,
      reason: 'live keys from the gateway',
    });
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json().request.details).toEqual({
      channel: 'razorpay',
      settings: { key_id: 'rzp_live_ABC123' },
      is_enabled: true,
      secrets: { key_secret: 'new key', webhook_secret: 'new key' },
    });
    expect((await postRazorpayWebhook(WEBHOOK_SECRET)).statusCode).toBe(503);
    const storedRequest = await database()
      .db.selectFrom('approval_requests')
      .select('payload_json')
      .where('id', '=', requested.json().request.id)
      .executeTakeFirstOrThrow();
    expect(storedRequest.payload_json).not.toMatch(/TOPSECRET/);
    const sameOperator = await app.inject({
      method: 'POST',
      url: `/admin/api/approvals/${requested.json().request.id}/approve`,
      headers: finance.headers,
      payload: { reason: 'me again' },
    });
    expect(sameOperator.statusCode).toBe(409);
    const response = await app.inject({
      method: 'POST',
      url: `/admin/api/approvals/${requested.json().request.id}/approve`,
      headers: finance2.headers,
      payload: { reason: 'keys checked with the gateway' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().entry.result.entry).toMatchObject({
      is_enabled: true,
      configured: true,
      settings: { key_id: 'rzp_live_ABC123' },
      secrets: {
        key_secret: { set: true, last4: KEY_SECRET.slice(-4) },
        webhook_secret: { set: true, last4: WEBHOOK_SECRET.slice(-4) },
      },
    });
    // The adapter reads the key it was given: a webhook signed with it is accepted, one signed otherwise not.
    expect((await postRazorpayWebhook(WEBHOOK_SECRET)).statusCode).toBe(200);
    expect((await postRazorpayWebhook(REPLACED_WEBHOOK_SECRET)).statusCode).toBe(400);
    // Stored sealed: the row never holds a key in the clear, and it opens to the keys that were sent.
    const stored = await storedSettings('razorpay');
    expect(JSON.stringify(stored)).not.toMatch(/TOPSECRET/);
    expect(SecretBox.isSealed(stored.key_secret as string)).toBe(true);
    expect(SecretBox.isSealed(stored.webhook_secret as string)).toBe(true);
    expect(await openedSettings('razorpay', 'razorpay')).toMatchObject({
      key_id: 'rzp_live_ABC123',
      key_secret: KEY_SECRET,
      webhook_secret: WEBHOOK_SECRET,
    });

    const [change] = await database()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('event', '=', ChannelAuditEvent.paymentChannelChanged)
      .execute();
    expect(JSON.parse(String(change?.detail_json))).toEqual({
      operator: 'chanfinance2',
      requested_by: 'chanfinance',
      approval_request_id: requested.json().request.id,
      channel: 'razorpay',
      previous: {
        is_enabled: false,
        'settings.key_id': '',
        'secrets.key_secret': 'not set',
        'secrets.webhook_secret': 'not set',
      },
      value: {
        is_enabled: true,
        'settings.key_id': 'rzp_live_ABC123',
        'secrets.key_secret': 'set',
        'secrets.webhook_secret': 'set',
      },
    });

    const replaced = await changeApproved(razorpay.id, {
      secrets: { webhook_secret: REPLACED_WEBHOOK_SECRET },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await postRazorpayWebhook(REPLACED_WEBHOOK_SECRET)).statusCode).toBe(200);
    expect((await postRazorpayWebhook(WEBHOOK_SECRET)).statusCode).toBe(400);
    const changes = await database()
      .db.selectFrom('audit_log')
      .select('detail_json')
      .where('event', '=', ChannelAuditEvent.paymentChannelChanged)
      .orderBy('id')
      .execute();
    expect(JSON.parse(String(changes.at(-1)?.detail_json))).toMatchObject({
      previous: { 'secrets.webhook_secret': 'set' },
      value: { 'secrets.webhook_secret': 'replaced' },
    });
    const audit = await auditText();

    // No GET answer, to any role that may read, and no audit row carries a key.
    for (const operator of [finance, auditor]) {
      const list = await listPayment(operator);
      expect(list.statusCode).toBe(200);
      for (const secret of [KEY_SECRET, WEBHOOK_SECRET, REPLACED_WEBHOOK_SECRET]) {
        expect(list.body).not.toContain(secret);
      }
    }
    const requestsText = JSON.stringify(
      await database().db.selectFrom('approval_requests').selectAll().execute(),
    );
    for (const secret of [KEY_SECRET, WEBHOOK_SECRET, REPLACED_WEBHOOK_SECRET]) {
      expect(audit).not.toContain(secret);
      expect(requestsText).not.toContain(secret);
      expect(requested.body).not.toContain(secret);
      expect(replaced.body).not.toContain(secret);
      expect(response.body).not.toContain(secret);
    }
  });

  it('changes what players see of a manual UPI channel, and the recharge list offers it so', async () => {
    const mpurse = await channelByKey('mpurse');
    // The name, bounds, presets and order apply at once; the account players pay to waits for approval.
    const atOnce = await updatePayment(mpurse.id, {
      name: 'UPI (bank transfer)',
      min_amount: '200',
      max_amount: '40000.50',
      fixed_amounts: '200, 500,1000',
      sort_order: 7,
    });
    expect(atOnce.statusCode, atOnce.body).toBe(200);
    // The console's form sends every setting it shows; settings sent unchanged are no change of payee.
    const sameSettings = await updatePayment(mpurse.id, {
      settings: { upi_account: 'goldshop@upi', payee_name: 'Gold Shop' },
      sort_order: 8,
    });
    expect(sameSettings.statusCode, sameSettings.body).toBe(200);
    expect(await storedSettings('mpurse')).toEqual({ upi_account: 'goldshop@upi', payee_name: 'Gold Shop' });
    // Sent with the payee, the other fields wait with it (the console's form sends them all at once).
    const response = await changeApproved(mpurse.id, {
      settings: { upi_account: 'payments@okaxis', payee_name: 'Gold Shop Ltd' },
      min_amount: '200',
      fixed_amounts: '200, 500,1000',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().entry.result.entry).toMatchObject({
      name: 'UPI (bank transfer)',
      settings: { upi_account: 'payments@okaxis', payee_name: 'Gold Shop Ltd' },
      min_amount: '200.00',
      max_amount: '40000.50',
      fixed_amounts: '200,500,1000',
      sort_order: 8,
    });
    expect(await storedSettings('mpurse')).toEqual({
      upi_account: 'payments@okaxis',
      payee_name: 'Gold Shop Ltd',
    });
  });

  it('answers 400 naming the field to bad input, and changes nothing', async () => {
    const sandbox = await channelByKey('sandbox');
    const razorpay = await channelByKey('razorpay');
    const cashfree = await channelByKey('cashfree');
    const mpurse = await channelByKey('mpurse');
    const before = await storedSettings('sandbox');
    const cases: Array<[number, object, RegExp]> = [
      [
        sandbox.id,
        { secrets: { webhook_secret: 'short-one' } },
        /^secrets\.webhook_secret: webhook_secret must be at least 16/,
      ],
      [razorpay.id, { settings: { api_base_url: 'not an address' } }, /^settings\.api_base_url/],
      [
        razorpay.id,
        { settings: { key_secret: 'in-the-wrong-place-123' } },
        /^settings\.key_secret is a secret key/,
      ],
      [razorpay.id, { secrets: { key_id: 'rzp_live_ABC123' } }, /^secrets\.key_id is not a secret key/],
      [
        razorpay.id,
        { secrets: { merchant_id: 'whatever-value-1' } },
        /^secrets\.merchant_id is not a setting of razorpay/,
      ],
      [razorpay.id, { secrets: { key_secret: '' } }, /^secrets\.key_secret/],
      [
        mpurse.id,
        { settings: { upi_account: 'no-at-sign' } },
        /^settings\.upi_account: upi_account must be a UPI address/,
      ],
      [mpurse.id, { min_amount: '500', max_amount: '100' }, /^max_amount must be at least min_amount/],
      [mpurse.id, { min_amount: 'ten' }, /^min_amount must be a number/],
      [mpurse.id, { fixed_amounts: '100,abc' }, /^fixed_amounts must be whole amounts/],
      [mpurse.id, { fixed_amounts: '100' }, /^fixed_amounts must lie between/],
      [mpurse.id, { name: '' }, /^name is required/],
      [mpurse.id, { sort_order: -1 }, /^sort_order must be at least 0/],
      [mpurse.id, { is_enabled: 'yes' }, /^is_enabled must be true or false/],
      [mpurse.id, {}, /no channel field to change/],
      [cashfree.id, { is_enabled: true }, /^is_enabled: the channel cannot take payments yet \(app_id/],
      [mpurse.id, { settings: { upi_account: '' } }, /^upi_account .*while the channel is enabled/],
    ];
    for (const [id, payload, message] of cases) {
      const response = await updatePayment(id, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json().msg).toMatch(message);
      expect(response.body).not.toContain('short-one');
    }
    expect(await storedSettings('sandbox')).toEqual(before);
    expect((await updatePayment(987654, { sort_order: 1 })).statusCode).toBe(404);
    expect(await auditText()).not.toContain('short-one');
  });

  describe('roles', () => {
    it('lets finance and owner change channels, the auditor only read, and refuses support and content', async () => {
      const mpurse = await channelByKey('mpurse');
      expect((await listPayment(auditor)).statusCode).toBe(200);
      for (const operator of [support, content, auditor]) {
        expect((await updatePayment(mpurse.id, { sort_order: 3 }, operator)).statusCode).toBe(403);
      }
      for (const operator of [support, content]) {
        expect((await listPayment(operator)).statusCode).toBe(403);
      }
    });
  });

  it('renames, reorders and switches off a payout channel, audited, so it is no longer enabled', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/admin/api/withdrawal-channels',
      headers: finance.headers,
    });
    expect(list.statusCode).toBe(200);
    const channels = list.json().queryset as Array<{ id: number; key: string; is_enabled: boolean }>;
    expect(channels.map((channel) => [channel.key, channel.is_enabled])).toEqual([
      ['bank_transfer', true],
      ['sandbox_payout', true],
    ]);
    const sandbox = channels[1] as { id: number };
    const response = await app.inject({
      method: 'PUT',
      url: `/admin/api/withdrawal-channels/${sandbox.id}`,
      headers: finance.headers,
      payload: { name: 'Test bank', is_enabled: false, sort_order: 4 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().entry).toMatchObject({ name: 'Test bank', is_enabled: false, sort_order: 4 });
    const enabled = await database()
      .db.selectFrom('withdrawal_channels')
      .select('key')
      .where('is_enabled', '=', 1)
      .execute();
    expect(enabled.map((row) => row.key)).toEqual(['bank_transfer']);
    expect(await auditText()).toContain(ChannelAuditEvent.withdrawalChannelChanged);
    const bad = await app.inject({
      method: 'PUT',
      url: `/admin/api/withdrawal-channels/${sandbox.id}`,
      headers: finance.headers,
      payload: { sort_order: 1.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^sort_order must be a whole number/);
  });
});
