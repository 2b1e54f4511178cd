import type { z } from 'zod';
import { GatewayError } from './payment-adapter.ts';

/** No call to a gateway waits longer than this; the payer's request or the poller then moves on. */
export const GATEWAY_TIMEOUT_MS = 10_000;
/** How much of a gateway's error answer is kept in the error message (for the log). */
const ERROR_BODY_EXCERPT_LENGTH = 300;

export interface GatewayCall<Schema extends z.ZodType> {
  /** The gateway's name, for error messages. */
  readonly gateway: string;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** The shape of a successful answer; anything else is a GatewayError. */
  readonly schema: Schema;
  readonly timeoutMs?: number;
}

/**
 * Calls a gateway's JSON API and answers its parsed, validated answer. Every failure (network, timeout,
 * a status outside 2xx, a body that is not the expected JSON) is a GatewayError, so callers handle one
 * kind of failure and never act on a half-understood answer.
 */
export async function callGateway<Schema extends z.ZodType>(
  call: GatewayCall<Schema>,
): Promise<z.output<Schema>> {
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(call.timeoutMs ?? GATEWAY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GatewayError(`${call.gateway}: ${call.method} ${call.url} failed`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new GatewayError(
      `${call.gateway}: ${call.method} ${call.url} answered ${response.status}: ${text.slice(0, ERROR_BODY_EXCERPT_LENGTH)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GatewayError(`${call.gateway}: ${call.method} ${call.url} answered something other than JSON`);
  }
  const parsed = call.schema.safeParse(json);
  if (!parsed.success) {
    throw new GatewayError(
      `${call.gateway}: ${call.method} ${call.url} answered an unexpected shape: ${parsed.error.message.slice(0, ERROR_BODY_EXCERPT_LENGTH)}`,
    );
  }
  return parsed.data;
}

/** Joins a configured base URL and a path without doubling or losing the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
