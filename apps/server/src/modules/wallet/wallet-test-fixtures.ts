import type { AddRechargeResponse, ProfileResponse } from '@app/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  FAKE_CASHFREE,
  FAKE_KA,
  FAKE_RAZORPAY,
  type FakeDelivery,
  type FakePaymentGateways,
} from '../../test-support/fake-payment-gateways.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { registerThroughApi, tokenHeader } from '../accounts/account-fixtures.ts';
import { sealChannelSecrets } from '../payments/channel-secrets.ts';
import { parseChannelSettings } from '../payments/payment-adapters.ts';
import { sandboxSettingsSchema } from '../payments/sandbox.adapter.ts';
import { findChannelByKey, updateChannelSettings } from './payment-channel.repository.ts';

/**
 * Helpers for tests of the wallet: players registered through the API, recharges through the API, the
 * demo's gateway channels pointed at the local fake gateways.
 */

/** A registered player: token, id and number. */
export interface WalletTestUser {
  token: string;
  userId: number;
  mobile: string;
}

/** Registers a player through the API under the referral code; optionally enables transfers. */
export async function createWalletUser(
  app: FastifyInstance,
  db: Kysely<Database>,
  options: { rCode: string; transferEnabled?: boolean },
): Promise<WalletTestUser> {
  const registered = await registerThroughApi(app, { rCode: options.rCode });
  const profile = (
    await app.inject({ method: 'GET', url: '/user/profile', headers: tokenHeader(registered.token) })
  ).json<ProfileResponse>();
  const userId = profile.entry.user_id;
  if (options.transferEnabled !== undefined) {
    await db
      .updateTable('users')
      .set({ is_transfer_enable: options.transferEnabled ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }
  return { token: registered.token, userId, mobile: registered.mobile };
}

/** The payer details every test recharge uses, with the given price and channel. */
export function rechargeBody(price: unknown, payKey: string, extra: Record<string, unknown> = {}) {
  return {
    price,
    pay_key: payKey,
    pay_name: 'Test Payer',
    pay_mobile: '9812345678',
    pay_email: 'payer@example.com',
    ...extra,
  };
}

/** POST /user/add_recharge as the app sends it. */
export function postRecharge(
  app: FastifyInstance,
  token: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/user/add_recharge',
    headers: { ...tokenHeader(token), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

/** Creates a recharge and fails the test unless it answers 200. */
export async function createRecharge(
  app: FastifyInstance,
  token: string,
  price: string,
  payKey: string,
  extra: Record<string, unknown> = {},
): Promise<AddRechargeResponse> {
  const response = await postRecharge(app, token, rechargeBody(price, payKey, extra));
  if (response.statusCode !== 200)
    throw new Error(`add_recharge answered ${response.statusCode}: ${response.body}`);
  return response.json<AddRechargeResponse>();
}

/** Recharges through the sandbox and pays it with the development route; answers the serial number. */
export async function fundThroughSandbox(
  app: FastifyInstance,
  token: string,
  price: string,
): Promise<string> {
  const recharge = await createRecharge(app, token, price, 'sandbox');
  const paid = await app.inject({
    method: 'POST',
    url: '/dev/sandbox/pay',
    payload: { serial_number: recharge.serial_number },
  });
  if (paid.statusCode !== 200) throw new Error(`sandbox pay answered ${paid.statusCode}: ${paid.body}`);
  return recharge.serial_number;
}

/** The balance the profile shows (a decimal string). */
export async function profileBalance(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/user/profile', headers: tokenHeader(token) });
  return response.json<ProfileResponse>().entry.balance;
}

/** Delivers a webhook to /webhooks/<channel> exactly as the gateway sent it. */
export function deliverWebhook(
  app: FastifyInstance,
  channelKey: string,
  delivery:
    | FakeDelivery
    | { rawBody: Buffer; headers: Readonly<Record<string, string | string[] | undefined>> },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(delivery.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  return app.inject({ method: 'POST', url: `/webhooks/${channelKey}`, headers, payload: delivery.rawBody });
}

/**
 * Points the demo's razorpay, cashfree and ka channels at the fake gateways and enables them, their keys
 * sealed with the test apps' key as the console would store them.
 */
export async function configureFakeGatewayChannels(
  db: Kysely<Database>,
  fake: FakePaymentGateways,
  now: number,
): Promise<void> {
  const settings: Record<string, Record<string, string>> = {
    razorpay: {
      key_id: FAKE_RAZORPAY.keyId,
      key_secret: FAKE_RAZORPAY.keySecret,
      webhook_secret: FAKE_RAZORPAY.webhookSecret,
      api_base_url: fake.razorpayApiBase,
      checkout_name: 'Gold Shop',
    },
    cashfree: {
      app_id: FAKE_CASHFREE.appId,
      secret_key: FAKE_CASHFREE.secretKey,
      api_base_url: fake.cashfreeApiBase,
      checkout_url: `${fake.baseUrl}/cashfree/checkout`,
    },
    ka: {
      gateway_url: fake.kaGatewayUrl,
      query_url: fake.kaQueryUrl,
      merchant_id: FAKE_KA.merchantId,
      secret: FAKE_KA.secret,
    },
  };
  for (const [key, value] of Object.entries(settings)) {
    const channel = await findChannelByKey(db, key);
    if (!channel) throw new Error(`no ${key} channel to configure`);
    const updated = await updateChannelSettings(db, key, {
      settingsJson: JSON.stringify(sealChannelSecrets(testSecretBox(), channel.adapter, value)),
      enabled: true,
      now,
    });
    if (!updated) throw new Error(`no ${key} channel to configure`);
  }
}

/** The webhook secret of the sandbox channel (opened with the test apps' key). */
export async function sandboxSecret(db: Kysely<Database>, key = 'sandbox'): Promise<string> {
  const channel = await findChannelByKey(db, key);
  if (!channel) throw new Error(`no ${key} channel`);
  return parseChannelSettings(channel, sandboxSettingsSchema, testSecretBox()).webhook_secret;
}

/** The stored row of a recharge. */
export async function rechargeRow(db: Kysely<Database>, serialNumber: string) {
  return db
    .selectFrom('recharges')
    .selectAll()
    .where('serial_number', '=', serialNumber)
    .executeTakeFirstOrThrow();
}
