import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SecretsConfig } from '../../config/config.ts';
import type { AppDatabase } from '../../db/dialect.ts';
import { prepareDatabase } from '../../main.ts';
import { AuditLog } from '../../modules/accounts/audit-log.service.ts';
import { DatabaseRateLimiter } from '../../modules/accounts/rate-limiter.ts';
import {
  createEnrolledOperator,
  loginOperator,
  operatorHeader,
  TEST_OPERATOR_PASSWORD,
  type TestOperator,
  totpCodeAt,
} from '../../modules/operators/operator-fixtures.ts';
import { OperatorService } from '../../modules/operators/operators.service.ts';
import { seedDemoPaymentChannels } from '../../modules/wallet/demo-payment-channels.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { ManualClock } from '../clock.ts';
import { resealedCount } from './reseal.ts';
import { SecretBox, SecretBoxError, type SecretKey, secretKeyFromBytes } from './secret-box.ts';
import { paymentChannelSecretPurpose, SecretPurpose } from './secret-purposes.ts';

const START = Date.UTC(2026, 2, 2, 8, 0);
/** Keys long and distinctive enough that finding them in a raw column means they were stored in the clear. */
const RAZORPAY_KEY_SECRET = 'rzp-key-secret-CLEARTEXT-0001-abcd';
const RAZORPAY_WEBHOOK_SECRET = 'rzp-webhook-secret-CLEARTEXT-0002-wxyz';
/** The longest provider secret the launcher accepts (200 characters): its sealed form must fit the column. */
const PROVIDER_SECRET = `provider-secret-CLEARTEXT-${'x'.repeat(174)}`;

/** The secrets configuration of an app that seals with `current` and also opens with `previous`. */
function secretsConfig(current: SecretKey, previous: SecretKey[] = []): { secrets: SecretsConfig } {
  return { secrets: { currentKey: current, previousKeys: previous, developmentKeyFile: undefined } };
}

async function rawOperator(database: AppDatabase, username: string) {
  return database.db
    .selectFrom('operators')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

async function rawChannelSettings(database: AppDatabase, key: string): Promise<Record<string, string>> {
  const row = await database.db
    .selectFrom('payment_channels')
    .select('settings_json')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.settings_json) as Record<string, string>;
}

async function rawProviderSecret(database: AppDatabase, key: string): Promise<string> {
  const row = await database.db
    .selectFrom('game_providers')
    .select('secret')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** Every sealed column's raw text, to search for a secret stored in the clear. */
async function everySealedColumn(database: AppDatabase): Promise<string> {
  const [operators, channels, providers] = await Promise.all([
    database.db.selectFrom('operators').select(['totp_secret', 'totp_pending_secret']).execute(),
    database.db.selectFrom('payment_channels').select('settings_json').execute(),
    database.db.selectFrom('game_providers').select('secret').execute(),
  ]);
  return JSON.stringify({ operators, channels, providers });
}

async function insertProvider(database: AppDatabase, key: string, secret: string): Promise<void> {
  await database.db
    .insertInto('game_providers')
    .values({
      key,
      name: key,
      secret,
      launch_url: 'https://games.example/launch',
      created_at: START,
      updated_at: START,
    })
    .execute();
}

function postRazorpayWebhook(app: FastifyInstance, secret: string) {
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
}

async function consoleChannel(app: FastifyInstance, operator: TestOperator, key: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/admin/api/payment-channels',
    headers: operator.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().queryset.find((channel: { key: string }) => channel.key === key);
}

/** Creates an operator with a password only (as the owner's console does). */
async function createOperator(database: AppDatabase, clock: ManualClock, username: string): Promise<void> {
  await new OperatorService(
    database,
    clock,
    new AuditLog(database.db, clock),
    new DatabaseRateLimiter(database.db, clock),
    testSecretBox(),
  ).create({ username, password: TEST_OPERATOR_PASSWORD, role: 'finance' }, { operator: 'test', ip: null });
}

describeEachDatabase('secrets at rest: TOTP secrets stored sealed', (database) => {
  const clock = new ManualClock(START);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores the enrolled and the pending TOTP secret sealed, and logs in with the code all the same', async () => {
    const finance = await createEnrolledOperator(app, database(), clock, {
      username: 'sealed.finance',
      role: 'finance',
    });
    const stored = await rawOperator(database(), 'sealed.finance');
    expect(SecretBox.isSealed(stored.totp_secret ?? '')).toBe(true);
    expect(stored.totp_secret).not.toContain(finance.secret);
    expect(stored.totp_pending_secret).toBeNull();
    expect(testSecretBox().open(stored.totp_secret ?? '', SecretPurpose.operatorTotpSecret)).toBe(
      finance.secret,
    );
    const again = await loginOperator(app, clock, finance);
    expect((await app.inject({ url: '/admin/api/auth/me', headers: again.headers })).statusCode).toBe(200);

    await createOperator(database(), clock, 'sealed.pending');
    const enrolment = (
      await app.inject({
        method: 'POST',
        url: '/admin/api/auth/login',
        payload: { username: 'sealed.pending', password: TEST_OPERATOR_PASSWORD },
      })
    ).json();
    expect(enrolment.step).toBe('enrol');
    const pending = await rawOperator(database(), 'sealed.pending');
    expect(SecretBox.isSealed(pending.totp_pending_secret ?? '')).toBe(true);
    expect(pending.totp_pending_secret).not.toContain(enrolment.secret);
  });

  it('does not open a sealed value copied into another column: the pending secret as the enrolled one', async () => {
    await createOperator(database(), clock, 'copied.pending');
    clock.advance(30_000);
    const enrolment = (
      await app.inject({
        method: 'POST',
        url: '/admin/api/auth/login',
        payload: { username: 'copied.pending', password: TEST_OPERATOR_PASSWORD },
      })
    ).json();
    const { id, totp_pending_secret: sealedPending } = await rawOperator(database(), 'copied.pending');
    await database()
      .db.updateTable('operators')
      .set({ totp_secret: sealedPending, totp_pending_secret: null })
      .where('id', '=', id)
      .execute();
    expect(() => testSecretBox().open(sealedPending ?? '', SecretPurpose.operatorTotpSecret)).toThrow(
      SecretBoxError,
    );
    // The login fails loudly rather than checking the code against a secret that was moved there.
    const login = await app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: {
        username: 'copied.pending',
        password: TEST_OPERATOR_PASSWORD,
        totp_code: await totpCodeAt(enrolment.secret, clock),
      },
    });
    expect(login.statusCode).toBe(500);
    expect(login.json()).not.toHaveProperty('token');
  });
});

