import { randomBytes } from 'node:crypto';
import {
  SEAMLESS_NONCE_HEADER,
  SEAMLESS_SIGNATURE_HEADER,
  SEAMLESS_TIMESTAMP_HEADER,
  type SeamlessOpenResponse,
  type StartGameResponse,
} from '@app/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppDatabase } from '../../db/dialect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { DEMO_PROVIDER_KEY } from './demo-provider/dice-provider.service.ts';
import { findProviderByKey } from './launcher.repository.ts';
import { PROVIDER_SECRET_PURPOSE } from './provider-secrets.ts';
import { signSeamlessCall } from './seamless-wallet.service.ts';

/**
 * Helpers for tests of the launcher: the box an app built by buildTestApp seals provider secrets with, and
 * seamless-wallet calls signed as a provider signs them.
 */

/** The SecretBox of the apps this test process builds (the same for all of them). */
export function testLauncherSecrets(): SecretBox {
  return testSecretBox();
}

/** The built-in demo provider's secret, opened. */
export async function demoProviderSecret(database: AppDatabase): Promise<string> {
  const provider = await findProviderByKey(database.db, DEMO_PROVIDER_KEY);
  if (!provider) throw new Error('the demo provider is not seeded');
  return testLauncherSecrets().open(provider.secret, PROVIDER_SECRET_PURPOSE);
}

/** A fresh nonce, as a provider makes one per call. */
export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export interface SignedCallOptions {
  /** The secret to sign with; null sends no signature. */
  secret: string | null;
  /** The timestamp header (default: the clock's now); null leaves the header out. */
  timestamp?: string | null;
  /** The nonce header (default: a fresh one); null leaves the header out. */
  nonce?: string | null;
}

/** POST /seamless/<provider>/<action>, signed over `<timestamp>.<nonce>.<body>` unless told otherwise. */
export function seamlessCall(
  app: FastifyInstance,
  clock: Clock,
  provider: string,
  action: string,
  body: unknown,
  options: SignedCallOptions,
): Promise<LightMyRequestResponse> {
  const rawBody = JSON.stringify(body);
  const timestamp = options.timestamp === undefined ? String(clock.now()) : options.timestamp;
  const nonce = options.nonce === undefined ? newNonce() : options.nonce;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (timestamp !== null) headers[SEAMLESS_TIMESTAMP_HEADER] = timestamp;
  if (nonce !== null) headers[SEAMLESS_NONCE_HEADER] = nonce;
  if (options.secret !== null) {
    headers[SEAMLESS_SIGNATURE_HEADER] = signSeamlessCall(
      options.secret,
      timestamp ?? '',
      nonce ?? '',
      rawBody,
    );
  }
  return app.inject({ method: 'POST', url: `/seamless/${provider}/${action}`, headers, payload: rawBody });
}

/** Launches a game for a player and answers the launch URL's one-time token. */
export async function launchToken(
  app: FastifyInstance,
  gameId: number,
  headers: { authorization: string },
): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/exg/owngame_start_game?game_id=${gameId}`,
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  const url = new URL(response.json<StartGameResponse>().launch_url, 'http://app.test');
  return url.searchParams.get('token') ?? '';
}

/** Launches a game and opens its seamless session as the provider would; answers the session token. */
export async function openSeamlessSession(
  app: FastifyInstance,
  clock: Clock,
  provider: { key: string; secret: string; gameId: number },
  headers: { authorization: string },
): Promise<string> {
  const token = await launchToken(app, provider.gameId, headers);
  const opened = await seamlessCall(
    app,
    clock,
    provider.key,
    'open',
    { launch_token: token },
    { secret: provider.secret },
  );
  if (opened.statusCode !== 200) throw new Error(`open failed: ${opened.body}`);
  return opened.json<SeamlessOpenResponse>().session;
}