describeEachDatabase(
  'secrets at rest: a database with plaintext secrets is re-sealed at start',
  (database) => {
    const clock = new ManualClock(START);
    const plainTotpSecret = generateSecret();
    let app: FastifyInstance;

    beforeAll(async () => {
      // A database from before secrets were sealed: every secret column written in the clear.
      await seedDemoPaymentChannels(database().db, 'in', START, testSecretBox());
      await database()
        .db.updateTable('payment_channels')
        .set({
          settings_json: JSON.stringify({
            key_id: 'rzp_live_PLAIN01',
            key_secret: RAZORPAY_KEY_SECRET,
            webhook_secret: RAZORPAY_WEBHOOK_SECRET,
          }),
          is_enabled: 1,
        })
        .where('key', '=', 'razorpay')
        .execute();
      await database()
        .db.updateTable('payment_channels')
        .set({ settings_json: JSON.stringify({ webhook_secret: 'sandbox-webhook-CLEARTEXT-0003' }) })
        .where('key', '=', 'sandbox')
        .execute();
      await createOperator(database(), clock, 'plain.finance');
      await database()
        .db.updateTable('operators')
        .set({ totp_secret: plainTotpSecret })
        .where('username', '=', 'plain.finance')
        .execute();
      await insertProvider(database(), 'plainprovider', PROVIDER_SECRET);
      app = await buildTestApp(database(), { clock });
    });
    afterAll(async () => {
      await app?.close();
    });

    const login = async () => {
      clock.advance(30_000);
      return app.inject({
        method: 'POST',
        url: '/admin/api/auth/login',
        payload: {
          username: 'plain.finance',
          password: TEST_OPERATOR_PASSWORD,
          totp_code: await totpCodeAt(plainTotpSecret, clock),
        },
      });
    };

    it('never uses a plaintext value as it is: opening it fails loudly until it is re-sealed', async () => {
      expect((await login()).statusCode).toBe(500);
      expect((await postRazorpayWebhook(app, RAZORPAY_WEBHOOK_SECRET)).statusCode).toBe(500);
    });

    it('seals every plaintext value at start, after which the login, the gateway and the console work', async () => {
      const { resealed } = await prepareDatabase(
        database(),
        { seedDemo: false, market: 'in' },
        testSecretBox(),
        clock,
      );
      expect(resealed).toEqual({
        'operators.totp_secret': 1,
        'operators.totp_pending_secret': 0,
        'payment_channels.settings_json': 3,
        'game_providers.secret': 1,
      });
      const raw = await everySealedColumn(database());
      for (const plaintext of ['CLEARTEXT', plainTotpSecret]) expect(raw).not.toContain(plaintext);
      expect(SecretBox.isSealed((await rawOperator(database(), 'plain.finance')).totp_secret ?? '')).toBe(
        true,
      );
      const providerSecret = await rawProviderSecret(database(), 'plainprovider');
      expect(testSecretBox().open(providerSecret, SecretPurpose.gameProviderSecret)).toBe(PROVIDER_SECRET);

      const session = await login();
      expect(session.statusCode).toBe(200);
      expect(session.json().step).toBe('session');
      expect((await postRazorpayWebhook(app, RAZORPAY_WEBHOOK_SECRET)).statusCode).toBe(200);
      expect((await postRazorpayWebhook(app, RAZORPAY_KEY_SECRET)).statusCode).toBe(400);
      const finance = { headers: operatorHeader(session.json().token) } as TestOperator;
      const razorpay = await consoleChannel(app, finance, 'razorpay');
      expect(razorpay).toMatchObject({
        configured: true,
        secrets: {
          key_secret: { set: true, last4: RAZORPAY_KEY_SECRET.slice(-4) },
          webhook_secret: { set: true, last4: RAZORPAY_WEBHOOK_SECRET.slice(-4) },
        },
      });
    });

    it('is idempotent: a second start re-seals nothing and changes no stored value', async () => {
      const before = await everySealedColumn(database());
      const { resealed } = await prepareDatabase(
        database(),
        { seedDemo: false, market: 'in' },
        testSecretBox(),
        clock,
      );
      expect(resealedCount(resealed)).toBe(0);
      expect(await everySealedColumn(database())).toBe(before);
    });
  },
);

describeEachDatabase('secrets at rest: key rotation', (database) => {
  const clock = new ManualClock(START);
  const keyA = secretKeyFromBytes(randomBytes(32));
  const keyB = secretKeyFromBytes(randomBytes(32));
  let finance: TestOperator;

  beforeAll(async () => {
    // Everything sealed with key A: the demo channels, a console-configured gateway, a TOTP, a provider.
    const appA = await buildTestApp(database(), { clock, config: secretsConfig(keyA) });
    try {
      await seedDemoPaymentChannels(database().db, 'in', START, new SecretBox(keyA));
      finance = await createEnrolledOperator(appA, database(), clock, {
        username: 'rotation.finance',
        role: 'finance',
      });
      const approver = await createEnrolledOperator(appA, database(), clock, {
        username: 'rotation.finance2',
        role: 'finance',
      });
      const razorpay = await consoleChannel(appA, finance, 'razorpay');
      const asked = await appA.inject({
        method: 'PUT',
        url: `/admin/api/payment-channels/${razorpay.id}`,
        headers: finance.headers,
        payload: {
          settings: { key_id: 'rzp_live_ROTATE1' },
          secrets: { key_secret: RAZORPAY_KEY_SECRET, webhook_secret: RAZORPAY_WEBHOOK_SECRET },
          is_enabled: true,
          reason: 'live keys',
        },
      });
      expect(asked.statusCode, asked.body).toBe(202);
      // Keys are set only when a second operator approves (the request holds them sealed until then).
      const configured = await appA.inject({
        method: 'POST',
        url: `/admin/api/approvals/${asked.json().request.id}/approve`,
        headers: approver.headers,
        payload: { reason: 'checked' },
      });
      expect(configured.statusCode, configured.body).toBe(200);
      await insertProvider(
        database(),
        'rotationprovider',
        new SecretBox(keyA).seal(PROVIDER_SECRET, SecretPurpose.gameProviderSecret),
      );
    } finally {
      await appA.close();
    }
  });

  it('refuses to start with the new key alone while values of the old key remain, changing nothing', async () => {
    const before = await everySealedColumn(database());
    await expect(
      prepareDatabase(database(), { seedDemo: false, market: 'in' }, new SecretBox(keyB), clock),
    ).rejects.toThrow(new RegExp(`^operator \\d+: .*sealed with key ${keyA.id}, which is not configured`));
    expect(await everySealedColumn(database())).toBe(before);
  });

  it('re-seals under B with A previous, after which B alone opens everything', async () => {
    const { resealed } = await prepareDatabase(
      database(),
      { seedDemo: false, market: 'in' },
      new SecretBox(keyB, [keyA]),
      clock,
    );
    expect(resealed).toEqual({
      'operators.totp_secret': 2,
      'operators.totp_pending_secret': 0,
      // The sandbox's key and Razorpay's two.
      'payment_channels.settings_json': 3,
      'game_providers.secret': 1,
    });
    const raw = await everySealedColumn(database());
    expect(raw).not.toContain(`sb1.${keyA.id}.`);
    expect(raw).not.toContain('CLEARTEXT');

    const onlyB = new SecretBox(keyB);
    expect(
      onlyB.open(await rawProviderSecret(database(), 'rotationprovider'), SecretPurpose.gameProviderSecret),
    ).toBe(PROVIDER_SECRET);
    const razorpayStored = await rawChannelSettings(database(), 'razorpay');
    expect(onlyB.open(razorpayStored.key_secret ?? '', paymentChannelSecretPurpose('key_secret'))).toBe(
      RAZORPAY_KEY_SECRET,
    );
    const appB = await buildTestApp(database(), { clock, config: secretsConfig(keyB) });
    try {
      const session = await loginOperator(appB, clock, finance);
      expect((await postRazorpayWebhook(appB, RAZORPAY_WEBHOOK_SECRET)).statusCode).toBe(200);
      const razorpay = await consoleChannel(appB, session, 'razorpay');
      expect(razorpay.secrets.key_secret).toEqual({ set: true, last4: RAZORPAY_KEY_SECRET.slice(-4) });
      const sandbox = await consoleChannel(appB, session, 'sandbox');
      expect(sandbox.configured).toBe(true);
    } finally {
      await appB.close();
    }
  });
});
